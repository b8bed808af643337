// A payload sealed to the server's public key (decisions.md 'Card payloads in transit';
// docs/payments.md 'Card data in transit'): the browser seals the card number and CVV so that no
// proxy, log or browser extension between it and the server's decryption reads them. Hybrid
// encryption with an ephemeral X25519 key per seal: the shared secret goes through HKDF-SHA256
// (salted with both public keys) into a 32-byte XChaCha20-Poly1305 key; a random 24-byte nonce;
// the `context` (what the payload is for and whose it is, e.g. 'card-verification:<user id>') is
// authenticated as associated data, so a sealed payload opens only for the call and the customer it
// was made for. The same module seals (browser) and opens (server): @noble is plain JavaScript.
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToUtf8, randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';

export const SEALED_BOX_ALGORITHM = 'X25519-HKDF-SHA256-XChaCha20-Poly1305';
const INFO = utf8ToBytes('vitrine sealed box v1');

/** What travels: every binary field base64url. `kid` names the server key it was sealed to. */
export interface SealedBox {
  v: 1;
  kid: string;
  epk: string;
  nonce: string;
  ct: string;
}

export interface SealingKey {
  kid: string;
  publicKey: Uint8Array;
}

function cipherKey(shared: Uint8Array, ephemeralPublic: Uint8Array, recipientPublic: Uint8Array): Uint8Array {
  const salt = new Uint8Array(64);
  salt.set(ephemeralPublic, 0);
  salt.set(recipientPublic, 32);
  return hkdf(sha256, shared, salt, INFO, 32);
}

/** Seals `plaintext` to the recipient's key for `context`. Each call uses a fresh ephemeral key and nonce. */
export function seal(plaintext: string, recipient: SealingKey, context: string): SealedBox {
  const ephemeralSecret = x25519.utils.randomSecretKey();
  const ephemeralPublic = x25519.getPublicKey(ephemeralSecret);
  const key = cipherKey(x25519.getSharedSecret(ephemeralSecret, recipient.publicKey), ephemeralPublic, recipient.publicKey);
  const nonce = randomBytes(24);
  const ct = xchacha20poly1305(key, nonce, utf8ToBytes(context)).encrypt(utf8ToBytes(plaintext));
  key.fill(0);
  ephemeralSecret.fill(0);
  return { v: 1, kid: recipient.kid, epk: toBase64Url(ephemeralPublic), nonce: toBase64Url(nonce), ct: toBase64Url(ct) };
}

/** Opens a box sealed to `secretKey` for `context`; throws when it was altered, sealed to another key or for another context. */
export function openSealed(box: SealedBox, secretKey: Uint8Array, context: string): string {
  const ephemeralPublic = fromBase64Url(box.epk);
  const nonce = fromBase64Url(box.nonce);
  if (ephemeralPublic.length !== 32 || nonce.length !== 24) throw new Error('malformed sealed box');
  const recipientPublic = x25519.getPublicKey(secretKey);
  const key = cipherKey(x25519.getSharedSecret(secretKey, ephemeralPublic), ephemeralPublic, recipientPublic);
  try {
    return bytesToUtf8(xchacha20poly1305(key, nonce, utf8ToBytes(context)).decrypt(fromBase64Url(box.ct)));
  } finally {
    key.fill(0);
  }
}

/** A key's name: the first 9 bytes of the SHA-256 of its public key, base64url (12 characters). */
export function keyId(publicKey: Uint8Array): string {
  return toBase64Url(sha256(publicKey).slice(0, 9));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) out += ALPHABET[(n >> 6) & 63]!;
    if (i + 2 < bytes.length) out += ALPHABET[n & 63]!;
  }
  return out;
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error('not base64url');
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const ch of text) {
    value = (value << 6) | ALPHABET.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 255;
    }
  }
  return out;
}
