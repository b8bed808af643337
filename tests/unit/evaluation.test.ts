// The evaluation rules (src/domain/evaluation.ts; decisions.md 'Order evaluation'): the sum of the
// four ratings, the 1-5 scale, and the 7-day window from the completion on the establishment's calendar.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EVALUATION_ASPECTS,
  evaluationRefusal,
  evaluationTotal,
  evaluationWindowEnd,
  isRating,
  RATING_MAX,
  RATING_MIN,
  type Ratings,
} from '../../src/domain/evaluation.ts';
import { Temporal } from '../../src/domain/time.ts';

const SP = 'America/Sao_Paulo';
const at = (iso: string) => Temporal.Instant.from(iso);

describe('evaluation', () => {
  it('is the sum of the deadline, delivery, packing and product ratings [R-9.32]', () => {
    expect(evaluationTotal({ packing: 5, delivery: 4, product: 5, deadline: 3 })).toBe(17);
    const rating = fc.integer({ min: RATING_MIN, max: RATING_MAX });
    fc.assert(
      fc.property(fc.record({ packing: rating, delivery: rating, product: rating, deadline: rating }), (r: Ratings) => {
        const total = evaluationTotal(r);
        expect(total).toBe(r.deadline + r.delivery + r.packing + r.product);
        expect(total).toBeGreaterThanOrEqual(4);
        expect(total).toBeLessThanOrEqual(20);
      }),
    );
  });

  it('has the four aspects of the spec, each a whole number of stars from 1 to 5 [R-3.49]', () => {
    expect([...EVALUATION_ASPECTS].sort()).toEqual(['deadline', 'delivery', 'packing', 'product']);
    expect([1, 2, 3, 4, 5].every(isRating)).toBe(true);
    for (const bad of [0, 6, 4.5, -1, Number.NaN, '5', null, undefined]) expect(isRating(bad)).toBe(false);
  });

  it('may be sent for 7 days after the completion, the last instant included', () => {
    const completedAt = '2025-01-03T23:00:00.000Z';
    expect(evaluationWindowEnd(completedAt, SP)).toBe('2025-01-10T23:00:00Z');
    const order = { status: 'complete', completedAt, evaluated: false, timeZone: SP };
    expect(evaluationRefusal({ ...order, now: at('2025-01-03T23:00:00Z') })).toBeNull();
    expect(evaluationRefusal({ ...order, now: at('2025-01-10T23:00:00Z') })).toBeNull();
    expect(evaluationRefusal({ ...order, now: at('2025-01-10T23:00:00.001Z') })).toBe('evaluation_window_closed');
  });

  it('counts the 7 days on the establishment’s calendar: across a daylight-saving change the window is 7 wall-clock days', () => {
    // São Paulo moved its clocks forward on 2018-11-04: 7 calendar days from 1 November at noon end
    // on 8 November at noon, one hour less than 7 x 24 hours.
    const completedAt = '2018-11-01T15:00:00Z';
    expect(evaluationWindowEnd(completedAt, SP)).toBe('2018-11-08T14:00:00Z');
    expect(Temporal.Instant.from(completedAt).toZonedDateTimeISO(SP).toPlainTime().toString()).toBe('12:00:00');
    expect(Temporal.Instant.from('2018-11-08T14:00:00Z').toZonedDateTimeISO(SP).toPlainTime().toString()).toBe('12:00:00');
  });

  it('is refused before the completion, a second time, and after the window, in that order of reasons', () => {
    const now = at('2025-01-04T12:00:00Z');
    const base = { completedAt: '2025-01-03T23:00:00Z', evaluated: false, now, timeZone: SP };
    for (const status of ['registered', 'confirmed', 'canceled']) {
      expect(evaluationRefusal({ ...base, status, completedAt: null })).toBe('order_not_complete');
    }
    expect(evaluationRefusal({ ...base, status: 'complete', evaluated: true })).toBe('order_already_evaluated');
    expect(evaluationRefusal({ ...base, status: 'complete', evaluated: true, now: at('2025-02-01T00:00:00Z') })).toBe('order_already_evaluated');
    expect(evaluationRefusal({ ...base, status: 'complete', now: at('2025-02-01T00:00:00Z') })).toBe('evaluation_window_closed');
  });
});
