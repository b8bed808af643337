import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_DELIVERY_RADIUS_METERS,
  deliveryAt,
  deliveryFee,
  deliveryFeeBeforeAddress,
  distanceMeters,
  effectiveDeliveryRadius,
  insideDeliveryRadius,
  withinDeliveryRadius,
  type DeliveryBand,
  type LngLat,
} from '../../src/domain/delivery-fee.ts';

const FLORIPA: LngLat = [-48.5482, -27.5954];
const BANDS: DeliveryBand[] = [
  { up_to_meters: 3000, price: 800 },
  { up_to_meters: 1000, price: 500 },
  { up_to_meters: 5000, price: 1200 },
];

describe('distanceMeters', () => {
  it('is 0 for the same point', () => {
    expect(distanceMeters(FLORIPA, FLORIPA)).toBe(0);
  });

  it('measures about 1 km for 0.009 degrees of latitude, rounded to the metre', () => {
    expect(distanceMeters(FLORIPA, [-48.5482, -27.5864])).toBe(1001);
  });

  it('matches the known São Paulo - Rio de Janeiro great-circle distance (~361 km)', () => {
    const d = distanceMeters([-46.6333, -23.5505], [-43.1729, -22.9068]);
    expect(d).toBeGreaterThan(359_000);
    expect(d).toBeLessThan(362_000);
  });

  it('is half the circumference between antipodes', () => {
    expect(distanceMeters([0, 0], [180, 0])).toBe(Math.round(Math.PI * 6_371_008.8));
  });

  it('is symmetric, whole and non-negative', () => {
    const point = fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true }));
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = distanceMeters(a, b);
        expect(Number.isInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(distanceMeters(b, a)).toBe(d);
      }),
    );
  });

  it('refuses non-finite coordinates', () => {
    expect(() => distanceMeters([Number.NaN, 0], [0, 0])).toThrow(RangeError);
  });
});

describe('deliveryFee', () => {
  it('uses a 5000 m radius when the preference is unset [R-9.11]', () => {
    expect(DEFAULT_DELIVERY_RADIUS_METERS).toBe(5000);
    expect(effectiveDeliveryRadius({})).toBe(5000);
    expect(effectiveDeliveryRadius({ delivery_radius: null })).toBe(5000);
    expect(effectiveDeliveryRadius({ delivery_radius: 0 })).toBe(5000);
    expect(effectiveDeliveryRadius({ delivery_radius: 8000 })).toBe(8000);
    expect(deliveryFee(5000, {})).toEqual({ ok: true, price: 0, distance: 5000 });
    expect(deliveryFee(5001, {})).toEqual({ ok: false, reason: 'outside_radius', distance: 5001 });
  });

  it('answers outside_radius beyond the configured radius, the radius itself included', () => {
    expect(deliveryFee(2000, { delivery_radius: 2000, delivery_bands: BANDS })).toEqual({ ok: true, price: 800, distance: 2000 });
    expect(deliveryFee(2001, { delivery_radius: 2000, delivery_bands: BANDS })).toEqual({ ok: false, reason: 'outside_radius', distance: 2001 });
  });

  it('picks the first band, by distance, that reaches the customer', () => {
    expect(deliveryFee(0, { delivery_bands: BANDS })).toMatchObject({ ok: true, price: 500 });
    expect(deliveryFee(1000, { delivery_bands: BANDS })).toMatchObject({ ok: true, price: 500 });
    expect(deliveryFee(1001, { delivery_bands: BANDS })).toMatchObject({ ok: true, price: 800 });
    expect(deliveryFee(3000, { delivery_bands: BANDS })).toMatchObject({ ok: true, price: 800 });
    expect(deliveryFee(4999, { delivery_bands: BANDS })).toMatchObject({ ok: true, price: 1200 });
  });

  it("charges the last band's price beyond the last band but inside the radius", () => {
    expect(deliveryFee(7000, { delivery_radius: 10_000, delivery_bands: BANDS })).toEqual({ ok: true, price: 1200, distance: 7000 });
  });

  it('is free without bands', () => {
    expect(deliveryFee(100, { delivery_bands: [] })).toEqual({ ok: true, price: 0, distance: 100 });
  });

  it('never charges less for a farther address (bands are monotone by sorted distance when prices grow)', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), (a, b) => {
        const [near, far] = a <= b ? [a, b] : [b, a];
        const pNear = deliveryFee(near, { delivery_bands: BANDS });
        const pFar = deliveryFee(far, { delivery_bands: BANDS });
        expect(pNear.ok && pFar.ok).toBe(true);
        if (pNear.ok && pFar.ok) expect(pFar.price).toBeGreaterThanOrEqual(pNear.price);
      }),
    );
  });

  it('refuses a negative or non-finite distance', () => {
    expect(() => deliveryFee(-1, {})).toThrow(RangeError);
    expect(() => deliveryFee(Number.POSITIVE_INFINITY, {})).toThrow(RangeError);
  });
});

