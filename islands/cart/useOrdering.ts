// What the establishment lets the customer do now (open, closed with or without scheduling, taking
// no orders), as the cart modal (./CartModal.tsx) shows it and lets 'Finalizar pedido' act.
import { useEffect, useState } from 'react';
import { orderingNow } from '../../src/client/store-island.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import type { WallClockTime } from '../../src/domain/week-clock.ts';
import type { OrderingState } from '../../src/domain/open-now.ts';

/** How often the open/closed reading behind the notice and the checkout button is refreshed. */
const STATUS_CHECK_MS = 3000;

export type Ordering = { state: OrderingState; opens: WallClockTime | null };

/** What the establishment lets the customer do now, re-read every STATUS_CHECK_MS. */
export function useOrdering(island: StoreIsland): Ordering {
  const [ordering, setOrdering] = useState(() => orderingNow(island));
  useEffect(() => {
    const id = window.setInterval(() => {
      const next = orderingNow(island);
      // A new object every tick would re-render the cart for nothing.
      setOrdering((current) =>
        current.state === next.state && current.opens?.days === next.opens?.days && current.opens?.time === next.opens?.time ? current : next,
      );
    }, STATUS_CHECK_MS);
    return () => window.clearInterval(id);
  }, [island]);
  return ordering;
}
