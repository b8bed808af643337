import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  isLuhnValid,
  CARD_VERIFICATION_STATUSES,
  buildCardToRegister,
  cardDueYear,
  checkCardAmount,
  checkCardDocument,
  checkCardExpiry,
  checkCvv,
  cvvLength,
  detectCardBrand,
  isCardExpired,
  isCardValidated,
  isCardVerificationStatus,
  maskCardNumber,
  maskCardValidity,
  parseCardValidity,
  stripCardNumber,
  verificationStartStep,
} from '../../src/domain/card.ts';
import { fieldProblemText } from '../../src/i18n/messages.ts';
import type { CardForm } from '../../src/domain/card.ts';
import { Temporal } from '../../src/domain/time.ts';

const NOW = Temporal.Instant.from('2025-06-10T12:00:00Z');
const JUNE_2025 = Temporal.PlainYearMonth.from('2025-06');
const VALID_CPF = '529.982.247-25';

const visaForm: CardForm = {
  number: '4111 1111 1111 1111',
  validity: '08/27',
  holder: '  maria   da silva ',
  securityCode: '123',
  document: VALID_CPF,
};

describe('card to register', () => {
  it('keeps the number as digits only, spaces stripped [R-3.2]', () => {
    expect(stripCardNumber('4111 1111 1111 1111')).toBe('4111111111111111');
    const result = buildCardToRegister(visaForm, NOW, JUNE_2025);
    expect(result.ok && result.card.number).toBe('4111111111111111');
  });

  it('sets due_year to 2000 + the two-digit year [R-3.3]', () => {
    expect(cardDueYear('27')).toBe(2027);
    expect(cardDueYear(0)).toBe(2000);
    expect(() => cardDueYear(100)).toThrow(RangeError);
    const result = buildCardToRegister(visaForm, NOW, JUNE_2025);
    expect(result.ok && [result.card.due_year, result.card.due_month]).toEqual([2027, 8]);
  });

  it('forces the holder to uppercase [R-3.4]', () => {
    const result = buildCardToRegister(visaForm, NOW, JUNE_2025);
    expect(result.ok && result.card.holder).toBe('MARIA DA SILVA');
  });

  it('expires 7 days after the instant passed in [R-3.5]', () => {
    const result = buildCardToRegister(visaForm, NOW, JUNE_2025);
    expect(result.ok && result.card.expires).toBe('2025-06-17T12:00:00Z');
  });

  it('builds the whole payload with the document stripped and the brand detected', () => {
    expect(buildCardToRegister(visaForm, NOW, JUNE_2025)).toEqual({
      ok: true,
      card: {
        security_code: '123',
        number: '4111111111111111',
        due_year: 2027,
        due_month: 8,
        holder: 'MARIA DA SILVA',
        payment_card_document: '52998224725',
        brand: 'visa',
        expires: '2025-06-17T12:00:00Z',
      },
    });
  });

  it('collects every field error at once', () => {
    const result = buildCardToRegister({ number: '4111', validity: '05/25', holder: ' ', securityCode: '1', document: '123' }, NOW, JUNE_2025);
    expect(result).toEqual({
      ok: false,
      errors: {
        number: { ok: false, code: 'invalid_number' },
        validity: { ok: false, code: 'validate_card' },
        holder: { ok: false, code: 'holder_required' },
        securityCode: { ok: false, code: 'invalid_cvv' },
        document: { ok: false, code: 'document_incomplete' },
      },
    });
  });
});

