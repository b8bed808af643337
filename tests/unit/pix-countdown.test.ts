// The order page's Pix countdown (islands/order/pix-api.ts): the time left as 'MM:SS', and the
// server's clock read from an answer's Date header, so a phone whose clock is wrong still counts
// down to the charge's real expiry.
import { describe, expect, it } from 'vitest';
import { clockSkew, countdownText } from '../../islands/order/pix-api.ts';

describe('the Pix countdown', () => {
  it("shows the time left as minutes and seconds, rounded up, never below '00:00'", () => {
    expect(countdownText(30 * 60_000)).toBe('30:00');
    expect(countdownText(29 * 60_000 + 41_000)).toBe('29:41');
    expect(countdownText(29 * 60_000 + 40_001)).toBe('29:41');
    expect(countdownText(59_999)).toBe('01:00');
    expect(countdownText(1)).toBe('00:01');
    expect(countdownText(0)).toBe('00:00');
    expect(countdownText(-5000)).toBe('00:00');
    // A charge longer than an hour keeps counting in minutes.
    expect(countdownText(90 * 60_000)).toBe('90:00');
  });

  it("reads how far the server's clock is from the browser's, ignoring the header's one-second precision", () => {
    const at = Date.parse('2026-03-10T15:00:00.400Z');
    expect(clockSkew('Tue, 10 Mar 2026 15:00:00 GMT', at)).toBe(0);
    expect(clockSkew('Tue, 10 Mar 2026 15:00:01 GMT', at)).toBe(0);
    expect(clockSkew('Tue, 10 Mar 2026 15:05:00 GMT', at)).toBe(299_600);
    expect(clockSkew('Tue, 10 Mar 2026 14:58:00 GMT', at)).toBe(-120_400);
    expect(clockSkew(null, at)).toBe(0);
    expect(clockSkew('not a date', at)).toBe(0);
  });
});
