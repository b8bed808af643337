// The owner's edits of one product from the panel: name, description and price (a promotion ends
// when the new price is no longer below the price it was struck from: src/domain/menu-edit.ts),
// and its picture, stored as one WebP (the card and page thumbnails are made from it on their first
// request, src/server/thumbnails.ts). The route renders the establishment's pages again after.
import sharp from 'sharp';
import { repriced } from '../../domain/menu-edit.ts';
import type { ProductEditBody } from '../../schemas/api-menu.ts';
import type { ProductView } from '../../schemas/views.ts';
import { MAX_DECODED_PIXELS, type ImageStorage } from '../adapters/image-storage.ts';
import { getProduct } from '../db/catalogue-repo.ts';
import type { Database } from '../db/database.ts';
import { randomId } from '../db/ids.ts';
import { updateProduct, type ProductChanges } from '../db/menu-repo.ts';
import { Refusal } from './refusal.ts';

/** The longest side of a stored product picture: the product page shows it at 768 px, twice that for sharp screens. */
const PICTURE_MAX_SIDE = 1536;

async function productOf(db: Database, establishmentId: string, productId: string): Promise<ProductView> {
  const product = await getProduct(db, establishmentId, productId);
  if (!product) throw new Refusal('not_found', 'product_not_found');
  return product;
}

/** Applies the edit and answers the product as it is now. */
export async function editProduct(db: Database, establishmentId: string, productId: string, body: ProductEditBody): Promise<ProductView> {
  const product = await productOf(db, establishmentId, productId);
  const changes: ProductChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.desc !== undefined) changes.description = body.desc;
  if (body.price !== undefined) {
    const priced = repriced(product, body.price);
    changes.price = priced.price;
    changes.normal_price = priced.normal_price;
    changes.promo = priced.promo ? 1 : 0;
  }
  if (!(await updateProduct(db, establishmentId, productId, changes))) throw new Refusal('not_found', 'product_not_found');
  return productOf(db, establishmentId, productId);
}

/** Stores a new picture of the product (jpeg, png or webp; 415 when it cannot be decoded) and answers the product. */
export async function setProductPicture(
  db: Database,
  storage: ImageStorage,
  establishmentId: string,
  productId: string,
  bytes: Uint8Array,
): Promise<ProductView> {
  await productOf(db, establishmentId, productId);
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: MAX_DECODED_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PICTURE_MAX_SIDE, PICTURE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new Refusal('unsupported', 'unsupported_media_type');
  }
  // A new name each time: pages and thumbnails cached under the old address stay right, and the new ones are new.
  const url = await storage.put(`products/${establishmentId}/${productId}-${randomId()}.webp`, webp, 'image/webp');
  if (!(await updateProduct(db, establishmentId, productId, { image: url }))) throw new Refusal('not_found', 'product_not_found');
  return productOf(db, establishmentId, productId);
}
