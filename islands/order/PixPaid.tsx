// 'Pagamento confirmado': an order's Pix arrived, with when (GET /orders/{id}/pix).
import { useEffect, useState } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import type { OrderView } from './order-api.ts';
import { readPixCharge } from './pix-api.ts';
import { zonedDate, zonedTime } from './format.ts';
import { PixFrame } from './PixFrame.tsx';
import './i18n.ts';

/** A failure leaves the confirmation without the time, so the policy only logs it. */
const PAID: CallPolicy = { call: 'GET /orders/{id}/pix (paid)', role: 'in_place' };

export function PixPaid({ establishmentId, order, timeZone }: { establishmentId: string; order: OrderView; timeZone: string }) {
  const [paidAt, setPaidAt] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const orderId = order._id;

  // When the Pix came in, from the charge; a failure leaves the confirmation without the time.
  useEffect(() => {
    const abort = new AbortController();
    readPixCharge(establishmentId, orderId, abort.signal).then(
      ({ charge }) => setPaidAt(charge.paid_at),
      (err: unknown) => {
        const outcome = reportFailure(err, PAID);
        if (outcome.kind !== 'aborted' && err instanceof ApiFailure && err.code === 'pix_not_found') setNotFound(true);
      },
    );
    return () => abort.abort();
  }, [establishmentId, orderId]);

  return (
    <PixFrame state="paid" title={t('order:pix.paidTitle')}>
      <p className="m-0 text-base" data-pix-paid>
        {paidAt
          ? t('order:pix.paidAt', { amount: formatBRL(order.totals.total), date: zonedDate(paidAt, timeZone), time: zonedTime(paidAt, timeZone) })
          : t('order:pix.paid', { amount: formatBRL(order.totals.total) })}
      </p>
      {notFound && (
        <p className="m-0 text-sm text-muted" data-pix-not-found>
          {t('order:pix.notFound')}
        </p>
      )}
    </PixFrame>
  );
}
