// The complete-request modal's state (islands/checkout/CompleteRequest.tsx draws it in sections):
// what the draft and the loaded context make of the order now (open or closed, the delivery types
// on offer, the schedule, the totals), the checks the modal runs on its own (on opening, at
// midnight, the delivery fee of a kept address), and the customer's moves: picking a type or an
// address, scheduling, sending, and the next free slot after a send refused for a full one
// (./useSlotFull.ts). Every choice goes to the draft through the store's setters (the idempotency
// key follows the content, decisions #22); sending is in ./send.ts.
import { reloadOnChunkError } from '../../src/client/chunk-reload.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { toast } from '../../src/client/toast.ts';
import type { SessionUser } from '../../src/client/session.ts';
import type { CartLine, DeliveryType } from '../../src/domain/cart.ts';
import { priceOrder, type OrderTotals } from '../../src/domain/order-pricing.ts';
import { productsShareAvailability, scheduleDateExpired, type ScheduleContext } from '../../src/domain/schedule.ts';
import { Temporal } from '../../src/domain/time.ts';
import { t } from '../../src/i18n/index.ts';
import type { Draft, DraftPaymentCard } from '../../src/schemas/draft.ts';
import type { EstablishmentView } from '../../src/schemas/views.ts';
import type { CartStore } from '../stores/cart.ts';
import { useSignalValue } from '../cart/hooks.ts';
import { establishmentOpenNow } from '../../src/client/store-island.ts';
import { currentTable, leaveTable as forgetTable } from '../../src/client/table.ts';
import { checkoutDeliveryTypes, type TableRef } from '../../src/domain/tables.ts';
import { ADDRESS_CALLS } from '../address/address-api.ts';
import type { Address } from '../address/types.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import type { CheckoutContext } from './context.ts';
import {
  allowedDeliveryTypes,
  deliveryTime,
  deliveryTypeNeedsReset,
  orderVariationsCents,
  pricingInput,
  scheduleContext,
  type Prefs,
  type ProductRules,
  type SectionId,
} from './model.ts';
import { offlineMethods } from './PaymentSection.tsx';
import { scheduleModalProducts, type ScheduleModalProduct } from './schedule-modal.ts';
import { sendOrder, submitProblem } from './send.ts';
import { type SlotFullState, useSlotFull } from './useSlotFull.ts';
import { messageText, usePromotions, type PromotionsState } from './usePromotions.ts';
import { useWaitingOrder, type WaitingOrderState } from './useWaitingOrder.ts';

/** The midnight check. */
const MIDNIGHT_CHECK_MS = 60_000;
/** Open/closed and the schedule's 'now' follow the clock. */
const CLOCK_TICK_MS = 15_000;

/**
 * The fee of an address kept in the draft, asked again: outside the radius says so, any
 * other failure that the fee could not be had; either way the address goes, to be picked again
 * (an order is never sent on a fee the customer was not shown).
 */
const FEE_AGAIN: CallPolicy = {
  ...ADDRESS_CALLS.fee,
  call: 'POST /delivery_tax (kept address)',
  catalogue: (f) => (f.code === 'no_delivery_tax_found' ? { key: 'checkout:errors.no_delivery_tax_found' } : null),
};

function useNow(ms: number): Temporal.Instant {
  const [now, setNow] = useState(() => Temporal.Now.instant());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Temporal.Now.instant()), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return now;
}

export type SectionRefs = Record<SectionId, RefObject<HTMLElement | null>>;

