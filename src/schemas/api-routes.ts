// The route table: every API route the browser calls, keyed 'METHOD /path/:param' exactly as the
// server mounts it (under /api), with what it takes and what it answers. The server validates each
// body with the schema named here (ROUTE_BODIES) and checks each answer against `Answer<route>`;
// the browser's one call (src/client/api.ts `call`) takes its params, query, body and answer from
// the same place, so a changed route breaks the build of the server and of every caller
// (docs/architecture.md 'The route table').
//
// Browser code imports this module with `import type` only: ROUTE_BODIES holds arktype schemas,
// which must not reach a catalogue page's JS. The routes only the server's other clients call (an
// establishment's API key, the PSP's webhook, the internal scripts, the spec's aliases) are not
// here: tests/unit/api-routes.test.ts lists them, and fails on a mounted route that is in neither.

import type { type } from 'arktype';
import { DeleteAccountBody, ExchangeBody, LoginBody, LogoutBody, ProfileBody, RegisterBody } from './api-accounts.ts';
import type { AuthAnswer, PhotoAnswer, UserView } from './api-accounts.ts';
import type { AccountExport } from './api-account-data.ts';
import { PurchaseVerificationBody, SealedCardBody, VerificationAmountBody } from './api-cards.ts';
import type { BlacklistAnswer, CardStoreKeyAnswer, CardView, CardsAnswer, PurchaseVerificationAnswer } from './api-cards.ts';
import type { EstablishmentQuery, OrderVariationsQuery, ProductsQuery } from './api-catalogue.ts';
import { ProblemReportBody, SuggestionBody } from './api-feedback.ts';
import type { FeedbackListAnswer, FeedbackListQuery, FeedbackView } from './api-feedback.ts';
import { AddressBody, DeliveryTaxBody, ReverseGeocodeBody } from './api-geo.ts';
import type { AddressesAnswer, AddressesQuery, DeliveryTaxAnswer, GeoSearchAnswer, GeoSearchQuery, ReverseGeocodeResult, SavedAddressView } from './api-geo.ts';
import { EvaluationBody, StatusBody, WhatsAppUpdatesBody, parseOrderBody } from './api-orders.ts';
import type { OrdersListAnswer, OrdersQuery, OrderView, PlaceOrderAnswer, WhatsAppBotStatusAnswer, WhatsAppUpdatesAnswer } from './api-orders.ts';
import type { OrderBoardAnswer, OrderBoardQuery } from './api-order-board.ts';
import { OpeningBody } from './api-opening.ts';
import { ProductEditBody } from './api-menu.ts';
import type { OpeningAnswer } from './api-opening.ts';
import { SoldOutBody } from './api-sold-out.ts';
import { SlotCapacityBody } from './api-slot-capacity.ts';
import { AnalyticsSettingsBody, type AnalyticsSettingsAnswer } from './analytics.ts';
import type { FullSlotsAnswer, FullSlotsQuery, SlotCapacityAnswer } from './api-slot-capacity.ts';
import type { SoldOutAnswer } from './api-sold-out.ts';
import { CloseTabBody, NewTableBody } from './api-tables.ts';
import type { TableView, TablesAnswer, TabView } from './api-tables.ts';
import { PixChargeBody } from './api-pix.ts';
import type { PixChargeView } from './api-pix.ts';
import { CouponCheckBody, CouponUpdateBody } from './api-promotions.ts';
import type { AchievementsAnswer, CouponView, CouponsAnswer, CreditEntriesAnswer, CreditsAnswer, ReferralAnswer } from './api-promotions.ts';
import { ConfirmPhoneBody, SendEmailCodeBody, SendPhoneCodeBody, ValidateEmailBody, ValidatePhoneBody } from './api-verification.ts';
import type { VerificationAnswer } from './api-verification.ts';
import { StaffAcceptBody, StaffEstablishmentBody, StaffInviteBody, StaffLoginBody } from './api-staff.ts';
import type { StaffInvitationAnswer, StaffInvitationsAnswer, StaffListAnswer, StaffMeAnswer, StaffMemberView } from './api-staff.ts';
import type { OdCredentialCreatedAnswer, OdCredentialsAnswer } from './api-open-delivery-credentials.ts';
import type { EncryptionKeyAnswer } from './sealed-box.ts';
import type { EstablishmentAnswer, OrderVariationView, ProductView, ProductsAnswer } from './views.ts';
import type { RefusalCodeOf, RefusalGroup } from './refusal-codes.ts';
import type { ESTABLISHMENT_BASE_FIELDS } from './api-catalogue.ts';

