import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isValidTaxId, maskTaxId, stripTaxId, taxIdMaskKind, validateTaxId } from '../../src/domain/tax-id.ts';
import { fieldProblemText } from '../../src/i18n/messages.ts';

const VALID_CPF = '529.982.247-25';
const VALID_CPF_DIGITS = '52998224725';
const CPF_WRONG_CHECK_DIGIT = '529.982.247-24';
const VALID_CNPJ = '11.222.333/0001-81';
const VALID_ALPHANUMERIC_CNPJ = '12.ABC.345/01DE-35';
const CNPJ_WRONG_CHECK_DIGIT = '11.222.333/0001-80';

const incomplete = { ok: false, code: 'document_incomplete' };
const invalid = { ok: false, code: 'document_not_validate' };

describe('validateTaxId', () => {
  it('accepts a CPF written with punctuation (14 characters) [R-5.12]', () => {
    expect(VALID_CPF).toHaveLength(14);
    expect(validateTaxId(VALID_CPF)).toEqual({ ok: true, kind: 'cpf', value: VALID_CPF_DIGITS, formatted: VALID_CPF });
  });

  it('accepts the same CPF without punctuation (decisions #9)', () => {
    expect(validateTaxId(VALID_CPF_DIGITS)).toEqual({ ok: true, kind: 'cpf', value: VALID_CPF_DIGITS, formatted: VALID_CPF });
  });

  it('accepts a CNPJ written with punctuation (18 characters) [R-5.13]', () => {
    expect(VALID_CNPJ).toHaveLength(18);
    expect(validateTaxId(VALID_CNPJ)).toEqual({ ok: true, kind: 'cnpj', value: '11222333000181', formatted: VALID_CNPJ });
  });

  it('accepts an alphanumeric CNPJ, in any case (decisions #9)', () => {
    expect(validateTaxId(VALID_ALPHANUMERIC_CNPJ)).toEqual({
      ok: true,
      kind: 'cnpj',
      value: '12ABC34501DE35',
      formatted: VALID_ALPHANUMERIC_CNPJ,
    });
    expect(isValidTaxId('12abc34501de35')).toBe(true);
  });

  it('checks a CPF with its two check digits [R-5.16]', () => {
    expect(validateTaxId(CPF_WRONG_CHECK_DIGIT)).toEqual(invalid);
    expect(validateTaxId('529.982.247-15')).toEqual(invalid);
  });

  it('checks a CNPJ with its two check digits [R-5.17]', () => {
    expect(validateTaxId(CNPJ_WRONG_CHECK_DIGIT)).toEqual(invalid);
    expect(validateTaxId('12.ABC.345/01DE-36')).toEqual(invalid);
  });

  it('rejects a CPF whose digits are all equal, although its check digits add up [R-5.15]', () => {
    for (const d of '0123456789') {
      expect(validateTaxId(d.repeat(11))).toEqual(invalid);
    }
  });

  it('rejects a CNPJ whose digits are all equal [R-5.15]', () => {
    expect(validateTaxId('11.111.111/1111-11')).toEqual(invalid);
    expect(validateTaxId('00000000000000')).toEqual(invalid);
  });

  it('gives "CPF/CNPJ incompleto" under 11 characters and for 12 or 13 (decisions #9) [R-5.14]', () => {
    expect(validateTaxId('')).toEqual(incomplete);
    expect(validateTaxId('529.982.247-2')).toEqual(incomplete);
    expect(validateTaxId('112223330001')).toEqual(incomplete);
    expect(validateTaxId('1122233300018')).toEqual(incomplete);
    expect(fieldProblemText('document_incomplete')).toBe('CPF/CNPJ incompleto');
  });

  it('rejects more than 14 characters as invalid [R-5.14]', () => {
    expect(validateTaxId('112223330001810')).toEqual(invalid);
    expect(fieldProblemText('document_not_validate')).toBe('CPF/CNPJ inválido');
  });

  it('rejects letters in a CPF and in CNPJ check-digit positions', () => {
    expect(validateTaxId('5299822472A')).toEqual(invalid);
    expect(validateTaxId('12ABC34501DEAB')).toEqual(invalid);
  });

  it('strips punctuation and upper-cases', () => {
    expect(stripTaxId(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
  });
});

describe('maskTaxId [R-5.18]', () => {
  it('masks as CPF up to 11 digits', () => {
    expect(maskTaxId('')).toBe('');
    expect(maskTaxId('123')).toBe('123');
    expect(maskTaxId('1234')).toBe('123.4');
    expect(maskTaxId('1234567')).toBe('123.456.7');
    expect(maskTaxId('12345678901')).toBe('123.456.789-01');
    expect(taxIdMaskKind('12345678901')).toBe('cpf');
  });

  it('switches to the CNPJ mask from the 12th digit', () => {
    expect(maskTaxId('123456789012')).toBe('12.345.678/9012');
    expect(maskTaxId('11222333000181')).toBe('11.222.333/0001-81');
    expect(taxIdMaskKind('123456789012')).toBe('cnpj');
  });

  it('uses the CNPJ mask as soon as a letter appears', () => {
    expect(maskTaxId('12abc')).toBe('12.ABC');
    expect(maskTaxId('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('stops at 14 characters and drops letters typed into the check digits', () => {
    expect(maskTaxId('1122233300018199')).toBe('11.222.333/0001-81');
    expect(maskTaxId('12ABC34501DEX35')).toBe('12.ABC.345/01DE-35');
  });

  it('is idempotent: mask(strip(mask(x))) === mask(x) (property)', () => {
    const chars = fc.constantFrom(...'0123456789abcXYZ.-/ '.split(''));
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 30 }).map((a) => a.join('')),
        (raw) => {
          const masked = maskTaxId(raw);
          expect(maskTaxId(stripTaxId(masked))).toBe(masked);
          expect(maskTaxId(masked)).toBe(masked);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never exceeds 18 characters and keeps every digit typed up to 11 (property) [R-5.8]', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 20 }), (digits) => {
        const masked = maskTaxId(digits);
        expect(masked.length).toBeLessThanOrEqual(18);
        expect(stripTaxId(masked)).toBe(digits.slice(0, 14));
        if (digits.length <= 11) expect(masked.length).toBeLessThanOrEqual(14);
      }),
    );
  });
});
