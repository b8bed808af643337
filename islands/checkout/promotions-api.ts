// The checkout's promotion calls (docs/api.md 'Coupons', 'Achievements', 'Credits'): checking a
// coupon code for the session's customer, the achievements with the customer's progress, and the
// credit balance. The coupon check and the achievements are silent cases of the global error
// handling (spec section 8 ): their failures show only the box's own messages.
import { call } from '../../src/client/api.ts';
import type { AchievementView, CouponView } from '../../src/schemas/api-promotions.ts';
import type { CallPolicy } from '../shared/call-failure.ts';

export const PROMOTION_CALLS = {
  couponCheck: { call: 'POST /establishments/{id}/coupons/check', role: 'action', silentCall: true },
  achievements: { call: 'GET /establishments/{id}/achievements (checkout)', role: 'in_place', silentCall: true },
  credits: { call: 'GET /users/me/credits', role: 'background' },
} satisfies Record<string, CallPolicy>;

/** POST /establishments/{id}/coupons/check: the coupon, if the customer may use it now; rejects with ApiFailure (403/404 refusals). */
export function checkCoupon(establishmentId: string, code: string, signal?: AbortSignal): Promise<CouponView> {
  return call('POST /establishments/:id/coupons/check', {
    params: { id: establishmentId },
    body: { code },
    establishmentId,
    signal,
  });
}

/** GET /establishments/{id}/achievements: each with the customer's progress. */
export async function loadAchievements(establishmentId: string, signal?: AbortSignal): Promise<AchievementView[]> {
  const answer = await call('GET /establishments/:id/achievements', { params: { id: establishmentId }, establishmentId, signal });
  return answer.achievements;
}

/** GET /users/me/credits: the balance in centavos. */
export async function readCredits(establishmentId: string): Promise<number> {
  return (await call('GET /users/me/credits', { establishmentId })).value;
}
