// 'Compre também': up to 12 products of the menu that can be added now (GET
// /establishments/{id}/products with the first 48 in menu order and only the fields the carousel
// and the rules need), leaving out those already in the cart, the product of the current page,
// those outside their selling hours (src/domain/availability.ts, on the establishment's wall clock,
// re-read every second as the add-product modal does) and those whose delivery options do
// not match the cart's (src/domain/cart.ts deliveryConflict ): what 'Adicionar' would refuse
// is never offered. The arrows scroll it by exactly 200 px. A failed load is logged and the list
// left empty.
// The data is ./useSuggestions.ts, each card and arrow ./SuggestionCard.tsx.
import { useEffect, useId, useRef, useState } from 'react';
import type { CartLine } from '../../src/domain/cart.ts';
import { t } from '../../src/i18n/index.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { CarouselArrow, SuggestionCard } from './SuggestionCard.tsx';
import { useSuggestions } from './useSuggestions.ts';

/** Pixels one arrow click scrolls the carousel (spec section 9). */
export const CAROUSEL_STEP_PX = 200;

export function Suggestions({ island, lines, onAdd }: { island: StoreIsland; lines: readonly CartLine[]; onAdd: (productId: string) => void }) {
  const scroller = useRef<HTMLUListElement>(null);
  const titleId = useId();
  const [edges, setEdges] = useState({ start: true, end: true });
  const shown = useSuggestions(island, lines);

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

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2" data-cart-suggestions>
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="m-0 text-base font-bold">
          {t('cart:suggestions.title')}
        </h3>
        <div className="flex gap-2">
          <CarouselArrow
            label={t('cart:suggestions.previous')}
            disabled={edges.start}
            onClick={() => scrollBy(-CAROUSEL_STEP_PX)}
            path="M15 6l-6 6 6 6"
            hook={{ 'data-carousel-prev': true }}
          />
          <CarouselArrow
            label={t('cart:suggestions.next')}
            disabled={edges.end}
            onClick={() => scrollBy(CAROUSEL_STEP_PX)}
            path="M9 6l6 6-6 6"
            hook={{ 'data-carousel-next': true }}
          />
        </div>
      </div>
      <ul ref={scroller} onScroll={updateEdges} className="m-0 flex list-none gap-3 overflow-x-auto p-0 pb-2" data-carousel>
        {shown.map((p) => (
          <SuggestionCard key={p._id} product={p} onAdd={onAdd} />
        ))}
      </ul>
    </section>
  );
}
