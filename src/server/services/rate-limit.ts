// Limits on how often something may happen (tries, sends, open endpoints): fixed windows counted
// in the database (src/server/db/rate-limits-repo.ts), so every process of a deployment shares one
// count and parallel requests cannot slip past it. A hit is counted before the work it guards is
// done; the caller refuses when the answer says so.
import type { Database } from '../db/database.ts';
import { clearHits, countHit, dropExpiredCounters, readHits } from '../db/rate-limits-repo.ts';
import { Refusal } from './refusal.ts';

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

function windowOf(limit: Limit, now: Date): { start: number; end: number } {
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
export async function hitOrRefuse(db: Database, limits: readonly Limit[], now: Date, code: string): Promise<void> {
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
 * The part of a client address a per-address limit counts on: an IPv4 address as it is, an IPv6
 * address by its /64 network, since one subscriber is usually given a whole /64 and could
 * otherwise pick a fresh address for every request.
 */
export function addressBucket(address: string): string {
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('::', 2) as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