/** A point `meters` due north of `from`: on one meridian the haversine distance is R x the latitude difference. */
function northOf(from: LngLat, meters: number): LngLat {
  return [from[0], from[1] + (meters / 6_371_008.8) * (180 / Math.PI)];
}

describe('withinDeliveryRadius and deliveryAt: one reading of where an establishment reaches', () => {
  const SP: LngLat = [-46.6333, -23.5505];

  it('measures whole metres, so 5000.4 m is inside the default radius and 5000.6 m is not [R-9.11]', () => {
    expect(distanceMeters(SP, northOf(SP, 5000.4))).toBe(5000);
    expect(withinDeliveryRadius(SP, northOf(SP, 5000.4), {})).toBe(true);
    expect(withinDeliveryRadius(SP, northOf(SP, 5000.6), {})).toBe(false);
    expect(insideDeliveryRadius(5000, { delivery_radius: null })).toBe(true);
    expect(insideDeliveryRadius(5001, {})).toBe(false);
  });

  it('agrees with the fee at every distance around a radius', () => {
    fc.assert(
      fc.property(fc.double({ min: 2990, max: 3010, noNaN: true }), (meters) => {
        const to = northOf(SP, meters);
        const prefs = { delivery_type: ['delivery'], delivery_radius: 3000 };
        expect(deliveryAt(SP, to, prefs).ok).toBe(withinDeliveryRadius(SP, to, prefs));
      }),
    );
  });

  it('answers the fee and distance of the band inside the radius [R-7.38]', () => {
    const prefs = { delivery_type: ['delivery', 'pickup'], delivery_radius: 5000, delivery_bands: BANDS };
    expect(deliveryAt(SP, northOf(SP, 1200.2), prefs)).toEqual({ ok: true, price: 800, distance: 1200 });
    expect(deliveryAt(SP, northOf(SP, 5000.6), prefs)).toEqual({ ok: false, reason: 'outside_radius', distance: 5001 });
  });

  it('delivers nowhere when the establishment does not list delivery, whatever the distance', () => {
    expect(deliveryAt(SP, SP, { delivery_type: ['pickup'] })).toEqual({ ok: false, reason: 'not_delivering' });
    // The radius itself is still the establishment's reach for the establishment list's intersect filter.
    expect(withinDeliveryRadius(SP, SP, {})).toBe(true);
  });
});

describe('deliveryFeeBeforeAddress: the fee a customer can be told before choosing an address', () => {
  const bands = [
    { up_to_meters: 2000, price: 690 },
    { up_to_meters: 4000, price: 990 },
    { up_to_meters: 7000, price: 1490 },
  ];
  it("is 'from' the cheapest band when farther costs more, 'fixed' when every band costs the same", () => {
    expect(deliveryFeeBeforeAddress({ delivery_radius: 7000, delivery_bands: bands }, null)).toEqual({ kind: 'from', price: 690, free_from: null });
    expect(deliveryFeeBeforeAddress({ delivery_bands: [{ up_to_meters: 3000, price: 500 }] }, null)).toEqual({ kind: 'fixed', price: 500, free_from: null });
  });

  it('leaves out the bands the radius never reaches [R-9.11]', () => {
    // Within 2000 m only the first band can apply.
    expect(deliveryFeeBeforeAddress({ delivery_radius: 2000, delivery_bands: bands }, null)).toEqual({ kind: 'fixed', price: 690, free_from: null });
    // A radius past the first band's end reaches the second.
    expect(deliveryFeeBeforeAddress({ delivery_radius: 2500, delivery_bands: [...bands].reverse() }, null)).toEqual({
      kind: 'from',
      price: 690,
      free_from: null,
    });
  });

  it("is 'free' without bands or with a free-delivery threshold of zero, and carries a positive threshold (decisions #14)", () => {
    expect(deliveryFeeBeforeAddress({ delivery_bands: [] }, null)).toEqual({ kind: 'free' });
    expect(deliveryFeeBeforeAddress({ delivery_bands: [{ up_to_meters: 1000, price: 0 }] }, null)).toEqual({ kind: 'free' });
    expect(deliveryFeeBeforeAddress({ delivery_bands: bands }, 0)).toEqual({ kind: 'free' });
    expect(deliveryFeeBeforeAddress({ delivery_radius: 7000, delivery_bands: bands }, 20000)).toEqual({ kind: 'from', price: 690, free_from: 20000 });
  });
});
