// Whom the account area serves: the server's guess from the session hint cookie ('member' or
// 'visitor') until the browser confirms it with getSession(), then every login and logout here and
// in the establishment's other tabs (a 401 puts the login form back).
import { useEffect, useState } from 'react';
import { getSession, onSessionChange } from '../../src/client/session.ts';
import { reportFailure } from '../shared/call-failure.ts';

export function useAccountSession(establishmentId: string, member: boolean) {
  const [state, setState] = useState<'member' | 'visitor'>(member ? 'member' : 'visitor');
  // Set once React owns the markup (tests and scripts wait for it before typing).
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    const off = onSessionChange((user) => setState(user ? 'member' : 'visitor'));
    getSession(establishmentId).then(
      (user) => setState(user ? 'member' : 'visitor'),
      // Offline or a server error: the server's guess stays; 'Meus dados' says what it could not load.
      (err: unknown) => reportFailure(err, { call: 'GET /users/me (account)', role: 'background' }),
    );
    return off;
  }, [establishmentId]);

  return { state, hydrated };
}
