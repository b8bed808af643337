// Limits on how often something may happen (tries, sends, open endpoints): fixed windows counted
// in the database (src/server/db/rate-limits-repo.ts), so every process of a deployment shares one
// count and parallel requests cannot slip past it. A hit is counted before the work it guards is
// done; the caller refuses when the answer says so.
import type { Database } from '../db/database.ts';
import { isIPv6 } from 'node:net';
import { clearHits, countHit, dropExpiredCounters, readHits, uncountHit } from '../db/rate-limits-repo.ts';
import { Refusal } from './refusal.ts';
import type { RefusalCode } from '../../schemas/refusal-codes.ts';

export interface Limit {
  /** What is limited and for whom, e.g. `login:ip:${address}`. */
  key: string;
  /** Hits allowed in one window. */
  max: number;
  windowSeconds: number;
}

export interface LimitAnswer {
  allowed: boolean;
  /** This hit's place in its window (1 = the first). */
  hits: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/** The window of `limit` that `now` falls in (ms since the epoch). */
export function windowOf(limit: Limit, now: Date): { start: number; end: number } {
  const size = limit.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  return { start, end: start + size };
}

// Expired windows are dropped now and then by the hits themselves (about one hit in 200), so the
// table stays as small as the live windows without a job of its own.
const SWEEP_ONE_IN = 200;

/** Counts one hit; `allowed` is false once the window has had `max`. */
export async function hit(db: Database, limit: Limit, now: Date): Promise<LimitAnswer> {
  const { start, end } = windowOf(limit, now);
  const hits = await countHit(db, limit.key, start, end);
  if (Math.random() * SWEEP_ONE_IN < 1) await dropExpiredCounters(db, now.getTime());
  return { allowed: hits <= limit.max, hits, retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
}

/**
 * Counts one hit on each limit, in order, and refuses with 429 `code` (and Retry-After) at the
 * first that is spent. Every limit before it has counted the hit: an attacker's refused requests
 * still count against them.
 */
export async function hitOrRefuse(db: Database, limits: readonly Limit[], now: Date, code: RefusalCode): Promise<void> {
  for (const limit of limits) {
    const answer = await hit(db, limit, now);
    if (!answer.allowed) throw new Refusal('too_many', code, { retryAfterSeconds: answer.retryAfterSeconds });
  }
}

/** Whether `limit` is already spent in the current window, counting nothing. */
export async function isSpent(db: Database, limit: Limit, now: Date): Promise<boolean> {
  return (await readHits(db, limit.key, windowOf(limit, now).start)) >= limit.max;
}

/** Forgets a limit's counts (a success that resets it). */
export async function resetLimit(db: Database, key: string): Promise<void> {
  await clearHits(db, key);
}

/**
 * Gives back one hit counted at `now` (a success that should not count, e.g. a right password on
 * a limit of failures). The hit is counted first and given back after, so parallel attempts are
 * still bounded by the limit while they run.
 */
export async function refundHit(db: Database, limit: Limit, now: Date): Promise<void> {
  await uncountHit(db, limit.key, windowOf(limit, now).start);
}

/**
 * A client address as the per-address limits count it: an IPv4 address as it is, an IPv6 address
 * by its /64, the block one subscriber line usually gets (counting single IPv6 addresses would give
 * anyone 2^64 fresh counts).
 */
export function limitAddress(address: string): string {
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) stands for two groups.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - width(left) - width(right))).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
