// 'Compre também': up to 12 products of the menu that can be added now (GET
// /establishments/{id}/products with the first 48 in menu order and only the fields the carousel
// and the rules need), leaving out those already in the cart, the product of the current page,
// those outside their selling hours (src/domain/availability.ts, on the establishment's wall clock,
// re-read every second as the add-product modal does) and those whose delivery options do
// not match the cart's (src/domain/cart.ts deliveryConflict ): what 'Adicionar' would refuse
// is never offered. The arrows scroll it by exactly 200 px. A failed load is logged and the list
// left empty.
import { useEffect, useId, useRef, useState } from 'react';
import { call } from '../../src/client/api.ts';
import { establishmentMinuteNow } from '../../src/client/store-island.ts';
import { isProductAvailableAtMinute } from '../../src/domain/availability.ts';
import { deliveryConflict, type CartLine } from '../../src/domain/cart.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { smallPicture } from '../../src/lib/thumbnails.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';

/** Pixels one arrow click scrolls the carousel (spec section 9). */
export const CAROUSEL_STEP_PX = 200;
/** Most suggestions shown. */
const SHOWN = 12;
/** Products read to pick them from: menus often open with a category sold only in some hours. */
const LIMIT = 48;
const FIELDS = ['name', 'price', 'image', 'promo', 'hide_price', 'starting_price', 'availabilities', 'delivery_type'] as const;
/** How often what is offered is re-read against the clock, as the add-product modal does. */
const RECHECK_MS = 1000;

/** Silent for the customer: logged, and the carousel stays empty. */
const LOAD: CallPolicy = { call: 'Compre também: GET /establishments/{id}/products', role: 'background' };

type Suggestion = Pick<ProductView, '_id' | 'name' | 'price' | 'image' | 'promo' | 'hide_price' | 'starting_price' | 'availabilities' | 'delivery_type'>;

let cached: { establishmentId: string; promise: Promise<Suggestion[]> } | null = null;

function loadSuggestions(establishmentId: string): Promise<Suggestion[]> {
  if (cached?.establishmentId === establishmentId) return cached.promise;
  const promise = call('GET /establishments/:id/products', {
    params: { id: establishmentId },
    query: { limit: LIMIT, fields: FIELDS },
    establishmentId,
  }).then((r) =>
    (Array.isArray(r?.items) ? r.items : []).map((p) => ({
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

export function Suggestions({ island, lines, onAdd }: { island: StoreIsland; lines: readonly CartLine[]; onAdd: (productId: string) => void }) {
  const [items, setItems] = useState<Suggestion[]>([]);
  const scroller = useRef<HTMLUListElement>(null);
  const titleId = useId();
  const [edges, setEdges] = useState({ start: true, end: true });

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
  const shown = items
    .filter((p) => !inCart.has(p._id) && p._id !== current && isProductAvailableAtMinute(p, minute) && !deliveryConflict(lines, p))
    .slice(0, SHOWN);

  const updateEdges = () => {
    const el = scroller.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 0, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the edges change when cards come or go
  useEffect(updateEdges, [shown.length]);

  if (shown.length === 0) return null;

  const scrollBy = (delta: number) => {
    const el = scroller.current;
    if (!el) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: delta, behavior: reduce ? 'auto' : 'smooth' });
  };

  const arrow =
    'flex h-9 w-9 flex-none cursor-pointer items-center justify-center rounded-full border border-solid border-line bg-card text-ink hover:bg-surface disabled:cursor-default disabled:opacity-40';
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2" data-cart-suggestions>
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="m-0 text-base font-bold">
          {t('cart:suggestions.title')}
        </h3>
        <div className="flex gap-2">
          <button
            type="button"
            className={arrow}
            aria-label={t('cart:suggestions.previous')}
            disabled={edges.start}
            onClick={() => scrollBy(-CAROUSEL_STEP_PX)}
            data-carousel-prev
          >
            <svg
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d="M15 6l-6 6 6 6" />
            </svg>
          </button>
          <button
            type="button"
            className={arrow}
            aria-label={t('cart:suggestions.next')}
            disabled={edges.end}
            onClick={() => scrollBy(CAROUSEL_STEP_PX)}
            data-carousel-next
          >
            <svg
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d="M9 6l6 6-6 6" />
            </svg>
          </button>
        </div>
      </div>
      <ul ref={scroller} onScroll={updateEdges} className="m-0 flex list-none gap-3 overflow-x-auto p-0 pb-2" data-carousel>
        {shown.map((p) => (
          <li key={p._id} className="flex w-36 flex-none flex-col gap-1 rounded-xl border border-solid border-line p-2" data-suggestion={p._id}>
            {p.image ? (
              <img
                src={smallPicture(p.image)}
                alt=""
                width="128"
                height="128"
                loading="lazy"
                className="aspect-square w-full rounded-lg bg-surface object-cover"
              />
            ) : (
              <div className="aspect-square w-full rounded-lg bg-surface" aria-hidden="true" />
            )}
            <span className="line-clamp-2 text-sm font-semibold leading-snug" data-suggestion-name>
              {p.name}
            </span>
            <span className="text-sm text-muted">
              {p.hide_price ? t('cart:add.hiddenPrice') : p.starting_price ? t('cart:add.from', { price: formatBRL(p.price) }) : formatBRL(p.price)}
            </span>
            <button
              type="button"
              className="mt-auto cursor-pointer rounded-lg border-none bg-brand px-2 py-1.5 text-sm font-semibold text-onbrand hover:bg-branddark"
              aria-label={t('cart:suggestions.addLabel', { name: p.name })}
              onClick={() => onAdd(p._id)}
              data-suggestion-add={p._id}
            >
              {t('cart:suggestions.add')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
