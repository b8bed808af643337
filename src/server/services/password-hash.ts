// Password hashes: Argon2id at OWASP's first recommendation (m=19 MiB, t=2, p=1), from node:crypto
// itself (Node 24), so no native package to build or download. Hashes are stored in the PHC string
// format with their parameters ('$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>'), so that a hash made
// with other parameters, or an older scrypt one ('scrypt$N$r$p$<salt>$<hash>'), still verifies and is
// made again with today's at its next successful login (src/server/services/auth.ts).
// Why Argon2id rather than scrypt at N=2^17: for the same resistance OWASP asks of both, Argon2id
// costs this machine about 75 ms of one thread where scrypt costs 400 ms or more (docs/security.md),
// so the same hardware serves five times the logins and a burst of them queues far less.
import { argon2 as argon2Callback, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Today's parameters: memory in KiB, passes, lanes; a 16-byte salt and a 32-byte hash. */
export const ARGON2ID = { memory: 19_456, passes: 2, parallelism: 1, saltBytes: 16, tagLength: 32 } as const;

/**
 * At most this many hashes at once in a process; the others wait their turn. Each takes a thread of
 * libuv's pool (4 threads, shared with file reads and DNS) and its memory, so a burst of logins can
 * neither starve the pages read from disk nor use memory without bound.
 */
const HASHES_AT_ONCE = 2;
let hashesRunning = 0;
const hashQueue: (() => void)[] = [];

async function inHashTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashesRunning >= HASHES_AT_ONCE) await new Promise<void>((resolve) => hashQueue.push(resolve));
  else hashesRunning += 1;
  try {
    return await work();
  } finally {
    // The turn passes straight to the next waiting hash, if any: the count stays the same.
    const next = hashQueue.shift();
    if (next) next();
    else hashesRunning -= 1;
  }
}

interface Argon2Cost {
  memory: number;
  passes: number;
  parallelism: number;
}

function argon2id(password: string, salt: Buffer, tagLength: number, cost: Argon2Cost): Promise<Buffer> {
  return inHashTurn(
    () =>
      new Promise((resolve, reject) => {
        argon2Callback('argon2id', { message: password.normalize('NFC'), nonce: salt, tagLength, ...cost }, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

function scrypt(password: string, salt: Buffer, keylen: number, cost: ScryptCost): Promise<Buffer> {
  // node:crypto refuses to use more than maxmem (32 MiB by default); scrypt needs 128·N·r·p bytes.
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * cost.p + 16 * 1024 * 1024 };
  return inHashTurn(
    () =>
      new Promise((resolve, reject) => {
        scryptCallback(password.normalize('NFC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

/** PHC strings use base64 without padding. */
const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(ARGON2ID.saltBytes);
  const hash = await argon2id(password, salt, ARGON2ID.tagLength, ARGON2ID);
  return `$argon2id$v=19$m=${ARGON2ID.memory},t=${ARGON2ID.passes},p=${ARGON2ID.parallelism}$${b64(salt)}$${b64(hash)}`;
}

type StoredHash = { kind: 'argon2id'; cost: Argon2Cost; salt: Buffer; hash: Buffer } | { kind: 'scrypt'; cost: ScryptCost; salt: Buffer; hash: Buffer };

const int = (text: string | undefined) => (text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN);

/**
 * A stored hash's parts, or undefined for anything else. The parameters are bounded (Argon2id at
 * most 64 MiB, 10 passes, 4 lanes; scrypt N a power of two, p at most 4, 128·N·r·p at most 256 MiB),
 * so an altered row cannot make a login allocate gigabytes or run for minutes.
 */
function parseStoredHash(stored: string): StoredHash | undefined {
  const parts = stored.split('$');
  let parsed: StoredHash | undefined;
  if (parts[0] === '' && parts[1] === 'argon2id' && parts[2] === 'v=19' && parts.length === 6) {
    const m = /^m=(\d+),t=(\d+),p=(\d+)$/.exec(parts[3]!);
    const cost = { memory: int(m?.[1]), passes: int(m?.[2]), parallelism: int(m?.[3]) };
    if (
      !(cost.memory >= 8 * cost.parallelism && cost.memory <= 65_536 && cost.passes >= 1 && cost.passes <= 10 && cost.parallelism >= 1 && cost.parallelism <= 4)
    )
      return undefined;
    parsed = { kind: 'argon2id', cost, salt: Buffer.from(parts[4]!, 'base64'), hash: Buffer.from(parts[5]!, 'base64') };
  } else if (parts[0] === 'scrypt' && parts.length === 6) {
    const cost = { N: int(parts[1]), r: int(parts[2]), p: int(parts[3]) };
    const powerOfTwo = cost.N >= 2 && (cost.N & (cost.N - 1)) === 0;
    if (!powerOfTwo || !(cost.r >= 1) || !(cost.p >= 1 && cost.p <= 4) || 128 * cost.N * cost.r * cost.p > 256 * 1024 * 1024) return undefined;
    parsed = { kind: 'scrypt', cost, salt: Buffer.from(parts[4]!, 'base64url'), hash: Buffer.from(parts[5]!, 'base64url') };
  }
  if (!parsed || parsed.salt.length < 8 || parsed.hash.length < 16 || parsed.hash.length > 128) return undefined;
  return parsed;
}

/** Whether `password` matches a stored hash (Argon2id or scrypt, any bounded parameters); constant-time on the derived key. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  const actual =
    parsed.kind === 'argon2id'
      ? await argon2id(password, parsed.salt, parsed.hash.length, parsed.cost)
      : await scrypt(password, parsed.salt, parsed.hash.length, parsed.cost);
  return timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash is other than today's Argon2id with today's parameters (it is made again at the next successful login). */
export function passwordHashOutdated(stored: string): boolean {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  if (parsed.kind === 'scrypt') return true;
  const { memory, passes, parallelism } = parsed.cost;
  return memory < ARGON2ID.memory || passes < ARGON2ID.passes || parallelism !== ARGON2ID.parallelism || parsed.hash.length < ARGON2ID.tagLength;
}

const BURN_SALT = randomBytes(ARGON2ID.saltBytes);
/** Spends the time of one verification with today's parameters, so an unknown login answers as slowly as a wrong password. */
export async function burnVerification(password: string): Promise<void> {
  await argon2id(password, BURN_SALT, ARGON2ID.tagLength, ARGON2ID);
}
