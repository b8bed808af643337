import { describe, expect, it } from 'vitest';
import { initialPhoneStep } from '../../islands/account/phone-steps.ts';

describe('the phone drawer opens', () => {
  it('at phone-add for a user with no phone, at phone-init with the registered one [R-4.29]', () => {
    expect(initialPhoneStep('')).toBe('phone-add');
    expect(initialPhoneStep(null)).toBe('phone-add');
    expect(initialPhoneStep(undefined)).toBe('phone-add');
    expect(initialPhoneStep('11987654321')).toBe('phone-init');
  });
});
