// The owner's edits of one product (src/server/services/menu.ts).
import type { Database } from './database.ts';

export interface ProductChanges {
  name?: string;
  description?: string;
  price?: number;
  normal_price?: number | null;
  promo?: number;
  image?: string | null;
}

/** Writes the changes of one product of the establishment; false when it has no such product. */
export async function updateProduct(db: Database, establishmentId: string, productId: string, changes: ProductChanges): Promise<boolean> {
  if (Object.keys(changes).length === 0) {
    const row = await db.selectFrom('products').select('id').where('establishment_id', '=', establishmentId).where('id', '=', productId).executeTakeFirst();
    return row !== undefined;
  }
  const res = await db.updateTable('products').set(changes).where('establishment_id', '=', establishmentId).where('id', '=', productId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
