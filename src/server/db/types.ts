// Row shapes of the database tables (as stored: booleans are 0/1, JSON and instants are text).
import type { AddressView } from '../../schemas/api-geo.ts';
export interface CompanyRow {
  id: string;
  slug: string;
  name: string;
}
export interface DomainRow {
  domain: string;
  company_id: string;
}
export interface EstablishmentRow {
  id: string;
  company_id: string;
  slug: string;
  name: string;
  active: number;
  is_open: string;
  time_zone: string;
  kind: string;
  phone: string;
  hide_phone: number;
  has_free_delivery_tax_after_product_price: number;
  address: string;
  lng: number;
  lat: number;
  design: string;
  preferences: string;
  office_hours: string;
  sort: number;
  updated_at: string;
}
export interface CategoryRow {
  id: string;
  establishment_id: string;
  parent_id: string | null;
  name: string;
  description: string;
  sort: number;
}
export interface ProductRow {
  id: string;
  establishment_id: string;
  category_id: string;
  name: string;
  description: string;
  image: string | null;
  note: string | null;
  price: number;
  normal_price: number | null;
  starting_price: number;
  promo: number;
  hide_price: number;
  sort: number;
  delivery_type: string;
  availabilities: string;
  mandatory_schedule: number;
  min_schedule_time: number;
  packing_quantity: number;
  accept_scheduling: number;
  variations: string;
  /** 1 while the establishment has it marked sold out. */
  sold_out: number;
}
export interface OrderVariationRow {
  id: string;
  establishment_id: string;
  name: string;
  layout: string;
  min: number;
  max: number;
  price: number;
  price_rule: number;
  active: number;
  image: string | null;
  items: string;
  sort: number;
}
export interface FeedbackRow {
  id: string;
  establishment_id: string;
  message: string;
  created_at: string;
}
export interface CustomerFeedbackRow {
  id: string;
  establishment_id: string;
  user_id: string;
  /** report | suggestion. */
  kind: string;
  topic: string | null;
  order_id: string | null;
  message: string;
  created_at: string;
}
export interface UserRow {
  id: string;
  company_id: string;
  name: string;
  email: string;
  phone: string;
  password_hash: string;
  fbid: string | null;
  photo_key: string | null;
  phone_verified: number;
  email_verified: number;
  credits: number;
  document: string | null;
  birthday: string | null;
  gender: string | null;
  banned: number;
  created_at: string;
  updated_at: string;
  /** The id of the user's default delivery address; an id no address has any more (deleted) means none. */
  default_address_id: string | null;
  /** The code the customer shares (unique per company; made on first use), whoever referred them, and when that referral was rewarded. */
  referral_code: string | null;
  referred_by: string | null;
  referral_rewarded_at: string | null;
  /** When the customer erased the account (docs/privacy.md): the row is kept, emptied, for the orders that reference it; null for a live account. */
  deleted_at: string | null;
}
export interface SessionRow {
  token_hash: string;
  user_id: string;
  establishment_id: string;
  created_at: string;
  expires_at: string;
}
/** A single-use code another app of the user's obtained to hand its session over to the storefront (docs/api.md 'POST /api/auth/handover'). */
export interface HandoverCodeRow {
  /** SHA-256 of the code, hex: the code itself is never stored. */
  code_hash: string;
  user_id: string;
  establishment_id: string;
  created_at: string;
  expires_at: string;
}

