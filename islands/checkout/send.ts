// Sending the order: the submit checks first (src/domain/submit-checks.ts, the spec's order, the
// first failing one as a toast and the section it concerns [R-5.30..R-5.46]), then POST
// /establishments/{id}/orders with the draft's Idempotent-Key (a retry of the same draft reuses
// it, decisions #22). On 201 the cart is cleared, the credits refreshed, the
// purchase tracked and the customer taken to /{slug}/pedido/{id}. A failure
// shows the error catalogue's message [R-8.1..R-8.24] (every answer of this call has one, so none
// is silent) and repairs what it can (an address the server refuses is cleared, a coupon or
// achievement it refuses goes, a balance it no longer has is read again), through
// islands/shared/call-failure.ts; a 401 has ended the session and gone to the login. A
// slot the kitchen has full comes back with the next free one, for the checkout to offer.
import { reloadOnChunkError } from '../../src/client/chunk-reload.ts';
import { call, ApiFailure } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { setSessionUser, toSessionUser } from '../../src/client/session.ts';
import { ecommercePayload, track, trackingItems } from '../../src/client/tracking.ts';
import type { CartLine } from '../../src/domain/cart.ts';
import type { OrderTotals } from '../../src/domain/order-pricing.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { firstSubmitProblem } from '../../src/domain/submit-checks.ts';
import { firstSoldOutLine } from '../../src/domain/cart.ts';
import type { SubmitProblem } from '../../src/domain/submit-checks.ts';
import type { Temporal } from '../../src/domain/time.ts';
import type { TableRef } from '../../src/domain/tables.ts';
import { t } from '../../src/i18n/index.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { OrderBody, PlaceOrderAnswer } from '../../src/schemas/api-orders.ts';
import type { DraftPaymentCard } from '../../src/schemas/draft.ts';
import type { ShownCard } from '../cards/cards-api.ts';
import type { EstablishmentView } from '../../src/schemas/views.ts';
import type { CartStore } from '../stores/cart.ts';
import type { CheckoutContext } from './context.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import { minOrderParam, orderPayload, problemSection, sendFailureAction, submitCheckInput, type SectionId } from './model.ts';
import { routes } from '../../src/lib/urls.ts';
import { slotFullOffer, type SlotFullOffer } from './slot-full.ts';
import { sendFailureFate } from '../../src/domain/offline-keep.ts';
import { keepPendingOrder, sendPendingOrder } from '../../src/client/pending-order.ts';
import './i18n.ts';

/** The message of a submit problem, with its parameters (min_order as '30,00', decisions #18). */
export function problemMessage(problem: SubmitProblem, minOrderCents: number): string {
  if (problem.code === 'schedule_invalid') {
    const reason = problem.params?.reason;
    if (reason === 'past') return t('checkout:problems.schedule_past');
    if (reason === 'too_early') return t('checkout:problems.schedule_too_early');
    if (reason === 'date_required') return t('checkout:problems.schedule_date_required');
    if (reason === 'product') return t('checkout:problems.schedule_refused', { name: problem.params?.name ?? '' });
  }
  const params: Record<string, string | number> = { ...(problem.params ?? {}) };
  params.min_order = minOrderParam(problem.params?.min_order ?? minOrderCents);
  return t(`checkout:problems.${problem.code}`, params);
}

export function submitProblem(args: {
  draft: Draft;
  lines: readonly CartLine[];
  ctx: CheckoutContext;
  totals: OrderTotals;
  open: boolean;
  now: Temporal.Instant;
}): { message: string; section: SectionId } | null {
  // Sold out first, as the server prices the lines before its submit checks (src/domain/cart.ts 'Sold out').
  const soldOut = firstSoldOutLine(args.lines.map((l) => ({ product: args.ctx.products.get(l.product_id), picks: l.picks })));
  if (soldOut) return { message: t(`checkout:errors.${soldOut.problem.code}`, soldOut.problem.params), section: 'summary' };
  const problem = firstSubmitProblem(
    submitCheckInput({
      draft: args.draft,
      lines: args.lines,
      establishment: args.ctx.establishment,
      products: args.ctx.products,
      orderVariations: args.ctx.orderVariations,
      totals: args.totals,
      open: args.open,
      now: args.now,
    }),
  );
  if (!problem) return null;
  return { message: problemMessage(problem, args.ctx.establishment.preferences.min_order), section: problemSection(problem.code) };
}