export interface CheckoutState {
  draft: Draft;
  lines: CartLine[];
  establishment: EstablishmentView;
  prefs: Prefs;
  open: boolean;
  canSchedule: boolean;
  /** Closed now, or a product must be scheduled: 'O quanto antes' is not offered. */
  mustSchedule: boolean;
  allowed: DeliveryType[];
  products: ProductRules[];
  schedule: ScheduleContext;
  totals: OrderTotals;
  sending: boolean;
  /** The cart's products never share an available day. */
  notSameDay: boolean;
  dismissNotSameDay(): void;
  /** The schedule modal's products, while it is open. */
  scheduleModal: ScheduleModalProduct[] | null;
  closeScheduleModal(): void;
  refs: SectionRefs;
  focusSection(id: SectionId): void;
  /** The coupon box, the achievement picker and the credits [R-1.9..R-1.12]. */
  promotions: PromotionsState;
  pickType(type: DeliveryType): void;
  /** The table the customer scanned (only 'Consumir no local', now), or null. */
  table: TableRef | null;
  /** 'Sair da mesa': forgets the table; every type is offered again. */
  leaveTable(): void;
  selectAddress(address: Address & { delivery_fee: number }): void;
  submit(): Promise<void>;
  /** The card whose CVV is asked before sending (paying by card), or null. */
  cvvFor: DraftPaymentCard | null;
  /** Sends the order with the CVV typed; the modal closes whatever the outcome. */
  confirmCvv(cvv: string): Promise<string | null>;
  cancelCvv(): void;
  /** The full slots the schedule greys, and the next free slot offered after a send refused for a full one. */
  slots: SlotFullState;
  /** An order whose send found no connection, waiting to go once it returns (docs/offline.md). */
  waitingOrder: WaitingOrderState;
}

