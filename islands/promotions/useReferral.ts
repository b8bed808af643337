// The referral screen's data (./ReferralPanel.tsx): GET /users/me/referral, read again on 'Tentar
// de novo'. It is the screen's required data: a server failure goes to the error page [R-8.69];
// offline (or a failure the policy leaves to the screen), the screen says so with a retry.
import { useCallback, useEffect, useState } from 'react';
import type { ReferralAnswer } from '../../src/schemas/api-promotions.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { REFERRAL_CALL, fetchReferral } from './promotions-api.ts';

export type ReferralState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; referral: ReferralAnswer };

export function useReferral(establishmentId: string) {
  const [state, setState] = useState<ReferralState>({ kind: 'loading' });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setState({ kind: 'loading' });
      try {
        setState({ kind: 'ready', referral: await fetchReferral(establishmentId, signal) });
      } catch (err) {
        const outcome = reportFailure(err, REFERRAL_CALL);
        if (outcome.kind === 'toast' || outcome.kind === 'silent' || outcome.kind === 'logged') setState({ kind: 'failed' });
      }
    },
    [establishmentId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return { state, load };
}
