// The checkout's coupon, achievements and credits as React state (./PromotionSections.tsx draws
// the boxes; the rules are ./promotions.ts): the achievements with the customer's progress, read
// when the checkout opens (with use_gamification); applying a typed coupon after the server checked
// it, choosing or removing an achievement, each with its confirmations asked one at a time; what the
// boxes say; and what follows the cart and the delivery by itself: a coupon with nothing left to
// discount goes, the credits follow the total the server will take, a
// promotion the establishment no longer takes goes.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import { setSessionUser, type SessionUser } from '../../src/client/session.ts';
import { toast } from '../../src/client/toast.ts';
import type { CartLine } from '../../src/domain/cart.ts';
import { normalizeCouponCode } from '../../src/domain/coupon.ts';
import type { OrderTotals } from '../../src/domain/order-pricing.ts';
import { t } from '../../src/i18n/index.ts';
import type { AchievementView } from '../../src/schemas/api-promotions.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { CartStore, CheckoutPatch } from '../stores/cart.ts';
import { reportFailure } from '../shared/call-failure.ts';
import type { Prefs } from './model.ts';
import {
  appliedPromotionProblem,
  couponCheckFailure,
  creditsPatch,
  planAchievement,
  planCoupon,
  promotionFacts,
  promotionToClear,
  type PromotionConfirmation,
  type PromotionFacts,
  type PromotionMessage,
  type PromotionPlan,
} from './promotions.ts';
import { checkCoupon, loadAchievements, PROMOTION_CALLS, readCredits } from './promotions-api.ts';

/** A message of a box: a success is announced politely, a warning at once; `at` is the achievement it is about (shown on it). */
export type BoxMessage = PromotionMessage & { tone: 'success' | 'warning'; at?: string };

/** The words of a message, with its detail ('Esta conquista não pode ser usada. O prêmio dela já foi usado.'). */
export function messageText(m: PromotionMessage): string {
  const main = t(m.key, m.params);
  return m.detail ? `${main} ${messageText(m.detail)}` : main;
}

export type AchievementsLoad = { status: 'off' } | { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: AchievementView[] };

export interface PromotionsState {
  achievements: AchievementsLoad;
  reloadAchievements(): void;
  /** Checks the typed code with the server, then applies it; resolves whether the field should be emptied. */
  applyCoupon(code: string): Promise<{ clearCode: boolean }>;
  checkingCoupon: boolean;
  removeCoupon(): void;
  chooseAchievement(a: AchievementView): void;
  removeAchievement(): void;
  couponMessage: BoxMessage | null;
  achievementMessage: BoxMessage | null;
  /** Why the applied coupon or prize would be refused now (the cart or the delivery changed), or null. */
  appliedProblem: PromotionMessage | null;
  /** The question being asked before applying (replace the other kind, items on promotion left out), or null. */
  confirmation: PromotionConfirmation | null;
  confirm(): void;
  cancelConfirmation(): void;
  /** Ticking or unticking the credits box. */
  toggleCredits(on: boolean, totalBeforeCredits: number): void;
}

type Pending = { queue: PromotionConfirmation[]; patch: CheckoutPatch; kind: 'coupon' | 'achievement' };

