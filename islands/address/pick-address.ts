// The address the checkout's picker chooses by itself when the customer has not chosen one: their
// default (the first address they saved, until they choose another in 'Meus endereços') where this
// establishment delivers, else the only address it delivers to; none when that leaves a choice.
import type { AddressWithDelivery } from './types.ts';

export function pickByItself(addresses: readonly AddressWithDelivery[]): AddressWithDelivery | undefined {
  const delivered = addresses.filter((a) => a.delivery?.ok !== false);
  return delivered.find((a) => a.is_default) ?? (delivered.length === 1 ? delivered[0] : undefined);
}
