// The customer's cancellation: 'Tem certeza que deseja cancelar esse pedido?'
// with the reason the establishment will read (required), 'Voltar' or 'Sim, cancelar'. An order
// paid online is told that its amount goes back (to the card, or by Pix to the account that paid);
// one still awaiting its Pix, that the Pix will no longer be payable.
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { Dialog } from '../shared/Dialog.tsx';
import type { OrderView } from './order-api.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

/** The API's CANCELLATION_REASON_MAX (src/schemas/api-orders.ts, not imported: it would bring arktype into the page). */
const REASON_MAX = 500;

/** What cancelling does to the order's payment, in a sentence; null when nothing was paid online. */
function paymentNote(order: Pick<OrderView, 'payment_type' | 'payment' | 'totals'>): string | null {
  const amount = formatBRL(order.totals.total);
  if (order.payment.status === 'paid') return t(order.payment_type === 'pix' ? 'order:cancel.refund_pix' : 'order:cancel.refund_online', { amount });
  if (order.payment.status === 'awaiting' && order.payment_type === 'pix') return t('order:cancel.unpaidPix');
  return null;
}

export function CancelOrderDialog({
  order,
  busy,
  onBack,
  onConfirm,
}: {
  order: Pick<OrderView, 'payment_type' | 'payment' | 'totals'>;
  busy: boolean;
  onBack: () => void;
  onConfirm: (reason: string) => void;
}) {
  const note = paymentNote(order);
  const uid = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const formId = `${uid}-form`;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(t('order:cancel.reasonRequired'));
      reasonRef.current?.focus();
      return;
    }
    onConfirm(text);
  };

  return (
    <Dialog
      titleId={`${uid}-title`}
      title={t('order:cancel.title')}
      onClose={onBack}
      initialFocus={reasonRef}
      hook={{ 'data-order-cancel-dialog': '', role: 'alertdialog', 'aria-describedby': note ? `${uid}-message ${uid}-payment` : `${uid}-message` }}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" size="dialog" onClick={onBack} data-order-cancel-back>
            {t('order:cancel.back')}
          </Button>
          <Button type="submit" form={formId} loading={busy} variant="destructive" size="dialog" data-order-cancel-confirm>
            {busy ? t('order:cancel.busy') : t('order:cancel.submit')}
          </Button>
        </div>
      }
    >
      <form id={formId} noValidate className="flex flex-col gap-3 p-4" onSubmit={submit}>
        <p id={`${uid}-message`} className="m-0 text-base font-semibold" data-order-cancel-message>
          {t('order:cancel.confirm')}
        </p>
        {note && (
          <p id={`${uid}-payment`} className="m-0 text-sm text-ink" data-order-cancel-payment={order.payment.status}>
            {note}
          </p>
        )}
        <label htmlFor={`${uid}-reason`} className="text-sm font-semibold text-ink">
          {t('order:cancel.reason')}
        </label>
        <textarea
          ref={reasonRef}
          id={`${uid}-reason`}
          name="reason"
          rows={3}
          required
          maxLength={REASON_MAX}
          value={reason}
          placeholder={t('order:cancel.reasonPlaceholder')}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError('');
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}-error` : undefined}
          className={`w-full rounded-lg border border-solid bg-card px-3 py-2 text-base text-ink ${error ? 'border-red-600' : 'border-line'}`}
          data-order-cancel-reason
        />
        {error && (
          <p id={`${uid}-error`} className="m-0 text-sm text-red-700 dark:text-red-400" data-order-cancel-error>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
