// Cart quantities: 0 to 999 by default (spec section 5 'Quantity', section 9); 0 removes the
// line, which is why the lower bound is 0 and not 1.

export const QUANTITY_MIN = 0;
export const QUANTITY_MAX = 999;

/**
 * Clamps a quantity to whole units within [min, max] (default 0..999); NaN becomes min.
 * Example: `clampQuantity(1200) === 999`, `clampQuantity(-3) === 0`, `clampQuantity(2.7) === 2`
 */
export function clampQuantity(value: number, bounds: { min?: number; max?: number } = {}): number {
  const min = bounds.min ?? QUANTITY_MIN;
  const max = bounds.max ?? QUANTITY_MAX;
  if (Number.isNaN(value)) return min;
  const whole = Math.trunc(value);
  return Math.min(max, Math.max(min, whole));
}

/** Removing the last unit asks for confirmation before the line goes away. Example: `needsRemovalConfirmation(1, 0) === true` */
export function needsRemovalConfirmation(current: number, next: number): boolean {
  return current > 0 && clampQuantity(next) === 0;
}
