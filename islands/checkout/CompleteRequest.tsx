// The complete-request modal [R-2.48, spec screen 3]. Logged in: delivery type [R-2.69, R-2.111,
// R-2.112] with the address picker for delivery, the closed notice [R-2.70], the schedule (only
// with max_days_scheduling > 0 and a type chosen [R-2.71]), gamification and coupon where the
// preferences enable them (their use comes in a later release: shown disabled with a note), the
// order summary [R-2.73, R-2.107..R-2.110], the payment [R-2.75], the products in the right column
// [R-2.76] and the send-order bar 'Total a pagar' / 'Avançar e Finalizar' [R-2.78, R-2.79].
// Logged out: the 'authentication needed' message and the check-order footer [R-2.77].
// Every choice goes to the draft through the store's setters (the idempotency key follows the
// content, decisions #22); sending is in ./send.ts.
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { toast } from '../../src/client/toast.ts';
import type { SessionUser } from '../../src/client/session.ts';
import { addressLineText } from '../../src/i18n/messages.ts';
import type { DeliveryType } from '../../src/domain/cart.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { priceOrder } from '../../src/domain/order-pricing.ts';
import { productsShareAvailability, scheduleDateExpired, zonedDateTimeParts } from '../../src/domain/schedule.ts';
import { Temporal } from '../../src/domain/time.ts';
import { t } from '../../src/i18n/index.ts';
import type { CartStore } from '../stores/cart.ts';
import { CheckOrderFooter } from '../cart/CheckOrderFooter.tsx';
import { ConfirmDialog } from '../cart/Dialog.tsx';
import { useSignalValue } from '../cart/hooks.ts';
import { establishmentOpenNow } from '../cart/island.ts';
import type { StoreIsland } from '../cart/island.ts';
import type { CheckoutContext } from './context.ts';
import { FullScreenDialog } from './FullScreenDialog.tsx';
import {
  allowedDeliveryTypes,
  deliveryTime,
  deliveryTypeNeedsReset,
  orderVariationsCents,
  pricingInput,
  productRefusingSchedule,
  scheduleContext,
  type SectionId,
} from './model.ts';
import { offlineMethods, PaymentSection } from './PaymentSection.tsx';
import { brDate, ScheduleSection } from './ScheduleSection.tsx';
import { paymentInfo, sendOrder, submitProblem } from './send.ts';
import type { Address } from '../address/types.ts';
import './i18n.ts';

// The address picker (and, through its modal, the map) loads only when delivery is chosen.
const AddressPicker = lazy(() => import('../address/AddressPicker.tsx').then((m) => ({ default: m.AddressPicker })));

/** The midnight check [R-4.58]. */
const MIDNIGHT_CHECK_MS = 60_000;
/** Open/closed and the schedule's 'now' follow the clock. */
const CLOCK_TICK_MS = 15_000;

function useNow(ms: number): Temporal.Instant {
  const [now, setNow] = useState(() => Temporal.Now.instant());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Temporal.Now.instant()), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return now;
}

export interface CompleteRequestProps {
  store: CartStore;
  island: StoreIsland;
  ctx: CheckoutContext;
  user: SessionUser | null;
  opener: HTMLElement | null;
  onClose: () => void;
  /** Reopens the extras modal (only when the establishment has order variations). */
  onEditExtras: (() => void) | null;
}

export function CompleteRequest(props: CompleteRequestProps) {
  const titleId = useId();
  const { store, island, user, opener, onClose } = props;
  if (!user) {
    return (
      <FullScreenDialog
        titleId={titleId}
        title={t('checkout:modal.title')}
        onClose={onClose}
        opener={opener}
        footer={<CheckOrderFooter store={store} island={island} checkoutBlocked={false} />}
        hook={{ 'data-checkout': 'visitor' }}
      >
        <div className="mx-auto flex max-w-xl flex-col gap-2 p-6 text-center" data-checkout-auth>
          <h3 className="m-0 text-lg font-bold">{t('checkout:modal.authTitle')}</h3>
          <p className="m-0 text-muted">{t('checkout:modal.authText')}</p>
        </div>
      </FullScreenDialog>
    );
  }
  return <CustomerCheckout {...props} user={user} titleId={titleId} />;
}

