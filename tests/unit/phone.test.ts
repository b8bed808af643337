import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  COUNTRY_CODE,
  SMS_CODE_LENGTH,
  checkTypedPhone,
  isCompleteSmsCode,
  maskPhone,
  normalizePhone,
  phoneDigits,
  phoneE164,
  phoneForApi,
  phoneWithoutNinthDigit,
  samePhone,
  validatePhone,
} from '../../src/domain/phone.ts';
import { fieldProblemText } from '../../src/i18n/messages.ts';

const MOBILE_TYPED_10 = '(11) 8765-4321';
const MOBILE_11 = '11987654321';
const LANDLINE_10 = '1130000000';

describe('maskPhone [R-5.19]', () => {
  it('uses (##) ####-#### up to 10 digits', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('113')).toBe('(11) 3');
    expect(maskPhone('113000')).toBe('(11) 3000');
    expect(maskPhone('1130000')).toBe('(11) 3000-0');
    expect(maskPhone(LANDLINE_10)).toBe('(11) 3000-0000');
  });

  it('switches to (##) #####-#### over 10 digits and stops at 11', () => {
    expect(maskPhone(MOBILE_11)).toBe('(11) 98765-4321');
    expect(maskPhone('119876543210000')).toBe('(11) 98765-4321');
  });

  it('keeps digits only [R-5.20]', () => {
    expect(phoneDigits('+55 (11) 98765-4321')).toBe('5511987654321');
    expect(maskPhone('ab(11)x3000-0000')).toBe('(11) 3000-0000');
  });

  it('keeps every digit and is idempotent, at most 15 characters (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 14 }), (digits) => {
        const masked = maskPhone(digits);
        expect(phoneDigits(masked)).toBe(digits.slice(0, 11));
        expect(maskPhone(masked)).toBe(masked);
        expect(masked.length).toBeLessThanOrEqual(15);
        if (digits.length === 10) expect(masked).toMatch(/^\(\d{2}\) \d{4}-\d{4}$/);
        if (digits.length >= 11) expect(masked).toMatch(/^\(\d{2}\) \d{5}-\d{4}$/);
      }),
    );
  });
});

describe('normalizePhone (decisions #11)', () => {
  it('inserts the 9 after the area code into a 10-digit mobile [R-5.22]', () => {
    expect(normalizePhone(MOBILE_TYPED_10)).toBe(MOBILE_11);
    expect(normalizePhone('(21) 6123-4567')).toBe('21961234567');
  });

  it('leaves a landline and an 11-digit mobile alone', () => {
    expect(normalizePhone(LANDLINE_10)).toBe(LANDLINE_10);
    expect(normalizePhone('(11) 98765-4321')).toBe(MOBILE_11);
  });

  it('drops the +55 country code [R-9.2]', () => {
    expect(COUNTRY_CODE).toBe('55');
    expect(normalizePhone('+55 (11) 98765-4321')).toBe(MOBILE_11);
    expect(normalizePhone('+55 11 8765-4321')).toBe(MOBILE_11);
  });
});

describe('sending and comparing (decisions #12)', () => {
  it('sends digits only [R-5.25]', () => {
    expect(phoneForApi('(11) 98765-4321')).toBe(MOBILE_11);
    expect(phoneForApi('(11) 3000-0000')).toBe(LANDLINE_10);
  });

  it('has a short form without country code and ninth digit [R-5.26]', () => {
    expect(phoneWithoutNinthDigit('+55 (11) 98765-4321')).toBe('1187654321');
    expect(phoneWithoutNinthDigit('(11) 3000-0000')).toBe(LANDLINE_10);
  });

  it('writes E.164 with +55 [R-9.2]', () => {
    expect(phoneE164(MOBILE_TYPED_10)).toBe('+5511987654321');
  });

  it('compares ignoring +55 and the optional ninth digit', () => {
    expect(samePhone('+55 11 98765-4321', '1187654321')).toBe(true);
    expect(samePhone('5511987654321', '(11) 98765-4321')).toBe(true);
    expect(samePhone('(11) 98765-4321', '(11) 98765-4322')).toBe(false);
    expect(samePhone('(11) 98765-4321', '(21) 98765-4321')).toBe(false);
    expect(samePhone('', '')).toBe(false);
  });
});

describe('validatePhone', () => {
  it('accepts 10 typed digits (area code plus 8) and returns the 11-digit form [R-5.21]', () => {
    expect(validatePhone(MOBILE_TYPED_10)).toEqual({ ok: true, digits: MOBILE_11, formatted: '(11) 98765-4321' });
    expect(validatePhone(LANDLINE_10)).toEqual({ ok: true, digits: LANDLINE_10, formatted: '(11) 3000-0000' });
  });

  it('accepts 11 typed digits too (decisions #11)', () => {
    expect(validatePhone(MOBILE_11)).toEqual({ ok: true, digits: MOBILE_11, formatted: '(11) 98765-4321' });
  });

  it('reports fewer than 10 digits as incomplete', () => {
    expect(validatePhone('(11) 9876-543')).toEqual({ ok: false, code: 'phone_incomplete' });
    expect(fieldProblemText('phone_incomplete')).toBe('Telefone incompleto');
  });

  it('rejects an area code that does not exist', () => {
    expect(validatePhone('(20) 3000-0000')).toEqual({ ok: false, code: 'phone_invalid' });
    expect(fieldProblemText('phone_invalid')).toBe('Número de telefone inválido');
  });

  it('rejects a subscriber number starting with 0 or 1', () => {
    expect(validatePhone('(11) 1000-0000').ok).toBe(false);
  });

  it('rejects more than 11 digits', () => {
    expect(validatePhone('119876543210').ok).toBe(false);
  });
});

describe('checkTypedPhone [R-5.23]', () => {
  it('accepts the registered number typed without the ninth digit', () => {
    expect(checkTypedPhone(MOBILE_TYPED_10, '+5511987654321').ok).toBe(true);
  });

  it('refuses another number with the spec message', () => {
    expect(checkTypedPhone('(11) 8765-4320', '+5511987654321')).toEqual({ ok: false, code: 'phone_mismatch' });
    expect(fieldProblemText('phone_mismatch')).toBe('O número digitado não confere com o número cadastrado. Tente novamente.');
  });
});

describe('SMS code [R-5.27]', () => {
  it('is complete at exactly 4 digits', () => {
    expect(SMS_CODE_LENGTH).toBe(4);
    expect(isCompleteSmsCode('0427')).toBe(true);
    expect(isCompleteSmsCode('042')).toBe(false);
    expect(isCompleteSmsCode('04271')).toBe(false);
    expect(isCompleteSmsCode('04a7')).toBe(false);
  });
});
