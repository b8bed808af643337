// A '-' value '+' stepper: whole units within min..max (default 0..999 for cart
// lines). The value is a live region so the new quantity is announced.
import { QUANTITY_MAX } from '../../src/domain/quantity.ts';
import { t } from '../../src/i18n/index.ts';

export interface QuantityControlProps {
  value: number;
  min?: number;
  max?: number;
  /** Called with the requested value (value - 1 or value + 1). */
  onChange: (next: number) => void;
  /** Product or item name for the buttons' labels. */
  name: string;
  /** Disables '+' (e.g. a variation group reached its maximum). */
  plusDisabled?: boolean;
  size?: 'sm' | 'md';
  hook?: Record<string, string>;
}

const Minus = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
    <path d="M5 12h14" />
  </svg>
);
const Plus = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
    <path d="M12 5v14M5 12h14" />
  </svg>
);

export function QuantityControl({ value, min = 0, max = QUANTITY_MAX, onChange, name, plusDisabled = false, size = 'md', hook = {} }: QuantityControlProps) {
  const box = size === 'sm' ? 'h-8 w-8' : 'h-10 w-10';
  const btn = `flex ${box} flex-none cursor-pointer items-center justify-center rounded-full border border-solid border-line bg-card text-brand hover:bg-surface disabled:cursor-not-allowed disabled:opacity-40`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: two buttons and a count, not a form section (fieldset)
    <div className="flex items-center gap-1" role="group" aria-label={t('cart:qty.value', { name })} {...hook}>
      <button
        type="button"
        className={btn}
        aria-label={t('cart:qty.decreaseItem', { name })}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
        data-qty-minus
      >
        <Minus />
      </button>
      <output className="min-w-8 text-center text-base font-semibold tabular-nums" aria-live="polite" data-qty-value>
        {value}
      </output>
      <button
        type="button"
        className={btn}
        aria-label={t('cart:qty.increaseItem', { name })}
        disabled={plusDisabled || value >= max}
        onClick={() => onChange(value + 1)}
        data-qty-plus
      >
        <Plus />
      </button>
    </div>
  );
}
