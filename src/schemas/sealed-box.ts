// The wire shape of a payload sealed to the server's key (src/lib/sealed-box.ts) and of the key
// the browser seals to (GET /api/cards/encryption-key; docs/payments.md 'Card data in transit').
import { type } from 'arktype';

export const SealedBoxBody = type({
  v: '1',
  kid: /^[A-Za-z0-9_-]{1,32}$/,
  epk: /^[A-Za-z0-9_-]{43}$/,
  nonce: /^[A-Za-z0-9_-]{32}$/,
  // A card payload is a few hundred bytes; 4 KB of ciphertext is far above any.
  ct: /^[A-Za-z0-9_-]{1,4096}$/,
});
export type SealedBoxBody = typeof SealedBoxBody.infer;

export interface EncryptionKeyAnswer {
  kid: string;
  /** The X25519 public key, base64url (43 characters). */
  public_key: string;
  algorithm: string;
}
