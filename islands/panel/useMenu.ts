// The menu as the panel lists it: the establishment's products (a search by name, 30 a page, read
// through the public products route), the owner's edits of one (name, description, price,
// picture), and the sold-out switch of a product or of one option of it (staff and owner:
// ./useSoldOut.ts), written through the panel's staff session.
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../src/client/api.ts';
import type { ProductEditBody } from '../../src/schemas/api-menu.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { useSoldOut } from './useSoldOut.ts';

const PAGE = 30;

export function useMenu(establishmentId: string) {
  const [query, setQuery] = useState('');
  const [products, setProducts] = useState<ProductView[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (q: string, wanted: number) => {
      setFailed(false);
      try {
        const answer = await call('GET /establishments/:id/products', {
          params: { id: establishmentId },
          query: { limit: PAGE, page: wanted, sort: 'name', ...(q.trim() ? { q: q.trim() } : {}) },
          establishmentId,
        });
        setProducts((before) => (wanted === 1 || !before ? answer.items : [...before, ...answer.items]));
        setTotal(answer.total);
        setPage(wanted);
      } catch (err) {
        reportFailure(err, { call: 'GET /establishments/:id/products (panel)', role: 'in_place' });
        setFailed(true);
      }
    },
    [establishmentId],
  );

  // A new search starts from its first page, a moment after the typing stops.
  useEffect(() => {
    const id = window.setTimeout(() => void load(query, 1), query ? 250 : 0);
    return () => window.clearTimeout(id);
  }, [query, load]);

  const save = useCallback(
    async (product: ProductView, body: ProductEditBody, picture: File | null) => {
      let saved = await call('PUT /establishments/:id/products/:productId', {
        staff: true,
        params: { id: establishmentId, productId: product._id },
        body,
        establishmentId,
      });
      if (picture) {
        const form = new FormData();
        form.append('picture', picture);
        saved = await call('PUT /establishments/:id/products/:productId/picture', {
          staff: true,
          params: { id: establishmentId, productId: product._id },
          body: form,
          establishmentId,
        });
      }
      setProducts((list) => list?.map((p) => (p._id === saved._id ? saved : p)) ?? null);
      return saved;
    },
    [establishmentId],
  );

  const { markSoldOut, pending } = useSoldOut(establishmentId, setProducts);

  return { query, setQuery, products, total, more: () => void load(query, page + 1), retry: () => void load(query, 1), failed, save, markSoldOut, pending };
}
