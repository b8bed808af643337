// The key card payloads are sealed to (GET /api/cards/encryption-key, src/server/services/sealing-key.ts):
// what the browser seals to the answered key, the server opens; the secret key is kept 0600 in the
// data folder and stays the same across restarts, or comes from SEALED_BOX_SECRET_KEY; a box sealed
// to another key or altered is refused with its code.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi } from '../../src/server/api/app.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { openForServer, serverSealingKey } from '../../src/server/services/sealing-key.ts';
import { Refusal } from '../../src/server/services/refusal.ts';
import { fromBase64Url, seal, toBase64Url } from '../../src/lib/sealed-box.ts';
import type { EncryptionKeyAnswer } from '../../src/schemas/sealed-box.ts';
import { API_HEADERS } from './helpers/databases.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'storefront-sealing-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function refusalCode(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof Refusal) return `${err.kind}:${err.code}`;
    throw err;
  }
  return 'opened';
}

describe('the card payload sealing key', () => {
  it('answers its public key to anyone, cacheable, and opens what is sealed to it', async () => {
    const { db, engine } = await openDatabase({ databaseUrl: '', sqliteFile: ':memory:' });
    const key = serverSealingKey(dataDir, '');
    const app = createApi({ db, engine, sealingKey: key });
    const res = await app.request('/api/cards/encryption-key', { headers: API_HEADERS });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const answer = (await res.json()) as EncryptionKeyAnswer;
    expect(answer).toEqual({ kid: key.kid, public_key: toBase64Url(key.publicKey), algorithm: 'X25519-HKDF-SHA256-XChaCha20-Poly1305' });

    const box = seal('{"number":"5555666677778884","cvv":"321"}', { kid: answer.kid, publicKey: fromBase64Url(answer.public_key) }, 'card-verification:u1');
    expect(openForServer(box, 'card-verification:u1', key)).toBe('{"number":"5555666677778884","cvv":"321"}');
    await db.destroy();
  });

  it('keeps the secret key 0600 in the data folder, the same after a restart, and never in the answer', () => {
    const key = serverSealingKey(dataDir, '');
    const file = join(dataDir, 'sealed-box-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(fromBase64Url(readFileSync(file, 'utf8').trim())).toEqual(key.secretKey);
    // Another process on the same folder: it reads the same key (a fresh cache for a copy of the path).
    const again = serverSealingKey(`${dataDir}/.`, '');
    expect(again.kid).toBe(key.kid);
  });

  it('takes the key from SEALED_BOX_SECRET_KEY when set, so every process of a deployment shares it', () => {
    const secret = toBase64Url(new Uint8Array(32).map((_, i) => i + 1));
    const a = serverSealingKey(mkdtempSync(join(tmpdir(), 'sealing-a-')), secret);
    const b = serverSealingKey(mkdtempSync(join(tmpdir(), 'sealing-b-')), secret);
    expect(a.kid).toBe(b.kid);
    expect(() => serverSealingKey(dataDir, 'c2hvcnQ')).toThrow(/32 bytes/);
  });

  it('refuses a box sealed to an older key with 409 and an altered or misdirected one with 400', () => {
    const key = serverSealingKey(dataDir, '');
    const old = serverSealingKey(mkdtempSync(join(tmpdir(), 'sealing-old-')), '');
    const toOld = seal('{"cvv":"123"}', old, 'card-verification:u1');
    expect(refusalCode(() => openForServer(toOld, 'card-verification:u1', key))).toBe('conflict:sealed_box_key_changed');
    const box = seal('{"cvv":"123"}', key, 'card-verification:u1');
    expect(refusalCode(() => openForServer(box, 'card-verification:u2', key))).toBe('invalid:sealed_box_invalid');
    const ct = fromBase64Url(box.ct);
    ct[0] = ct[0]! ^ 1;
    expect(refusalCode(() => openForServer({ ...box, ct: toBase64Url(ct) }, 'card-verification:u1', key))).toBe('invalid:sealed_box_invalid');
  });
});
