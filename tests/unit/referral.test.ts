// Referral codes (src/domain/referral.ts): what a customer shares, readable and easy to copy.
import { describe, expect, it } from 'vitest';
import { REFERRAL_ALPHABET, makeReferralCode, normalizeReferralCode } from '../../src/domain/referral.ts';

describe('referral codes', () => {
  it('read as the first name without accents and four characters without look-alikes', () => {
    expect(makeReferralCode('Márcia Souza', () => 0)).toBe('MARCIA2222');
    expect(makeReferralCode('  joão  ', () => 0.999)).toBe('JOAOZZZZ');
    expect(makeReferralCode('Maximiliano', () => 0.5)).toMatch(/^MAXIMI[A-Z2-9]{4}$/);
    expect(makeReferralCode('李 明', () => 0)).toBe('AMIGO2222');
    for (const c of '01OIL') expect(REFERRAL_ALPHABET).not.toContain(c);
  });

  it('are compared in capitals, without spaces, dashes or accents', () => {
    expect(normalizeReferralCode(' maria-7k2 ')).toBe('MARIA7K2');
    expect(normalizeReferralCode('Márcia2222')).toBe('MARCIA2222');
  });
});
