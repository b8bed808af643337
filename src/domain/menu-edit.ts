// The owner's edit of one product from the panel: its name, description and price (the picture is
// a file of its own). A product on promotion keeps it while the new price stays below the price it
// was struck from; at or above it, the promotion ends, since a 'promotion' that costs as much or
// more would mislead the customer (and the pages would strike through a lower price).
export interface PricedProduct {
  price: number;
  normal_price: number | null;
  promo: boolean;
}

/** The price fields after setting the price charged to `price` (centavos). */
export function repriced(product: PricedProduct, price: number): PricedProduct {
  if (product.promo && product.normal_price !== null && price < product.normal_price) return { ...product, price };
  return { price, normal_price: product.promo ? null : product.normal_price, promo: false };
}
