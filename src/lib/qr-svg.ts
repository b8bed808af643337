// A QR code as an SVG document, one way for the whole product: the Pix charge's BR Code on the
// order page (src/server/pix-qr.ts) and the tables' QR codes the panel prints (islands/panel/
// TableQrSheet.tsx, which loads this module, and the `qrcode` package with it, only then).
import QRCode from 'qrcode';

/**
 * The QR code of `text` as an SVG string ('<svg…'), `size` pixels wide and high (it scales), with the
 * 4-module quiet zone the QR standard asks for and error correction M (15 % of the code may be lost).
 */
export function qrSvg(text: string, size = 256): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width: size });
}
