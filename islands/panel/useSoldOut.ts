// The sold-out switches of the panel's menu: a product, or one option of it, marked sold out and
// back through the panel's staff session. Optimistic: the list shows the change at once and goes
// back to what the server holds, with a toast saying why, when the server refuses it.
import { type Dispatch, type SetStateAction, useCallback, useRef, useState } from 'react';
import { call } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { panelAction } from './panel-failure.ts';

/** One option of a product: the item `itemId` of its variation group `variationId`. */
export interface OptionRef {
  variationId: string;
  itemId: string;
  name: string;
}

/** What a sold-out switch names, as a key of the pending set. */
export const soldOutKey = (productId: string, option?: OptionRef) => (option ? `${productId}/${option.variationId}/${option.itemId}` : productId);

/** The product with it, or one of its options, marked sold out or not. */
function withSoldOut(product: ProductView, soldOut: boolean, option?: OptionRef): ProductView {
  if (!option) return { ...product, sold_out: soldOut };
  return {
    ...product,
    variations: product.variations.map((g) =>
      g._id === option.variationId ? { ...g, items: g.items.map((i) => (i._id === option.itemId ? { ...i, sold_out: soldOut } : i)) } : g,
    ),
  };
}

export function useSoldOut(establishmentId: string, setProducts: Dispatch<SetStateAction<ProductView[] | null>>) {
  // Per switch: the state last asked for, and whether a call for it is on its way. Taps made while
  // one is on its way are folded into the next call, sent after it, so the server ends with the last
  // tap's state whatever order the answers would have come in.
  const wanted = useRef(new Map<string, boolean>());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const markSoldOut = useCallback(
    async (product: ProductView, soldOut: boolean, option?: OptionRef) => {
      const key = soldOutKey(product._id, option);
      const show = (value: boolean) => setProducts((list) => list?.map((p) => (p._id === product._id ? withSoldOut(p, value, option) : p)) ?? null);
      const name = option ? `${option.name} (${product.name})` : product.name;
      show(soldOut);
      const running = wanted.current.has(key);
      wanted.current.set(key, soldOut);
      if (running) return;
      setPending((keys) => new Set(keys).add(key));
      let stored = !soldOut;
      while (wanted.current.get(key) !== stored) {
        const value = wanted.current.get(key) === true;
        try {
          const body = { sold_out: value };
          if (option)
            await call('PUT /establishments/:id/products/:productId/variations/:variationId/items/:itemId/sold-out', {
              staff: true,
              params: { id: establishmentId, productId: product._id, variationId: option.variationId, itemId: option.itemId },
              body,
              establishmentId,
            });
          else
            await call('PUT /establishments/:id/products/:productId/sold-out', {
              staff: true,
              params: { id: establishmentId, productId: product._id },
              body,
              establishmentId,
            });
          stored = value;
          if (wanted.current.get(key) === stored) toast(t(stored ? 'board:menu.markedSoldOut' : 'board:menu.markedAvailable', { name }), { kind: 'success' });
        } catch (err) {
          show(stored);
          reportFailure(err, panelAction('PUT .../sold-out', { key: 'board:menu.soldOutFailed', params: { name } }));
          break;
        }
      }
      wanted.current.delete(key);
      setPending((keys) => {
        const rest = new Set(keys);
        rest.delete(key);
        return rest;
      });
    },
    [establishmentId, setProducts],
  );
  return { markSoldOut, pending };
}
