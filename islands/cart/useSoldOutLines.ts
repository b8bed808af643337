// Which cart lines hold something the establishment marked sold out (src/domain/cart.ts 'Sold out'): each
// line's product is read (the page's cache until the catalogue changed, the API after:
// src/client/catalogue-freshness.ts) when the cart shows it and again whenever the live channel says
// the catalogue changed, so an open cart flags a line within a second of the establishment's tap
// and lets it go when the product is back on sale. A product that cannot be read is not flagged:
// the server's send checks it anyway.
import { useEffect, useMemo, useState } from 'react';
import { onCatalogueUpdated, productNow } from '../../src/client/catalogue-freshness.ts';
import type { CartLine } from '../../src/domain/cart.ts';
import { soldOutProblem, type SoldOutProblem } from '../../src/domain/cart.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { reportFailure } from '../shared/call-failure.ts';

/** The sold-out problem of each flagged line, by line_id. */
export function useSoldOutLines(establishmentId: string, lines: readonly CartLine[]): ReadonlyMap<string, SoldOutProblem> {
  const [products, setProducts] = useState<ReadonlyMap<string, ProductView>>(new Map());
  const [version, setVersion] = useState(0);
  const ids = useMemo(() => [...new Set(lines.map((l) => l.product_id))].sort().join(' '), [lines]);

  useEffect(() => onCatalogueUpdated(() => setVersion((n) => n + 1)), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version (the catalogue changed) reads again
  useEffect(() => {
    let live = true;
    const wanted = ids ? ids.split(' ') : [];
    void Promise.all(
      wanted.map((id) =>
        productNow(establishmentId, id).then(
          (p) => p,
          (err: unknown) => {
            reportFailure(err, { call: 'GET /establishments/{id}/products/{productId} (cart)', role: 'background' });
            return null;
          },
        ),
      ),
    ).then((read) => {
      if (live) setProducts(new Map(read.filter((p): p is ProductView => p !== null).map((p) => [p._id, p])));
    });
    return () => {
      live = false;
    };
  }, [establishmentId, ids, version]);

  return useMemo(() => {
    const flagged = new Map<string, SoldOutProblem>();
    for (const line of lines) {
      const product = products.get(line.product_id);
      const problem = product ? soldOutProblem(product, line.picks) : null;
      if (problem) flagged.set(line.line_id, problem);
    }
    return flagged;
  }, [lines, products]);
}