/**
 * One route: its `answer` (undefined for a 204), the `refusals` groups it may answer with
 * (src/schemas/refusal-codes.ts), its `query` schema when it reads one, a `body` only when it is no
 * JSON schema of ROUTE_BODIES (an upload's FormData), and, for a route whose `fields` query keeps
 * only some fields, `project`: where the kept items are ('self': the answer itself) and the
 * fields always sent.
 */
interface Route {
  answer: unknown;
  refusals: RefusalGroup;
  query?: { inferIn: unknown; infer: unknown };
  body?: unknown;
  project?: { in: string; always: PropertyKey };
}

/** What a GET or a DELETE without a body of its own answers: the storefront's common refusals. */
type Read<A, G extends RefusalGroup = 'request'> = { answer: A; refusals: G };

export interface ApiRoutes {
  // ------------------------------------------------------------ account (routes/auth.ts, users.ts, verification.ts)
  'POST /auth/register': Read<AuthAnswer, 'request' | 'account'>;
  'POST /auth/login': Read<AuthAnswer, 'request' | 'account'>;
  'POST /auth/logout': Read<undefined>;
  'POST /auth/exchange': Read<AuthAnswer, 'request' | 'account'>;
  'GET /users/me': Read<UserView>;
  'PUT /users/me': Read<UserView, 'request' | 'account'>;
  'DELETE /users/me': Read<undefined, 'request' | 'account'>;
  'GET /users/me/export': Read<AccountExport>;
  'POST /users/me/photo': Read<PhotoAnswer> & { body: FormData };
  'PUT /users/me/generate_code_validate_phone': Read<VerificationAnswer, 'request' | 'account'>;
  'PUT /users/me/validate_phone': Read<VerificationAnswer, 'request' | 'account'>;
  'PUT /users/me/confirm-phone': Read<VerificationAnswer, 'request' | 'account'>;
  'POST /users/email/validate/create': Read<VerificationAnswer, 'request' | 'account'>;
  'PUT /users/email/validate': Read<VerificationAnswer, 'request' | 'account'>;
  // ------------------------------------------------------------ addresses and places (routes/addresses.ts, geo.ts)
  'GET /users/me/addresses': Read<AddressesAnswer, 'request' | 'storefront'> & { query: typeof AddressesQuery };
  'POST /users/me/addresses': Read<SavedAddressView, 'request' | 'storefront'>;
  'PUT /users/me/addresses/:id': Read<SavedAddressView, 'request' | 'storefront'>;
  'PUT /users/me/addresses/:id/default': Read<SavedAddressView, 'request' | 'storefront'>;
  'DELETE /users/me/addresses/:id': Read<undefined, 'request' | 'storefront'>;
  'POST /delivery_tax': Read<DeliveryTaxAnswer, 'request' | 'storefront'>;
  'POST /geo/reversegeocode': Read<ReverseGeocodeResult, 'request' | 'storefront'>;
  'GET /geo/search': Read<GeoSearchAnswer, 'request' | 'storefront'> & { query: typeof GeoSearchQuery };
  /** A MapLibre style document (v8): read by MapLibre, not by our code. */
  'GET /geo/map-style': Read<Record<string, unknown>>;
  // ------------------------------------------------------------ catalogue (routes/tenancy.ts, catalogue.ts)
  'GET /establishments/:id': Read<EstablishmentAnswer> & {
    query: typeof EstablishmentQuery;
    project: { in: 'self'; always: (typeof ESTABLISHMENT_BASE_FIELDS)[number] };
  };
  'GET /establishments/:id/products': Read<ProductsAnswer, 'request' | 'storefront'> & {
    query: typeof ProductsQuery;
    project: { in: 'items'; always: '_id' };
  };
  'GET /establishments/:id/products/:productId': Read<ProductView, 'request' | 'storefront'>;
  /** `fields: ['image']` adds each variation's image (null without it). */
  'GET /establishments/:id/order-variations': Read<OrderVariationView[]> & { query: typeof OrderVariationsQuery };
  /** The slots of a day that are full for a delivery type (routes/slot-capacity.ts). */
  'GET /establishments/:id/full-slots': Read<FullSlotsAnswer> & { query: typeof FullSlotsQuery };
  // ------------------------------------------------------------ orders and Pix (routes/orders.ts, order-followup.ts, pix.ts)
  'POST /establishments/:id/orders': Read<PlaceOrderAnswer, 'request' | 'orderSend' | 'submitProblems' | 'couponCheck'>;
  'GET /establishments/:id/orders': Read<OrdersListAnswer, 'request' | 'storefront'> & {
    query: typeof OrdersQuery;
    project: { in: 'orders'; always: '_id' };
  };
  /** Read with If-None-Match by the order page (islands/order/order-api.ts): 304 while unchanged. */
  'GET /establishments/:id/orders/:orderId': Read<OrderView, 'request' | 'storefront'>;
  'PUT /establishments/:id/orders/:orderId/status': Read<OrderView, 'request' | 'storefront'>;
  'PUT /establishments/:id/orders/:orderId/evaluate': Read<OrderView, 'request' | 'storefront'>;
  // ------------------------------------------------------------ the establishment's panel (routes/order-board.ts)
  'GET /establishments/:id/order-board': Read<OrderBoardAnswer, 'request' | 'storefront' | 'establishment'> & { query: typeof OrderBoardQuery };
  'PUT /establishments/:id/opening': Read<OpeningAnswer, 'request' | 'storefront' | 'establishment'>;
  'PUT /establishments/:id/slot-capacity': Read<SlotCapacityAnswer, 'request' | 'storefront' | 'establishment'>;
  'PUT /establishments/:id/analytics': Read<AnalyticsSettingsAnswer, 'request' | 'storefront' | 'establishment'>;
  // ------------------------------------------------------------ tables and their tabs (routes/tables.ts)
  'GET /establishments/:id/tables': Read<TablesAnswer, 'request' | 'establishment' | 'staff'>;
  'POST /establishments/:id/tables': Read<TableView, 'request' | 'establishment' | 'staff' | 'tables'>;
  'DELETE /establishments/:id/tables/:number': Read<undefined, 'request' | 'establishment' | 'staff' | 'tables'>;
  'POST /establishments/:id/tables/:number/key': Read<TableView, 'request' | 'establishment' | 'staff' | 'tables'>;
  'POST /establishments/:id/tables/:number/close': Read<TabView, 'request' | 'establishment' | 'staff' | 'tables'>;
  'PUT /establishments/:id/products/:productId': Read<ProductView, 'request' | 'storefront' | 'establishment'>;
  /** A FormData with the file as 'picture'. */
  'PUT /establishments/:id/products/:productId/picture': Read<ProductView, 'request' | 'storefront' | 'establishment'> & { body: FormData };
  'PUT /establishments/:id/products/:productId/sold-out': Read<SoldOutAnswer, 'request' | 'storefront' | 'establishment'>;
  'PUT /establishments/:id/products/:productId/variations/:variationId/items/:itemId/sold-out': Read<SoldOutAnswer, 'request' | 'storefront' | 'establishment'>;
  'GET /establishments/:id/coupons': Read<CouponsAnswer, 'request' | 'storefront' | 'establishment'>;
  'PUT /establishments/:id/coupons/:couponId': Read<CouponView, 'request' | 'storefront' | 'establishment'>;
  'GET /establishments/:id/problem-reports': Read<FeedbackListAnswer, 'request' | 'storefront' | 'establishment'> & { query: typeof FeedbackListQuery };
  'GET /establishments/:id/suggestions': Read<FeedbackListAnswer, 'request' | 'storefront' | 'establishment'> & { query: typeof FeedbackListQuery };
  // ------------------------------------------------------------ the establishment's people (routes/staff.ts)
  'POST /staff/login': Read<StaffMeAnswer, 'request' | 'staff'>;
  'POST /staff/logout': Read<undefined, 'request' | 'staff'>;
  'POST /staff/invitations/accept': Read<{ member: StaffMemberView }, 'request' | 'staff'>;
  'GET /establishments/:id/staff/me': Read<StaffMeAnswer, 'request' | 'staff'>;
  'GET /establishments/:id/staff': Read<StaffListAnswer, 'request' | 'staff'>;
  'POST /establishments/:id/staff/invitations': Read<StaffInvitationAnswer, 'request' | 'staff'>;
  'GET /establishments/:id/staff/invitations': Read<StaffInvitationsAnswer, 'request' | 'staff'>;
  'DELETE /establishments/:id/staff/invitations/:invitationId': Read<undefined, 'request' | 'staff'>;
  'DELETE /establishments/:id/staff/:memberId': Read<undefined, 'request' | 'staff'>;
  // ------------------------------------------------------------ the owner's Open Delivery credentials (routes/open-delivery-credentials.ts)
  'GET /establishments/:id/open-delivery/credentials': Read<OdCredentialsAnswer, 'request' | 'establishment' | 'staff'>;
  'POST /establishments/:id/open-delivery/credentials': Read<OdCredentialCreatedAnswer, 'request' | 'establishment' | 'staff' | 'odCredentials'>;
  'DELETE /establishments/:id/open-delivery/credentials/:clientId': Read<undefined, 'request' | 'establishment' | 'staff' | 'odCredentials'>;
  'GET /orders/:id/whatsapp-updates': Read<WhatsAppUpdatesAnswer, 'request' | 'storefront'>;
  'PATCH /orders/:id/whatsapp-updates': Read<WhatsAppUpdatesAnswer, 'request' | 'storefront'>;
  'GET /amodelivery/whatsapp-bot/:id/status': Read<WhatsAppBotStatusAnswer>;
  'POST /pix': Read<PixChargeView, 'request' | 'storefront'>;
  'GET /orders/:id/pix': Read<PixChargeView, 'request' | 'storefront'>;
  // ------------------------------------------------------------ promotions (routes/promotions.ts)
  'POST /establishments/:id/coupons/check': Read<CouponView, 'request' | 'couponCheck'>;
  'GET /establishments/:id/achievements': Read<AchievementsAnswer>;
  'GET /users/me/credits': Read<CreditsAnswer>;
  'GET /users/me/credits/entries': Read<CreditEntriesAnswer>;
  'GET /users/me/referral': Read<ReferralAnswer>;
  // ------------------------------------------------------------ feedback (routes/feedback.ts)
  'POST /establishments/:id/problem-reports': Read<FeedbackView, 'request' | 'feedback'>;
  'POST /establishments/:id/suggestions': Read<FeedbackView, 'request' | 'feedback'>;
  // ------------------------------------------------------------ cards (routes/card-keys.ts, cards.ts)
  'GET /cards/encryption-key': Read<EncryptionKeyAnswer>;
  'GET /users/me/card-store-key': Read<CardStoreKeyAnswer>;
  'GET /users/me/payment_cards': Read<CardsAnswer, 'request' | 'cards'>;
  'POST /v2/cards/verification': Read<CardView, 'request' | 'cards'>;
  'DELETE /users/me/payment_cards/:id': Read<undefined, 'request' | 'cards'>;
  'POST /cards/purchase-verification': Read<PurchaseVerificationAnswer, 'request' | 'cards'>;
  'GET /cards/:id/purchase-verification': Read<PurchaseVerificationAnswer, 'request' | 'cards'>;
  'PUT /cards/verification/:id': Read<CardView, 'request' | 'cards'>;
  'DELETE /cards/:id/purchase-verification': Read<PurchaseVerificationAnswer, 'request' | 'cards'>;
  'GET /users/me/blacklist': Read<BlacklistAnswer, 'request' | 'cards'>;
}

