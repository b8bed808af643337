// The 'Compre também' carousel's data (./Suggestions.tsx draws it): the first 48
// products of the menu in menu order with only the fields the carousel and the rules need, read once
// per establishment, and of them up to 12 that 'Adicionar' would take now: not in the cart, not the
// product of the current page, inside their selling hours (re-read every second as the add-product
// modal does) and matching the cart's delivery options. A failed load is logged
// and the list left empty.
import { useEffect, useState } from 'react';
import { call } from '../../src/client/api.ts';
import { establishmentMinuteNow } from '../../src/client/store-island.ts';
import { isProductAvailableAtMinute } from '../../src/domain/availability.ts';
import { isSoldOut } from '../../src/domain/cart.ts';
import { deliveryConflict, type CartLine } from '../../src/domain/cart.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';

/** Most suggestions shown. */
const SHOWN = 12;
/** Products read to pick them from: menus often open with a category sold only in some hours. */
const LIMIT = 48;
const FIELDS = ['name', 'price', 'image', 'promo', 'hide_price', 'starting_price', 'availabilities', 'delivery_type', 'sold_out'] as const;
/** How often what is offered is re-read against the clock, as the add-product modal does. */
const RECHECK_MS = 1000;

/** Silent for the customer: logged, and the carousel stays empty. */
const LOAD: CallPolicy = { call: 'Compre também: GET /establishments/{id}/products', role: 'background' };

export type Suggestion = Pick<ProductView, '_id' | 'name' | 'price' | 'image' | 'promo' | 'hide_price' | 'starting_price' | 'availabilities' | 'delivery_type'>;

let cached: { establishmentId: string; promise: Promise<Suggestion[]> } | null = null;

function loadSuggestions(establishmentId: string): Promise<Suggestion[]> {
  if (cached?.establishmentId === establishmentId) return cached.promise;
  const promise = call('GET /establishments/:id/products', {
    params: { id: establishmentId },
    query: { limit: LIMIT, fields: FIELDS },
    establishmentId,
  }).then((r) =>
    // A product marked sold out is never offered (src/domain/cart.ts 'Sold out').
    (Array.isArray(r?.items) ? r.items.filter((p) => !isSoldOut(p)) : []).map(({ sold_out: _, ...p }) => ({
      ...p,
      availabilities: Array.isArray(p.availabilities) ? p.availabilities : [],
      delivery_type: Array.isArray(p.delivery_type) ? p.delivery_type : [],
    })),
  );
  cached = { establishmentId, promise };
  promise.catch(() => {
    if (cached?.promise === promise) cached = null;
  });
  return promise;
}

/** The product of the page being viewed, if any (the product page marks it). */
function currentProductId(): string | null {
  return document.querySelector<HTMLElement>('[data-product-page][data-product-id]')?.dataset.productId ?? null;
}

/** The suggestions to show now, in menu order. */
export function useSuggestions(island: StoreIsland, lines: readonly CartLine[]): Suggestion[] {
  const [items, setItems] = useState<Suggestion[]>([]);

  useEffect(() => {
    let live = true;
    loadSuggestions(island.id).then(
      (list) => {
        if (live) setItems(list);
      },
      (err: unknown) => {
        reportFailure(err, LOAD);
        if (live) setItems([]);
      },
    );
    return () => {
      live = false;
    };
  }, [island.id]);

  // Products sold only in some hours come and go with the clock.
  const [, setTick] = useState(0);
  const timed = items.some((p) => p.availabilities.length > 0);
  useEffect(() => {
    if (!timed) return;
    const id = window.setInterval(() => setTick((n) => n + 1), RECHECK_MS);
    return () => window.clearInterval(id);
  }, [timed]);

  const inCart = new Set(lines.map((l) => l.product_id));
  const current = currentProductId();
  const minute = establishmentMinuteNow(island);
  return items.filter((p) => !inCart.has(p._id) && p._id !== current && isProductAvailableAtMinute(p, minute) && !deliveryConflict(lines, p)).slice(0, SHOWN);
}