export function useCheckout({
  store,
  ctx,
  user,
  onEditExtras,
}: {
  store: CartStore;
  ctx: CheckoutContext;
  user: SessionUser;
  onEditExtras: (() => void) | null;
}): CheckoutState {
  const draft = useSignalValue(store.draft);
  const lines = useSignalValue(store.lines);
  const est = ctx.establishment;
  const prefs = est.preferences;
  const tz = est.time_zone;
  const now = useNow(CLOCK_TICK_MS);
  const [sending, setSending] = useState(false);
  /** The card whose CVV is being asked before the order is sent, or null. */
  const [cvvFor, setCvvFor] = useState<DraftPaymentCard | null>(null);
  const [notSameDay, setNotSameDay] = useState(false);
  const [scheduleModal, setScheduleModal] = useState<ScheduleModalProduct[] | null>(null);
  const refs: SectionRefs = {
    delivery: useRef<HTMLElement>(null),
    address: useRef<HTMLElement>(null),
    schedule: useRef<HTMLElement>(null),
    payment: useRef<HTMLElement>(null),
    invoice: useRef<HTMLElement>(null),
    summary: useRef<HTMLElement>(null),
    extras: useRef<HTMLElement>(null),
    coupon: useRef<HTMLElement>(null),
    achievements: useRef<HTMLElement>(null),
  };

  const open = establishmentOpenNow({ open_mode: est.open_mode, office_hours: est.office_hours, time_zone: tz }, now.epochMilliseconds);
  // At a table (its QR code scanned, src/client/table.ts): only 'Consumir no local', now.
  const [table, setTable] = useState(() => currentTable(est._id));
  const canSchedule = table === null && prefs.max_days_scheduling > 0;
  const allowed = useMemo(() => {
    const types = allowedDeliveryTypes(prefs.delivery_type, lines);
    return checkoutDeliveryTypes(types, { atTable: table !== null, usesTables: est.uses_tables });
  }, [prefs.delivery_type, lines, table, est.uses_tables]);
  const products = useMemo(() => lines.flatMap((l) => ctx.products.get(l.product_id) ?? []), [lines, ctx.products]);
  const schedule = useMemo(
    () => scheduleContext({ now, timeZone: tz, officeHours: est.office_hours, prefs, type: draft.delivery_type, products }),
    [now, tz, est.office_hours, prefs, draft.delivery_type, products],
  );
  const ovCents = useMemo(() => orderVariationsCents(ctx.orderVariations, draft.order_variations), [ctx.orderVariations, draft.order_variations]);
  const totals = useMemo(
    () =>
      priceOrder(
        pricingInput({
          draft,
          lines,
          prefs,
          freeDeliveryEnabled: est.has_free_delivery_tax_after_product_price,
          orderVariationsCents: ovCents,
          creditsAvailable: user.credits,
        }),
      ),
    [draft, lines, prefs, est.has_free_delivery_tax_after_product_price, ovCents, user.credits],
  );
  const mustSchedule = !open || products.some((p) => p.mandatory_schedule);
  const promotions = usePromotions({ store, establishmentId: est._id, prefs, user, draft, lines, totals });
  const waitingOrder = useWaitingOrder({ store, establishment: est, lines, totals });

  // On load: a type the products or the establishment no longer support goes, with the schedule
  // date; a required tax receipt starts ticked; products that never share a day
  // are told at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on open
  useEffect(() => {
    if (deliveryTypeNeedsReset(store.draft.value.delivery_type, allowed)) store.resetDeliveryType();
    // At a table the one type is taken at once, and a time chosen before goes (a table orders now).
    if (table && allowed.includes('local')) {
      if (store.draft.value.delivery_type !== 'local') store.setDeliveryType('local', deliveryTime(prefs, 'local'));
      if (store.draft.value.scheduling_date !== null || store.draft.value.scheduled_at !== null) store.setSchedule(null, null);
    }
    if (prefs.tax_receipt === 'required' && !store.draft.value.invoice.status) store.setInvoice({ status: true, document: '' });
    if (!productsShareAvailability(products.map((p) => p.availabilities ?? []))) setNotSameDay(true);
  }, []);

  // The midnight check: a chosen day that is now in the past is dropped.
  useEffect(() => {
    const check = () => {
      const date = store.draft.value.scheduling_date;
      if (date && scheduleDateExpired(date, Temporal.Now.instant(), tz)) {
        store.setSchedule(null, null);
        toast(t('checkout:schedule.midnight'), { kind: 'info' });
      }
    };
    check();
    const id = window.setInterval(check, MIDNIGHT_CHECK_MS);
    return () => window.clearInterval(id);
  }, [store, tz]);

  // An address kept while another type was chosen has no fee any more (picking a type clears it
  // ): ask for it again when delivery comes back.
  useEffect(() => {
    const address = draft.delivery_address;
    if (draft.delivery_type !== 'delivery' || !address?.lng_lat || draft.delivery_tax !== null) return;
    let live = true;
    void reloadOnChunkError(import('../address/address-api.ts')).then(({ deliveryTax }) =>
      deliveryTax(est._id, { lng: address.lng_lat![0], lat: address.lng_lat![1] }).then(
        (r) => {
          if (live && store.draft.value.delivery_address?._id === address._id) store.setDeliveryAddress(address, r.price);
        },
        (err: unknown) => {
          if (!live) return;
          const outcome = reportFailure(err, FEE_AGAIN).kind;
          if (outcome !== 'aborted' && outcome !== 'session_ended') store.setDeliveryAddress(null, null);
        },
      ),
    );
    return () => {
      live = false;
    };
  }, [draft.delivery_type, draft.delivery_address, draft.delivery_tax, est._id, store]);

  const focusSection = (id: SectionId) => {
    const el = refs[id].current ?? refs.summary.current;
    el?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  };

  const slots = useSlotFull({
    establishmentId: est._id,
    capacity: prefs.slot_capacity,
    type: draft.delivery_type,
    schedule,
    store,
    focusSchedule: () => focusSection('schedule'),
  });

  // The schedule modal is offered once per opening of the checkout, when the customer
  // first picks how to receive an order holding products with availability windows or a minimum
  // schedule time (the type sets the preparation time the times are counted from).
  const scheduleAsked = useRef(false);
  const offerScheduleModal = () => {
    if (scheduleAsked.current || !canSchedule || store.draft.value.scheduled_at) return;
    const needing = scheduleModalProducts(products);
    if (needing.length === 0) return;
    scheduleAsked.current = true;
    setScheduleModal(needing);
  };

  // After the type changed: a method the new type does not take goes (the customer picks again),
  // and a type whose products need a schedule asks for one.
  const afterTypeChange = (type: DeliveryType) => {
    const method = store.draft.value.payment_method;
    if (method && !offlineMethods(prefs, type).some((m) => m._id === method._id)) store.setPaymentMethod(null);
    offerScheduleModal();
  };

  const pickType = (type: DeliveryType) => {
    store.setDeliveryType(type, deliveryTime(prefs, type));
    afterTypeChange(type);
  };

  const selectAddress = (address: Address & { delivery_fee: number }) => {
    const { delivery_fee, ...rest } = address;
    // Choosing (or saving) an address means delivery.
    const switching = store.draft.value.delivery_type !== 'delivery';
    store.chooseDeliveryAddress(rest, delivery_fee, deliveryTime(prefs, 'delivery'));
    if (switching) afterTypeChange('delivery');
  };

  const submit = async () => {
    if (sending) return;
    const at = Temporal.Now.instant();
    const problem = submitProblem({ draft: store.draft.value, lines, ctx, totals, open, now: at });
    if (problem) {
      toast(problem.message, { kind: 'error' });
      if (problem.section === 'extras' && onEditExtras) onEditExtras();
      else focusSection(problem.section);
      return;
    }
    // The chosen address's fee is still being asked (picking the type again clears it ):
    // the total on screen lacks it and the server would charge it. Wait for it rather than send an
    // order at a total the customer was not shown.
    const current = store.draft.value;
    if (current.delivery_type === 'delivery' && current.delivery_address !== null && current.delivery_tax === null) {
      toast(t('checkout:delivery.feeLoading'), { kind: 'info' });
      focusSection('address');
      return;
    }
    // A coupon or prize the server would refuse now (the cart or the delivery changed since it was
    // applied: its box says why): the customer fixes the order or removes it first.
    if (promotions.appliedProblem) {
      toast(messageText(promotions.appliedProblem), { kind: 'error' });
      focusSection(current.coupon ? 'coupon' : 'achievements');
      return;
    }
    // Paying by card: the CVV is asked right before sending, and goes sealed with the order.
    if (current.payment_type === 'online' && current.payment_card) {
      setCvvFor(current.payment_card);
      return;
    }
    await send();
  };

  async function send(card?: { userId: string; cvv: string }): Promise<void> {
    setSending(true);
    const result = await sendOrder({ store, establishment: est, lines, totals, userId: user._id, card, table });
    if (result.ok) return; // navigating to the order page
    setSending(false);
    setCvvFor(null);
    if (result.waiting) waitingOrder.began();
    if (result.reloadAchievements) promotions.reloadAchievements();
    if (result.slotFull) slots.refused(result.slotFull);
    else if (result.section) focusSection(result.section);
  }

  /** The CVV modal's confirmation: sends the order; the modal closes on any outcome (a refusal is a toast). */
  const confirmCvv = async (cvv: string): Promise<string | null> => {
    await send({ userId: user._id, cvv });
    return null;
  };

  return {
    draft,
    lines,
    establishment: est,
    prefs,
    open,
    canSchedule,
    mustSchedule,
    allowed,
    products,
    schedule,
    totals,
    sending,
    notSameDay,
    dismissNotSameDay: () => setNotSameDay(false),
    scheduleModal,
    closeScheduleModal: () => setScheduleModal(null),
    refs,
    focusSection,
    promotions,
    pickType,
    table,
    leaveTable: () => {
      forgetTable(est._id);
      setTable(null);
      // The page's banner goes too (src/page-scripts/table-mode.ts).
      document.querySelector('[data-table-banner]')?.remove();
      delete document.documentElement.dataset.table;
    },
    selectAddress,
    submit,
    cvvFor,
    confirmCvv,
    cancelCvv: () => setCvvFor(null),
    slots,
    waitingOrder,
  };
}
