import { describe, expect, it } from 'vitest';
import {
  cancellationEffect,
  checkTransition,
  ORDER_STEPS,
  specStatusOf,
  stepsFor,
  type OrderActor,
  type OrderStep,
  type PaymentState,
  type TransitionRequest,
} from '../../src/domain/order-lifecycle.ts';
import type { DeliveryType } from '../../src/domain/cart.ts';

const move = (over: Partial<TransitionRequest>) =>
  checkTransition({ actor: 'establishment', from: 'registered', to: 'confirmed', deliveryType: 'delivery', payment: 'none', ...over });

describe('the order lifecycle', () => {
  it('lets only a registered order be cancelled by its customer [R-4.65]', () => {
    expect(move({ actor: 'customer', from: 'registered', to: 'canceled' })).toEqual({ ok: true });
    for (const from of ['confirmed', 'preparing', 'ready', 'dispatched', 'complete', 'canceled'] as const)
      expect(move({ actor: 'customer', from, to: 'canceled' }), from).toEqual({ ok: false, code: 'order_cannot_be_canceled' });
    // Anything but a cancellation is the establishment's.
    expect(move({ actor: 'customer', from: 'registered', to: 'confirmed' })).toEqual({ ok: false, code: 'status_change_not_allowed' });
  });

  it('takes a delivery through every step forward, and lets the kitchen skip steps after the confirmation', () => {
    const steps = stepsFor('delivery');
    for (let i = 0; i + 1 < steps.length; i++) expect(move({ from: steps[i], to: steps[i + 1] }), `${steps[i]} -> ${steps[i + 1]}`).toEqual({ ok: true });
    expect(move({ from: 'confirmed', to: 'dispatched' })).toEqual({ ok: true });
    expect(move({ actor: 'pos', from: 'confirmed', to: 'complete' })).toEqual({ ok: true });
    // The confirmation itself cannot be skipped, nor can an order go back.
    expect(move({ from: 'registered', to: 'preparing' })).toEqual({ ok: false, code: 'invalid_status_transition' });
    expect(move({ from: 'ready', to: 'preparing' })).toEqual({ ok: false, code: 'invalid_status_transition' });
    expect(move({ from: 'confirmed', to: 'confirmed' })).toEqual({ ok: false, code: 'invalid_status_transition' });
  });

  it('dispatches only a delivery; a pickup goes from ready to complete', () => {
    for (const deliveryType of ['pickup', 'local'] as DeliveryType[]) {
      expect(move({ deliveryType, from: 'ready', to: 'dispatched' })).toEqual({ ok: false, code: 'not_a_delivery' });
      expect(move({ deliveryType, from: 'ready', to: 'complete' })).toEqual({ ok: true });
    }
  });

  it('confirms an order awaiting its Pix only once paid', () => {
    expect(move({ payment: 'awaiting' })).toEqual({ ok: false, code: 'payment_pending' });
    expect(move({ payment: 'paid' })).toEqual({ ok: true });
  });

  it('lets nothing leave complete or canceled, whoever asks', () => {
    const actors: OrderActor[] = ['customer', 'establishment', 'pos', 'system'];
    for (const from of ['complete', 'canceled'] as OrderStep[])
      for (const to of ORDER_STEPS) for (const actor of actors) expect(move({ actor, from, to }).ok, `${actor}: ${from} -> ${to}`).toBe(false);
  });

  it("lets the server's job cancel only a registered order still awaiting its Pix", () => {
    expect(move({ actor: 'system', from: 'registered', to: 'canceled', payment: 'awaiting' })).toEqual({ ok: true });
    expect(move({ actor: 'system', from: 'registered', to: 'canceled', payment: 'paid' }).ok).toBe(false);
    expect(move({ actor: 'system', from: 'confirmed', to: 'canceled', payment: 'awaiting' }).ok).toBe(false);
    expect(move({ actor: 'system', from: 'registered', to: 'confirmed' })).toEqual({ ok: false, code: 'status_change_not_allowed' });
  });

  it('keeps the spec’s four statuses: the finer steps are all still confirmed [R-3.52]', () => {
    expect(ORDER_STEPS.map(specStatusOf)).toEqual(['registered', 'confirmed', 'confirmed', 'confirmed', 'confirmed', 'complete', 'canceled']);
  });
});

describe('what a cancellation does to the payment', () => {
  it('sends a paid order’s money back, once, whoever cancels', () => {
    for (const actor of ['customer', 'establishment', 'pos'] as OrderActor[])
      expect(cancellationEffect(actor, 'paid')).toEqual({ payment: 'refund_pending', refund: true, closeCharge: false });
  });

  it('closes an unpaid Pix charge: expired when the time ran out, none when someone cancelled', () => {
    expect(cancellationEffect('system', 'awaiting')).toEqual({ payment: 'expired', refund: false, closeCharge: true });
    expect(cancellationEffect('customer', 'awaiting')).toEqual({ payment: 'none', refund: false, closeCharge: true });
  });

  it('changes nothing for an order paid on delivery or whose money is already going back', () => {
    for (const payment of ['none', 'refund_pending', 'refunded', 'expired'] as PaymentState[])
      expect(cancellationEffect('establishment', payment)).toEqual({ payment, refund: false, closeCharge: false });
  });
});
