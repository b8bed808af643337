// The add-product modal's choices and what they add up to (./ProductForm.tsx draws them): the
// variation picks starting with the catalogue's presets, the quantity and the note; the live unit
// price and line total by the seven price rules [R-9.19..R-9.25]; the unmet minimums
// [R-5.87..R-5.90]; the availability windows and the establishment's state re-checked every second
// the product or a picked item sold out (src/domain/cart.ts 'Sold out'); the
// consumption-option conflict; and 'Adicionar', which puts the line
// in the cart and shows the toast, or says why the cart refused it.
import { useEffect, useMemo, useState } from 'react';
import { establishmentMinuteNow, orderingNow } from '../../src/client/store-island.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { isProductAvailableAtMinute } from '../../src/domain/availability.ts';
import { deliveryConflict, pickErrors, priceLine } from '../../src/domain/cart.ts';
import type { VariationPick } from '../../src/domain/cart.ts';
import { presetSelections } from '../../src/domain/variation-pricing.ts';
import type { VariationSelection } from '../../src/domain/variation-pricing.ts';
import { t } from '../../src/i18n/index.ts';
import { soldOutText, variationProblemText } from '../../src/i18n/messages.ts';
import { soldOutProblem } from '../../src/domain/cart.ts';
import type { ProductVariation } from '../../src/schemas/catalogue.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import type { CartStore } from '../stores/cart.ts';
import { showCartToast } from './cart-toast.ts';
import { useSignalValue } from './hooks.ts';

/** How often the availability windows are re-checked. */
export const AVAILABILITY_CHECK_MS = 1000;

type Selections = Record<string, VariationSelection[]>;

function toPicks(selections: Selections): VariationPick[] {
  return Object.entries(selections).flatMap(([variation_id, list]) =>
    list.filter((s) => s.qnt > 0).map((s) => ({ variation_id, item_id: s.item_id, qnt: s.qnt })),
  );
}

/** The time now, re-read every `intervalMs`. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

export interface ProductFormOptions {
  product: ProductView;
  store: CartStore;
  island: StoreIsland;
  onClose: () => void;
  onOpenCart: () => void;
}

export function useProductForm({ product, store, island, onClose, onOpenCart }: ProductFormOptions) {
  // The catalogue's presets (a half-and-half pizza's own flavour) start picked.
  const [selections, setSelections] = useState<Selections>(() => presetSelections(product.variations));
  const [qnt, setQnt] = useState(1);
  const [note, setNote] = useState('');
  const [addErrors, setAddErrors] = useState<string[]>([]);
  const lines = useSignalValue(store.lines);
  const now = useNow(AVAILABILITY_CHECK_MS);

  const picks = useMemo(() => toPicks(selections), [selections]);
  const { unit_cents, line_cents } = useMemo(() => priceLine(product, picks, qnt), [product, picks, qnt]);
  const unmet = useMemo(() => pickErrors(product, picks).map(variationProblemText), [product, picks]);
  const available = isProductAvailableAtMinute(product, establishmentMinuteNow(island, now));
  const conflict = deliveryConflict(lines, product);
  const ordering = orderingNow(island, now);
  // Marked sold out, the product or an item picked before it sold out (the product is read again on 'updated').
  const soldOut = useMemo(() => soldOutProblem(product, picks), [product, picks]);
  const canSubmit = ordering.state !== 'unavailable' && soldOut === null && unmet.length === 0 && available && !conflict && qnt >= 1;

  const setGroup = (group: ProductVariation, next: VariationSelection[]) => {
    setAddErrors([]);
    setSelections((s) => ({ ...s, [group._id]: next }));
  };

  const submit = () => {
    if (!canSubmit) return;
    const result = store.add(product, picks, qnt, note);
    if (result.ok) {
      onClose();
      showCartToast(onOpenCart);
      return;
    }
    if (result.reason === 'delivery_conflict') setAddErrors([t('cart:add.conflict')]);
    else if (result.reason === 'sold_out') setAddErrors([soldOutText(result.problem)]);
    else setAddErrors(result.problems.map(variationProblemText));
  };

  return {
    selections,
    qnt,
    setQnt,
    note,
    setNote,
    addErrors,
    unit_cents,
    line_cents,
    unmet,
    available,
    conflict,
    ordering,
    soldOut,
    canSubmit,
    setGroup,
    submit,
  };
}
