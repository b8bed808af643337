// Every refusal code the API can answer (`{ message: <code> }`, docs/api.md), declared once, per
// group of routes, as `as const` arrays: each gives a runtime list (what an island checks a code
// against) and a type (what a service or a route may throw: src/server/services/refusal.ts and
// src/server/api/errors.ts accept only a RefusalCode). Each group's messages live in one place of
// the locale files, checked by the type checker both ways (islands/shared/refusal-messages.ts): a code
// without its message, or a message without its code, does not compile.
//
// The groups are keyed by what the routes do, so that a route table (request, answer, refusals of
// each route) can later name its refusals by group: `refusals: [...REQUEST_REFUSALS, ...CARD_REFUSALS]`.
// A code may sit in more than one group (user_is_banned is refused when logging in, saving a card
// and sending an order); each group then has its own words for it.

import { SUBMIT_PROBLEM_CODES } from '../domain/submit-problem-codes.ts';

/** What any call can be refused with: the request itself (headers, body, session, size), the API's own failure. */
export const REQUEST_REFUSALS = [
  'invalid_body',
  'invalid_query',
  'invalid_params',
  'invalid_json',
  'invalid_client_type',
  'invalid_api_version',
  'route_not_found',
  'internal_error',
  'unauthorized',
  'forbidden',
  'cross_site_form',
  'payload_too_large',
  'unsupported_media_type',
  'establishment_not_found',
  'sealed_box_invalid',
  'sealed_box_key_changed',
  'card_data_not_sealed',
  'write_conflict',
  'too_many_requests',
] as const;

/** The catalogue's, the addresses', the geocoder's and the order page's calls (GET /products, /users/me/addresses, /geo/*, /orders/{id}, /pix). */
export const STOREFRONT_REFUSALS = [
  'category_not_found',
  'product_not_found',
  'address_not_found',
  'geocoder_unavailable',
  'geocoder_busy',
  'too_many_geo_requests',
  'no_delivery_tax_found',
  'order_not_found',
  'order_cannot_be_canceled',
  'order_not_complete',
  'order_already_evaluated',
  'evaluation_window_closed',
  'pix_not_found',
  'pix_expired',
  'pix_psp_offline',
] as const;

/** Log in, register, the handover, the codes sent by SMS or e-mail, the profile, the password and the erasure of the account. */
export const ACCOUNT_REFUSALS = [
  'invalid_credentials',
  'invalid_handover',
  'bearer_required',
  'user_is_banned',
  'email_taken',
  'phone_taken',
  'too_many_attempts',
  'too_many_attempts_ip',
  'too_many_registrations',
  'code_not_sent',
  'code_expired',
  'code_invalid',
  'too_many_codes',
  'too_many_codes_account',
  'too_many_codes_ip',
  'too_many_codes_global',
  'too_many_destinations',
  'wrong_password',
  'open_orders',
  'payments_pending',
  'credits_would_be_lost',
] as const;

/** A saved card and its validation by a charged amount (POST /users/{id}/cards, /card-validations). */
export const CARD_REFUSALS = [
  'card_not_found',
  'card_already_verified',
  'card_holder_blocked',
  'attempts_exceeded',
  'validation_not_found',
  'verification_charging',
  'wrong_amount',
  'too_many_validations',
  'too_many_cards',
  'invalid_payment_card',
  'invalid_payment_card_brand',
  'payment_card_already_exist',
  'payment_gateway_offline',
  // A validation's charge, refused as an order's is (src/server/services/charge-refusals.ts).
  'credit_card_expired',
  'credit_card_blocked',
  'credit_card_canceled',
  'credit_card_problems',
  'payment_not_done',
  'online_payment_not_available',
  'phone_not_verified',
  'email_not_verified',
  'user_is_banned',
] as const;

/** The report and suggestion forms (POST /feedback). */
export const FEEDBACK_REFUSALS = ['order_not_found', 'too_many_messages'] as const;

/** The coupon check (GET /coupons/{code}/check), answered again by a send whose coupon changed meanwhile. */
export const COUPON_CHECK_REFUSALS = ['coupons_disabled', 'coupon_not_found', 'coupon_inactive', 'coupon_expired', 'coupon_sold_out', 'coupon_used'] as const;

/** The checks run before an order is written (the domain's own list, src/domain/submit-checks.ts), answered as 422 by a send. */
export const SUBMIT_PROBLEMS = SUBMIT_PROBLEM_CODES;

