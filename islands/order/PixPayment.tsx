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
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { ApiFailure } from '../../src/client/api.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import type { OrderView } from './order-api.ts';
import { countdownText, createPixCharge, readPixCharge, type PixChargeView } from './pix-api.ts';
import { zonedDate, zonedTime } from './format.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

/** What the block shows and the failures it shows itself (with a retry), so the policy only logs them. */
const CHARGE: CallPolicy = { call: 'POST /pix', role: 'in_place' };
const PAID: CallPolicy = { call: 'GET /orders/{id}/pix (paid)', role: 'in_place' };

/** Moments of the countdown told to a screen reader (ms left), besides the end. */
const ANNOUNCE_AT = [5 * 60_000, 60_000];

type ChargeState =
  | { kind: 'loading' }
  | { kind: 'ready'; charge: PixChargeView; skewMs: number }
  | { kind: 'not_found' }
  | { kind: 'expired' }
  | { kind: 'failed' };

export interface PixPaymentProps {
  establishmentId: string;
  order: OrderView;
  timeZone: string;
  /** The charge's time ran out, or the server says the order stopped waiting: the page reads the order again. */
  onStale: () => void;
}

/** The failure as this block shows it: the server's 404 is 'Pix não encontrado!', its 409 the end of the wait. */
function failureKind(err: unknown): 'not_found' | 'expired' | 'failed' | 'none' {
  const outcome = reportFailure(err, CHARGE);
  if (outcome.kind === 'aborted' || outcome.kind === 'session_ended') return 'none';
  if (err instanceof ApiFailure && err.code === 'pix_expired') return 'expired';
  if (err instanceof ApiFailure && (err.code === 'pix_not_found' || err.status === 404)) return 'not_found';
  return 'failed';
}

export default function PixPayment({ establishmentId, order, timeZone, onStale }: PixPaymentProps) {
  const status = order.payment.status;
  const awaiting = status === 'awaiting' && order.status !== 'canceled';
  if (status === 'paid' && (order.status === 'registered' || order.status === 'confirmed'))
    return <PixPaid establishmentId={establishmentId} order={order} timeZone={timeZone} />;
  if (awaiting) return <PixAwaiting establishmentId={establishmentId} order={order} onStale={onStale} />;
  return null;
}

function Frame({ state, title, children }: { state: string; title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border-2 border-solid border-brand bg-card p-4 text-ink md:p-6"
      data-pix-payment={state}
    >
      <h2 id={headingId} className="m-0 text-xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function PixAwaiting({ establishmentId, order, onStale }: { establishmentId: string; order: OrderView; onStale: () => void }) {
  const [state, setState] = useState<ChargeState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const onStaleRef = useRef(onStale);
  onStaleRef.current = onStale;
  const orderId = order._id;

  // The charge: made (or, made already, read) by POST /pix; again on 'Tentar novamente'.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again
  useEffect(() => {
    const abort = new AbortController();
    setState({ kind: 'loading' });
    createPixCharge(establishmentId, orderId, abort.signal).then(
      ({ charge, skewMs }) => {
        if (charge.status !== 'active') {
          // The order moved on before the page knew (paid, expired, cancelled): read it again; it shows the rest.
          setState(charge.status === 'expired' ? { kind: 'expired' } : { kind: 'loading' });
          onStaleRef.current();
          return;
        }
        setState({ kind: 'ready', charge, skewMs });
      },
      (err: unknown) => {
        const kind = failureKind(err);
        if (kind === 'none') return;
        setState({ kind });
        if (kind === 'expired') onStaleRef.current();
      },
    );
    return () => abort.abort();
  }, [establishmentId, orderId, attempt]);

  const charge = state.kind === 'ready' ? state.charge : null;
  const expiresAt = charge ? Date.parse(charge.expires_at) : Number.NaN;
  const msLeft = state.kind === 'ready' ? expiresAt - (now + state.skewMs) : 0;
  const timeUp = charge !== null && msLeft <= 0;

  // The countdown, once a second while there is time left.
  useEffect(() => {
    if (!charge || timeUp) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [charge, timeUp]);

  // A screen reader hears the time left at 5 minutes and at 1 minute, and the end.
  const told = useRef<Set<number>>(new Set());
  useEffect(() => {
    if (!charge) return;
    if (timeUp) {
      setAnnouncement(t('order:pix.expired'));
      onStaleRef.current();
      return;
    }
    for (const mark of ANNOUNCE_AT) {
      if (msLeft <= mark && msLeft > mark - 60_000 && !told.current.has(mark)) {
        told.current.add(mark);
        setAnnouncement(t('order:pix.timeLeft', { time: countdownText(msLeft) }));
      }
    }
  }, [charge, timeUp, msLeft]);

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
        <Frame state="expired" title={t('order:pix.expiredTitle')}>
          <p className="m-0 text-base" data-pix-expired>
            {t('order:pix.expired')}
          </p>
        </Frame>
      </>
    );
  }

  return (
    <>
      {region}
      <Frame state={state.kind} title={t('order:pix.title')}>
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
            <Button variant="secondary" size="compact" onClick={() => setAttempt((n) => n + 1)} data-pix-retry>
              {t('order:pix.retry')}
            </Button>
          </div>
        )}
        {charge && <PixCharge charge={charge} msLeft={msLeft} />}
      </Frame>
    </>
  );
}

