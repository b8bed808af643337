// The address the checkout's picker chooses by itself (islands/address/pick-address.ts).
import { describe, expect, it } from 'vitest';
import { pickByItself } from '../../islands/address/pick-address.ts';
import type { AddressWithDelivery } from '../../islands/address/types.ts';

function address(id: string, isDefault: boolean, delivered: boolean | undefined): AddressWithDelivery {
  return {
    _id: id,
    street: `Rua ${id}`,
    number: '1',
    complement: null,
    ref: 'Esquina',
    additionalInfo: null,
    referencePoint: 'Esquina',
    neighborhood: 'Centro',
    city: 'Santos',
    state: 'SP',
    country: 'BR',
    place: 'house',
    lng_lat: [-46.333, -23.9366],
    is_default: isDefault,
    ...(delivered === undefined ? {} : { delivery: delivered ? { ok: true, price: 690, distance: 300 } : { ok: false } }),
  } as AddressWithDelivery;
}

describe('pickByItself', () => {
  it('takes the default where the establishment delivers', () => {
    expect(pickByItself([address('a', false, true), address('b', true, true)])?._id).toBe('b');
  });

  it('takes the only address, or the only one delivered to when the default is outside the radius', () => {
    expect(pickByItself([address('a', false, true)])?._id).toBe('a');
    expect(pickByItself([address('a', true, false), address('b', false, true)])?._id).toBe('b');
  });

  it('leaves the choice to the customer otherwise', () => {
    expect(pickByItself([])).toBeUndefined();
    expect(pickByItself([address('a', false, true), address('b', false, true)])).toBeUndefined();
    expect(pickByItself([address('a', true, false)])).toBeUndefined();
  });
});
