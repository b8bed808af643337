// The pure rules of the one-time codes (decisions.md 'One-time codes').
import { describe, expect, it } from 'vitest';
import { CODE_TTL_MS, codeDigits, codeUsable, isCodeShaped, triesLeft } from '../../src/domain/one-time-code.ts';

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 3, 23, 0) + minutes * 60_000);

describe('one-time codes', () => {
  it('are 4 digits, zero-padded [R-5.27]', () => {
    expect(codeDigits(42)).toBe('0042');
    expect(codeDigits(9999)).toBe('9999');
    expect(isCodeShaped('0042')).toBe(true);
    expect(isCodeShaped('042')).toBe(false);
    expect(isCodeShaped('12a4')).toBe(false);
  });

  it('live 10 minutes, once, and end after 5 checks', () => {
    const fresh = { createdAt: at(0), tries: 0, usedAt: null };
    expect(codeUsable(fresh, at(9))).toEqual({ ok: true });
    expect(codeUsable(fresh, new Date(at(0).getTime() + CODE_TTL_MS))).toEqual({ ok: false, reason: 'code_expired' });
    expect(codeUsable({ ...fresh, usedAt: at(1) }, at(2))).toEqual({ ok: false, reason: 'code_used' });
    expect(codeUsable({ ...fresh, tries: 4 }, at(2))).toEqual({ ok: true });
    expect(codeUsable({ ...fresh, tries: 5 }, at(2))).toEqual({ ok: false, reason: 'code_exhausted' });
    expect([1, 2, 3, 4, 5].map(triesLeft)).toEqual([4, 3, 2, 1, 0]);
  });
});
