// Reads and writes of an establishment's coupons and achievements (docs/api.md 'Coupons',
// 'Achievements'): writing them from the catalogue (a re-import keeps each one's uses; one left
// out is archived), finding them, the customer's completed orders that progress is counted from,
// and the uses an order claims in its own transaction and gives back when it is cancelled.
import { sql, type Transaction } from 'kysely';
import type { Database } from './database.ts';
import type { AchievementRow, CouponRow, DB } from './types.ts';
import type { Executor } from './database.ts';
import { stableId } from './ids.ts';
import type { Achievement, Coupon } from '../../schemas/catalogue.ts';
import type { CompletedOrdersTally } from '../../domain/achievement.ts';
import { couponWindowInstant, normalizeCouponCode } from '../../domain/coupon.ts';

const bool = (b: boolean) => (b ? 1 : 0);

/**
 * Writes the catalogue's coupons and achievements of an establishment in the import's transaction:
 * each by its stable id (the slug and the file's key), its fields replaced and its uses kept; the
 * ones the file no longer has are archived (no longer found by code or listed), not deleted.
 */
export async function replacePromotions(
  trx: Transaction<DB>,
  establishment: { id: string; slug: string; timeZone: string },
  coupons: readonly Coupon[],
  achievements: readonly Achievement[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const couponIds: string[] = [];
  for (const [sort, c] of coupons.entries()) {
    const id = stableId('coupon', establishment.slug, c._id);
    couponIds.push(id);
    const fields = {
      code: normalizeCouponCode(c.code),
      discount_type: c.discount_type,
      value: c.value,
      min_total_products: c.min_total_products,
      max_total_products: c.max_total_products,
      description: c.description,
      starts_at: c.starts_at === undefined ? null : couponWindowInstant(c.starts_at, 'start', establishment.timeZone),
      ends_at: c.ends_at === undefined ? null : couponWindowInstant(c.ends_at, 'end', establishment.timeZone),
      total_uses: c.total_uses ?? null,
      uses_per_customer: c.uses_per_customer,
      active: bool(c.active),
      archived: 0,
      sort,
      updated_at: at,
    };
    await trx
      .insertInto('coupons')
      .values({ id, establishment_id: establishment.id, uses_count: 0, ...fields })
      .onConflict((oc) => oc.column('id').doUpdateSet(fields))
      .execute();
  }
  await archiveUnlisted(trx, 'coupons', establishment.id, couponIds, at);

  const achievementIds: string[] = [];
  for (const [sort, a] of achievements.entries()) {
    const id = stableId('achievement', establishment.slug, a._id);
    achievementIds.push(id);
    const fields = {
      name: a.name,
      goal_description: a.goal_description,
      goal_type: a.goal_type,
      goal_value: a.goal_value,
      reward_type: a.reward_type,
      reward_value: a.reward_value,
      reward_description: a.reward_description,
      active: bool(a.active),
      archived: 0,
      sort,
      updated_at: at,
    };
    await trx
      .insertInto('achievements')
      .values({ id, establishment_id: establishment.id, ...fields })
      .onConflict((oc) => oc.column('id').doUpdateSet(fields))
      .execute();
  }
  await archiveUnlisted(trx, 'achievements', establishment.id, achievementIds, at);
}

/** Archives the establishment's coupons or achievements that the catalogue no longer lists (`listed` holds the ids it does). */
async function archiveUnlisted(
  trx: Transaction<DB>,
  table: 'coupons' | 'achievements',
  establishmentId: string,
  listed: readonly string[],
  at: string,
): Promise<void> {
  let archive = trx.updateTable(table).set({ archived: 1, updated_at: at }).where('establishment_id', '=', establishmentId).where('archived', '=', 0);
  if (listed.length) archive = archive.where('id', 'not in', listed);
  await archive.execute();
}

// ---------------------------------------------------------------- coupons

/** The establishment's coupon with this code (normalised), not archived. */
export async function couponByCode(db: Executor, establishmentId: string, code: string): Promise<CouponRow | undefined> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('establishment_id', '=', establishmentId)
    .where('code', '=', normalizeCouponCode(code))
    .where('archived', '=', 0)
    .executeTakeFirst();
}

/** The establishment's coupon with this id, not archived. */
export async function couponById(db: Executor, establishmentId: string, id: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('establishment_id', '=', establishmentId).where('id', '=', id).where('archived', '=', 0).executeTakeFirst();
}

/** The establishment's coupons in the catalogue's order. */
export async function listCoupons(db: Database, establishmentId: string): Promise<CouponRow[]> {
  return db.selectFrom('coupons').selectAll().where('establishment_id', '=', establishmentId).where('archived', '=', 0).orderBy('sort').execute();
}

