// The wait for an order's Pix: the charge POST /pix answers (idempotent: the same charge on every
// visit, asked again on 'Tentar novamente'), the countdown on the server's clock, and what a screen
// reader hears of it. When the time runs out, or the charge says the order moved on, the page is
// asked to read the order again.
import { useEffect, useRef, useState } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import { t } from '../../src/i18n/index.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import { countdownText, createPixCharge, type PixChargeView } from './pix-api.ts';
import './i18n.ts';

/** What the block shows and the failures it shows itself (with a retry), so the policy only logs them. */
const CHARGE: CallPolicy = { call: 'POST /pix', role: 'in_place' };

/** Moments of the countdown told to a screen reader (ms left), besides the end. */
const ANNOUNCE_AT = [5 * 60_000, 60_000];

export type ChargeState =
  | { kind: 'loading' }
  | { kind: 'ready'; charge: PixChargeView; skewMs: number }
  | { kind: 'not_found' }
  | { kind: 'expired' }
  | { kind: 'failed' };

/** The failure as this block shows it: the server's 404 is 'Pix não encontrado!', its 409 the end of the wait. */
function failureKind(err: unknown): 'not_found' | 'expired' | 'failed' | 'none' {
  const outcome = reportFailure(err, CHARGE);
  if (outcome.kind === 'aborted' || outcome.kind === 'session_ended') return 'none';
  if (err instanceof ApiFailure && err.code === 'pix_expired') return 'expired';
  if (err instanceof ApiFailure && (err.code === 'pix_not_found' || err.status === 404)) return 'not_found';
  return 'failed';
}

export function usePixCharge(establishmentId: string, orderId: string, onStale: () => void) {
  const [state, setState] = useState<ChargeState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const onStaleRef = useRef(onStale);
  onStaleRef.current = onStale;

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

  return { state, charge, msLeft, timeUp, announcement, retry: () => setAttempt((n) => n + 1) };
}
