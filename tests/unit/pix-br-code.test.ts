// The BR Code (the text of a Pix QR code and of 'Pix copia e cola'): the product never writes one
// by hand. The sandbox PSP builds its charges' BR Codes with @brazilian-utils/brazilian-utils'
// generatePixPayload, so the library is checked here against the Banco Central's Manual do BR Code
// (its example static payload, CRC 1D3D), and the dynamic payloads we make (a location URL instead
// of a key, point of initiation 12) are checked field by field and by a CRC16-CCITT computed here,
// independently of the library. Then the QR code image drawn from a BR Code (pixQrSvg).
import { describe, expect, it } from 'vitest';
import { generatePixPayload, getPixPayloadInfo, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { pixQrSvg } from '../../src/server/pix-qr.ts';

/** The Manual do BR Code's example: a static payload with an EVP key, 'Fulano de Tal', 'BRASILIA', no amount, CRC 1D3D. */
const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' + '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

/** CRC16-CCITT-FALSE as the manual specifies it (polynomial 0x1021, initial value 0xFFFF), over the payload up to and including '6304'. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The payload's top-level TLV objects (id -> value). */
function fields(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < payload.length; ) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    out.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return out;
}

const LOCATION = 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25';

describe('BR Code', () => {
  it('the independent CRC16 gives the manual’s 1D3D for its example', () => {
    expect(crc16(MANUAL_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  it('the library writes the manual’s example exactly, and reads it back', () => {
    const payload = generatePixPayload({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' });
    expect(payload).toBe(MANUAL_EXAMPLE);
    expect(isValidPixPayload(MANUAL_EXAMPLE)).toBe(true);
    expect(getPixPayloadInfo(MANUAL_EXAMPLE)).toEqual({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      pointOfInitiation: 'static',
    });
  });

  it('a dynamic payload carries the location instead of a key, point of initiation 12, no amount, and a CRC that checks out', () => {
    const payload = generatePixPayload({ url: LOCATION, merchantName: 'Loja Pix Sandbox', merchantCity: 'São Paulo' })!;
    expect(payload).not.toBeNull();
    const top = fields(payload);
    expect(top.get('00')).toBe('01');
    expect(top.get('01')).toBe('12');
    const account = fields(top.get('26')!);
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('25')).toBe(LOCATION);
    expect(account.has('01')).toBe(false);
    expect(top.get('52')).toBe('0000');
    expect(top.get('53')).toBe('986');
    // The amount comes from the location's payload, never from the BR Code of a dynamic charge.
    expect(top.has('54')).toBe(false);
    expect(top.get('58')).toBe('BR');
    expect(top.get('59')).toBe('Loja Pix Sandbox');
    // Folded to ASCII, as the manual asks.
    expect(top.get('60')).toBe('Sao Paulo');
    expect(top.get('62')).toBe('0503***');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    expect(getPixPayloadInfo(payload)).toEqual({ url: LOCATION, merchantName: 'Loja Pix Sandbox', merchantCity: 'Sao Paulo', pointOfInitiation: 'dynamic' });
  });

  it('a payload with one character changed fails its CRC', () => {
    const payload = generatePixPayload({ url: LOCATION, merchantName: 'Loja Pix Sandbox', merchantCity: 'Sao Paulo' })!;
    const altered = payload.replace('Loja', 'Loje');
    expect(crc16(altered.slice(0, -4))).not.toBe(altered.slice(-4));
    expect(isValidPixPayload(altered)).toBe(false);
  });

  it('a location a BR Code cannot carry (a port, no dotted host, over 77 characters) gives no payload', () => {
    expect(generatePixPayload({ url: 'localhost:4321/api/pix-sandbox/qr/abc', merchantName: 'Loja', merchantCity: 'Sao Paulo' })).toBeNull();
    expect(generatePixPayload({ url: 'localhost/api/pix-sandbox/qr/abc', merchantName: 'Loja', merchantCity: 'Sao Paulo' })).toBeNull();
    expect(generatePixPayload({ url: `pix.example.com/${'a'.repeat(70)}`, merchantName: 'Loja', merchantCity: 'Sao Paulo' })).toBeNull();
  });
});

describe('pixQrSvg', () => {
  it('draws a BR Code as a square SVG of sane size', async () => {
    const payload = generatePixPayload({ url: LOCATION, merchantName: 'Loja Pix Sandbox', merchantCity: 'Sao Paulo' })!;
    const svg = await pixQrSvg(payload);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toMatch(/width="256" height="256"/);
    const [, side] = /viewBox="0 0 (\d+) \1"/.exec(svg) ?? [];
    // Modules of a QR version (21 + 4 per version, 1 to 40) plus the 4-module quiet zone on each side.
    const modules = Number(side) - 8;
    expect((modules - 21) % 4).toBe(0);
    // A BR Code of about 110 characters needs a small version (6 at level M), not a huge one.
    expect(modules).toBeGreaterThanOrEqual(25);
    expect(modules).toBeLessThanOrEqual(57);
    // Dark modules drawn as one path; under 10 kB for a code this size.
    expect(svg).toContain('<path');
    expect(svg.length).toBeLessThan(10_000);
    expect(await pixQrSvg(payload, { size: 320 })).toMatch(/width="320" height="320"/);
  });

  it('refuses an empty text, a text too long for a BR Code and characters a BR Code never holds', async () => {
    await expect(pixQrSvg('')).rejects.toThrow(RangeError);
    await expect(pixQrSvg('0'.repeat(513))).rejects.toThrow(RangeError);
    await expect(pixQrSvg('000201São')).rejects.toThrow(RangeError);
  });
});
