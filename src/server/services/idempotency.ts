// Exactly-once order creation with the Idempotent-Key header (decisions #22; IETF draft 'The
// Idempotency-Key HTTP Header Field'). One record per (user, key):
//   - the first request claims the key with an INSERT that conflicts on the primary key, so two
//     processes sharing one database can never both claim it (ON CONFLICT DO NOTHING, then read);
//   - its work and the record's 'done' state (with the response) commit in ONE transaction, so an
//     order never exists without its replayable response, and a failure leaves neither;
//   - a failed request deletes its 'in_flight' claim, so a corrected retry can run;
//   - a retry with the same payload gets the first response again (same status and body, header
//     Idempotent-Replayed: true); while the first still runs, 409 idempotency_key_in_flight; the same
//     key with another payload, 422 idempotency_key_reused;
//   - keys live 24 h (expires_at); expired ones are purged now and then. A claim whose process died
//     is taken over once its lock (locked_until) has passed.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/types.ts';
import {
  completeIdempotencyClaim,
  deleteExpiredIdempotencyKeys,
  deleteIdempotencyKeyIfExpired,
  getIdempotencyKey,
  insertIdempotencyClaim,
  releaseIdempotencyClaim,
  takeOverIdempotencyClaim,
} from '../db/idempotency-repo.ts';
import { Refusal } from './refusal.ts';
import { IDEMPOTENCY_HEADER } from '../../schemas/api-headers.ts';
import { config } from '../config.ts';

/** How long a key and its response are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a claim holds the key before another request may take it over (its process died): IDEMPOTENCY_LOCK_MS, 60 s by default. */
export const IDEMPOTENCY_LOCK_MS = config.idempotencyLockMs;
/** Expired keys are purged at most this often (per process). */
const PURGE_EVERY_MS = 60 * 1000;

/** 409 idempotency_key_in_flight: the first request with the key still runs; retry in a second. */
function inFlight(): Refusal {
  return new Refusal('conflict', 'idempotency_key_in_flight', { retryAfterSeconds: 1 });
}

export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The key a request carries: 400 idempotency_key_missing without one, idempotency_key_invalid when malformed. */
export function idempotencyKeyOf(header: (name: string) => string | undefined): string {
  const raw = header(IDEMPOTENCY_HEADER) ?? header('Idempotency-Key');
  if (raw === undefined || raw.trim() === '') throw new Refusal('invalid', 'idempotency_key_missing');
  const key = raw.trim();
  if (!KEY_PATTERN.test(key)) throw new Refusal('invalid', 'idempotency_key_invalid');
  return key;
}

/** JSON with object keys sorted at every level: equal payloads give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of the canonical JSON of what identifies a request (target and payload). */
export function requestFingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

export interface IdempotencyScope {
  userId: string;
  key: string;
  establishmentId: string;
  fingerprint: string;
  now: Date;
}

export interface IdempotentResponse {
  status: number;
  /** The JSON body as sent the first time. */
  body: string;
  replayed: boolean;
}

let lastPurgeAt: number | null = null;

/** Deletes expired keys, at most once a minute per process (by the caller's clock, so tests can move it). */
export async function purgeExpiredKeys(db: Database, now: Date, force = false): Promise<number> {
  const t = now.getTime();
  if (!force && lastPurgeAt !== null && t >= lastPurgeAt && t - lastPurgeAt < PURGE_EVERY_MS) return 0;
  lastPurgeAt = t;
  return deleteExpiredIdempotencyKeys(db, now.toISOString());
}

type Claim = { createdAt: string; lockedUntil: string };

/**
 * Claims the key, or answers what a retry gets: the stored response (replay), or throws 409
 * idempotency_key_in_flight / 422 idempotency_key_reused.
 */