function PixCharge({ charge, msLeft }: { charge: PixChargeView; msLeft: number }) {
  const fieldId = useId();
  const hintId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const amount = formatBRL(charge.amount);

  async function copy() {
    const text = charge.copy_paste;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      toast(t('order:pix.copied'), { kind: 'success' });
      return;
    } catch {
      // No clipboard (an old browser, a page not allowed to write it): the text selected, copied the old way if it can be.
    }
    const el = field.current;
    el?.focus();
    el?.select();
    el?.setSelectionRange(0, text.length);
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    toast(t(copied ? 'order:pix.copied' : 'order:pix.selected'), { kind: copied ? 'success' : 'info' });
  }

  return (
    <div className="flex flex-col gap-4" data-pix-charge={charge.txid}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="m-0 text-base">
          {t('order:pix.amountLabel')}{' '}
          <strong className="text-lg tabular-nums" data-pix-amount={charge.amount}>
            {amount}
          </strong>
        </p>
        <p className="m-0 text-base font-semibold tabular-nums" role="timer" aria-live="off" data-pix-countdown>
          {t('order:pix.expiresIn', { time: countdownText(msLeft) })}
        </p>
      </div>
      <p id={hintId} className="m-0 text-sm text-muted">
        {t('order:pix.howTo')}
      </p>
      {/* On a phone, whose own screen cannot be scanned, the code to paste comes first. */}
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <div className="order-2 flex flex-none justify-center md:order-1">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(charge.qr_svg)}`}
            alt={t('order:pix.qrAlt', { amount })}
            width={224}
            height={224}
            className="block rounded-lg border border-solid border-line bg-white"
            data-pix-qr
          />
        </div>
        <div className="order-1 flex min-w-0 flex-1 flex-col gap-2 md:order-2">
          <label htmlFor={fieldId} className="text-sm font-semibold text-ink">
            {t('order:pix.codeLabel')}
          </label>
          <textarea
            ref={field}
            id={fieldId}
            readOnly
            rows={4}
            value={charge.copy_paste}
            aria-describedby={hintId}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full resize-none break-all rounded-lg border border-solid border-line bg-surface px-3 py-2 font-mono text-sm text-ink"
            data-pix-code
          />
          <Button onClick={() => void copy()} data-pix-copy>
            {t('order:pix.copy')}
          </Button>
        </div>
      </div>
    </div>
  );
}

function PixPaid({ establishmentId, order, timeZone }: { establishmentId: string; order: OrderView; timeZone: string }) {
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
    <Frame state="paid" title={t('order:pix.paidTitle')}>
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
    </Frame>
  );
}