export type RouteKey = keyof ApiRoutes;

/** What checks a JSON body: an arktype schema, or a function of the same shape (parseOrderBody). */
type BodyCheck = (data: unknown) => unknown;

/** The schema each route's JSON body is validated with, on the server (src/server/api/body.ts) and, as a type, in the browser. */
export const ROUTE_BODIES = {
  'POST /auth/register': RegisterBody,
  'POST /auth/login': LoginBody,
  'POST /auth/logout': LogoutBody,
  'POST /auth/exchange': ExchangeBody,
  'PUT /users/me': ProfileBody,
  'DELETE /users/me': DeleteAccountBody,
  'PUT /users/me/generate_code_validate_phone': SendPhoneCodeBody,
  'PUT /users/me/validate_phone': ValidatePhoneBody,
  'PUT /users/me/confirm-phone': ConfirmPhoneBody,
  'POST /users/email/validate/create': SendEmailCodeBody,
  'PUT /users/email/validate': ValidateEmailBody,
  'POST /users/me/addresses': AddressBody,
  'PUT /users/me/addresses/:id': AddressBody,
  'POST /delivery_tax': DeliveryTaxBody,
  'POST /geo/reversegeocode': ReverseGeocodeBody,
  'POST /establishments/:id/orders': parseOrderBody,
  'PUT /establishments/:id/orders/:orderId/status': StatusBody,
  'PUT /establishments/:id/orders/:orderId/evaluate': EvaluationBody,
  'PUT /establishments/:id/opening': OpeningBody,
  'PUT /establishments/:id/slot-capacity': SlotCapacityBody,
  'PUT /establishments/:id/analytics': AnalyticsSettingsBody,
  'POST /establishments/:id/tables': NewTableBody,
  'POST /establishments/:id/tables/:number/close': CloseTabBody,
  'PUT /establishments/:id/products/:productId': ProductEditBody,
  'PUT /establishments/:id/products/:productId/sold-out': SoldOutBody,
  'PUT /establishments/:id/products/:productId/variations/:variationId/items/:itemId/sold-out': SoldOutBody,
  'PUT /establishments/:id/coupons/:couponId': CouponUpdateBody,
  'PATCH /orders/:id/whatsapp-updates': WhatsAppUpdatesBody,
  'POST /staff/login': StaffLoginBody,
  'POST /staff/logout': StaffEstablishmentBody,
  'POST /staff/invitations/accept': StaffAcceptBody,
  'POST /establishments/:id/staff/invitations': StaffInviteBody,
  'POST /pix': PixChargeBody,
  'POST /establishments/:id/coupons/check': CouponCheckBody,
  'POST /establishments/:id/problem-reports': ProblemReportBody,
  'POST /establishments/:id/suggestions': SuggestionBody,
  'POST /v2/cards/verification': SealedCardBody,
  'POST /cards/purchase-verification': PurchaseVerificationBody,
  'PUT /cards/verification/:id': VerificationAmountBody,
} as const satisfies { readonly [K in RouteKey]?: BodyCheck };

