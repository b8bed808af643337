// Money is always an integer number of centavos; reais only exist at the edges
// (typed input and display). Every helper here refuses non-integers so a float
// can never leak into a total.

/** Throws unless the value is a safe integer amount of centavos. Example: `assertCents(150)` passes, `assertCents(1.5)` throws */
export function assertCents(value: number, label = 'amount'): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${label} must be a safe integer number of centavos, got ${value}`);
  }
}

// Formatting is plain string work on the integer, not Intl.NumberFormat: the first pt-BR currency
// formatter a page builds loads ICU's locale and currency data, 40-60 ms of main thread in Chrome
// on this machine (several times that on a slow phone) in the task that starts the catalogue's
// scripts. The output is exactly Intl's pt-BR output, which tests/unit/money.test.ts checks
// against Intl itself.
function groupedReais(cents: number): string {
  assertCents(cents);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const reais = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${reais},${digits.slice(-2)}`;
}

/** Formats centavos as Brazilian reais, with the no-break space Intl uses. Example: `formatBRL(123450) === 'R$\u00a01.234,50'` */
export function formatBRL(cents: number): string {
  return `${cents < 0 ? '-' : ''}R$\u00a0${groupedReais(cents)}`;
}

/** Formats centavos without the currency sign, as a currency-masked input shows them. Example: `formatBRLNumber(123450) === '1.234,50'` */
export function formatBRLNumber(cents: number): string {
  return `${cents < 0 ? '-' : ''}${groupedReais(cents)}`;
}

/** Replaces the no-break spaces Intl emits with plain spaces, for comparisons and tests. Example: `normalizeSpaces(formatBRL(500)) === 'R$ 5,00'` */
export function normalizeSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/**
 * Parses an amount typed in reais ('1.234,50', '12,5', 'R$ 3', '12.50') into centavos, or null when it is not an amount.
 * Example: `parseBRLInput('1.234,50') === 123450`
 */
export function parseBRLInput(input: string): number | null {
  const text = normalizeSpaces(input)
    .replace(/^\s*R\$\s*/, '')
    .trim();
  let integerPart: string;
  let fractionPart = '';
  const comma = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{0,2}))?$/.exec(text);
  if (comma) {
    integerPart = comma[1]!.replaceAll('.', '');
    fractionPart = comma[2] ?? '';
  } else {
    // Without a comma a single dot followed by one or two digits can only be a decimal
    // point (people type '12.50' on keyboards without a comma); three digits after a dot
    // were already read as a thousands group above.
    const dot = /^(\d+)\.(\d{1,2})$/.exec(text);
    if (!dot) return null;
    integerPart = dot[1]!;
    fractionPart = dot[2]!;
  }
  const cents = Number(integerPart) * 100 + Number(fractionPart.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * Reads an amount as it is being typed in reais (decisions #27: people type reais, '200' is
 * R$ 200,00), or null when the text cannot be an amount nor the start of one: every step of typing
 * '1.234,50' or '200.5' reads ('1.' and '200,' are 1 and 200 reais), '200,555' or '1..2' do not
 * (a field refuses that keystroke). Empty is 0.
 * Example: `centsFromTypedReais('200') === 20000`, `centsFromTypedReais('200,50') === 20050`
 */
export function centsFromTypedReais(text: string): number | null {
  const typed = normalizeSpaces(text).trim();
  if (typed === '') return 0;
  if (!/^[\d.,]+$/.test(typed)) return null;
  return parseBRLInput(typed.replace(/\.$/, ''));
}

/**
 * Reads a currency-masked field the way the mask fills it, digits entering from the right.
 * Example: `centsFromMaskedInput('R$ 12,34') === 1234`, `centsFromMaskedInput('5') === 5`
 */
export function centsFromMaskedInput(input: string): number {
  const digits = input.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '') return 0;
  const cents = Number(digits);
  if (!Number.isSafeInteger(cents)) throw new RangeError('amount too large');
  return cents;
}

/** Masks what was typed in a currency field to 'x.xxx,yy' (2 decimals, digits from the right). Example: `maskCurrencyInput('123456') === '1.234,56'` */
export function maskCurrencyInput(input: string): string {
  return formatBRLNumber(centsFromMaskedInput(input));
}

// Half-up rounding of an exact fraction, away from zero on ties (like Java's HALF_UP),
// so a negative amount rounds as the mirror of its positive.
function divideHalfUpBig(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const q = (2n * abs + denominator) / (2n * denominator);
  return negative ? -q : q;
}

/** Integer division rounded half up (ties away from zero), once. Example: `divideRoundHalfUp(5, 2) === 3` */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new RangeError('divideRoundHalfUp needs safe integers');
  }
  return Number(divideHalfUpBig(BigInt(numerator), BigInt(denominator)));
}

/** Converts an amount in reais (as the API or a user may give it) to centavos, half up. Example: `reaisToCents(1.005) === 101` */
export function reaisToCents(reais: number): number {
  if (!Number.isFinite(reais)) throw new RangeError(`invalid amount in reais: ${reais}`);
  // Working on the decimal text of the number avoids 1.005 * 100 === 100.49999.
  const { numerator, denominator } = toFraction(reais);
  const cents = Number(divideHalfUpBig(numerator * 100n, denominator));
  assertCents(cents);
  return cents === 0 ? 0 : cents;
}

/** Converts centavos to reais for the rare API that still wants reais. Example: `centsToReais(1250) === 12.5` */
export function centsToReais(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** Adds amounts in centavos, refusing floats and overflow. Example: `sumCents([100, 250, -50]) === 300` */
export function sumCents(values: readonly number[]): number {
  let total = 0;
  for (const value of values) {
    assertCents(value);
    total += value;
  }
  assertCents(total, 'sum');
  return total;
}

/** Multiplies an amount by a whole quantity. Example: `multiplyCents(1250, 3) === 3750` */
export function multiplyCents(cents: number, quantity: number): number {
  assertCents(cents);
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`quantity must be an integer, got ${quantity}`);
  const total = cents * quantity;
  assertCents(total, 'product');
  return total === 0 ? 0 : total;
}

// Writes a finite decimal number as an exact fraction digits/10^k, so 12.5% stays 125/1000.
function toFraction(value: number): { numerator: bigint; denominator: bigint } {
  if (!Number.isFinite(value)) throw new RangeError(`invalid percentage: ${value}`);
  const [mantissa = '0', exponentText] = String(value).toLowerCase().split('e');
  const exponent = Number(exponentText ?? 0);
  const [intPart = '0', fracPart = ''] = mantissa.replace('-', '').split('.');
  let numerator = BigInt(intPart + fracPart);
  const scale = fracPart.length - exponent;
  let denominator = 1n;
  if (scale >= 0) denominator = 10n ** BigInt(scale);
  else numerator *= 10n ** BigInt(-scale);
  if (value < 0) numerator = -numerator;
  return { numerator, denominator };
}

/**
 * A percentage of an amount, computed exactly and rounded half up once (decisions: 'Rounding').
 * Example: `percentOfCents(1999, 12.5) === 250` (249.875 rounds up)
 */
export function percentOfCents(baseCents: number, percent: number): number {
  assertCents(baseCents);
  const { numerator, denominator } = toFraction(percent);
  const result = Number(divideHalfUpBig(BigInt(baseCents) * numerator, denominator * 100n));
  assertCents(result, 'percentage');
  return result === 0 ? 0 : result;
}

/** Never lets a total go below zero (spec section 9: 'Total never below 0'). Example: `nonNegativeCents(-300) === 0` */
export function nonNegativeCents(cents: number): number {
  assertCents(cents);
  return Math.max(cents, 0);
}
