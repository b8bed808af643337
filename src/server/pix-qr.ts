// The QR code image of a Pix charge: its BR Code (pixCopiaECola, as the PSP answered it) drawn as an
// SVG by the `qrcode` package (src/lib/qr-svg.ts), for the order page to show inline beside the copia-e-cola text.
import { qrSvg } from '../lib/qr-svg.ts';

/** The longest BR Code the API Pix answers (pixCopiaECola, maxLength 512). */
const MAX_BR_CODE = 512;

/**
 * The QR code of a BR Code as an SVG document (a string starting '<svg'), `size` pixels wide and
 * high (the SVG scales; 256 by default), with the 4-module quiet zone the QR standard asks for and
 * error correction M (15 % of the code may be lost). Throws a RangeError for an empty or
 * over-long text, or one with characters a BR Code never has (it is printable ASCII).
 */
export async function pixQrSvg(copyPaste: string, options: { size?: number } = {}): Promise<string> {
  if (!copyPaste || copyPaste.length > MAX_BR_CODE || !/^[\x20-\x7e]+$/.test(copyPaste))
    throw new RangeError(`a BR Code is 1 to ${MAX_BR_CODE} printable ASCII characters`);
  return qrSvg(copyPaste, options.size ?? 256);
}
