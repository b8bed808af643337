// The card validation pages' state (./CardStepPage.tsx draws it): the session (a visitor logs in
// first and comes back to this very step), the cards and blacklist, the step the card is really at
// (./validation-flow.ts stepForCard) and the address kept in step with it: replaced for the step
// shown, a new entry per step reached, and the browser's back and forward buttons followed.
import { useEffect, useState } from 'react';
import { routes, type CardStep } from '../../src/lib/urls.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { useSession } from '../shared/useSession.ts';
import { useCards } from './useCards.ts';
import { STEP_ROUTE, stepForCard, stepOfRoute, type ValidationStep } from './validation-flow.ts';

export function useCardStepPage(establishmentId: string, slug: string, route: CardStep, cardId: string | null) {
  const session = useSession(establishmentId);
  const user = session.status === 'ready' ? session.user : null;
  const { cards, status, blacklist, reload, put } = useCards(establishmentId, user !== null);
  const [asked, setAsked] = useState<ValidationStep>(() => stepOfRoute(route));
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => setHydrated(true), []);

  // A visitor logs in first and comes back to this very step.
  useEffect(() => {
    if (session.status === 'ready' && !session.user) {
      location.assign(`${routes.account(slug)}?voltar=${encodeURIComponent(location.pathname + location.search)}`);
    }
  }, [session, slug]);

  // The browser's back and forward buttons move between the steps this page pushed.
  useEffect(() => {
    const onPop = () => {
      const segment = location.pathname.split('/').filter(Boolean).pop() ?? '';
      const known = (Object.values(STEP_ROUTE) as string[]).includes(segment);
      if (known) setAsked(stepOfRoute(segment as CardStep));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const card = cards?.find((c) => c._id === cardId) ?? null;
  const ready = status === 'ready' && blacklist !== null;
  const step = ready || (asked === 'exceeded' && cardId === null) ? stepForCard(card, blacklist?.blocked === true, asked) : null;

  // The address names the step shown (a reload shows it again).
  useEffect(() => {
    if (!step) return;
    const here = routes.cardStep(slug, STEP_ROUTE[step], cardId ?? undefined);
    if (location.pathname + location.search !== here) history.replaceState(history.state, '', here);
  }, [step, slug, cardId]);

  return {
    user,
    card,
    step,
    status,
    blacklist,
    reload,
    put,
    hydrated,
    /** A step reached: a new entry per step, so back returns to the previous one. */
    stepped: (next: ValidationStep, now: CardView) => {
      put(now);
      if (next === 'exceeded') reload();
      setAsked(next);
      const here = routes.cardStep(slug, STEP_ROUTE[next], now._id);
      if (location.pathname + location.search !== here) history.pushState(null, '', here);
    },
  };
}
