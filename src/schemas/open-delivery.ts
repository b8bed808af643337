// The parts of Open Delivery v1.3 (Abrasel) that the product sends as an Ordering Application:
// the `Order` of components.schemas (tests/fixtures/opendelivery/openapi.yaml, 'Order'), typed
// field by field as the document declares it. Optional fields the product never fills (EAN,
// sourceAppId, lastEvent, the PICKUP_AREA / PLACE / TAB modes' details...) are left out of the
// types on purpose, so a new one is a decision (docs/open-delivery.md 'What is not sent').
// Money is the document's decimal number of reais, made from integer centavos in one place
// (src/server/open-delivery/order.ts odPrice); dates are UTC ISO-8601 instants.
import { type } from 'arktype';

/** The document's Price: a decimal amount (up to 4 decimal places) and its ISO 4217 currency. */
export interface OdPrice {
  value: number;
  currency: 'BRL';
}

export type OdOrderType = 'DELIVERY' | 'TAKEOUT' | 'INDOOR';
export type OdOrderTiming = 'INSTANT' | 'SCHEDULED';
export type OdUnit = 'UN' | 'KG' | 'L' | 'OZ' | 'LB' | 'GAL';

/** items[].options[]: a variation item the customer chose, per unit of its item. */
export interface OdItemOption {
  index: number;
  id: string;
  name: string;
  externalCode: string;
  unit: OdUnit;
  /** How many of this option go into one unit of the item. */
  quantity: number;
  unitPrice: OdPrice;
  /** Information only (the document: never counted in the totals). */
  originalPrice?: OdPrice;
  /** quantity x unitPrice. */
  totalPrice: OdPrice;
}

/** items[]: one line of the order. */
export interface OdItem {
  id: string;
  index: number;
  name: string;
  externalCode: string;
  unit: OdUnit;
  quantity: number;
  specialInstructions?: string;
  unitPrice: OdPrice;
  /** Sum of the options' totalPrice (per unit of the item). */
  optionsPrice: OdPrice;
  /** quantity x (unitPrice + optionsPrice). */
  totalPrice: OdPrice;
  options?: OdItemOption[];
}

export interface OdOtherFee {
  name: string;
  type: 'DELIVERY_FEE' | 'SERVICE_FEE' | 'TIP';
  receivedBy: 'MARKETPLACE' | 'MERCHANT' | 'LOGISTIC_SERVICES';
  price: OdPrice;
  observation?: string;
}

export interface OdSponsorshipValue {
  name: 'MARKETPLACE' | 'MERCHANT';
  amount: OdPrice;
  /** The coupon's code, or the campaign (achievement reward) the discount came from. */
  discountCode?: string;
}

export interface OdDiscount {
  amount: OdPrice;
  target: 'CART' | 'DELIVERY_FEE' | 'ITEM';
  sponsorshipValues: OdSponsorshipValue[];
}

export interface OdTotal {
  itemsPrice: OdPrice;
  otherFees: OdPrice;
  discount: OdPrice;
  /** itemsPrice + otherFees - discount. */
  orderAmount: OdPrice;
}

export type OdPaymentMethodKind =
  | 'CREDIT'
  | 'DEBIT'
  | 'MEAL_VOUCHER'
  | 'FOOD_VOUCHER'
  | 'DIGITAL_WALLET'
  | 'PIX'
  | 'CASH'
  | 'CREDIT_DEBIT'
  | 'COUPON'
  | 'REDEEM'
  | 'PREPAID_REDEEM'
  | 'OTHER';

/** The card brands of the document's enum that the product's cards can have. */
export type OdCardBrand = 'VISA' | 'MASTERCARD' | 'DINERS' | 'AMEX' | 'HIPERCARD' | 'ELO';

export interface OdPaymentMethod {
  value: number;
  currency: 'BRL';
  type: 'PREPAID' | 'PENDING';
  method: OdPaymentMethodKind;
  brand?: OdCardBrand;
  methodInfo?: string;
  /** CASH: the amount the customer pays with, change included. */
  changeFor?: number;
}

export interface OdPayments {
  prepaid: number;
  pending: number;
  methods: OdPaymentMethod[];
}

export interface OdCustomer {
  id: string;
  name: string;
  documentNumber?: string;
  phone: { number: string };
  ordersCountOnMerchant: number;
}

export interface OdSchedule {
  scheduledDateTimeStart: string;
  scheduledDateTimeEnd: string;
}