/** The stored address: the answer's own fields (src/schemas/api-geo.ts AddressView, without the spec's second names) with the position in two columns. */
export type AddressRow = Omit<AddressView, '_id' | 'place' | 'lng_lat' | 'additionalInfo' | 'referencePoint'> & {
  id: string;
  user_id: string;
  /** One of ADDRESS_PLACES, as text (src/server/db/addresses-repo.ts addressView reads it back). */
  place: string;
  lng: number;
  lat: number;
  created_at: string;
};
export interface OrderCounterRow {
  establishment_id: string;
  last_number: number;
}
export interface OrderRow {
  id: string;
  establishment_id: string;
  user_id: string;
  number: number;
  /** The spec's status: registered | confirmed | complete | canceled. */
  status: string;
  /** Where the order is in the kitchen's lifecycle (src/domain/order-lifecycle.ts ORDER_STEPS); its spec status follows from it. */
  step: string;
  platform: string;
  delivery_type: string;
  payment_type: string;
  payment_method: string | null;
  payment_payback: number | null;
  tax_receipt: number;
  tax_id: string | null;
  address: string | null;
  scheduled_at: string | null;
  note: string;
  items: string;
  order_variations: string;
  coupon_id: string | null;
  achievement_id: string | null;
  subtotal: number;
  order_variations_total: number;
  packing_fee: number;
  delivery_fee: number;
  discount: number;
  credits: number;
  total: number;
  time_min: number;
  time_max: number;
  cancellation_type: string | null;
  cancellation_reason: string | null;
  created_at: string;
  updated_at: string;
  /** When the status became 'complete' (the evaluation window runs from here); null before. */
  completed_at: string | null;
  /** The customer's ratings, 1-5 each, all null until the order is evaluated (once). */
  evaluation_packing: number | null;
  evaluation_delivery: number | null;
  evaluation_product: number | null;
  evaluation_deadline: number | null;
  evaluated_at: string | null;
  /** 1 when the customer asked for the order's status changes on WhatsApp. */
  whatsapp_updates: number;
  /** none | paid | awaiting | refund_pending | refunded | expired (docs/payments.md 'Paying an order'). */
  payment_status: string;
  /** JSON OrderPaymentDetails, or null for an order paid on delivery or pickup. */
  payment_details: string | null;
  /** The coupon's code or the achievement's name the order used, and what it took off (centavos). */
  coupon_code: string | null;
  achievement_name: string | null;
  promotion_discount: number;
  /** The 15-minute slot the order takes in the kitchen's capacity (its first instant, ISO; src/domain/slot-capacity.ts); null for an order placed before slots were kept. */
  slot_at: string | null;
  /** The table it was ordered at and the tab it joined (src/server/db/tables-repo.ts); null for an order not from a table. */
  table_number: number | null;
  table_tab_id: string | null;
}
/** An establishment's table: its number and the key its QR code carries. */
export interface EstablishmentTableRow {
  id: string;
  establishment_id: string;
  number: number;
  key: string;
  /** The tab its orders join now; null when none is open. */
  open_tab_id: string | null;
  created_at: string;
  key_renewed_at: string | null;
}
/** A table's tab: its orders from the first after a close until the staff close it. */
export interface TableTabRow {
  id: string;
  establishment_id: string;
  table_number: number;
  opened_at: string;
  closed_at: string | null;
}
/** How many orders not cancelled an establishment's slot holds of one delivery type (src/server/db/slot-loads-repo.ts). */
export interface SlotLoadRow {
  establishment_id: string;
  delivery_type: string;
  /** The slot's first instant, ISO. */
  slot_at: string;
  orders: number;
}
export interface IdempotencyKeyRow {
  user_id: string;
  key: string;
  establishment_id: string;
  fingerprint: string;
  state: string;
  response_status: number | null;
  response_body: string | null;
  created_at: string;
  locked_until: string;
  expires_at: string;
}
export interface EstablishmentApiKeyRow {
  key_hash: string;
  establishment_id: string;
  label: string;
  created_at: string;
}

/** A message the product sent while no real channel was configured (the development outbox). */
export interface OutboxMessageRow {
  id: string;
  channel: string;
  recipient: string;
  text: string;
  created_at: string;
}

/** A card the sandbox acquirer tokenised: its public part only (src/server/sandboxes/payment-sandbox.ts). */
export interface PaymentSandboxCardRow {
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
  outcome: string;
  created_at: string;
}
export interface PaymentSandboxChargeRow {
  id: string;
  idempotency_key: string;
  token: string;
  amount: number;
  description: string;
  status: string;
  reason: string | null;
  refunded: number;
  created_at: string;
}
export interface PaymentSandboxRefundRow {
  id: string;
  idempotency_key: string;
  charge_id: string;
  amount: number;
  created_at: string;
}

/** A one-time code sent to prove a phone or an e-mail address; only its hash is kept. */
export interface VerificationCodeRow {
  id: string;
  user_id: string;
  channel: 'phone' | 'email';
  target: string;
  /** 'hmac$<HMAC-SHA256 hex>' (src/server/services/contact-verification.ts); never the code. */
  code_hash: string;
  /** Checks counted on the code, right or wrong, each before it was compared (at most 5). */
  tries: number;
  used_at: string | null;
  created_at: string;
}

/** A saved card: the gateway's token and the card's public part; never its number or CVV (docs/api.md 'Cards'). */
export interface PaymentCardRow {
  id: string;
  user_id: string;
  company_id: string;
  gateway: string;
  gateway_token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder: string;
  document: string;
  verification_status: string;
  refund_type: string;
  min_value: number;
  max_value: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** HMAC of the number, keyed per company (migration 0015); null for a card saved before. */
  fingerprint: string | null;
}