/** How many uses of the coupon the customer holds (orders not cancelled). */
export async function customerCouponUses(db: Executor, couponId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('coupon_uses')
    .select(sql<number>`count(*)`.as('n'))
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Claims one use of the coupon for an order, in the order's transaction: one more use in all by a
 * conditional update (never past total_uses, however many orders race), then the customer's first
 * free slot (1..uses_per_customer; a slot is a unique row, so two orders of one customer cannot
 * both take the last one). Answers the refusal when either is gone; the caller then rolls back.
 */
export async function claimCouponUse(
  trx: Transaction<DB>,
  coupon: Pick<CouponRow, 'id' | 'uses_per_customer'>,
  userId: string,
  orderId: string,
  now: Date,
): Promise<'ok' | 'coupon_sold_out' | 'coupon_used'> {
  const counted = await trx
    .updateTable('coupons')
    .set({ uses_count: sql<number>`uses_count + 1` })
    .where('id', '=', coupon.id)
    .where((eb) => eb.or([eb('total_uses', 'is', null), eb('uses_count', '<', eb.ref('total_uses'))]))
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) return 'coupon_sold_out';
  for (let slot = 1; slot <= coupon.uses_per_customer; slot++) {
    const taken = await trx
      .insertInto('coupon_uses')
      .values({ coupon_id: coupon.id, user_id: userId, slot, order_id: orderId, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['coupon_id', 'user_id', 'slot']).doNothing())
      .executeTakeFirst();
    if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 1) return 'ok';
  }
  return 'coupon_used';
}

/** Gives back the coupon use an order holds (it was cancelled); nothing when it holds none. */
export async function releaseCouponUse(trx: Transaction<DB>, orderId: string): Promise<void> {
  const use = await trx.deleteFrom('coupon_uses').where('order_id', '=', orderId).returning('coupon_id').executeTakeFirst();
  if (!use) return;
  await trx.updateTable('coupons').set({ uses_count: sql<number>`uses_count - 1` }).where('id', '=', use.coupon_id).where('uses_count', '>', 0).execute();
}

export type CouponChanges = Partial<Pick<CouponRow, 'active' | 'total_uses' | 'uses_per_customer' | 'ends_at'>>;

/** Changes a coupon's switch or limits (the establishment, by its API key); false for an unknown coupon. */
export async function updateCoupon(db: Database, establishmentId: string, id: string, changes: CouponChanges, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('coupons')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('establishment_id', '=', establishmentId)
    .where('id', '=', id)
    .where('archived', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------- achievements

/** The establishment's active achievements in the catalogue's order. */
export async function listAchievements(db: Executor, establishmentId: string): Promise<AchievementRow[]> {
  return db
    .selectFrom('achievements')
    .selectAll()
    .where('establishment_id', '=', establishmentId)
    .where('archived', '=', 0)
    .where('active', '=', 1)
    .orderBy('sort')
    .execute();
}

/** The establishment's active achievement with this id. */
export async function achievementById(db: Executor, establishmentId: string, id: string): Promise<AchievementRow | undefined> {
  return db
    .selectFrom('achievements')
    .selectAll()
    .where('establishment_id', '=', establishmentId)
    .where('id', '=', id)
    .where('archived', '=', 0)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** The achievements whose reward the customer used, of those ids. */
export async function usedAchievementIds(db: Executor, userId: string, achievementIds: readonly string[]): Promise<Set<string>> {
  if (achievementIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('achievement_uses')
    .select('achievement_id')
    .where('user_id', '=', userId)
    .where('achievement_id', 'in', achievementIds)
    .execute();
  return new Set(rows.map((r) => r.achievement_id));
}

/** The customer's completed orders at the establishment, grouped by payment and delivery type (achievement progress ). */
export async function completedOrdersTally(db: Executor, userId: string, establishmentId: string): Promise<CompletedOrdersTally> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'payment_type',
      'delivery_type',
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(total), 0)`.as('paid'),
      sql<number>`coalesce(sum(credits), 0)`.as('credits'),
    ])
    .where('user_id', '=', userId)
    .where('establishment_id', '=', establishmentId)
    .where('status', '=', 'complete')
    .groupBy(['payment_type', 'delivery_type'])
    .execute();
  return rows.map((r) => ({
    payment_type: r.payment_type,
    delivery_type: r.delivery_type,
    orders: Number(r.orders),
    paid: Number(r.paid),
    credits: Number(r.credits),
  }));
}

/** Claims the customer's one use of an achievement's reward for an order; false when it was used (also by an order racing this one). */
export async function claimAchievementUse(trx: Transaction<DB>, achievementId: string, userId: string, orderId: string, now: Date): Promise<boolean> {
  const taken = await trx
    .insertInto('achievement_uses')
    .values({ achievement_id: achievementId, user_id: userId, order_id: orderId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['achievement_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(taken.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives back the achievement reward an order used (it was cancelled). */
export async function releaseAchievementUse(trx: Transaction<DB>, orderId: string): Promise<void> {
  await trx.deleteFrom('achievement_uses').where('order_id', '=', orderId).execute();
}
