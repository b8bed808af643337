// Establishment API keys: how the establishment's own systems (and `npm run orders`) act on its
// orders. A key is 32 random bytes in base64url (43 characters), shown once; the database keeps
// only its SHA-256, like session tokens. Requests carry it as `Authorization: ApiKey <key>` or
// `X-Api-Key: <key>` (read by src/server/api/guards.ts). The demo seed writes the plain keys of the demo establishments to
// `$DATA_DIR/establishment-keys.json` (mode 0600) so the command line finds them.
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Database } from '../db/database.ts';
import { establishmentOfKeyHash, insertEstablishmentKey } from '../db/establishments-repo.ts';

export const KEYS_FILE_NAME = 'establishment-keys.json';
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * A new key: 32 random bytes, base64url. One starting with '-' is drawn again: a command line
 * would read `--key -abc…` as another option (npm run orders refused one in about 64).
 */
export function newApiKey(): string {
  for (;;) {
    const key = randomBytes(32).toString('base64url');
    if (!key.startsWith('-')) return key;
  }
}

/** SHA-256 (hex) of a key: what the database stores. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Creates a key for the establishment and answers it (the only time it exists in plain text). */
export async function createEstablishmentKey(db: Database, establishmentId: string, label: string, now = new Date()): Promise<string> {
  const key = newApiKey();
  await insertEstablishmentKey(db, { hash: hashApiKey(key), establishmentId, label }, now);
  return key;
}

/** The establishment a key belongs to, or undefined for an unknown (or malformed) key. */
export async function establishmentOfKey(db: Database, key: string): Promise<string | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
  return establishmentOfKeyHash(db, hashApiKey(key));
}

// ---------------------------------------------------------------- the keys file

export function keysFilePath(dataDir: string): string {
  return join(dataDir, KEYS_FILE_NAME);
}

/** `{ "<slug>": "<key>" }` from `$DATA_DIR/establishment-keys.json`; {} when missing or unreadable. */
export function readKeysFile(dataDir: string): Record<string, string> {
  const file = keysFilePath(dataDir);
  if (!existsSync(file)) return {};
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/**
 * Gives every listed establishment an API key and writes the plain keys to the keys file (0600).
 * A slug that already has a key in the file keeps it (its hash is stored again if it went missing),
 * so re-seeding never invalidates a key a script already uses. Answers the file's content.
 */
export async function ensureEstablishmentKeys(
  db: Database,
  establishments: readonly { slug: string; establishmentId: string }[],
  dataDir: string,
  now = new Date(),
): Promise<Record<string, string>> {
  const keys = readKeysFile(dataDir);
  for (const { slug, establishmentId } of establishments) {
    let key = keys[slug];
    if (!key || !KEY_PATTERN.test(key)) key = newApiKey();
    keys[slug] = key;
    const hash = hashApiKey(key);
    const existing = await establishmentOfKeyHash(db, hash);
    if (existing && existing !== establishmentId) {
      // The slug now names another establishment (a re-created database): issue a fresh key.
      key = newApiKey();
      keys[slug] = key;
    }
    if (!existing || existing !== establishmentId) {
      await insertEstablishmentKey(db, { hash: hashApiKey(key), establishmentId, label: `demo ${slug}` }, now);
    }
  }
  const file = keysFilePath(dataDir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  // writeFileSync's mode only applies when it creates the file.
  chmodSync(file, 0o600);
  return keys;
}