type Bodies = typeof ROUTE_BODIES;
export type JsonBodyRoute = keyof Bodies;
type ArkErrors = InstanceType<typeof type.errors>;

/** What a check gives back once the body passed: the server's view of it. */
export type CheckedBody<K extends JsonBodyRoute> = Exclude<ReturnType<Bodies[K]>, ArkErrors>;

/** What a caller sends: the schema's input (before its defaults and morphs), FormData for an upload, never for a route without a body. */
export type Body<K extends RouteKey> = K extends JsonBodyRoute
  ? Bodies[K] extends { inferIn: infer In }
    ? In
    : CheckedBody<K>
  : ApiRoutes[K] extends { body: infer B }
    ? B
    : never;

/** A route's answer, as its handler must build it and its callers receive it. */
export type Answer<K extends RouteKey> = ApiRoutes[K]['answer'];

/** The refusal codes a route may answer with. */
export type Refusal<K extends RouteKey> = RefusalCodeOf<ApiRoutes[K]['refusals']>;

// ---------------------------------------------------------------- path params

type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The names of a route's path params, from its key: 'PUT /users/me/addresses/:id' -> 'id'. */
export type ParamName<K extends RouteKey> = ParamNames<PathOf<K>>;
export type Params<K extends RouteKey> = { [N in ParamName<K>]: string };

