import { describe, expect, it } from 'vitest';
import { initialPhoneState, initialPhoneStep, phoneOf, phoneVerificationReducer as reduce } from '../../islands/account/phone-steps.ts';

describe('the phone drawer opens', () => {
  it('at phone-add for a user with no phone, at phone-init with the registered one [R-4.29]', () => {
    expect(initialPhoneStep('')).toBe('phone-add');
    expect(initialPhoneStep(null)).toBe('phone-add');
    expect(initialPhoneStep(undefined)).toBe('phone-add');
    expect(initialPhoneStep('11987654321')).toBe('phone-init');
  });
});

describe("the phone drawer's shared data", () => {
  it('holds the phone as typed, formatted and full, the code and its sends, and the errors [R-3.53]', () => {
    let state = initialPhoneState('11987654321');
    expect(state).toEqual({
      step: 'phone-init',
      phone: { raw: '', formatted: '', full: '' },
      target: '',
      verification: { code: '', attempts: 0 },
      errors: { phone: '', code: '' },
    });
    state = reduce(state, { type: 'go', step: 'phone-input' });
    state = reduce(state, { type: 'type-phone', input: '(11) 98765-432' });
    expect(state.phone).toEqual({ raw: '1198765432', formatted: '(11) 9876-5432', full: '+5511998765432' });
    state = reduce(state, { type: 'type-phone', input: '11987654321' });
    expect(state.phone).toEqual({ raw: '11987654321', formatted: '(11) 98765-4321', full: '+5511987654321' });
    state = reduce(state, { type: 'sent', target: '11987654321' });
    expect(state).toMatchObject({ step: 'sms-verification', target: '11987654321', verification: { code: '', attempts: 1 } });
    state = reduce(state, { type: 'type-code', input: '12a345', length: 4 });
    expect(state.verification.code).toBe('1234');
    state = reduce(state, { type: 'code-error', text: 'Código incorreto. Tente novamente.' });
    expect(state.verification).toEqual({ code: '', attempts: 1 });
    expect(state.errors.code).toBe('Código incorreto. Tente novamente.');
    // Resending counts; a new step starts without the last one's errors.
    state = reduce(state, { type: 'sent', target: '11987654321' });
    expect(state.verification.attempts).toBe(2);
    expect(state.errors).toEqual({ phone: '', code: '' });
  });

  it('a number that does not match is cleared with its error [R-5.24]', () => {
    let state = reduce(initialPhoneState('11987654321'), { type: 'type-phone', input: '11912345678' });
    state = reduce(state, { type: 'phone-error', text: 'não confere', clear: true });
    expect(state.phone).toEqual(phoneOf(''));
    expect(state.errors.phone).toBe('não confere');
    state = reduce(state, { type: 'type-phone', input: '1191234' });
    state = reduce(state, { type: 'phone-error', text: 'Telefone incompleto' });
    expect(state.phone.raw).toBe('1191234');
    expect(state.phone.full).toBe('');
  });
});