/** A card's validation by a micro-charge. */
export interface CardVerificationRow {
  id: string;
  card_id: string;
  user_id: string;
  establishment_id: string;
  amount: number;
  status: string;
  charge_id: string | null;
  refund_type: string;
  refund_id: string | null;
  refunded_at: string | null;
  created_at: string;
  charged_at: string | null;
  finished_at: string | null;
}

/** One wrong amount typed for a validation (the same amount twice is one row). */
export interface CardVerificationTryRow {
  verification_id: string;
  amount: number;
  created_at: string;
}

/** A card holder's wrong amounts in all and, once out of tries, when they were blocked. */
export interface CardHolderRow {
  user_id: string;
  wrong_tries: number;
  blocked_at: string | null;
  updated_at: string;
}

/** One movement of a customer's store credit (signed centavos), unique by what it is for. */
export interface CreditEntryRow {
  id: string;
  user_id: string;
  amount: number;
  reason: string;
  reference: string;
  created_at: string;
  /** In words, where the reason alone does not say it (a grant's reason as the establishment gave it). */
  note: string | null;
  order_id: string | null;
}

/** An establishment's coupon (from its catalogue; docs/api.md 'Coupons'). */
export interface CouponRow {
  id: string;
  establishment_id: string;
  code: string;
  discount_type: string;
  value: number;
  min_total_products: number;
  max_total_products: number;
  description: string;
  starts_at: string | null;
  ends_at: string | null;
  total_uses: number | null;
  uses_count: number;
  uses_per_customer: number;
  active: number;
  archived: number;
  sort: number;
  updated_at: string;
}
export interface CouponUseRow {
  coupon_id: string;
  user_id: string;
  slot: number;
  order_id: string;
  created_at: string;
}
export interface AchievementRow {
  id: string;
  establishment_id: string;
  name: string;
  goal_description: string;
  goal_type: string;
  goal_value: number;
  reward_type: string;
  reward_value: number;
  reward_description: string;
  active: number;
  archived: number;
  sort: number;
  updated_at: string;
}
export interface AchievementUseRow {
  achievement_id: string;
  user_id: string;
  order_id: string;
  created_at: string;
}

/** An immediate charge (cob) of the sandbox PSP (src/server/sandboxes/pix-sandbox.ts). */
export interface PixSandboxChargeRow {
  txid: string;
  loc_id: number;
  location: string;
  chave: string;
  amount: number;
  description: string | null;
  expires_in: number;
  status: string;
  revision: number;
  copy_paste: string;
  created_at: string;
  expires_at: string;
  updated_at: string;
}

/** A Pix paid to a sandbox charge. */
export interface PixSandboxPaymentRow {
  end_to_end_id: string;
  txid: string;
  amount: number;
  refunded: number;
  payer_info: string | null;
  paid_at: string;
}

/** A refund (devolução) of a sandbox Pix, by the caller's id. */
export interface PixSandboxRefundRow {
  end_to_end_id: string;
  id: string;
  rtr_id: string;
  amount: number;
  description: string | null;
  status: string;
  requested_at: string;
  settled_at: string | null;
}

/** The webhook URL registered at the sandbox for a Pix key. */
export interface PixSandboxWebhookRow {
  chave: string;
  webhook_url: string;
  created_at: string;
}

/** One attempt to charge a card for an order's Idempotent-Key. */
export interface OrderPaymentRow {
  id: string;
  user_id: string;
  establishment_id: string;
  idempotency_key: string;
  attempt: number;
  card_id: string;
  amount: number;
  status: string;
  charge_id: string | null;
  order_id: string | null;
  refund_type: string;
  refund_id: string | null;
  refunded_at: string | null;
  created_at: string;
  updated_at: string;
  /** When the charge was last sent to the gateway (ISO-8601). */
  sent_at: string;
  /** When the job last asked the gateway about it; '' never. */
  asked_at: string;
  /** How many asks answered that no charge was made under its key. */
  asks: number;
}

/** An order's Pix charge at the PSP. */
export interface PixChargeRow {
  txid: string;
  order_id: string;
  establishment_id: string;
  amount: number;
  status: string;
  location: string;
  copy_paste: string;
  expires_at: string;
  end_to_end_id: string | null;
  paid_at: string | null;
  created_at: string;
}

/** A Pix the PSP told of (its webhook), kept once by its endToEndId. */
export interface PixReceiptRow {
  end_to_end_id: string;
  txid: string | null;
  amount: number;
  paid_at: string;
  outcome: string;
  refund_id: string | null;
  refunded_at: string | null;
  created_at: string;
}

