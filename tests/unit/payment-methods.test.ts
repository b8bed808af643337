import { describe, expect, it } from 'vitest';
import { offlineMethods } from '../../src/domain/payment-methods.ts';

const CASH = { _id: 'dinheiro', name: 'Dinheiro', payback: true };
const CARD = { _id: 'credito', name: 'Cartão de crédito', payback: false };
const PIX = { _id: 'pix', name: 'Pix', payback: false };
const PREFS = { has_delivery_payment: true, has_pickup_payment: true, delivery_payment_methods: [CASH, CARD], pickup_payment_methods: [CASH, PIX] };

describe('offlineMethods: what the checkout lists and POST orders takes', () => {
  it("lists a type's own methods, pickup's for eating on the premises too", () => {
    expect(offlineMethods(PREFS, 'delivery')).toEqual([CASH, CARD]);
    expect(offlineMethods(PREFS, 'pickup')).toEqual([CASH, PIX]);
    expect(offlineMethods(PREFS, 'local')).toEqual([CASH, PIX]);
  });

  it('lists none for a type whose payment on delivery or at pickup is off', () => {
    expect(offlineMethods({ ...PREFS, has_delivery_payment: false }, 'delivery')).toEqual([]);
    expect(offlineMethods({ ...PREFS, has_pickup_payment: false }, 'local')).toEqual([]);
  });

  it('before a type is chosen, lists every type’s methods once', () => {
    expect(offlineMethods(PREFS, null)).toEqual([CASH, CARD, PIX]);
    expect(offlineMethods({ ...PREFS, has_pickup_payment: false }, null)).toEqual([CASH, CARD]);
  });
});