function CustomerCheckout({ store, island, ctx, user, opener, onClose, onEditExtras, titleId }: CompleteRequestProps & { user: SessionUser; titleId: string }) {
  const draft = useSignalValue(store.draft);
  const lines = useSignalValue(store.lines);
  const est = ctx.establishment;
  const prefs = est.preferences;
  const tz = est.time_zone;
  const now = useNow(CLOCK_TICK_MS);
  const [sending, setSending] = useState(false);
  const [notSameDay, setNotSameDay] = useState(false);
  const refs: Record<SectionId, RefObject<HTMLElement | null>> = {
    delivery: useRef<HTMLElement>(null),
    address: useRef<HTMLElement>(null),
    schedule: useRef<HTMLElement>(null),
    payment: useRef<HTMLElement>(null),
    invoice: useRef<HTMLElement>(null),
    summary: useRef<HTMLElement>(null),
    extras: useRef<HTMLElement>(null),
  };

  const open = establishmentOpenNow(
    { id: est._id, slug: est.slug_area, open_mode: est.open_mode, office_hours: est.office_hours, time_zone: tz, preferences: prefs },
    now.epochMilliseconds,
  );
  const canSchedule = prefs.max_days_scheduling > 0;
  const allowed = useMemo(() => allowedDeliveryTypes(prefs.delivery_type, lines), [prefs.delivery_type, lines]);
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

  // On load: a type the products or the establishment no longer support goes, with the schedule
  // date [R-4.13, R-4.14]; a required tax receipt starts ticked; products that never share a day
  // are told at once [R-5.73].
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on open
  useEffect(() => {
    if (deliveryTypeNeedsReset(store.draft.value.delivery_type, allowed)) store.resetDeliveryType();
    if (prefs.tax_receipt === 'required' && !store.draft.value.invoice.status) store.setInvoice({ status: true, document: '' });
    if (!productsShareAvailability(products.map((p) => p.availabilities ?? []))) setNotSameDay(true);
  }, []);

  // The midnight check [R-4.58]: a chosen day that is now in the past is dropped.
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
  // [R-4.12]): ask for it again when delivery comes back.
  useEffect(() => {
    const address = draft.delivery_address;
    if (draft.delivery_type !== 'delivery' || !address?.lng_lat || draft.delivery_tax !== null) return;
    let live = true;
    void import('../address/address-api.ts').then(({ deliveryTax }) =>
      deliveryTax(est._id, { lng: address.lng_lat![0], lat: address.lng_lat![1] }).then(
        (r) => {
          if (live && store.draft.value.delivery_address?._id === address._id) store.setDeliveryAddress(address, r.price);
        },
        (err: unknown) => {
          if (!live) return;
          console.error(err);
          store.setDeliveryAddress(null, null);
          toast(t('checkout:errors.no_delivery_tax_found'), { kind: 'error' });
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

  const pickType = (type: DeliveryType) => {
    store.setDeliveryType(type, deliveryTime(prefs, type));
    // A method the new type does not take goes (the customer picks again).
    const method = store.draft.value.payment_method;
    if (method && !offlineMethods(prefs, type).some((m) => m._id === method._id)) store.setPaymentMethod(null);
  };

  const submit = async () => {
    if (sending) return;
    const problem = submitProblem({
      draft: store.draft.value,
      lines,
      ctx,
      totals,
      open,
      now: Temporal.Now.instant(),
    });
    if (problem) {
      toast(problem.message, { kind: 'error' });
      if (problem.section === 'extras' && onEditExtras) onEditExtras();
      else focusSection(problem.section);
      return;
    }
    setSending(true);
    const result = await sendOrder({ store, establishment: est, lines, totals });
    if (result.ok) return; // navigating to the order page
    setSending(false);
    if (result.section) focusSection(result.section);
  };

  const selectAddress = (address: Address & { delivery_fee: number }) => {
    const { delivery_fee, ...rest } = address;
    // Choosing (or saving) an address means delivery [R-4.15].
    if (store.draft.value.delivery_type !== 'delivery') pickType('delivery');
    store.setDeliveryAddress(rest, delivery_fee);
  };

  const type = draft.delivery_type;
  const typeHeading = useId();
  const summaryHeading = useId();
  const productsHeading = useId();
  const noteId = useId();

  const footer = (
    <div className="mx-auto flex w-full max-w-6xl items-center gap-3" data-send-order-bar>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm text-muted">{t('checkout:send.total')}</span>
        <span className="text-xl font-bold tabular-nums" data-send-total data-cents={totals.total}>
          {formatBRL(totals.total)}
        </span>
      </div>
      <button
        type="button"
        className="h-12 cursor-pointer rounded-xl border-none bg-brand px-5 text-base font-semibold text-onbrand hover:bg-branddark disabled:cursor-wait disabled:opacity-60"
        disabled={sending}
        aria-busy={sending || undefined}
        onClick={() => void submit()}
        data-send-order
      >
        {sending ? t('checkout:send.sending') : t('checkout:send.button')}
      </button>
    </div>
  );

  const leading = onEditExtras ? (
    <button
      type="button"
      className="flex h-10 w-10 flex-none cursor-pointer items-center justify-center rounded-full border-none bg-transparent text-ink hover:bg-surface"
      aria-label={t('checkout:modal.editExtras')}
      onClick={onEditExtras}
      data-checkout-extras-back
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M15 6l-6 6 6 6" />
      </svg>
    </button>
  ) : null;

  const scheduledParts = draft.scheduled_at ? zonedDateTimeParts(draft.scheduled_at, tz) : null;

  return (
    <FullScreenDialog
      titleId={titleId}
      title={t('checkout:modal.title')}
      onClose={onClose}
      opener={opener}
      footer={footer}
      leading={leading}
      hook={{ 'data-checkout': 'customer' }}
    >
      <div className="mx-auto grid max-w-6xl gap-6 p-4 md:grid-cols-[minmax(0,1fr)_20rem] md:p-6">
        <div className="flex min-w-0 flex-col gap-6">
          <section ref={refs.delivery} tabIndex={-1} aria-labelledby={typeHeading} className="flex flex-col gap-3 outline-none" data-section="delivery">
            <h3 id={typeHeading} className="m-0 text-base font-bold">
              {t('checkout:delivery.title')}
            </h3>
            {allowed.length === 0 ? (
              <p className="m-0 text-sm text-red-800">{t('checkout:delivery.none')}</p>
            ) : (
              <div role="radiogroup" aria-labelledby={typeHeading} className="flex flex-wrap gap-2">
                {allowed.map((option) => {
                  const time = deliveryTime(prefs, option)!;
                  return (
                    <label
                      key={option}
                      className={`flex min-w-36 flex-1 cursor-pointer items-center gap-2 rounded-xl border border-solid px-3 py-2 ${type === option ? 'border-brand bg-surface' : 'border-line'}`}
                      data-delivery-option={option}
                    >
                      <input
                        type="radio"
                        name="delivery-type"
                        value={option}
                        className="h-5 w-5 accent-[var(--c-primary)]"
                        checked={type === option}
                        onChange={() => pickType(option)}
                      />
                      <span className="flex flex-col">
                        <span className="font-semibold">{t(`checkout:delivery.${option}`)}</span>
                        <span className="text-xs text-muted">
                          {t(option === 'delivery' ? 'checkout:delivery.deliveryTime' : 'checkout:delivery.pickupTime', time)}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            )}
            {type === 'delivery' && (
              <section
                ref={refs.address}
                tabIndex={-1}
                aria-label={t('checkout:delivery.addressTitle')}
                className="flex flex-col gap-2 outline-none"
                data-section="address"
              >
                <h4 className="m-0 text-sm font-bold">{t('checkout:delivery.addressTitle')}</h4>
                <Suspense fallback={<p className="m-0 text-sm text-muted">{t('checkout:delivery.addressLoading')}</p>}>
                  <AddressPicker
                    island={island}
                    selectedId={draft.delivery_address?._id ?? null}
                    onSelect={selectAddress}
                    onOutsideRadius={() => store.setDeliveryAddress(null, null)}
                  />
                </Suspense>
                {draft.delivery_address && (
                  <p className="m-0 text-sm" data-delivery-fee>
                    {draft.delivery_tax === null
                      ? t('checkout:delivery.feeLoading')
                      : t('checkout:delivery.fee', { fee: totals.delivery_fee_waived ? t('checkout:summary.deliveryFeeFree') : formatBRL(draft.delivery_tax) })}
                  </p>
                )}
              </section>
            )}
          </section>

          {!open && (
            <section className="rounded-xl bg-amber-50 px-4 py-3 text-amber-900" role="status" data-section="closed">
              <h3 className="m-0 text-base font-bold">{t('checkout:closed.title')}</h3>
              <p className="m-0 text-sm">{canSchedule ? t('checkout:closed.schedule') : t('checkout:closed.noSchedule')}</p>
            </section>
          )}

          {canSchedule && type !== null && (
            <ScheduleSection
              ctx={schedule}
              draft={draft}
              store={store}
              required={mustSchedule}
              refusing={productRefusingSchedule(products)}
              sectionRef={refs.schedule}
            />
          )}

          {prefs.use_gamification && (
            <section className="flex flex-col gap-1 rounded-xl border border-dashed border-line p-3" aria-disabled="true" data-section="gamification">
              <h3 className="m-0 text-base font-bold">{t('checkout:gamification.title')}</h3>
              <p className="m-0 text-sm text-muted">{t('checkout:gamification.soon')}</p>
            </section>
          )}

          <section ref={refs.summary} tabIndex={-1} aria-labelledby={summaryHeading} className="flex flex-col gap-2 outline-none" data-section="summary">
            <h3 id={summaryHeading} className="m-0 text-base font-bold">
              {t('checkout:summary.title')}
            </h3>
            <p className="m-0 text-sm" data-summary-where>
              {type === null
                ? t('checkout:summary.noType')
                : type === 'pickup'
                  ? t('checkout:summary.pickupAt')
                  : type === 'local'
                    ? t('checkout:summary.localAt')
                    : draft.delivery_address
                      ? `${t('checkout:summary.deliverTo')}: ${addressLineText(draft.delivery_address)}`
                      : t('checkout:summary.noAddress')}
            </p>
            {(scheduledParts || draft.delivery_time) && (
              <p className="m-0 text-sm" data-summary-time>
                {scheduledParts
                  ? t('checkout:summary.scheduled', { date: brDate(scheduledParts.date), time: scheduledParts.time })
                  : t('checkout:summary.estimated', draft.delivery_time!)}
              </p>
            )}
            {draft.order_variations.length > 0 && (
              <div className="text-sm" data-summary-variations>
                <span className="font-semibold">{t('checkout:summary.variations')}: </span>
                {draft.order_variations.map((v) => `${v.qnt > 1 ? `${v.qnt}x ` : ''}${v.name ?? v.item_id}`).join(', ')}
              </div>
            )}
            <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-summary-totals>
              <SummaryRow label={t('checkout:summary.subtotal')} cents={totals.subtotal} hook="subtotal" />
              {totals.order_variations_total > 0 && (
                <SummaryRow label={t('checkout:summary.orderVariations')} cents={totals.order_variations_total} hook="order-variations" />
              )}
              {type === 'delivery' && (
                <SummaryRow
                  label={t('checkout:summary.deliveryFee')}
                  cents={totals.delivery_fee}
                  text={
                    totals.delivery_fee_waived
                      ? t('checkout:summary.deliveryFeeFree')
                      : draft.delivery_tax === null
                        ? t('checkout:summary.deliveryFeePending')
                        : undefined
                  }
                  hook="delivery-fee"
                />
              )}
              {totals.packing_fee > 0 && <SummaryRow label={t('checkout:summary.packingFee')} cents={totals.packing_fee} hook="packing-fee" />}
              {totals.pickup_discount > 0 && <SummaryRow label={t('checkout:summary.pickupDiscount')} cents={-totals.pickup_discount} hook="pickup-discount" />}
              {totals.coupon_discount > 0 && <SummaryRow label={t('checkout:summary.couponDiscount')} cents={-totals.coupon_discount} hook="coupon-discount" />}
              {totals.achievement_discount > 0 && (
                <SummaryRow label={t('checkout:summary.achievementDiscount')} cents={-totals.achievement_discount} hook="achievement-discount" />
              )}
              {totals.credits > 0 && <SummaryRow label={t('checkout:summary.credits')} cents={-totals.credits} hook="credits" />}
              <SummaryRow label={t('checkout:summary.total')} cents={totals.total} hook="total" strong />
            </dl>
            <label className="mt-2 flex flex-col gap-1" htmlFor={noteId}>
              <span className="text-sm font-semibold">{t('checkout:summary.note')}</span>
              <textarea
                id={noteId}
                className="min-h-16 w-full resize-y rounded-lg border border-solid border-line bg-card p-2 text-sm text-ink"
                maxLength={500}
                defaultValue={draft.note}
                placeholder={t('checkout:summary.notePlaceholder')}
                onBlur={(e) => store.setNote(e.target.value)}
                data-order-note
              />
            </label>
          </section>

          {prefs.use_discount_coupon && (
            <section className="flex flex-col gap-2 rounded-xl border border-dashed border-line p-3" data-section="coupon">
              <h3 className="m-0 text-base font-bold">{t('checkout:coupon.title')}</h3>
              <div className="flex gap-2">
                <input
                  aria-label={t('checkout:coupon.label')}
                  disabled
                  className="h-11 min-w-0 flex-1 rounded-lg border border-solid border-line bg-surface px-2 text-ink disabled:opacity-60"
                  aria-describedby={`${noteId}-coupon`}
                />
                <button type="button" disabled className="h-11 rounded-lg border-none bg-brand px-4 text-sm font-semibold text-onbrand disabled:opacity-50">
                  {t('checkout:coupon.apply')}
                </button>
              </div>
              <p id={`${noteId}-coupon`} className="m-0 text-sm text-muted">
                {t('checkout:coupon.soon')}
              </p>
            </section>
          )}

          <PaymentSection
            draft={draft}
            store={store}
            prefs={prefs}
            balance={user.credits}
            totalBeforeCredits={totals.total + totals.credits}
            total={totals.total}
            sectionRef={refs.payment}
            invoiceRef={refs.invoice}
            onPaymentInfo={() => paymentInfo(store.draft.value, lines, totals.total)}
          />
        </div>

        <aside aria-labelledby={productsHeading} className="flex flex-col gap-2 md:sticky md:top-0 md:self-start" data-checkout-products>
          <h3 id={productsHeading} className="m-0 text-base font-bold">
            {t('checkout:modal.products')}
          </h3>
          <ul className="m-0 flex list-none flex-col p-0">
            {lines.map((line) => (
              <li key={line.line_id} className="flex gap-3 border-b border-b-solid border-line py-2 last:border-b-0" data-checkout-line={line.product_id}>
                <span className="flex-none font-semibold tabular-nums">{line.qnt}x</span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="text-sm font-semibold">{line.name}</span>
                  {line.tags.length > 0 && <span className="text-xs text-muted">{line.tags.join(', ')}</span>}
                  {line.note && <span className="text-xs text-muted">{t('cart:modal.note', { note: line.note })}</span>}
                </span>
                <span className="flex-none text-sm font-semibold tabular-nums">{formatBRL(line.line_cents)}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
      {notSameDay && (
        <ConfirmDialog
          message={t('checkout:schedule.notSameDay')}
          cancelLabel={t('checkout:back')}
          confirmLabel={t('checkout:schedule.ok')}
          onCancel={() => setNotSameDay(false)}
          onConfirm={() => setNotSameDay(false)}
        />
      )}
    </FullScreenDialog>
  );
}

function SummaryRow({ label, cents, text, hook, strong }: { label: string; cents: number; text?: string; hook: string; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? 'font-bold' : 'text-muted'}>{label}</dt>
      <dd className={`m-0 text-right tabular-nums ${strong ? 'font-bold' : ''}`} data-summary-row={hook} data-cents={cents}>
        {text ?? (cents < 0 ? `- ${formatBRL(-cents)}` : formatBRL(cents))}
      </dd>
    </>
  );
}
