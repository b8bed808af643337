// Store credit and referral (docs/api.md 'Credits', 'Referral'): what a cancelled order gives back,
// grants and removals by the establishment, the customer's referral code and link, and the credit
// both sides of a referral earn when the new customer's first order is completed. Every movement
// is a ledger entry (src/server/db/credits-repo.ts) unique by what it is for, so none counts twice.
import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB, OrderRow, UserRow } from '../db/types.ts';
import { CreditsShort, creditBalance, creditEntries, moveCredits } from '../db/credits-repo.ts';
import {
  findLiveUserById,
  getLiveUserName,
  getReferralCode,
  getReferralState,
  listReferredUsers,
  markReferralRewarded,
  setReferralCodeIfUnset,
} from '../db/users-repo.ts';
import { findUserByLogin } from './auth.ts';
import { Refusal } from './refusal.ts';
import { releaseOrderPromotion } from './promotions.ts';
import { makeReferralCode } from '../../domain/referral.ts';
import type { CreditEntriesAnswer, CreditReason, ReferralAnswer } from '../../schemas/api-promotions.ts';
import type { Preferences } from '../../schemas/catalogue.ts';
import { referralPath } from '../../lib/urls.ts';

/** The ledger reference of an order's credits: taken when placed, given back when cancelled. */
export function orderCreditsReference(orderId: string, movement: 'spend' | 'return'): string {
  return `order:${orderId}:${movement}`;
}

/**
 * What a cancelled order held goes back, in the cancellation's transaction: its credits (a ledger
 * entry, once) and its coupon use or achievement reward.
 */
export async function giveBackOrderHoldings(trx: Transaction<DB>, order: Pick<OrderRow, 'id' | 'user_id' | 'credits'>, now: Date): Promise<void> {
  const credits = Number(order.credits);
  if (credits > 0)
    await moveCredits(
      trx,
      { userId: order.user_id, amount: credits, reason: 'order_cancelled', reference: orderCreditsReference(order.id, 'return'), orderId: order.id },
      now,
    );
  await releaseOrderPromotion(trx, order.id);
}

// ---------------------------------------------------------------- the ledger

const LEDGER_PAGE = 100;

/** GET /users/me/credits/entries: the balance and the latest movements, newest first. */
export async function ledgerOf(db: Database, userId: string): Promise<CreditEntriesAnswer> {
  const [value, entries] = await Promise.all([creditBalance(db, userId), creditEntries(db, userId, LEDGER_PAGE)]);
  return {
    value,
    entries: entries.map((e) => ({
      _id: e.id,
      amount: e.amount,
      reason: e.reason as CreditReason,
      note: e.note,
      order_number: e.order_number,
      order_id: e.order_id,
      order_slug: e.order_slug,
      created_at: e.created_at,
    })),
  };
}

/**
 * A grant (+) or removal (-) of credit by the establishment for a customer of its company, found
 * by id, e-mail or phone (404 user_not_found), with its reason as the ledger's note; a removal
 * never takes the balance below zero (422 credits_not_enough). Answers the new balance.
 */
export async function grantCredits(
  db: Database,
  input: { companyId: string; user: string; amount: number; reason: string; now: Date },
): Promise<{ value: number; user: Pick<UserRow, 'id' | 'name'> }> {
  if (input.amount === 0) throw new Refusal('invalid', 'invalid_body', { fields: [{ path: 'amount', code: 'not_zero', message: 'amount must not be 0' }] });
  const user = await customerOf(db, input.companyId, input.user);
  if (!user) throw new Refusal('not_found', 'user_not_found');
  try {
    await db.transaction().execute((trx) =>
      moveCredits(
        trx,
        {
          userId: user.id,
          amount: input.amount,
          reason: input.amount > 0 ? 'grant' : 'removal',
          reference: `grant:${input.now.getTime()}:${randomInt(2 ** 47)}`,
          note: input.reason.trim(),
        },
        input.now,
      ),
    );
  } catch (err) {
    if (err instanceof CreditsShort) throw new Refusal('unprocessable', 'credits_not_enough', { params: { value: await creditBalance(db, user.id) } });
    throw err;
  }
  return { value: await creditBalance(db, user.id), user: { id: user.id, name: user.name } };
}

