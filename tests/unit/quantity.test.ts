import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { QUANTITY_MAX, QUANTITY_MIN, clampQuantity, needsRemovalConfirmation } from '../../src/domain/quantity.ts';

describe('clampQuantity [R-5.78]', () => {
  it('keeps quantities between 0 and 999 by default', () => {
    expect([QUANTITY_MIN, QUANTITY_MAX]).toEqual([0, 999]);
    expect(clampQuantity(5)).toBe(5);
    expect(clampQuantity(-3)).toBe(0);
    expect(clampQuantity(1000)).toBe(999);
    expect(clampQuantity(999)).toBe(999);
    expect(clampQuantity(0)).toBe(0);
  });

  it('drops fractions and NaN', () => {
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(Number.NaN)).toBe(0);
    expect(clampQuantity(Number.POSITIVE_INFINITY)).toBe(999);
  });

  it('accepts other bounds', () => {
    expect(clampQuantity(12, { max: 10 })).toBe(10);
    expect(clampQuantity(0, { min: 1 })).toBe(1);
  });

  it('always lands on an integer in range (property)', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const q = clampQuantity(value);
        expect(Number.isInteger(q)).toBe(true);
        expect(q).toBeGreaterThanOrEqual(0);
        expect(q).toBeLessThanOrEqual(999);
      }),
    );
  });
});

describe('removing the last unit', () => {
  it('asks for confirmation only when the line would go away', () => {
    expect(needsRemovalConfirmation(1, 0)).toBe(true);
    expect(needsRemovalConfirmation(2, 1)).toBe(false);
    expect(needsRemovalConfirmation(0, 0)).toBe(false);
  });
});