describe('card field masks', () => {
  it('groups the number in fours, at most 19 characters [R-5.4]', () => {
    expect(maskCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(maskCardNumber('41111')).toBe('4111 1');
    expect(maskCardNumber('4111-1111-1111-1111-9999')).toBe('4111 1111 1111 1111');
    expect(maskCardNumber('')).toBe('');
  });

  it('masks the number idempotently, within 19 characters (property) [R-5.4]', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 -'.split('')), maxLength: 30 }), (raw) => {
        const masked = maskCardNumber(raw);
        expect(masked.length).toBeLessThanOrEqual(19);
        expect(maskCardNumber(stripCardNumber(masked))).toBe(masked);
        expect(stripCardNumber(masked)).toBe(stripCardNumber(raw).slice(0, 16));
      }),
    );
  });

  it('masks the validity as mm/aa, at most 5 characters [R-5.6]', () => {
    expect(maskCardValidity('0')).toBe('0');
    expect(maskCardValidity('03')).toBe('03');
    expect(maskCardValidity('032')).toBe('03/2');
    expect(maskCardValidity('032799')).toBe('03/27');
    expect(maskCardValidity('03/27')).toBe('03/27');
  });

  it('masks the validity idempotently within 5 characters (property) [R-5.6]', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789/'.split('')), maxLength: 10 }), (raw) => {
        const masked = maskCardValidity(raw);
        expect(masked.length).toBeLessThanOrEqual(5);
        expect(maskCardValidity(masked)).toBe(masked);
      }),
    );
  });
});

describe('card validity', () => {
  it('accepts 03/20 as the smallest validity and refuses 02/20 (decisions #10) [R-5.7]', () => {
    expect(parseCardValidity('03/20')).toEqual({ month: 3, year: 2020 });
    expect(parseCardValidity('02/20')).toBeNull();
    expect(parseCardValidity('12/19')).toBeNull();
  });

  it('refuses an impossible month or an incomplete value', () => {
    expect(parseCardValidity('13/27')).toBeNull();
    expect(parseCardValidity('00/27')).toBeNull();
    expect(parseCardValidity('03/2')).toBeNull();
    expect(parseCardValidity('0327')).toEqual({ month: 3, year: 2027 });
  });

  it("gives 'forms.validate_card' before the current month/year [R-5.1]", () => {
    expect(checkCardExpiry({ month: 5, year: 2025 }, JUNE_2025)).toEqual({ ok: false, code: 'validate_card' });
    expect(fieldProblemText('validate_card')).toBe('Validade do cartão inválida.');
    expect(checkCardExpiry({ month: 12, year: 2024 }, JUNE_2025).ok).toBe(false);
  });

  it('accepts the current month and later [R-5.1]', () => {
    expect(checkCardExpiry({ month: 6, year: 2025 }, JUNE_2025)).toEqual({ ok: true });
    expect(checkCardExpiry({ month: 1, year: 2026 }, JUNE_2025)).toEqual({ ok: true });
  });

  it('reports a malformed validity with the same message', () => {
    const result = buildCardToRegister({ ...visaForm, validity: '02/20' }, NOW, JUNE_2025);
    expect(result.ok === false && result.errors.validity).toEqual({ ok: false, code: 'invalid_validity' });
    expect(fieldProblemText('invalid_validity')).toBe(fieldProblemText('validate_card'));
  });
});

describe('card document', () => {
  it("gives 'CPF/CNPJ incompleto' for a short document (decisions #9) [R-5.2]", () => {
    expect(checkCardDocument('529.982.247')).toEqual({ ok: false, code: 'document_incomplete' });
    expect(checkCardDocument('1122233300018')).toEqual({ ok: false, code: 'document_incomplete' });
    expect(fieldProblemText('document_incomplete')).toBe('CPF/CNPJ incompleto');
  });

  it("gives 'forms.document_not_validate' for an invalid CPF/CNPJ [R-5.3]", () => {
    expect(checkCardDocument('529.982.247-24')).toEqual({ ok: false, code: 'document_not_validate' });
    expect(fieldProblemText('document_not_validate')).toBe('CPF/CNPJ inválido');
    expect(checkCardDocument('11.222.333/0001-80').ok).toBe(false);
  });

  it('accepts a valid CPF or CNPJ', () => {
    expect(checkCardDocument(VALID_CPF)).toEqual({ ok: true, kind: 'cpf' });
    expect(checkCardDocument('11.222.333/0001-81')).toEqual({ ok: true, kind: 'cnpj' });
  });
});

