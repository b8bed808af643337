// The server's X25519 key pair for payloads the browser seals to it (card number and CVV;
// src/lib/sealed-box.ts). The secret key comes from SEALED_BOX_SECRET_KEY (base64url, 32 bytes:
// every server process of a deployment shares it) or, when that is unset, from
// DATA_DIR/sealed-box-key, made once with a cryptographic source and kept 0600. A box sealed to
// another key (the key was changed) is refused with 409 sealed_box_key_changed, so the browser
// fetches the new public key and seals again; an altered box, or one sealed for another call or
// customer, with 400 sealed_box_invalid. What a box holds is never logged.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { x25519 } from '@noble/curves/ed25519.js';
import { config } from '../config.ts';
import { keptValue } from '../kept-value.ts';
import { SEALED_BOX_ALGORITHM, fromBase64Url, keyId, openSealed, toBase64Url } from '../../lib/sealed-box.ts';
import type { EncryptionKeyAnswer, SealedBoxBody } from '../../schemas/sealed-box.ts';
import { Refusal } from './refusal.ts';

export interface ServerSealingKey {
  kid: string;
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

const KEY_FILE = 'sealed-box-key';
const loaded = new Map<string, ServerSealingKey>();

function fromSecret(secretKey: Uint8Array): ServerSealingKey {
  const publicKey = x25519.getPublicKey(secretKey);
  return { kid: keyId(publicKey), publicKey, secretKey };
}

/** The server's sealing key: SEALED_BOX_SECRET_KEY, else the one kept in `dataDir` (made on first use). */
export function serverSealingKey(dataDir = config.dataDir, configured = config.sealedBoxSecretKey): ServerSealingKey {
  const cacheKey = configured ? `env:${configured}` : `dir:${dataDir}`;
  const hit = loaded.get(cacheKey);
  if (hit) return hit;
  let secret: Uint8Array;
  if (configured) {
    secret = fromBase64Url(configured);
    if (secret.length !== 32) throw new Error('SEALED_BOX_SECRET_KEY must be 32 bytes in base64url (43 characters)');
  } else {
    secret = fromBase64Url(
      keptValue(
        join(dataDir, KEY_FILE),
        () => toBase64Url(new Uint8Array(randomBytes(32))),
        (text) => /^[A-Za-z0-9_-]{43}$/.test(text),
      ),
    );
  }
  const key = fromSecret(secret);
  loaded.set(cacheKey, key);
  return key;
}

/** The public half, as GET /api/cards/encryption-key answers it. */
export function encryptionKeyAnswer(key: ServerSealingKey): EncryptionKeyAnswer {
  return { kid: key.kid, public_key: toBase64Url(key.publicKey), algorithm: SEALED_BOX_ALGORITHM };
}

/** Opens a box the browser sealed for `context` (e.g. 'card-verification:<user id>'). */
export function openForServer(box: SealedBoxBody, context: string, key: ServerSealingKey = serverSealingKey()): string {
  if (box.kid !== key.kid) throw new Refusal('conflict', 'sealed_box_key_changed');
  try {
    return openSealed(box, key.secretKey, context);
  } catch {
    throw new Refusal('invalid', 'sealed_box_invalid');
  }
}