/** One fixed window of one limit (src/server/services/rate-limit.ts): how many hits it has taken. */
export interface RateLimitCounterRow {
  /** What is limited and for whom, e.g. 'login:ip:203.0.113.7'. */
  key: string;
  /** The window's start, ms since the epoch (an integer, so both engines compare it alike). */
  window_start: number;
  hits: number;
  /** When the window is over and the row may go, ms since the epoch. */
  expires_at: number;
}

/** One of an establishment's people (migration 0019_staff): never a customer. */
export interface StaffMemberRow {
  id: string;
  establishment_id: string;
  /** Lower-cased. */
  email: string;
  name: string;
  role: string;
  /** Argon2id PHC string (src/server/services/password-hash.ts); never the password. */
  password_hash: string;
  created_at: string;
}
/** An invitation sent by e-mail: only the token's SHA-256 is kept; spent once (accepted_at). */
export interface StaffInvitationRow {
  /** The invitation's public id (the owner's list and revoke); the token's hash never leaves the server. */
  id: string;
  token_hash: string;
  establishment_id: string;
  email: string;
  role: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}
/** A staff member's session: only the token's SHA-256 is kept. */
export interface StaffSessionRow {
  token_hash: string;
  member_id: string;
  establishment_id: string;
  created_at: string;
  expires_at: string;
}

export interface DB {
  companies: CompanyRow;
  domains: DomainRow;
  establishments: EstablishmentRow;
  categories: CategoryRow;
  products: ProductRow;
  order_variations: OrderVariationRow;
  feedbacks: FeedbackRow;
  users: UserRow;
  sessions: SessionRow;
  addresses: AddressRow;
  order_counters: OrderCounterRow;
  orders: OrderRow;
  slot_loads: SlotLoadRow;
  establishment_tables: EstablishmentTableRow;
  table_tabs: TableTabRow;
  idempotency_keys: IdempotencyKeyRow;
  establishment_api_keys: EstablishmentApiKeyRow;
  customer_feedback: CustomerFeedbackRow;
  outbox_messages: OutboxMessageRow;
  payment_sandbox_cards: PaymentSandboxCardRow;
  payment_sandbox_charges: PaymentSandboxChargeRow;
  payment_sandbox_refunds: PaymentSandboxRefundRow;
  verification_codes: VerificationCodeRow;
  payment_cards: PaymentCardRow;
  card_verifications: CardVerificationRow;
  card_verification_tries: CardVerificationTryRow;
  card_holders: CardHolderRow;
  credit_entries: CreditEntryRow;
  pix_sandbox_charges: PixSandboxChargeRow;
  pix_sandbox_payments: PixSandboxPaymentRow;
  pix_sandbox_refunds: PixSandboxRefundRow;
  pix_sandbox_webhooks: PixSandboxWebhookRow;
  order_payments: OrderPaymentRow;
  pix_charges: PixChargeRow;
  pix_receipts: PixReceiptRow;
  coupons: CouponRow;
  coupon_uses: CouponUseRow;
  achievements: AchievementRow;
  achievement_uses: AchievementUseRow;
  rate_limit_counters: RateLimitCounterRow;
  handover_codes: HandoverCodeRow;
  staff_members: StaffMemberRow;
  staff_invitations: StaffInvitationRow;
  staff_sessions: StaffSessionRow;
  od_clients: OdClientRow;
  od_tokens: OdTokenRow;
  od_orders: OdOrderLinkRow;
  od_events: OdEventRow;
}

/** An establishment's Open Delivery OAuth2 client (its POS); only the secret's SHA-256 is kept. */
export interface OdClientRow {
  client_id: string;
  establishment_id: string;
  secret_hash: string;
  webhook_url: string | null;
  /** The secret sealed to the server's key (JSON sealed box), kept only for signing the webhook. */
  webhook_secret: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** An access token of an Open Delivery client; only its SHA-256 is kept. */
export interface OdTokenRow {
  token_hash: string;
  client_id: string;
  establishment_id: string;
  created_at: string;
  expires_at: string;
}

/** An order the establishment's POS was told of, and its Open Delivery id. */
export interface OdOrderLinkRow {
  od_id: string;
  order_id: string;
  establishment_id: string;
  created_at: string;
}

/** One Open Delivery event (docs/open-delivery.md 'Events'). */
export interface OdEventRow {
  id: string;
  establishment_id: string;
  order_id: string;
  od_order_id: string;
  event_type: string;
  /** Its place among the establishment's events (one more than the last written). */
  seq: number;
  metadata: string | null;
  created_at: string;
  acknowledged_at: string | null;
  webhook_state: string;
  webhook_tries: number;
  webhook_next_at: string | null;
}
