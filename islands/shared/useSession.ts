// The customer's session as React state, for the islands that change with it (the cart's
// check-order footer, the checkout): src/client/session.ts holds the session for the page and tells
// every listener of logins and logouts, here and in the establishment's other tabs.
import { useEffect, useState } from 'react';
import { getSession, onSessionChange, type SessionUser } from '../../src/client/session.ts';

export type SessionState = { status: 'loading' } | { status: 'ready'; user: SessionUser | null };

/** The customer of the establishment (null for a visitor), following logins and logouts. */
export function useSession(establishmentId: string): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    getSession(establishmentId).then(
      (user) => {
        if (live) setState({ status: 'ready', user });
      },
      (err: unknown) => {
        // A network failure reads as a visitor: the login link is always a safe offer.
        console.error(err);
        if (live) setState({ status: 'ready', user: null });
      },
    );
    const off = onSessionChange((user) => setState({ status: 'ready', user }));
    return () => {
      live = false;
      off();
    };
  }, [establishmentId]);
  return state;
}
