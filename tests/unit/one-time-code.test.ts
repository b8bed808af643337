// The pure rules of the one-time codes (decisions.md 'One-time codes').
import { describe, expect, it } from 'vitest';
import { CODE_TTL_MS, codeDigits, codeUsable, isCodeShaped, sendAllowed, triesLeftAfterWrong } from '../../src/domain/one-time-code.ts';

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 3, 23, 0) + minutes * 60_000);

describe('one-time codes', () => {
  it('are 4 digits, zero-padded [R-5.27]', () => {
    expect(codeDigits(42)).toBe('0042');
    expect(codeDigits(9999)).toBe('9999');
    expect(isCodeShaped('0042')).toBe(true);
    expect(isCodeShaped('042')).toBe(false);
    expect(isCodeShaped('12a4')).toBe(false);
  });

  it('allow 3 sends per 15 minutes, then say when the next is allowed', () => {
    expect(sendAllowed([], at(0))).toEqual({ ok: true });
    expect(sendAllowed([at(0), at(1)], at(2))).toEqual({ ok: true });
    expect(sendAllowed([at(0), at(1), at(2)], at(3))).toEqual({ ok: false, retryAfterSeconds: 12 * 60 });
    expect(sendAllowed([at(0), at(1), at(2)], at(15))).toEqual({ ok: true });
  });

  it('live 10 minutes, once, and end after 5 wrong tries', () => {
    const fresh = { createdAt: at(0), wrongTries: 0, usedAt: null };
    expect(codeUsable(fresh, at(9))).toEqual({ ok: true });
    expect(codeUsable(fresh, new Date(at(0).getTime() + CODE_TTL_MS))).toEqual({ ok: false, reason: 'code_expired' });
    expect(codeUsable({ ...fresh, usedAt: at(1) }, at(2))).toEqual({ ok: false, reason: 'code_used' });
    expect(codeUsable({ ...fresh, wrongTries: 4 }, at(2))).toEqual({ ok: true });
    expect(codeUsable({ ...fresh, wrongTries: 5 }, at(2))).toEqual({ ok: false, reason: 'code_exhausted' });
    expect([0, 1, 2, 3, 4].map(triesLeftAfterWrong)).toEqual([4, 3, 2, 1, 0]);
  });
});
