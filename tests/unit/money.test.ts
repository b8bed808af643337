import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  assertCents,
  centsFromMaskedInput,
  centsToReais,
  divideRoundHalfUp,
  formatBRL,
  formatBRLNumber,
  maskCurrencyInput,
  multiplyCents,
  nonNegativeCents,
  normalizeSpaces,
  parseBRLInput,
  centsFromTypedReais,
  percentOfCents,
  reaisToCents,
  sumCents,
} from '../../src/domain/money.ts';

const NBSP = '\u00a0';

describe('formatBRL', () => {
  it('writes exactly what Intl pt-BR writes, for any amount, without building an Intl formatter [R-9.12]', () => {
    const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const plain = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const decimal = (cents: number) =>
      `${cents < 0 ? '-' : ''}${String(Math.abs(cents))
        .padStart(3, '0')
        .replace(/(\d\d)$/, '.$1')}` as `${number}`;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000, max: 1_000_000 }),
          fc.maxSafeInteger(),
          fc.maxSafeNat().map((n) => -n),
        ),
        (cents) => {
          expect(formatBRL(cents)).toBe(currency.format(decimal(cents)));
          expect(formatBRLNumber(cents)).toBe(plain.format(decimal(cents)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('formats centavos as R$ with a comma decimal and dot thousands [R-9.12]', () => {
    expect(formatBRL(123450)).toBe(`R$${NBSP}1.234,50`);
    expect(formatBRL(0)).toBe(`R$${NBSP}0,00`);
    expect(formatBRL(5)).toBe(`R$${NBSP}0,05`);
    expect(formatBRL(100000000)).toBe(`R$${NBSP}1.000.000,00`);
  });

  it("keeps Intl's no-break space, and normalizeSpaces turns it into a plain space", () => {
    expect(formatBRL(500)).not.toBe('R$ 5,00');
    expect(normalizeSpaces(formatBRL(500))).toBe('R$ 5,00');
  });

  it('formats negative amounts with a leading minus', () => {
    expect(normalizeSpaces(formatBRL(-150))).toBe('-R$ 1,50');
  });

  it('formats amounts beyond float precision of reais exactly', () => {
    expect(normalizeSpaces(formatBRL(9007199254740991))).toBe('R$ 90.071.992.547.409,91');
  });

  it('refuses non-integer centavos', () => {
    expect(() => formatBRL(1.5)).toThrow(RangeError);
    expect(() => formatBRL(Number.NaN)).toThrow(RangeError);
  });

  it('formats without the sign for masked inputs', () => {
    expect(formatBRLNumber(123456)).toBe('1.234,56');
    expect(formatBRLNumber(7)).toBe('0,07');
  });
});

describe('parseBRLInput', () => {
  it.each([
    ['1.234,50', 123450],
    ['12,5', 1250],
    ['12,', 1200],
    ['12', 1200],
    ['0,01', 1],
    ['1.234', 123400],
    ['12.50', 1250],
    ['12.5', 1250],
    ['R$ 3,99', 399],
    [`R$${NBSP}1.000.000,00`, 100000000],
    ['  7,00  ', 700],
  ])('reads %j as %i centavos', (input, cents) => {
    expect(parseBRLInput(input)).toBe(cents);
  });

  it.each(['', 'abc', '1,234', '12,345', '1.23.4', '-5,00', '1.2345', '12,5,0'])('rejects %j', (input) => {
    expect(parseBRLInput(input)).toBeNull();
  });

  it('round-trips every formatted amount from 0 to 1e10 centavos (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (cents) => {
        expect(parseBRLInput(formatBRL(cents))).toBe(cents);
        expect(parseBRLInput(formatBRLNumber(cents))).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });

  it('formats every amount with exactly two decimals after a comma (property) [R-9.12]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (cents) => {
        expect(normalizeSpaces(formatBRL(cents))).toMatch(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/);
      }),
    );
  });
});