/** 'add_payment_info' once the customer has settled how to pay. */
export function paymentInfo(draft: Draft, lines: readonly CartLine[], totalCents: number): void {
  const how = draft.payment_type === 'offline' && draft.payment_method ? `offline: ${draft.payment_method.name}` : (draft.payment_type ?? '');
  track('add_payment_info', ecommercePayload(totalCents, trackingItems(lines), { payment_type: how }));
}

/**
 * The session's user read again from the server: after the order (the credits may have been used
 * ) and when a payment type is chosen (the phone and e-mail verified elsewhere meanwhile,
 * in another tab or on the account page, count at once ).
 */
export async function refreshSession(establishmentId: string): Promise<void> {
  try {
    const user = await call('GET /users/me', { establishmentId });
    setSessionUser(establishmentId, toSessionUser(user));
  } catch (err) {
    // The order is placed; a stale balance is only cosmetic until the next page.
    reportFailure(err, { call: 'GET /users/me (after the order)', role: 'background' });
  }
}

/**
 * The parameters a refusal's message shows: the amounts it names (card_amount_out_of_range's min and
 * max, in centavos) as 'R$ 1,00', and the names of what sold out (product_sold_out's name,
 * variation_item_sold_out's name and item).
 */
function amountParams(params: ApiFailure['params']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['name', 'item'] as const) {
    const value = params?.[name];
    if (typeof value === 'string') out[name] = value;
  }
  for (const name of ['min', 'max'] as const) {
    const value = params?.[name];
    if (typeof value === 'number') out[name] = formatBRL(value);
  }
  return out;
}

/** POST /establishments/{id}/orders: the send-order catalogue answers every failure. */
function sendPolicy(minOrder: number | string): CallPolicy {
  return {
    call: 'POST /establishments/{id}/orders',
    role: 'action',
    catalogue: (failure) =>
      failure.status === -1
        ? null
        : { key: sendFailureAction(failure.status, failure.code).key, params: { min_order: minOrderParam(minOrder), ...amountParams(failure.params) } },
    fallback: { key: 'checkout:errors.generic' },
  };
}

/** A failed send: the section to focus, and whether the achievements must be read again (one the server refused was in the draft). */
export type SendResult =
  | { ok: true; id: string }
  | { ok: false; section?: SectionId; reloadAchievements?: boolean; slotFull?: SlotFullOffer; waiting?: boolean };

/** The card as the checkout shows it ('Visa •••• 0002', its validity), for the server to check it pays that one. */
function shownCard(card: DraftPaymentCard): ShownCard {
  const last4 = card.display_number?.match(/(\d{4})\s*$/)?.[1];
  return { brand: card.brand, last4, due_month: card.due_month, due_year: card.due_year, holder: card.holder };
}