export function usePromotions({
  store,
  establishmentId,
  prefs,
  user,
  draft,
  lines,
  totals,
}: {
  store: CartStore;
  establishmentId: string;
  prefs: Prefs;
  user: SessionUser;
  draft: Draft;
  lines: readonly CartLine[];
  totals: OrderTotals;
}): PromotionsState {
  const [achievements, setAchievements] = useState<AchievementsLoad>(prefs.use_gamification ? { status: 'loading' } : { status: 'off' });
  const [attempt, setAttempt] = useState(0);
  const [checkingCoupon, setCheckingCoupon] = useState(false);
  const [couponMessage, setCouponMessage] = useState<BoxMessage | null>(null);
  const [achievementMessage, setAchievementMessage] = useState<BoxMessage | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const facts = useMemo(() => promotionFacts(draft, lines, totals), [draft, lines, totals]);
  // An answer arriving after the customer changed the cart or the delivery is judged on the facts then.
  const factsRef = useRef<PromotionFacts>(facts);
  factsRef.current = facts;

  // The achievements with the customer's progress; a failure is silent: the box says it and offers a retry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (the retry button, an achievement the server refused) reads them again
  useEffect(() => {
    if (!prefs.use_gamification) return;
    const controller = new AbortController();
    setAchievements({ status: 'loading' });
    loadAchievements(establishmentId, controller.signal).then(
      (list) => setAchievements({ status: 'ready', list }),
      (err: unknown) => {
        const outcome = reportFailure(err, PROMOTION_CALLS.achievements);
        if (outcome.kind !== 'aborted' && outcome.kind !== 'session_ended') setAchievements({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [establishmentId, prefs.use_gamification, attempt]);

  // A coupon or prize kept from before the establishment switched them off goes (the server would refuse it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on open
  useEffect(() => {
    const held = store.draft.value;
    if (held.coupon && !prefs.use_discount_coupon) store.update({ coupon: null });
    if (held.achievement && !prefs.use_gamification) store.update({ achievement: null });
  }, []);

  // Decisions #1-#2: every product on promotion leaves the coupon nothing to discount.
  useEffect(() => {
    const clear = promotionToClear(draft, lines);
    if (!clear) return;
    store.update(clear.patch);
    toast(messageText(clear.message), { kind: 'info', durationMs: 5000 });
  }, [draft, lines, store]);

  // 'Aplicado' says nothing once the coupon or the achievement went (removed by the rules above or by a refusal of the order).
  useEffect(() => {
    if (!draft.coupon && couponMessage?.key === 'checkout:coupon.appliedMessage') setCouponMessage(null);
    if (achievementMessage?.key === 'checkout:gamification.appliedMessage' && draft.achievement?._id !== achievementMessage.at) setAchievementMessage(null);
  }, [draft.coupon, draft.achievement, couponMessage, achievementMessage]);

  // The credits follow what the server will take: the balance up to the total; an order they pay in full is paid by credits.
  useEffect(() => {
    const patch = creditsPatch(draft, totals, user.credits);
    if (patch) store.update(patch);
  }, [draft, totals, user.credits, store]);

  const runPlan = useCallback(
    (plan: PromotionPlan, kind: 'coupon' | 'achievement', success: BoxMessage): boolean => {
      const say = kind === 'coupon' ? setCouponMessage : setAchievementMessage;
      const other = kind === 'coupon' ? setAchievementMessage : setCouponMessage;
      if (plan.kind === 'refused') {
        say({ ...plan.message, tone: 'warning', at: success.at });
        return false;
      }
      if (plan.kind === 'unchanged') {
        say(success);
        return true;
      }
      if (plan.confirmations.length > 0) {
        setPending({ queue: plan.confirmations, patch: plan.patch, kind });
        return true;
      }
      store.update(plan.patch);
      say(success);
      other(null);
      return true;
    },
    [store],
  );

  const applyCoupon = async (typed: string): Promise<{ clearCode: boolean }> => {
    const code = normalizeCouponCode(typed);
    if (code === '') {
      setCouponMessage({ key: 'checkout:coupon.empty', tone: 'warning' });
      return { clearCode: false };
    }
    setCheckingCoupon(true);
    setCouponMessage(null);
    try {
      const view = await checkCoupon(establishmentId, code);
      const applied = runPlan(planCoupon(view, store.draft.value, factsRef.current), 'coupon', {
        key: 'checkout:coupon.appliedMessage',
        params: { code: view.code },
        tone: 'success',
      });
      return { clearCode: applied };
    } catch (err) {
      // A silent call for the global handling: only the box's own message shows.
      const outcome = reportFailure(err, PROMOTION_CALLS.couponCheck);
      if (outcome.kind === 'aborted' || outcome.kind === 'session_ended') return { clearCode: false };
      const failure = err instanceof ApiFailure ? err : new ApiFailure(-1, 'unexpected_error');
      const { message, clearCode } = couponCheckFailure(failure.status, failure.code);
      setCouponMessage({ ...message, tone: 'warning' });
      return { clearCode };
    } finally {
      setCheckingCoupon(false);
    }
  };

  const chooseAchievement = (a: AchievementView) => {
    runPlan(planAchievement(a, store.draft.value, factsRef.current), 'achievement', {
      key: 'checkout:gamification.appliedMessage',
      params: { name: a.name },
      tone: 'success',
      at: a._id,
    });
  };

  const confirm = () => {
    if (!pending) return;
    const [, ...rest] = pending.queue;
    if (rest.length > 0) {
      setPending({ ...pending, queue: rest });
      return;
    }
    setPending(null);
    store.update(pending.patch);
    if (pending.kind === 'coupon') {
      const code = pending.patch.coupon?.code ?? '';
      setCouponMessage({ key: 'checkout:coupon.appliedMessage', params: { code }, tone: 'success' });
      setAchievementMessage(null);
    } else {
      const prize = pending.patch.achievement;
      setAchievementMessage({ key: 'checkout:gamification.appliedMessage', params: { name: prize?.name ?? '' }, tone: 'success', at: prize?._id });
      setCouponMessage(null);
    }
  };

  const toggleCredits = (on: boolean, totalBeforeCredits: number) => {
    if (!on) {
      // Unticking clears the amount and the payment type.
      store.setCredits(0);
      return;
    }
    // Up to the total; the credits effect above makes an order they pay in full an order paid by credits.
    store.setCredits(Math.min(user.credits, totalBeforeCredits));
    // The balance may have moved since the page loaded (another tab's order, a grant): the preview prices the server's.
    readCredits(establishmentId).then(
      (value) => {
        if (value !== user.credits) setSessionUser(establishmentId, { ...user, credits: value });
      },
      (err: unknown) => reportFailure(err, PROMOTION_CALLS.credits),
    );
  };

  return {
    achievements,
    reloadAchievements: () => setAttempt((n) => n + 1),
    applyCoupon,
    checkingCoupon,
    removeCoupon: () => {
      store.update({ coupon: null });
      setCouponMessage({ key: 'checkout:coupon.removed', tone: 'success' });
    },
    chooseAchievement,
    removeAchievement: () => {
      const removed = store.draft.value.achievement?._id;
      store.update({ achievement: null });
      setAchievementMessage({ key: 'checkout:gamification.removed', tone: 'success', at: removed });
    },
    couponMessage,
    achievementMessage,
    appliedProblem: appliedPromotionProblem(draft, facts),
    confirmation: pending?.queue[0] ?? null,
    confirm,
    cancelConfirmation: () => setPending(null),
    toggleCredits,
  };
}
