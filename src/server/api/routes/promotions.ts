// Coupons, achievements, credits and referral (spec section 7 'Coupons, achievements, credits'
// [R-7.33..R-7.37]; docs/api.md 'Coupons', 'Achievements', 'Credits', 'Referral'). The customer's
// calls act on the session's own user; the establishment's (its coupons, grants of credit) take
// its API key.
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { requestDeps, requireCaller, requireEstablishment, requireSession } from '../guards.ts';
import { EstablishmentParams } from '../../../schemas/api-catalogue.ts';
import { ESTABLISHMENT_HEADER } from '../../../schemas/api-headers.ts';
import { CouponCheckQuery, CouponParams, CreditGrantBody, type CreditGrantAnswer } from '../../../schemas/api-promotions.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { achievementsFor, checkCoupon, couponView } from '../../services/promotions.ts';
import { grantCredits, ledgerOf, referralOf } from '../../services/credits.ts';
import { couponById, listCoupons, updateCoupon, type CouponChanges } from '../../db/promotions-repo.ts';
import { creditBalance } from '../../db/credits-repo.ts';
import { canonicalOriginFor } from '../../page-data.ts';
import { couponWindowInstant } from '../../../domain/coupon.ts';
import type { EstablishmentView } from '../../../schemas/views.ts';

/** The establishment a route names, active, through the catalogue cache. */
async function establishmentOf(c: Context<ApiEnv>, id: string): Promise<EstablishmentView> {
  return requireEstablishment(requestDeps(c).db, id, c.get('deps').catalogueCache);
}

/** The caller must be the establishment itself (its API key); a customer's session is 403. */
async function requireEstablishmentKey(c: Context<ApiEnv>, id: string): Promise<void> {
  const caller = await requireCaller(c, id);
  if (caller.kind !== 'establishment') throw new ApiError(403, 'forbidden');
}

/** Checks a code for the session's customer at the establishment; `user`, when sent, must be that customer. */
async function couponCheck(c: Context<ApiEnv>, id: string, code: string, user: string | undefined) {
  const { db, now, secure } = requestDeps(c);
  c.header('Cache-Control', 'no-store');
  const est = await establishmentOf(c, id);
  const current = await requireSession(c, { db, now, secure, establishmentId: id });
  if (user !== undefined && user !== current.user.id) throw new ApiError(403, 'forbidden');
  return c.json(
    (await checkCoupon(db, {
      establishmentId: est._id,
      prefs: est.preferences,
      userId: current.user.id,
      code,
      now,
    })) satisfies Answer<'POST /establishments/:id/coupons/check'>,
  );
}

