// The complete-request modal of a logged-in customer (./CompleteRequest.tsx) [R-2.48, spec screen 3],
// in the order a customer answers it: delivery type with the address
// picker for delivery, the closed notice, the schedule (only with max_days_scheduling > 0
// and a type chosen ), the payment with the credits, then what is optional: the
// coupon box and the achievement picker where the preferences enable them, and last
// the order summary with every part of the total [R-2.73, R-2.107..R-2.110]; the products in the
// right column and the send-order bar. The state and the customer's moves
// are ./useCheckout.ts; each section draws its part of it (./DeliverySection.tsx,
// ./ScheduleSection.tsx, ./PaymentSection.tsx, ./CouponSection.tsx, ./PromotionSections.tsx,
// ./CheckoutSections.tsx, ./SummarySection.tsx); the dialogs it may open: the schedule modal
// [R-5.74] (./ScheduleModal.tsx), the card's CVV, a promotion's confirmation, the 'not the same
// day' notice and the next free slot after a send refused for a full one (./SlotFullDialog.tsx).
import { Suspense } from 'react';
import type { SessionUser } from '../../src/client/session.ts';
import { t } from '../../src/i18n/index.ts';
import { ConfirmDialog, Dialog } from '../shared/Dialog.tsx';
import { ClosedNotice, ExtrasBackButton, ProductsAside, SendOrderBar } from './CheckoutSections.tsx';
import { SummarySection } from './SummarySection.tsx';
import { CouponSection } from './CouponSection.tsx';
import { GamificationSection, PromotionConfirmDialog } from './PromotionSections.tsx';
import { DeliverySection } from './DeliverySection.tsx';
import { productRefusingSchedule } from './model.ts';
import { PaymentSection } from './PaymentSection.tsx';
import { ScheduleModal } from './ScheduleModal.tsx';
import { ScheduleSection } from './ScheduleSection.tsx';
import { SlotFullDialog } from './SlotFullDialog.tsx';
import { paymentInfo } from './send.ts';
import { useCheckout } from './useCheckout.ts';
import type { CompleteRequestProps } from './CompleteRequest.tsx';
import './i18n.ts';
import { WaitingOrderDialog } from './WaitingOrderDialog.tsx';
import { lazyWithReload } from '../shared/lazy.ts';

// The CVV before an order paid by card is sent: its code comes only with a card payment.
const OrderCvvModal = lazyWithReload(() => import('../cards/OrderCvvModal.tsx'));

export function CustomerCheckout({
  store,
  island,
  ctx,
  user,
  opener,
  onClose,
  onEditExtras,
  titleId,
}: CompleteRequestProps & { user: SessionUser; titleId: string }) {
  const checkout = useCheckout({ store, ctx, user, onEditExtras });
  const { draft, lines, prefs, open, canSchedule, mustSchedule, products, schedule, totals, sending, refs } = checkout;

  return (
    <Dialog
      fullScreen
      titleId={titleId}
      title={t('checkout:modal.title')}
      onClose={onClose}
      opener={opener}
      footer={<SendOrderBar total={totals.total} sending={sending} onSend={() => void checkout.submit()} />}
      leading={onEditExtras ? <ExtrasBackButton onClick={onEditExtras} /> : null}
      hook={{ 'data-checkout': 'customer' }}
    >
      <div className="mx-auto grid max-w-6xl gap-6 p-4 md:grid-cols-[minmax(0,1fr)_20rem] md:p-6">
        <div className="flex min-w-0 flex-col gap-6">
          <DeliverySection checkout={checkout} store={store} island={island} />
          {!open && <ClosedNotice canSchedule={canSchedule} />}
          {canSchedule && draft.delivery_type !== null && (
            <ScheduleSection
              ctx={schedule}
              draft={draft}
              store={store}
              required={mustSchedule}
              refusing={productRefusingSchedule(products)}
              sectionRef={refs.schedule}
              fullSlots={checkout.slots.fullSlots}
            />
          )}
          <PaymentSection
            draft={draft}
            store={store}
            prefs={prefs}
            balance={user.credits}
            totalBeforeCredits={totals.total + totals.credits}
            total={totals.total}
            onCredits={(on) => checkout.promotions.toggleCredits(on, totals.total + totals.credits)}
            sectionRef={refs.payment}
            invoiceRef={refs.invoice}
            onPaymentInfo={() => paymentInfo(store.draft.value, lines, totals.total)}
            establishmentId={ctx.establishment._id}
            user={user}
            slug={island.slug}
            timeZone={ctx.establishment.time_zone}
            support={{ name: ctx.establishment.name, phone: ctx.establishment.hide_phone ? null : ctx.establishment.phone }}
          />
          {prefs.use_discount_coupon && <CouponSection checkout={checkout} />}
          {prefs.use_gamification && <GamificationSection checkout={checkout} />}
          <SummarySection checkout={checkout} store={store} />
        </div>
        <ProductsAside lines={lines} />
      </div>
      {checkout.scheduleModal && (
        <ScheduleModal
          ctx={schedule}
          store={store}
          products={checkout.scheduleModal}
          required={mustSchedule}
          onClose={checkout.closeScheduleModal}
          fullSlots={checkout.slots.fullSlots}
        />
      )}
      {checkout.cvvFor && (
        <Suspense fallback={null}>
          <OrderCvvModal
            card={checkout.cvvFor}
            amount={totals.total}
            merchant={ctx.establishment.name}
            onCancel={checkout.cancelCvv}
            onConfirm={checkout.confirmCvv}
          />
        </Suspense>
      )}
      <PromotionConfirmDialog checkout={checkout} />
      {checkout.waitingOrder.waiting && <WaitingOrderDialog order={checkout.waitingOrder} />}
      {checkout.slots.slotFull && (
        <SlotFullDialog offer={checkout.slots.slotFull} onTake={checkout.slots.takeSlotOffer} onOther={checkout.slots.dismissSlotOffer} />
      )}
      {checkout.notSameDay && (
        <ConfirmDialog
          message={t('checkout:schedule.notSameDay')}
          cancelLabel={t('checkout:back')}
          confirmLabel={t('checkout:schedule.ok')}
          onCancel={checkout.dismissNotSameDay}
          onConfirm={checkout.dismissNotSameDay}
        />
      )}
    </Dialog>
  );
}
