// The checkout's notice of a waiting order (./useWaitingOrder.ts): it says the order is kept on the
// device and goes once the connection returns, and offers to try now or to cancel it. On top of
// the checkout, as its other confirmations; Escape does not cancel an order, only the button does.
import { useRef } from 'react';
import { t } from '../../src/i18n/index.ts';
import { Button } from '../shared/Button.tsx';
import { useModal } from '../shared/useModal.ts';
import type { WaitingOrderState } from './useWaitingOrder.ts';

export function WaitingOrderDialog({ order }: { order: WaitingOrderState }) {
  const ref = useRef<HTMLDivElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = useModal({ ref, onClose: () => {}, focusOnOpen: () => sendRef.current });
  return (
    <div className="fixed inset-0 z-[80] flex items-center justify-center bg-black/50 p-4">
      <div
        ref={ref}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="waiting-order-title"
        aria-describedby="waiting-order-text"
        onKeyDown={onKeyDown}
        className="w-full max-w-sm rounded-2xl bg-card p-5 text-ink shadow-2xl"
        data-waiting-order
      >
        <h2 id="waiting-order-title" className="m-0 mb-2 text-lg font-bold">
          {t('offline:waiting.title')}
        </h2>
        <p id="waiting-order-text" className="m-0 mb-5 text-base">
          {t('offline:waiting.text')}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" size="compact" onClick={order.cancel} disabled={order.trying} data-waiting-cancel>
            {t('offline:waiting.cancel')}
          </Button>
          <Button ref={sendRef} size="compact" onClick={order.sendNow} disabled={order.trying} data-waiting-send>
            {t('offline:waiting.sendNow')}
          </Button>
        </div>
      </div>
    </div>
  );
}
