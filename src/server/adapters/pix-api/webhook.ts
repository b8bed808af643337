// The webhook by which the PSP tells of a Pix received: its registration (PUT /webhook/{chave}),
// its signature (X-Pix-Signature, docs/payments.md 'The webhook's authenticity') and its body.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { config } from '../../config.ts';
import { keptValue } from '../../kept-value.ts';
import { isObject, readPix, type ReceivedPix } from './answers.ts';
import { PixPspError } from './errors.ts';
import { refused, type PixCall } from './transport.ts';

/** The header that carries the webhook's signature. */
export const PIX_SIGNATURE_HEADER = 'X-Pix-Signature';

/** The X-Pix-Signature value for a raw body: 'sha256=' + the hex HMAC-SHA256 of the body's UTF-8 bytes with the secret. */
export function signPixWebhook(rawBody: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

/**
 * Checks and reads a webhook call: the X-Pix-Signature of the raw body (exactly the bytes
 * received, before any JSON parsing) with `secret`, then the API Pix body { pix: [Pix...] }.
 * Throws PixPspError webhook_unauthorized when the signature is missing or wrong (or no secret is
 * set), webhook_invalid when a signed body is not a notification. A signed body without `pix` (a
 * PSP's test call on registration) is nothing received: []. The same Pix may come more than once
 * (the PSP retries, and calls again when a refund of it ends): the caller keeps endToEndId unique.
 */
export function readPixWebhook(rawBody: string, headers: (name: string) => string | undefined, secret: string): ReceivedPix[] {
  if (!secret) throw new PixPspError('webhook_unauthorized', 'no webhook secret is set');
  const given = /^sha256=([0-9a-f]{64})$/i.exec((headers(PIX_SIGNATURE_HEADER) ?? headers(PIX_SIGNATURE_HEADER.toLowerCase()) ?? '').trim());
  if (!given) throw new PixPspError('webhook_unauthorized', `missing or malformed ${PIX_SIGNATURE_HEADER}`);
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  const received = Buffer.from(given[1]!.toLowerCase(), 'hex');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw new PixPspError('webhook_unauthorized', 'wrong webhook signature');

  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch (err) {
    throw new PixPspError('webhook_invalid', 'the webhook body is not JSON', { cause: err });
  }
  if (!isObject(body)) throw new PixPspError('webhook_invalid', 'the webhook body is not an object');
  if (body.pix === undefined) return [];
  if (!Array.isArray(body.pix)) throw new PixPspError('webhook_invalid', 'pix is not a list');
  return body.pix.map((item, i) => {
    const pix = readPix(item);
    if (!pix) throw new PixPspError('webhook_invalid', `pix[${i}] is not a Pix (endToEndId, valor, horario)`);
    return pix;
  });
}

/** The webhook's secret: PIX_WEBHOOK_SECRET, else one made once and kept 0600 in DATA_DIR/pix-webhook-secret (shared by the processes of one folder). */
export function pixWebhookSecret(dataDir = config.dataDir, configured = config.pix.webhookSecret): string {
  if (configured) return configured;
  return keptValue(
    join(dataDir, 'pix-webhook-secret'),
    () => randomBytes(32).toString('base64url'),
    (text) => /^[A-Za-z0-9_-]{43}$/.test(text),
  );
}

/** PUT /webhook/{chave}: the PSP POSTs the Pix received for the key's charges to `${url}/pix`. */
export async function registerWebhook(call: PixCall, pixKey: string, url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PixPspError('invalid_request', `a webhook URL must be absolute, got '${url}'`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new PixPspError('invalid_request', `a webhook URL is https, got '${url}'`);
  const answer = await call('PUT', `/webhook/${encodeURIComponent(pixKey)}`, { webhookUrl: url });
  if (answer.status >= 200 && answer.status < 300) return;
  throw refused(answer, 'PUT /webhook');
}
