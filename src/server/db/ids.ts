// Stable public ids: derived from the establishment's slug and the catalogue's own keys, so a
// re-import keeps every product URL (/produto/{id}-{name}) and every cart reference valid.
import { createHash } from 'node:crypto';

/** 'a1b2c3d4e5' style id: 10 lowercase base-36 characters, no dashes (URLs split on the first '-'). */
export function stableId(...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  return BigInt(`0x${digest.subarray(0, 8).toString('hex')}`)
    .toString(36)
    .padStart(13, '0')
    .slice(-10);
}

/** Random id for records created at run time (feedbacks, orders). */
export function randomId(): string {
  return createHash('sha256')
    .update(crypto.getRandomValues(new Uint8Array(16)))
    .digest('hex')
    .slice(0, 16);
}