// ---------------------------------------------------------------- query strings

/** A query value as the caller gives it: a wire string, or a number or boolean written as one; a list (`fields`) as an array, sent comma-joined. */
type WireValue<In, Out> = Out extends readonly (infer E)[] ? readonly E[] : In extends 'true' | 'false' ? boolean : string extends In ? string | number : In;

/** A route's query as the caller gives it: the schema's keys, each in its wire form. */
export type Query<K extends RouteKey> = ApiRoutes[K] extends { query: { inferIn: infer In; infer: infer Out } }
  ? { [P in keyof In]?: WireValue<In[P], P extends keyof Out ? Out[P] : never> }
  : never;

/** The fields a route's `fields` query may keep. */
type FieldOf<Q> = Q extends { fields?: readonly (infer F)[] } ? F : never;

/** The answer with only `F` (and the fields always sent) kept where the route's `project` says. */
type Projected<A, F extends PropertyKey, P> = P extends { in: infer In; always: infer Always extends PropertyKey }
  ? In extends 'self'
    ? Pick<A, Extract<F | Always, keyof A>>
    : { [Key in keyof A]: Key extends In ? (A[Key] extends readonly (infer Item)[] ? Pick<Item, Extract<F | Always, keyof Item>>[] : A[Key]) : A[Key] }
  : A;

/** The answer to a call made with query `Q`: projected when `Q` names fields and the route projects them. */
export type AnswerTo<K extends RouteKey, Q> = [FieldOf<Q>] extends [never]
  ? Answer<K>
  : ApiRoutes[K] extends { project: infer P }
    ? Projected<Answer<K>, Extract<FieldOf<Q>, PropertyKey>, P>
    : Answer<K>;

/** Every entry has the shape of a route: an entry without its answer or refusals does not compile. */
type Holds<T extends true> = T;
export type EveryEntryIsARoute = Holds<ApiRoutes extends Record<RouteKey, Route> ? true : false>;
