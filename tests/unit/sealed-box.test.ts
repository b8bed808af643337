// Sealing card payloads to the server's key (src/lib/sealed-box.ts): what is sealed opens only
// with the server's secret key, for the context it was sealed for, and not once a byte changed.
import { describe, expect, it } from 'vitest';
import { x25519 } from '@noble/curves/ed25519.js';
import { fromBase64Url, keyId, openSealed, seal, toBase64Url, type SealedBox } from '../../src/lib/sealed-box.ts';

const secretKey = x25519.utils.randomSecretKey();
const publicKey = x25519.getPublicKey(secretKey);
const recipient = { kid: keyId(publicKey), publicKey };
const CARD = JSON.stringify({ number: '4111111111111111', cvv: '123', expiry: '12/30', holder: 'MARIA DA SILVA' });
const CONTEXT = 'card-verification:user-1';

/** The box with one character of a field changed. */
function altered(box: SealedBox, field: 'epk' | 'nonce' | 'ct'): SealedBox {
  const bytes = fromBase64Url(box[field]);
  bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
  return { ...box, [field]: toBase64Url(bytes) };
}

describe('sealed box', () => {
  it('opens with the server secret key for the same context, and the wire shows none of the card', () => {
    const box = seal(CARD, recipient, CONTEXT);
    expect(openSealed(box, secretKey, CONTEXT)).toBe(CARD);
    const wire = JSON.stringify(box);
    expect(wire).not.toContain('4111');
    expect(wire).not.toContain('123"');
    expect(box).toMatchObject({ v: 1, kid: recipient.kid });
    expect(box.epk).toHaveLength(43);
    expect(box.nonce).toHaveLength(32);
  });

  it('seals the same payload differently every time (a fresh ephemeral key and nonce)', () => {
    const a = seal(CARD, recipient, CONTEXT);
    const b = seal(CARD, recipient, CONTEXT);
    expect(a.epk).not.toBe(b.epk);
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.ct).not.toBe(b.ct);
  });

  it('refuses a box opened for another context (another call or another customer)', () => {
    const box = seal(CARD, recipient, CONTEXT);
    expect(() => openSealed(box, secretKey, 'card-verification:user-2')).toThrow();
  });

  it('refuses a box with any byte of its key, nonce or ciphertext changed', () => {
    const box = seal(CARD, recipient, CONTEXT);
    for (const field of ['epk', 'nonce', 'ct'] as const) expect(() => openSealed(altered(box, field), secretKey, CONTEXT)).toThrow();
  });

  it('refuses a box sealed to another key', () => {
    const other = x25519.utils.randomSecretKey();
    const box = seal(CARD, { kid: 'x', publicKey: x25519.getPublicKey(other) }, CONTEXT);
    expect(() => openSealed(box, secretKey, CONTEXT)).toThrow();
    expect(openSealed(box, other, CONTEXT)).toBe(CARD);
  });

  it('encodes base64url both ways for every length', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 37 + n) & 255);
      const text = toBase64Url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(fromBase64Url(text)).toEqual(bytes);
    }
    expect(() => fromBase64Url('a+b/')).toThrow();
  });
});