export async function sendOrder({
  store,
  establishment,
  lines,
  totals,
  userId,
  card,
  table = null,
}: {
  store: CartStore;
  establishment: EstablishmentView;
  lines: readonly CartLine[];
  totals: OrderTotals;
  /** The customer sending it (a waiting order goes only under their session). */
  userId: string;
  /** Paying by card: the customer and the CVV typed for this payment (sealed here, never kept). */
  card?: { userId: string; cvv: string };
  /** The table the customer scanned (src/client/table.ts): the order carries its number and key. */
  table?: TableRef | null;
}): Promise<SendResult> {
  store.refresh();
  const draft = store.draft.value;
  const estId = establishment._id;
  const payload = orderPayload(draft);
  const body = payload && table && payload.delivery_type === 'local' ? { ...payload, table } : payload;
  if (body === null) {
    // Unreachable after the submit checks (they ask for the delivery and payment types first).
    toast(t('checkout:errors.generic'), { kind: 'error' });
    return { ok: false };
  }
  try {
    const post = (payload: OrderBody) =>
      call('POST /establishments/:id/orders', {
        params: { id: estId },
        body: payload,
        establishmentId: estId,
        idempotentKey: draft.idempotent_key,
      });
    const chosen = draft.payment_card;
    let res: PlaceOrderAnswer;
    if (body.payment_type === 'online' && chosen && card) {
      // The sealing code (@noble) comes only with a card payment, not with every checkout.
      const { sendSealedOrderPayment } = await reloadOnChunkError(import('../cards/cards-api.ts'));
      res = await sendSealedOrderPayment(card.userId, card.cvv, shownCard(chosen), (sealed) =>
        post({ ...body, payment_card: { token_id: chosen.token_id ?? chosen._id, security_code: sealed.security_code }, payment_card_details: sealed.details }),
      );
    } else res = await post(body);
    await placed(store, establishment, lines, totals, res._id);
    return { ok: true, id: res._id };
  } catch (err) {
    // The send never reached the server for lack of connection: the order waits on the device with
    // its key and body, to go once when the connection returns (docs/offline.md); a card's charge
    // needs the customer present, so it never waits.
    if (err instanceof ApiFailure && err.status === 0) {
      const fate = sendFailureFate({ status: 0, online: navigator.onLine, paymentType: body.payment_type });
      const kept =
        fate === 'wait' &&
        keepPendingOrder({ establishment_id: estId, slug: establishment.slug_area, user_id: userId, key: draft.idempotent_key, body, kept_at: Date.now() });
      if (kept) return { ok: false, waiting: true };
      if (fate === 'card_needs_presence') {
        reportFailure(err, { call: 'POST /establishments/{id}/orders (card, offline)', role: 'in_place' });
        toast(t('offline:cardNeedsConnection'), { kind: 'error' });
        return { ok: false };
      }
    }
    // The slot is full: the dialog that offers the next free one says so (./SlotFullDialog.tsx), no toast.
    if (err instanceof ApiFailure && err.code === 'slot_full') {
      reportFailure(err, { call: 'POST /establishments/{id}/orders', role: 'in_place' });
      return { ok: false, section: 'schedule', slotFull: slotFullOffer(err.params, draft.scheduled_at, establishment.time_zone) };
    }
    const outcome = reportFailure(err, sendPolicy(establishment.preferences.min_order));
    if (outcome.kind !== 'toast' || !(err instanceof ApiFailure)) return { ok: false };
    const action = sendFailureAction(err.status, err.code);
    if (action.clearAddress) store.setDeliveryAddress(null, null);
    if (action.renewKey) store.renewKey();
    // The promotion the server refused goes, so the total shown is what a new send will be priced at.
    const held = store.draft.value;
    if (action.clearCoupon || (action.clearPromotion && held.coupon)) store.update({ coupon: null });
    else if (action.clearAchievement || (action.clearPromotion && held.achievement)) store.update({ achievement: null });
    // The balance changed under the checkout: read it again (the credits and the payment type follow it).
    if (action.refreshCredits) await refreshSession(estId);
    const section = action.section === 'promotion' ? (held.coupon ? 'coupon' : 'achievements') : action.section;
    return { ok: false, section, reloadAchievements: action.clearAchievement === true };
  }
}

/** After the server took the order: the purchase tracked, the cart cleared, the credits read again, the order page. */
async function placed(store: CartStore, establishment: EstablishmentView, lines: readonly CartLine[], totals: OrderTotals, id: string): Promise<void> {
  track('purchase', ecommercePayload(totals.total, trackingItems(lines), { transaction_id: id }));
  store.clear();
  await refreshSession(establishment._id);
  location.assign(routes.order(establishment.slug_area, id));
}

/** What became of the waiting order's send: 'sent' (going to the order page), still 'waiting', or 'gone' (refused, expired or cancelled elsewhere: said). */
export type WaitingSend = 'sent' | 'waiting' | 'gone';

/**
 * Sends the waiting order (src/client/pending-order.ts), once: on 'sent' it goes on as a normal send
 * does; a refusal shows the send's own message, as a normal send's would.
 */
export async function sendWaitingOrder({
  store,
  establishment,
  lines,
  totals,
  told,
}: {
  store: CartStore;
  establishment: EstablishmentView;
  lines: readonly CartLine[];
  totals: OrderTotals;
  /** The customer asked: 'still offline' is said. */
  told: boolean;
}): Promise<WaitingSend> {
  const result = await sendPendingOrder(establishment._id);
  if (result.kind === 'sent') {
    await placed(store, establishment, lines, totals, result.id);
    return 'sent';
  }
  if (result.kind === 'offline') {
    if (told) toast(t('offline:waiting.stillOffline'), { kind: 'info' });
    return 'waiting';
  }
  if (result.kind === 'refused') reportFailure(result.failure, sendPolicy(establishment.preferences.min_order));
  else if (result.kind === 'expired') toast(t('offline:waiting.expired'), { kind: 'error' });
  else if (result.kind === 'other_customer') toast(t('offline:waiting.otherCustomer'), { kind: 'error' });
  return 'gone';
}
