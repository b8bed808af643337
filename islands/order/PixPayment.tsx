// Paying an order by Pix on its page [R-7.30, R-7.31]: while the order awaits its Pix, 'Pague com
// Pix' shows the charge POST /pix answers (idempotent: the same charge on every visit): the QR code
// (the server's SVG, drawn as an image, with a text alternative), the copia-e-cola in a read-only
// field with 'Copiar código' (the clipboard, else the text selected for the customer to copy), the
// amount and the time left ('Expira em 29:41', on the server's clock). The page follows the order
// (live updates, else its poll: islands/order/OrderPage.tsx) and hands it here again: once paid,
// the block says 'Pagamento confirmado' with when the Pix arrived (GET /orders/{id}/pix) and the Pix
// data goes. When the time runs out it says so and asks the page to read the order again; the
// server's job then cancels it, and the order's own cancellation notice takes over. A charge the
// server does not have is 'Pix não encontrado!' here, silent otherwise. Loaded only on the
// page of an order paid by Pix (a lazy import).
import { t } from '../../src/i18n/index.ts';
import { Button } from '../shared/Button.tsx';
import type { OrderView } from './order-api.ts';
import { PixCharge } from './PixCharge.tsx';
import { PixFrame } from './PixFrame.tsx';
import { PixPaid } from './PixPaid.tsx';
import { usePixCharge } from './usePixCharge.ts';
import './i18n.ts';

export interface PixPaymentProps {
  establishmentId: string;
  order: OrderView;
  timeZone: string;
  /** The charge's time ran out, or the server says the order stopped waiting: the page reads the order again. */
  onStale: () => void;
}

export default function PixPayment({ establishmentId, order, timeZone, onStale }: PixPaymentProps) {
  const status = order.payment.status;
  const awaiting = status === 'awaiting' && order.status !== 'canceled';
  if (status === 'paid' && (order.status === 'registered' || order.status === 'confirmed'))
    return <PixPaid establishmentId={establishmentId} order={order} timeZone={timeZone} />;
  if (awaiting) return <PixAwaiting establishmentId={establishmentId} order={order} onStale={onStale} />;
  return null;
}

function PixAwaiting({ establishmentId, order, onStale }: { establishmentId: string; order: OrderView; onStale: () => void }) {
  const { state, charge, msLeft, timeUp, announcement, retry } = usePixCharge(establishmentId, order._id, onStale);

  // One live region for the whole wait, kept in place while the block changes under it.
  const region = (
    <p className="sr-only" role="status" aria-live="polite" data-pix-announcement>
      {announcement}
    </p>
  );

  if (state.kind === 'expired' || timeUp) {
    return (
      <>
        {region}
        <PixFrame state="expired" title={t('order:pix.expiredTitle')}>
          <p className="m-0 text-base" data-pix-expired>
            {t('order:pix.expired')}
          </p>
        </PixFrame>
      </>
    );
  }

  return (
    <>
      {region}
      <PixFrame state={state.kind} title={t('order:pix.title')}>
        {state.kind === 'loading' && (
          <p className="m-0 text-muted" data-pix-loading>
            {t('order:pix.loading')}
          </p>
        )}
        {state.kind === 'not_found' && (
          <p className="m-0 text-ink" data-pix-not-found>
            {t('order:pix.notFound')}
          </p>
        )}
        {state.kind === 'failed' && (
          <div className="flex flex-col items-start gap-2" data-pix-failed>
            <p className="m-0 text-ink">{t('order:pix.failed')}</p>
            <Button variant="secondary" size="compact" onClick={retry} data-pix-retry>
              {t('order:pix.retry')}
            </Button>
          </div>
        )}
        {charge && <PixCharge charge={charge} msLeft={msLeft} />}
      </PixFrame>
    </>
  );
}
