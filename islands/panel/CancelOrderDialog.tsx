// Cancelling an order from the screen: who cancels says why (the customer reads it on the order
// page); the refund of an order paid online follows on its own (src/server/services/order-status.ts).
import { useRef, useState } from 'react';
import { t } from '../../src/i18n/index.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { Button } from '../shared/Button.tsx';
import { Field } from '../shared/Field.tsx';
import { useModal } from '../shared/useModal.ts';
import { FRAME } from '../shared/dialog-frames.ts';
import './i18n.ts';

export function CancelOrderDialog({
  order,
  busy,
  onBack,
  onConfirm,
}: {
  order: OrderView;
  busy: boolean;
  onBack: () => void;
  onConfirm: (reason: string) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState('');
  const onKeyDown = useModal({ ref, onClose: onBack, focusOnOpen: () => reasonRef.current });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop goes back, as Escape and the back button do
    <div
      className={FRAME.bottom.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onBack();
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cancelar-pedido-titulo"
        onKeyDown={onKeyDown}
        className={FRAME.bottom.dialog}
        data-board-cancel-dialog
      >
        <form
          className="flex flex-col gap-4 p-5"
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(reason);
          }}
        >
          <h2 id="cancelar-pedido-titulo" className="m-0 text-lg font-bold">
            {t('board:actions.cancelTitle', { number: order.order })}
          </h2>
          <p className="m-0 text-sm text-muted">{t('board:actions.cancelText')}</p>
          <Field
            id="cancelar-pedido-motivo"
            ref={reasonRef}
            label={t('board:actions.cancelReason')}
            placeholder={t('board:actions.cancelReasonPlaceholder')}
            value={reason}
            maxLength={500}
            onInput={(event) => setReason((event.target as HTMLInputElement).value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onBack} data-board-cancel-back>
              {t('board:actions.cancelBack')}
            </Button>
            <Button type="submit" variant="destructive" loading={busy} data-board-cancel-confirm>
              {busy ? t('board:actions.busy') : t('board:actions.cancelConfirm')}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
