// The owner's edits of the menu from the panel (docs/api.md 'Editing a product'): one product's
// name, description and price, and its picture. The catalogue import stays the bulk path.
import { type } from 'arktype';

export const PRODUCT_NAME_MAX = 160;
export const PRODUCT_DESC_MAX = 2000;
/** R$ 100.000,00: no single dish or grocery item costs more; a typo of a few zeros is refused. */
export const PRODUCT_PRICE_MAX = 10_000_000;

export const ProductEditParams = type({ id: /^[A-Za-z0-9_-]{1,64}$/, productId: /^[A-Za-z0-9_-]{1,64}$/ });

export const ProductEditBody = type({
  'name?': type('string.trim').to(`0 < string <= ${PRODUCT_NAME_MAX}`),
  'desc?': type('string.trim').to(`string <= ${PRODUCT_DESC_MAX}`),
  /** The price charged, in centavos. */
  'price?': `0 <= number.integer <= ${PRODUCT_PRICE_MAX}`,
  '+': 'delete',
});
export type ProductEditBody = typeof ProductEditBody.infer;

/** The picture's upload: a jpeg, png or webp of at most this many bytes. */
export const PRODUCT_PICTURE_MAX_BYTES = 8 * 1024 * 1024;