describe('CVV (decisions #8)', () => {
  it('gives the spec message when empty or shorter than 3 [R-5.9]', () => {
    expect(checkCvv('', 'visa')).toEqual({ ok: false, code: 'invalid_cvv' });
    expect(checkCvv('12', 'visa')).toEqual({ ok: false, code: 'invalid_cvv' });
    expect(fieldProblemText('invalid_cvv')).toBe('Por favor, insira um CVV válido com 3 ou 4 dígitos.');
  });

  it('wants exactly 3 digits, or 4 for Amex [R-5.9]', () => {
    expect(checkCvv('123', 'visa')).toEqual({ ok: true });
    expect(checkCvv('1234', 'visa').ok).toBe(false);
    expect(checkCvv('1234', 'amex')).toEqual({ ok: true });
    expect(checkCvv('123', 'amex').ok).toBe(false);
    expect(checkCvv('12a', 'visa').ok).toBe(false);
    expect(cvvLength(null)).toBe(3);
  });
});

describe('brand detection', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['4012888888881881', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['6362970000457013', 'elo'],
    ['4389350000000000', 'elo'],
    ['5067000000000000', 'elo'],
    ['6062825624254001', 'hipercard'],
    ['3841001111222233', 'hipercard'],
    ['30569309025904', 'diners'],
    ['36490102462661', 'diners'],
    ['6011111111111117', null],
    ['', null],
  ])('reads %s as %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });

  it('ignores the mask spaces', () => {
    expect(detectCardBrand('3782 822463 10005')).toBe('amex');
  });
});

describe('card amount', () => {
  it('must be greater than 0 [R-5.11]', () => {
    expect(checkCardAmount(0).ok).toBe(false);
    expect(checkCardAmount(-1).ok).toBe(false);
    expect(checkCardAmount(0.5).ok).toBe(false);
    expect(checkCardAmount(1)).toEqual({ ok: true });
  });
});

describe('saved cards', () => {
  it('knows the three verification statuses [R-3.7]', () => {
    expect(CARD_VERIFICATION_STATUSES).toEqual(['not_verified', 'verification_in_progress', 'verified']);
    expect(isCardVerificationStatus('verified')).toBe(true);
    expect(isCardVerificationStatus('pending')).toBe(false);
    expect(isCardVerificationStatus(undefined)).toBe(false);
  });

  it('counts a card without a brand as not validated [R-3.8]', () => {
    expect(isCardValidated({ brand: 'visa', verification_status: 'verified' })).toBe(true);
    expect(isCardValidated({ brand: '', verification_status: 'verified' })).toBe(false);
    expect(isCardValidated({ brand: null, verification_status: 'verified' })).toBe(false);
    expect(isCardValidated({ verification_status: 'verified' })).toBe(false);
    expect(isCardValidated({ brand: 'visa', verification_status: 'not_verified' })).toBe(false);
  });

  it('starts verification with the charge, or with the amount when already in progress', () => {
    expect(verificationStartStep('not_verified')).toBe('charge');
    expect(verificationStartStep('verification_in_progress')).toBe('amount');
    expect(verificationStartStep('verified')).toBe('done');
  });

  it('drops a stored card once its expiry is reached', () => {
    expect(isCardExpired({ expires: '2025-06-17T12:00:00Z' }, Temporal.Instant.from('2025-06-17T11:59:59Z'))).toBe(false);
    expect(isCardExpired({ expires: '2025-06-17T12:00:00Z' }, Temporal.Instant.from('2025-06-17T12:00:00Z'))).toBe(true);
  });
});

describe('Luhn check', () => {
  it('accepts well-known valid numbers, with or without separators, and refuses one changed digit or a too-short number', () => {
    expect(isLuhnValid('4111 1111 1111 1111')).toBe(true);
    expect(isLuhnValid('5031433215406351')).toBe(true);
    expect(isLuhnValid('378282246310005')).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('0')).toBe(false);
  });

  it('catches any single changed digit', () => {
    fc.assert(
      fc.property(fc.nat({ max: 15 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = '4111111111111111'.split('').map(Number);
        digits[position] = (digits[position]! + delta) % 10;
        return !isLuhnValid(digits.join(''));
      }),
    );
  });
});
