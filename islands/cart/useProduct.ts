// The add-product modal's product (GET /establishments/{id}/products/{productId}, through the
// page's product cache until the catalogue changed, and read again when it does:
// src/client/catalogue-freshness.ts): a failure says 'not found' for a 404, else that it could not load, with a
// retry that fetches again (islands/shared/call-failure.ts).
import { useEffect, useState } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import { onCatalogueUpdated, productNow } from '../../src/client/catalogue-freshness.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { reportFailure } from '../shared/call-failure.ts';

export type ProductFailure = 'not_found' | 'failed';

export function useProduct(establishmentId: string, productId: string) {
  const [product, setProduct] = useState<ProductView | null>(null);
  const [failure, setFailure] = useState<ProductFailure | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (the retry button) fetches again
  useEffect(() => {
    let live = true;
    setFailure(null);
    productNow(establishmentId, productId).then(
      (p) => {
        if (live) setProduct(p);
      },
      (err: unknown) => {
        // The modal says it could not load, with a retry (islands/shared/call-failure.ts).
        if (reportFailure(err, { call: 'GET /establishments/{id}/products/{productId}', role: 'in_place' }).kind === 'aborted') return;
        if (live) setFailure(err instanceof ApiFailure && err.status === 404 ? 'not_found' : 'failed');
      },
    );
    return () => {
      live = false;
    };
  }, [establishmentId, productId, attempt]);
  // The catalogue changed on the server (sold out, back on sale): read it again, keeping what is shown meanwhile.
  useEffect(() => onCatalogueUpdated(() => setAttempt((n) => n + 1)), []);

  return { product, failure, retry: () => setAttempt((n) => n + 1) };
}