export const promotionRoutes = new Hono<ApiEnv>()
  // ------------------------------------------------------------ coupons
  .post('/establishments/:id/coupons/check', async (c) => {
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const body = await routeBody(c, 'POST /establishments/:id/coupons/check');
    return couponCheck(c, id, body.code, body.user);
  })
  .get('/establishments/:id/coupons/check', async (c) => {
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const query = validate(CouponCheckQuery, c.req.query(), 'query');
    if (query.establishment !== undefined && query.establishment !== id) throw new ApiError(400, 'invalid_query');
    return couponCheck(c, id, query.code, query.user);
  })
  // The establishment's coupons with their uses left (API key).
  .get('/establishments/:id/coupons', async (c) => {
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    c.header('Cache-Control', 'no-store');
    await requireEstablishmentKey(c, id);
    const rows = await listCoupons(requestDeps(c).db, id);
    return c.json({ coupons: rows.map((r) => couponView(r, 0)) } satisfies Answer<'GET /establishments/:id/coupons'>);
  })
  // Switches a coupon on or off or changes its limits [R-7.35] (API key).
  .put('/establishments/:id/coupons/:couponId', async (c) => {
    const { id, couponId } = validate(CouponParams, c.req.param(), 'params');
    const { db, now } = requestDeps(c);
    c.header('Cache-Control', 'no-store');
    await requireEstablishmentKey(c, id);
    const body = await routeBody(c, 'PUT /establishments/:id/coupons/:couponId');
    const est = await establishmentOf(c, id);
    const changes: CouponChanges = {};
    if (body.active !== undefined) changes.active = body.active ? 1 : 0;
    if (body.total_uses !== undefined) changes.total_uses = body.total_uses;
    if (body.uses_per_customer !== undefined) changes.uses_per_customer = body.uses_per_customer;
    if (body.ends_at !== undefined) {
      const at = body.ends_at === null ? null : couponWindowInstant(body.ends_at, 'end', est.time_zone);
      if (body.ends_at !== null && at === null)
        throw new ApiError(400, 'invalid_body', [
          { path: 'ends_at', code: 'date_invalid', message: 'ends_at must be a date (2026-12-31) or a date-time with its offset' },
        ]);
      changes.ends_at = at;
    }
    if (!(await updateCoupon(db, id, couponId, changes, now))) throw new ApiError(404, 'coupon_not_found');
    return c.json(couponView((await couponById(db, id, couponId))!, 0) satisfies Answer<'PUT /establishments/:id/coupons/:couponId'>);
  })
  // ------------------------------------------------------------ achievements
  // With the customer's progress when a session comes along; a visitor's reaches nothing.
  .get('/establishments/:id/achievements', async (c) => {
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const { db, now, secure } = requestDeps(c);
    c.header('Cache-Control', 'no-store');
    const est = await establishmentOf(c, id);
    let userId: string | null = null;
    try {
      userId = (await requireSession(c, { db, now, secure, establishmentId: id })).user.id;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) throw err;
    }
    return c.json({
      achievements: await achievementsFor(db, { establishmentId: est._id, prefs: est.preferences, userId }),
    } satisfies Answer<'GET /establishments/:id/achievements'>);
  })
  // ------------------------------------------------------------ credits
  .get('/users/me/credits', async (c) => {
    const { db, now, secure } = requestDeps(c);
    c.header('Cache-Control', 'no-store');
    const { user } = await requireSession(c, { db, now, secure });
    return c.json({ value: await creditBalance(db, user.id) } satisfies Answer<'GET /users/me/credits'>);
  })
  .get('/users/me/credits/entries', async (c) => {
    const { db, now, secure } = requestDeps(c);
    c.header('Cache-Control', 'no-store');
    const { user } = await requireSession(c, { db, now, secure });
    return c.json((await ledgerOf(db, user.id)) satisfies Answer<'GET /users/me/credits/entries'>);
  })
  // A grant (+) or removal (-) of credit for a customer of the company (API key).
  .post('/establishments/:id/credits', async (c) => {
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const { db, now } = requestDeps(c);
    c.header('Cache-Control', 'no-store');
    await requireEstablishmentKey(c, id);
    const body = validate(CreditGrantBody, await c.req.json(), 'body');
    const est = await establishmentOf(c, id);
    const granted = await grantCredits(db, { companyId: est.company._id, user: body.user, amount: body.amount, reason: body.reason, now });
    return c.json({ value: granted.value, user: { _id: granted.user.id, name: granted.user.name } } satisfies CreditGrantAnswer);
  })
  // ------------------------------------------------------------ referral
  // At the establishment the page is of (the Establishment-Id header), else the session's.
  .get('/users/me/referral', async (c) => {
    const { db, now, secure } = requestDeps(c);
    c.header('Cache-Control', 'no-store');
    const current = await requireSession(c, { db, now, secure });
    const named = c.req.header(ESTABLISHMENT_HEADER)?.trim();
    const est = await establishmentOf(c, named || current.session.establishment_id);
    return c.json(
      (await referralOf(db, {
        user: current.user,
        slug: est.slug_area,
        origin: canonicalOriginFor(est.company),
        prefs: est.preferences,
        now,
      })) satisfies Answer<'GET /users/me/referral'>,
    );
  });