describe('an amount typed in reais (decisions #27)', () => {
  it.each([
    ['', 0],
    ['200', 20000],
    ['200,50', 20050],
    ['200,5', 20050],
    ['200,', 20000],
    ['200.', 20000],
    ['200.5', 20050],
    ['1', 100],
    ['1.', 100],
    ['1.2', 120],
    ['1.23', 123],
    ['1.234', 123400],
    ['1.234,', 123400],
    ['1.234,5', 123450],
    ['1.234,50', 123450],
    [' 50 ', 5000],
  ])('reads %j as %i centavos', (input, cents) => {
    expect(centsFromTypedReais(input)).toBe(cents);
  });

  it.each(['200,555', '1..2', '1.2345', 'abc', '-5', ',', '.5', '12,5,0', 'R$ 20a'])('refuses %j', (input) => {
    expect(centsFromTypedReais(input)).toBeNull();
  });

  it('reads back every amount as the field shows it after typing (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (cents) => {
        expect(centsFromTypedReais(formatBRLNumber(cents))).toBe(cents);
      }),
      { numRuns: 500 },
    );
  });
});

describe('currency-masked input [R-5.10]', () => {
  it('fills digits from the right with two decimals', () => {
    expect(maskCurrencyInput('1')).toBe('0,01');
    expect(maskCurrencyInput('123456')).toBe('1.234,56');
    expect(maskCurrencyInput('R$ 0,050')).toBe('0,50');
    expect(centsFromMaskedInput('')).toBe(0);
    expect(centsFromMaskedInput('R$ 12,34')).toBe(1234);
  });
});

describe('reais and centavos', () => {
  it('converts reais to centavos half up without float drift', () => {
    expect(reaisToCents(12.5)).toBe(1250);
    expect(reaisToCents(1.005)).toBe(101);
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(reaisToCents(19.99)).toBe(1999);
    expect(reaisToCents(-1.005)).toBe(-101);
    expect(reaisToCents(1e-7)).toBe(0);
  });

  it('converts centavos to reais', () => {
    expect(centsToReais(1250)).toBe(12.5);
    expect(centsToReais(1)).toBe(0.01);
  });

  it('round-trips centavos -> reais -> centavos (property)', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => reaisToCents(centsToReais(cents)) === cents));
  });
});

describe('integer arithmetic', () => {
  it('sums centavos and refuses floats and overflow', () => {
    expect(sumCents([100, 250, -50])).toBe(300);
    expect(sumCents([])).toBe(0);
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });

  it('sums like exact big-integer arithmetic, in any order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 }), { maxLength: 50 }), (values) => {
        const exact = values.reduce((acc, v) => acc + BigInt(v), 0n);
        expect(sumCents(values)).toBe(Number(exact));
        expect(sumCents([...values].reverse())).toBe(sumCents(values));
      }),
    );
  });

  it('multiplies by whole quantities only', () => {
    expect(multiplyCents(1250, 3)).toBe(3750);
    expect(multiplyCents(1250, 0)).toBe(0);
    expect(() => multiplyCents(1250, 1.5)).toThrow(RangeError);
  });

  it('divides rounding half up once, ties away from zero', () => {
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(7, 3)).toBe(2);
    expect(divideRoundHalfUp(8, 3)).toBe(3);
    expect(divideRoundHalfUp(-5, 2)).toBe(-3);
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError);
  });

  it('computes a percentage exactly and rounds half up once', () => {
    expect(percentOfCents(1999, 12.5)).toBe(250); // 249.875
    expect(percentOfCents(1150, 15)).toBe(173); // 172.5
    expect(percentOfCents(1000, 10)).toBe(100);
    expect(percentOfCents(333, 33.3)).toBe(111); // 110.889
    expect(percentOfCents(101, 0.5)).toBe(1); // 0.505
    expect(percentOfCents(100, 0.5)).toBe(1); // 0.5 -> tie rounds up
    expect(percentOfCents(99, 0.5)).toBe(0); // 0.495
  });

  it('matches a big-integer reference for integer and one-decimal percentages (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 1000 }), (base, tenths) => {
        const percent = tenths / 10;
        const num = BigInt(base) * BigInt(tenths);
        const den = 1000n;
        const expected = Number((2n * num + den) / (2n * den));
        expect(percentOfCents(base, percent)).toBe(expected);
      }),
    );
  });

  it('never lets a total go below zero', () => {
    expect(nonNegativeCents(-300)).toBe(0);
    expect(nonNegativeCents(300)).toBe(300);
  });

  it('assertCents names what failed', () => {
    expect(() => assertCents(0.1, 'delivery fee')).toThrow(/delivery fee/);
  });
});
