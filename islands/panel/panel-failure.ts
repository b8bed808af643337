// What the panel says when one of its actions is refused. The storefront's policy keeps a 400 or a
// 409 silent (the customer's screen says it itself); the panel's one-tap actions have no form to
// say it in, so every refusal is a toast here: a staff refusal's own words (a role without the
// permission, a session that ended), else the action's. A lost connection keeps its own words.
import { hasKey } from '../../src/i18n/index.ts';
import type { CallPolicy, Message } from '../shared/call-failure.ts';
import '../staff/i18n.ts';
import './i18n.ts';

/** The policy of a panel action whose failure is `fallback` unless a staff refusal says more. */
export function panelAction(call: string, fallback: Message): CallPolicy {
  return {
    call,
    role: 'action',
    fallback,
    catalogue: (failure) => {
      if (failure.status <= 0) return null;
      const key = `staff:refusals.${failure.code}`;
      return hasKey(key) ? { key } : fallback;
    },
  };
}