async function claimOrReplay(db: Database, scope: IdempotencyScope): Promise<Claim | IdempotentResponse> {
  const nowIso = scope.now.toISOString();
  const claim: Claim = {
    createdAt: nowIso,
    lockedUntil: new Date(scope.now.getTime() + IDEMPOTENCY_LOCK_MS).toISOString(),
  };
  // A few rounds: the record may vanish (released, expired) between our insert and our read.
  for (let round = 0; round < 5; round++) {
    const claimed = await insertIdempotencyClaim(db, {
      user_id: scope.userId,
      key: scope.key,
      establishment_id: scope.establishmentId,
      fingerprint: scope.fingerprint,
      created_at: claim.createdAt,
      locked_until: claim.lockedUntil,
      expires_at: new Date(scope.now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
    });
    if (claimed) return claim;

    const row = await getIdempotencyKey(db, scope);
    if (!row) continue;
    if (row.expires_at <= nowIso) {
      // An expired key is free again.
      await deleteIdempotencyKeyIfExpired(db, scope, nowIso);
      continue;
    }
    if (row.fingerprint !== scope.fingerprint) throw new Refusal('unprocessable', 'idempotency_key_reused');
    if (row.state === 'done') return { status: row.response_status ?? 200, body: row.response_body ?? '{}', replayed: true };
    if (row.locked_until > nowIso) throw inFlight();
    // The claim's holder died: take it over, unless another request did so first.
    if (await takeOverIdempotencyClaim(db, { userId: scope.userId, key: scope.key, ...claim }, row.locked_until)) return claim;
  }
  throw inFlight();
}

/**
 * What must happen outside the transaction, between claiming the key and writing (a card charged
 * through the payment gateway, which may take seconds and must never hold the database's write
 * lock): `prepare` runs with the key claimed, its result goes to `work`; when anything after it
 * fails, `undo` puts it right (the charge is refunded) before the key is released.
 */
export interface IdempotentPreparation<P> {
  prepare: () => Promise<P>;
  undo: (prepared: P, error: unknown) => Promise<void>;
}

/**
 * Runs `work` at most once per (user, key) and payload. `work` gets a transaction: whatever it writes
 * commits together with the key's 'done' record and the response it returns; when it throws, nothing it
 * wrote stays and the key is released, and the error propagates.
 */
export async function runIdempotent(
  db: Database,
  scope: IdempotencyScope,
  work: (trx: Transaction<DB>) => Promise<{ status: number; body: unknown }>,
): Promise<IdempotentResponse>;
export async function runIdempotent<P>(
  db: Database,
  scope: IdempotencyScope,
  work: (trx: Transaction<DB>, prepared: P) => Promise<{ status: number; body: unknown }>,
  preparation: IdempotentPreparation<P>,
): Promise<IdempotentResponse>;
export async function runIdempotent<P>(
  db: Database,
  scope: IdempotencyScope,
  work: (trx: Transaction<DB>, prepared: P) => Promise<{ status: number; body: unknown }>,
  preparation?: IdempotentPreparation<P>,
): Promise<IdempotentResponse> {
  await purgeExpiredKeys(db, scope.now);
  const claimed = await claimOrReplay(db, scope);
  if ('replayed' in claimed) return claimed;
  const held = { userId: scope.userId, key: scope.key, ...claimed };
  let prepared: { value: P } | null = null;
  try {
    if (preparation) prepared = { value: await preparation.prepare() };
    return await db.transaction().execute(async (trx) => {
      const result = await work(trx, prepared?.value as P);
      const body = JSON.stringify(result.body);
      // Our claim was taken over (we ran past the lock): roll back, the other request answers.
      if (!(await completeIdempotencyClaim(trx, held, { status: result.status, body }))) throw inFlight();
      return { status: result.status, body, replayed: false };
    });
  } catch (err) {
    if (prepared && preparation) {
      await preparation.undo(prepared.value, err).catch((undoErr: unknown) => console.error('[idempotency] could not undo a prepared step', undoErr));
    }
    await releaseIdempotencyClaim(db, held).catch((releaseErr: unknown) => console.error('[idempotency] could not release key', releaseErr));
    throw err;
  }
}
