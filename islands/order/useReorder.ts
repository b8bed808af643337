// 'Pedir de novo' in the browser: the past order's products read as they are sold now (one GET
// each; a 404 is a product no longer sold), planned by src/domain/reorder.ts against the
// establishment's clock, and the lines added to the cart (the customer's cart keeps what it had:
// nothing is cleared). Answers what was added, what changed in price and what was left out.
import { useCallback, useState } from 'react';
import { ApiFailure, call } from '../../src/client/api.ts';
import { establishmentMinuteNow, readStoreIsland } from '../../src/client/store-island.ts';
import { isProductAvailableAtMinute } from '../../src/domain/availability.ts';
import { planReorder, type ReorderDrop } from '../../src/domain/reorder.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { draftStorageKey, getCartStore } from '../stores/cart.ts';
import { reportFailure } from '../shared/call-failure.ts';
import type { OrderView } from './order-api.ts';

export interface ReorderOutcome {
  added: number;
  priceChanges: { name: string; before: number; now: number }[];
  dropped: { name: string; reason: ReorderDrop | 'delivery_conflict' }[];
}

async function currentProduct(establishmentId: string, productId: string): Promise<ProductView | null> {
  try {
    return await call('GET /establishments/:id/products/:productId', { params: { id: establishmentId, productId }, establishmentId });
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 404) return null;
    throw err;
  }
}

export function useReorder(establishmentId: string) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ReorderOutcome | null>(null);

  const reorder = useCallback(
    async (order: Pick<OrderView, 'items'>) => {
      setBusy(true);
      try {
        const ids = [...new Set(order.items.map((i) => i.product_id))];
        const products = new Map(await Promise.all(ids.map(async (id) => [id, await currentProduct(establishmentId, id)] as const)));
        const island = readStoreIsland();
        const minute = island ? establishmentMinuteNow(island) : null;
        const plan = planReorder(
          order.items,
          (id) => products.get(id) ?? null,
          (p) => minute === null || isProductAvailableAtMinute(p, minute),
        );
        const store = getCartStore(establishmentId);
        const result: ReorderOutcome = { added: 0, priceChanges: [], dropped: [...plan.dropped] };
        for (const line of plan.lines) {
          const added = store.add(line.product, line.picks, line.qnt, line.note);
          if (!added.ok) {
            result.dropped.push({ name: line.product.name, reason: added.reason === 'delivery_conflict' ? 'delivery_conflict' : 'options_changed' });
            continue;
          }
          result.added += line.qnt;
          if (line.unit_now !== line.unit_before) result.priceChanges.push({ name: line.product.name, before: line.unit_before, now: line.unit_now });
        }
        // The header's cart count follows the stored draft: tell the page's cart script it changed,
        // as another tab's change would.
        if (result.added > 0) {
          const key = draftStorageKey(establishmentId);
          dispatchEvent(new StorageEvent('storage', { key, newValue: localStorage.getItem(key) }));
        }
        setOutcome(result);
      } catch (err) {
        reportFailure(err, { call: 'GET /establishments/:id/products/:productId (reorder)', role: 'action', fallback: { key: 'order:reorder.failed' } });
      } finally {
        setBusy(false);
      }
    },
    [establishmentId],
  );

  return { busy, outcome, reorder, dismiss: () => setOutcome(null) };
}
