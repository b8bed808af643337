// The checkout, loaded by a dynamic import when 'Finalizar pedido' is pressed (islands/cart/
// CartRoot.tsx), so the first interaction's bundle stays the cart's. It loads what it needs
// (./context.ts), then shows the extras modal when the establishment has active order variations
// otherwise the complete-request modal at once. Meanwhile the loading overlay
// covers the page (3 s at the most ); a failed load says so in a dialog with a retry.
import { useEffect, useId, useState } from 'react';
import { t } from '../../src/i18n/index.ts';
import { LoadingOverlay } from '../shared/LoadingOverlay.tsx';
import { reportFailure } from '../shared/call-failure.ts';
import { useSession } from '../shared/useSession.ts';
import type { CartStore } from '../stores/cart.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { CompleteRequest } from './CompleteRequest.tsx';
import { loadCheckoutContext, type CheckoutContext } from './context.ts';
import { ExtrasModal } from './ExtrasModal.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import './i18n.ts';

export interface CheckoutFlowProps {
  store: CartStore;
  island: StoreIsland;
  opener: HTMLElement | null;
  /** performance.now() of the 'Finalizar pedido' tap: the loading veil counts its 3 s from it. */
  askedAt?: number;
  onClose: () => void;
}

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; ctx: CheckoutContext };

export default function CheckoutFlow({ store, island, opener, askedAt, onClose }: CheckoutFlowProps) {
  const session = useSession(island.id);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [step, setStep] = useState<'extras' | 'complete' | null>(null);
  const titleId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (the retry button) loads again
  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    const ids = store.lines.peek().map((l) => l.product_id);
    loadCheckoutContext(island.id, ids).then(
      (ctx) => {
        if (!live) return;
        setLoad({ status: 'ready', ctx });
        setStep((s) => s ?? (ctx.orderVariations.length > 0 ? 'extras' : 'complete'));
      },
      (err: unknown) => {
        const outcome = reportFailure(err, { call: 'checkout context (establishment, order variations)', role: 'in_place' });
        if (live && outcome.kind !== 'aborted' && outcome.kind !== 'session_ended') setLoad({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [island.id, store, attempt]);

  if (load.status === 'failed') {
    return (
      <Dialog fullScreen titleId={titleId} title={t('checkout:modal.title')} onClose={onClose} opener={opener} hook={{ 'data-checkout': 'failed' }}>
        <div className="flex min-h-40 flex-col items-center justify-center gap-3 p-6 text-center" aria-live="polite">
          <p className="m-0">{t('checkout:loadFailed')}</p>
          <button
            type="button"
            className="cursor-pointer rounded-lg border-none bg-brand px-4 py-2 font-semibold text-onbrand"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {t('checkout:retry')}
          </button>
        </div>
      </Dialog>
    );
  }
  if (load.status !== 'ready' || session.status !== 'ready' || step === null)
    return <LoadingOverlay text={t('checkout:loading')} hook="checkout-loading" since={askedAt} />;

  const { ctx } = load;
  if (step === 'extras' && session.user) {
    return <ExtrasModal store={store} groups={ctx.orderVariations} opener={opener} onClose={onClose} onContinue={() => setStep('complete')} />;
  }
  return (
    <CompleteRequest
      store={store}
      island={island}
      ctx={ctx}
      user={session.user}
      opener={opener}
      onClose={onClose}
      onEditExtras={ctx.orderVariations.length > 0 ? () => setStep('extras') : null}
    />
  );
}