/** The company's customer with this id, e-mail or phone. */
async function customerOf(db: Database, companyId: string, ref: string): Promise<UserRow | undefined> {
  const text = ref.trim();
  const byId = await findLiveUserById(db, companyId, text);
  return byId ?? findUserByLogin(db, companyId, text);
}

// ---------------------------------------------------------------- referral

const CODE_TRIES = 8;

/** The customer's referral code, made on first use (unique per company: a collision draws again). */
export async function referralCodeOf(db: Database, user: Pick<UserRow, 'id' | 'name' | 'referral_code'>, now: Date): Promise<string> {
  if (user.referral_code) return user.referral_code;
  for (let i = 0; i < CODE_TRIES; i++) {
    const code = makeReferralCode(user.name, () => randomInt(2 ** 32) / 2 ** 32);
    try {
      await setReferralCodeIfUnset(db, user.id, code, now);
    } catch (err) {
      if (isUniqueViolation(err)) continue;
      throw err;
    }
    // Ours, or the one a concurrent request set first.
    const stored = await getReferralCode(db, user.id);
    if (stored) return stored;
  }
  throw new Error('no free referral code after several draws');
}

/** A write that collided with a unique index (PostgreSQL 23505, SQLite's constraint error). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/**
 * GET /users/me/referral: the code, the link to share (the registration page with the code, on the
 * establishment's own domain), the credit each side earns here, and the customers it brought
 * (first name only) with whether their reward was given.
 */
export async function referralOf(
  db: Database,
  input: { user: Pick<UserRow, 'id' | 'name' | 'referral_code'>; slug: string; origin: string; prefs: Preferences; now: Date },
): Promise<ReferralAnswer> {
  const code = await referralCodeOf(db, input.user, input.now);
  const rows = await listReferredUsers(db, input.user.id, 100);
  return {
    code,
    link: `${input.origin}${referralPath(input.slug, code)}`,
    credit: input.prefs.referral_credit ?? 0,
    referrals: rows.map((r) => ({
      name: r.name.trim().split(/\s+/)[0] ?? '',
      status: r.referral_rewarded_at ? ('rewarded' as const) : ('registered' as const),
      created_at: r.created_at,
    })),
  };
}

/**
 * When an order is completed, in the same transaction: if its customer came through a referral
 * not yet rewarded and this establishment runs a referral programme, both the customer and whoever
 * referred them get its credit, once (the user's row is marked by a conditional update, and each
 * ledger entry is unique per referral).
 */
export async function rewardReferral(trx: Transaction<DB>, order: Pick<OrderRow, 'id' | 'user_id'>, prefs: Preferences, now: Date): Promise<void> {
  const credit = prefs.referral_credit ?? 0;
  if (credit <= 0) return;
  const user = await getReferralState(trx, order.user_id);
  if (!user?.referred_by || user.referral_rewarded_at) return;
  // An erased referrer earns nothing more (docs/privacy.md); the new customer still does.
  const referrer = await getLiveUserName(trx, user.referred_by);
  if (!(await markReferralRewarded(trx, user.id, now))) return;
  const first = (name: string) => name.trim().split(/\s+/)[0] ?? '';
  await moveCredits(
    trx,
    {
      userId: user.id,
      amount: credit,
      reason: 'referral',
      reference: `referral:${user.id}:referred`,
      note: referrer ? first(referrer.name) : null,
      orderId: order.id,
    },
    now,
  );
  if (referrer)
    await moveCredits(trx, { userId: referrer.id, amount: credit, reason: 'referral', reference: `referral:${user.id}:referrer`, note: first(user.name) }, now);
}