/** A send (POST /orders) beyond its submit checks and its coupon: the store, the address, the payment, the promotions, the credits, the key. */
export const ORDER_SEND_REFUSALS = [
  'establishment_unavailable',
  'user_is_banned',
  'delivery_type_not_available',
  'payment_type_not_available',
  // A product or a picked variation item the establishment marked sold out (src/domain/cart.ts 'Sold out'
  // SOLD_OUT_CODES; the server's `refused` takes only a code listed here), 422.
  'product_sold_out',
  'variation_item_sold_out',
  'invalid_address',
  'no_delivery_tax_found',
  'invalid_payment_card',
  'invalid_payment_card_brand',
  'credit_card_expired',
  'credit_card_blocked',
  'credit_card_canceled',
  'credit_card_problems',
  'payment_not_done',
  'payment_gateway_offline',
  'card_amount_out_of_range',
  'price_changed',
  'can_not_use_achievement',
  'gamification_disabled',
  'coupon_min_total',
  'coupon_max_total',
  'coupon_and_achievement',
  'promotion_needs_delivery',
  'promotion_needs_address',
  'promotion_free_delivery',
  'promotion_all_discounted',
  'credits_cover_total',
  'credits_changed',
  // The chosen slot (or, as soon as possible, the earliest one) already holds the kitchen's cap of
  // orders of the type, 409 with the next free slot as params next_date, next_time, next_at (none
  // when no slot is left in the days the schedule offers).
  'slot_full',
  // Ordering at the table (docs/api.md 'Tables'): the table's number and key match no table of the
  // establishment (removed, or its key renewed: the customer scans the QR code again), 403; an order
  // to consume on the premises of an establishment with tables names none, 422; an order from a
  // table not to consume there, or scheduled, 422.
  'table_unknown',
  'table_required',
  'table_local_only',
  'table_now_only',
  'write_conflict',
  'idempotency_key_missing',
  'idempotency_key_invalid',
  'idempotency_key_in_flight',
  'idempotency_key_reused',
] as const;

/**
 * Codes of spec section 8 'Send order' that this API's send does not answer (it has no offers, no
 * sales limits, no separate save step, and saves no card), kept with their messages so that the
 * checkout understands them from an API that does [R-8.1..R-8.24]. The first ones are no
 * RefusalCode at all: nothing here may throw them.
 */
export const SPEC_ONLY_ORDER_REFUSALS = [
  'payment_card_already_exist',
  'failed_save',
  'user_not_allowed_to_send_order',
  'offer_not_available',
  'offer_changed',
  'user_offer_limit_reached',
  'sales_limit_reached',
] as const;

/**
 * What only an establishment's API key, the Pix PSP's webhook or the internal token meet: the
 * storefront never makes these calls. Their messages are for the establishment's side.
 */
export const ESTABLISHMENT_REFUSALS = [
  'establishment_key_required',
  'invalid_api_key',
  'app_not_found',
  'domain_not_found',
  'missing_filter',
  'user_not_found',
  'credits_not_enough',
  'status_change_not_allowed',
  'invalid_status_transition',
  'payment_pending',
  'not_a_delivery',
  'order_already_finished',
  'whatsapp_bot_disconnected',
  'phone_missing',
  'pix_not_payable',
  'webhook_invalid',
  'webhook_unauthorized',
  'rerender_unavailable',
  'variation_item_not_found',
] as const;

/** The establishment's people: the panel's log in, invitations and team (docs/api.md 'Staff'), and a staff session refused a route. */
export const STAFF_REFUSALS = [
  'invalid_credentials',
  'too_many_attempts',
  'too_many_attempts_ip',
  'staff_session_required',
  'staff_not_allowed',
  'staff_member_not_found',
  'last_owner',
  'invitation_invalid',
  'invitation_not_found',
  'staff_email_taken',
  'too_many_invitations',
  'invitation_not_sent',
] as const;

/** The owner's Open Delivery credentials in the panel (docs/open-delivery.md 'Credentials'). */
export const OD_CREDENTIAL_REFUSALS = ['od_client_not_found', 'too_many_od_clients'] as const;

/** The establishment's tables and their tabs in the panel (docs/api.md 'Tables'). */
export const TABLE_REFUSALS = ['table_not_found', 'table_number_taken', 'too_many_tables', 'tab_not_found', 'table_already_closed'] as const;

/** Every group, by name: what a route table will name. */
export const REFUSALS = {
  request: REQUEST_REFUSALS,
  storefront: STOREFRONT_REFUSALS,
  account: ACCOUNT_REFUSALS,
  cards: CARD_REFUSALS,
  feedback: FEEDBACK_REFUSALS,
  couponCheck: COUPON_CHECK_REFUSALS,
  submitProblems: SUBMIT_PROBLEMS,
  orderSend: ORDER_SEND_REFUSALS,
  establishment: ESTABLISHMENT_REFUSALS,
  staff: STAFF_REFUSALS,
  odCredentials: OD_CREDENTIAL_REFUSALS,
  tables: TABLE_REFUSALS,
} as const;

export type RefusalGroup = keyof typeof REFUSALS;
export type RefusalCodeOf<G extends RefusalGroup> = (typeof REFUSALS)[G][number];
/** A code the API can refuse with. */
export type RefusalCode = RefusalCodeOf<RefusalGroup>;

export type CouponCheckRefusal = RefusalCodeOf<'couponCheck'>;
export type SubmitProblem = RefusalCodeOf<'submitProblems'>;
/** Everything a send can answer with a code of its own: its refusals, its submit checks, its coupon's, and the spec's. */
export type OrderSendCode = RefusalCodeOf<'orderSend'> | SubmitProblem | CouponCheckRefusal | (typeof SPEC_ONLY_ORDER_REFUSALS)[number];

/** Whether `code` is one of `codes`, narrowing it: `isOneOf(CARD_REFUSALS, failure.code)`. */
export function isOneOf<const C extends string>(codes: readonly C[], code: string): code is C {
  return (codes as readonly string[]).includes(code);
}