/** delivery.deliveryAddress (declared inline in the Order, not the Address schema). */
export interface OdDeliveryAddress {
  country: string;
  state: string;
  city: string;
  district: string;
  street: string;
  number: string;
  complement?: string;
  reference?: string;
  formattedAddress: string;
  postalCode: string;
  coordinates: { latitude: number; longitude: number };
}

export interface OdDelivery {
  deliveredBy: 'MERCHANT' | 'MARKETPLACE';
  deliveryAddress: OdDeliveryAddress;
  estimatedDeliveryDateTime: string;
}

export interface OdTakeout {
  mode: 'DEFAULT';
  takeoutDateTime: string;
}

/** An order eaten at the establishment: 'PLACE' with the table ('Mesa 7') when it was sent from one, else 'DEFAULT'. */
export interface OdIndoor {
  mode: 'DEFAULT' | 'PLACE';
  indoorDateTime: string;
  place?: string;
}

/** components.schemas.Order, as the product fills it (GET /v1/orders/{orderId} will answer it). */
export interface OdOrder {
  id: string;
  type: OdOrderType;
  displayId: string;
  createdAt: string;
  orderTiming: OdOrderTiming;
  preparationStartDateTime: string;
  merchant: { id: string; name: string };
  items: OdItem[];
  otherFees?: OdOtherFee[];
  discounts?: OdDiscount[];
  total: OdTotal;
  payments: OdPayments;
  customer: OdCustomer;
  schedule?: OdSchedule;
  delivery?: OdDelivery;
  takeout?: OdTakeout;
  indoor?: OdIndoor;
  extraInfo?: string;
}

// --- The routes' payloads (docs/open-delivery.md 'Routes'), as the document declares them. ---

/** components.schemas.TokenRequest (form-urlencoded). */
export const OdTokenRequest = type({ client_id: 'string > 0', client_secret: 'string > 0', grant_type: "'client_credentials'" });

/** components.schemas.TokenResponse. */
export interface OdTokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

const EVENT_TYPE = type(
  "'CREATED' | 'CONFIRMED' | 'DISPATCHED' | 'READY_FOR_PICKUP' | 'PICKUP_AREA_ASSIGNED' | 'DELIVERED' | 'CONCLUDED' | 'CANCELLATION_REQUESTED' | 'CANCELLATION_REQUEST_DENIED' | 'CANCELLED' | 'ORDER_CANCELLATION_REQUEST' | 'CANCELLED_DENIED'",
);

/** GET /v1/events:polling ?eventType= (repeated or comma-separated; at most 15). */
export const OdEventTypes = EVENT_TYPE.array().atMostLength(15);

/** components.requestBodies.AckEvents: at most 100 (components.schemas.AckEvents). */
export const OdAckEvents = type({ id: 'string.uuid', orderId: 'string.uuid', eventType: EVENT_TYPE }).array().atMostLength(100);

/** components.schemas.OrderConfirmed (the body is optional). */
export const OdOrderConfirmed = type({ 'reason?': 'string', createdAt: 'string', orderExternalCode: 'string', 'preparationTime?': 'number.integer' });

/** components.schemas.RequestCancelled. */
export const OdRequestCancelled = type({
  reason: 'string',
  code: "'SYSTEMIC_ISSUES' | 'DUPLICATE_APPLICATION' | 'UNAVAILABLE_ITEM' | 'RESTAURANT_WITHOUT_DELIVERY_PERSON' | 'OUTDATED_MENU' | 'ORDER_OUTSIDE_THE_DELIVERY_AREA' | 'BLOCKED_CUSTOMER' | 'OUTSIDE_DELIVERY_HOURS' | 'INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT' | 'RISK_AREA' | 'DELIVERY_PROBLEM'",
  mode: "'AUTO' | 'MANUAL'",
  'outOfStockItems?': 'string[] <= 100',
  'invalidItems?': 'string[] <= 100',
});

/** components.schemas.RequestDenied. */
export const OdRequestDenied = type({ reason: 'string', code: "'DISH_ALREADY_DONE' | 'OUT_FOR_DELIVERY'" });

/** components.schemas.Event (with EventMetadataCancel's metadata on the cancellation events). */
export interface OdEvent {
  eventId: string;
  eventType: string;
  orderId: string;
  orderURL: string;
  createdAt: string;
  metadata?: { reason: string; code: string };
}

/** components.schemas.Error (application/problem+json). */
export interface OdError {
  title: string;
  status: number;
}
