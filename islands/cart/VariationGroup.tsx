// One variation group as a fieldset: a radio list, checkboxes that disable at the maximum, or
// steppers (addremove), with its rule, 'Obrigatório'/'Opcional' and the extra price of each item
// [R-5.87..R-5.92]. Shared by the product modal (product variations) and the checkout's extras
// modal (the establishment's order variations, which may carry an image).
import { useId } from 'react';
import { formatBRL } from '../../src/domain/money.ts';
import { QUANTITY_MAX } from '../../src/domain/quantity.ts';
import { isOptionDisabled, selectedCount, stepAddRemoveOption, toggleCheckOption, variationControl } from '../../src/domain/variation-pricing.ts';
import type { VariationSelection } from '../../src/domain/variation-pricing.ts';
import { t } from '../../src/i18n/index.ts';
import { isSoldOut } from '../../src/domain/cart.ts';
import type { ProductVariation } from '../../src/schemas/catalogue.ts';
import { QuantityControl } from './QuantityControl.tsx';

export type VariationGroupLike = ProductVariation & { image?: string | null };

export function ruleText(v: Pick<ProductVariation, 'min' | 'max'>): string {
  if (v.min === 1 && v.max === 1) return t('cart:variation.chooseOne');
  if (!(v.max > 0)) return t('cart:variation.chooseAny');
  if (v.min <= 0) return t('cart:variation.chooseUpTo', { count: v.max });
  if (v.min === v.max) return t('cart:variation.chooseExactly', { count: v.max });
  return t('cart:variation.chooseRange', { min: v.min, max: v.max });
}

export function VariationGroup({
  group,
  picks,
  onChange,
  inputPrefix,
}: {
  group: VariationGroupLike;
  picks: VariationSelection[];
  onChange: (next: VariationSelection[]) => void;
  /** Names the radio/checkbox inputs: 'variacao' in the product modal, 'extra' in the extras modal. */
  inputPrefix: string;
}) {
  const control = variationControl(group);
  const headingId = useId();
  const count = selectedCount(group, picks);
  const full = group.max > 0 && count >= group.max;
  return (
    <fieldset
      className="m-0 min-w-0 rounded-xl border border-solid border-line p-0"
      aria-labelledby={headingId}
      data-variation-group={group._id}
      data-control={control}
    >
      <div className="flex items-start justify-between gap-3 rounded-t-xl bg-surface px-4 py-3">
        {group.image && <img src={group.image} alt="" width="48" height="48" className="h-12 w-12 flex-none rounded-lg object-cover" />}
        <div id={headingId} className="min-w-0 flex-1">
          <span className="block font-semibold">{group.name}</span>
          <span className="block text-sm text-muted" data-variation-rule>
            {ruleText(group)}
            {group.max > 1 && ` · ${t('cart:variation.selected', { count, max: group.max })}`}
          </span>
        </div>
        {group.min > 0 ? (
          <span
            className={`flex-none rounded-full px-2 py-0.5 text-xs font-semibold ${count >= group.min ? 'bg-green-700 text-white' : 'bg-ink text-surface'}`}
            data-variation-required
          >
            {count >= group.min ? t('cart:variation.done') : t('cart:variation.required')}
          </span>
        ) : (
          <span className="flex-none rounded-full border border-solid border-line px-2 py-0.5 text-xs text-muted">{t('cart:variation.optional')}</span>
        )}
      </div>
      <ul className="m-0 list-none p-0">
        {group.items.map((item) => {
          // The control is named by the item's name alone; description and extra price describe it.
          const base = `${headingId}-${item._id}`;
          const price =
            item.price > 0 ? (
              <span id={`${base}-p`} className="flex-none text-sm text-muted">
                {t('cart:variation.extra', { price: formatBRL(item.price) })}
              </span>
            ) : null;
          const describedBy =
            [item.desc ? `${base}-d` : '', price ? `${base}-p` : '', isSoldOut(item) ? `${base}-s` : ''].filter(Boolean).join(' ') || undefined;
          // Shown, marked, and not pickable (one picked before it sold out can still be taken out).
          const soldOut = isSoldOut(item);
          const text = (
            <span className="min-w-0 flex-1">
              <span id={`${base}-n`} className="block text-sm">
                {item.item_preffix ? `${item.item_preffix} ` : ''}
                {item.name}
              </span>
              {soldOut && (
                <span id={`${base}-s`} className="block text-xs font-semibold text-amber-900" data-item-sold-out>
                  {t('cart:soldOut.label')}
                </span>
              )}
              {item.desc && (
                <span id={`${base}-d`} className="block text-xs text-muted">
                  {item.desc}
                </span>
              )}
            </span>
          );
          if (control === 'stepper') {
            const value = picks.find((p) => p.item_id === item._id)?.qnt ?? 0;
            return (
              <li
                key={item._id}
                className="flex items-center gap-3 border-t border-t-solid border-line px-4 py-2"
                data-variation-item={item._id}
                data-sold-out={soldOut || undefined}
              >
                {text}
                {price}
                <QuantityControl
                  size="sm"
                  value={value}
                  min={0}
                  max={group.max > 0 ? group.max : QUANTITY_MAX}
                  plusDisabled={full || soldOut}
                  name={item.name}
                  onChange={(n) => onChange(stepAddRemoveOption(group, picks, item._id, n - value))}
                />
              </li>
            );
          }
          const checked = picks.some((p) => p.item_id === item._id && p.qnt > 0);
          const disabled = isOptionDisabled(group, picks, item._id) || (soldOut && !checked);
          return (
            <li key={item._id} className="border-t border-t-solid border-line" data-variation-item={item._id} data-sold-out={soldOut || undefined}>
              <label className={`flex items-center gap-3 px-4 py-2 ${disabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer hover:bg-surface'}`}>
                <input
                  aria-labelledby={`${base}-n`}
                  aria-describedby={describedBy}
                  type={control}
                  name={`${inputPrefix}-${group._id}`}
                  value={item._id}
                  className="h-5 w-5 flex-none accent-[var(--c-primary)]"
                  checked={checked}
                  disabled={disabled}
                  onChange={() => onChange(toggleCheckOption(group, picks, item._id))}
                />
                {text}
                {price}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
