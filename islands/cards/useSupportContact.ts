// Who lifts a card holder's blacklist: the establishment, by phone. The wallet reads its
// name and phone only when the customer turns out to be blocked (the step pages and the checkout
// have them already).
import { useEffect, useState } from 'react';
import { call } from '../../src/client/api.ts';
import { reportFailure } from '../shared/call-failure.ts';
import type { SupportContact } from './BlacklistNotice.tsx';

export function useSupportContact(establishmentId: string, needed: boolean): SupportContact | null {
  const [support, setSupport] = useState<SupportContact | null>(null);
  useEffect(() => {
    if (!needed || support) return;
    let live = true;
    call('GET /establishments/:id', { params: { id: establishmentId }, establishmentId }).then(
      (est) => {
        if (live) setSupport({ name: est.name, phone: est.hide_phone ? null : est.phone });
      },
      (err: unknown) => reportFailure(err, { call: 'GET /establishments/{id} (card support)', role: 'background' }),
    );
    return () => {
      live = false;
    };
  }, [establishmentId, needed, support]);
  return support;
}
