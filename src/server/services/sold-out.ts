// The establishment's sold-out switch (docs/api.md 'Sold out'): a product, or one item of one of its
// variation groups, marked sold out or on sale again. Setting what already holds changes nothing
// and answers the same (idempotent); a product of another establishment is not found.
import type { Database } from '../db/database.ts';
import { getEstablishmentOpening } from '../db/establishments-repo.ts';
import { setProductSoldOut, setVariationItemSoldOut } from '../db/catalogue-repo.ts';
import type { SoldOutAnswer } from '../../schemas/api-sold-out.ts';
import { isSoldOut } from '../../domain/cart.ts';
import { Refusal } from './refusal.ts';

export type SoldOutTarget = { productId: string; variationId?: string; itemId?: string };

/** Applies the change and answers the new state (without `pages`: the caller renders them); 404 for what the establishment does not have. */
export async function setSoldOut(
  db: Database,
  establishmentId: string,
  target: SoldOutTarget,
  soldOut: boolean,
  now: Date,
): Promise<{ slug: string; state: Omit<SoldOutAnswer, 'pages'> }> {
  const est = await getEstablishmentOpening(db, establishmentId);
  if (est?.active !== 1) throw new Refusal('not_found', 'establishment_not_found');
  const { productId, variationId, itemId } = target;
  const done =
    variationId !== undefined && itemId !== undefined
      ? await setVariationItemSoldOut(db, establishmentId, { productId, variationId, itemId }, soldOut, now)
      : await setProductSoldOut(db, establishmentId, productId, soldOut, now);
  if ('not_found' in done) throw new Refusal('not_found', done.not_found === 'product' ? 'product_not_found' : 'variation_item_not_found');
  const item =
    variationId !== undefined && itemId !== undefined
      ? done.product.variations.find((g) => g._id === variationId)?.items.find((i) => i._id === itemId)
      : undefined;
  return {
    slug: est.slug,
    state: {
      product_id: done.product._id,
      variation_id: variationId ?? null,
      item_id: itemId ?? null,
      sold_out: item ? isSoldOut(item) : done.product.sold_out,
    },
  };
}
