// The order screen's rules (src/domain/panel-board.ts): columns, a scheduled order coming forward,
// lateness, ringing, and the day's totals that close the cash drawer.
import { describe, expect, it } from 'vitest';
import {
  type BoardOrder,
  type BoardTotalsOrder,
  type DrawerOrder,
  boardColumnOf,
  boardTotals,
  comesForwardAt,
  dayTotals,
  isLate,
  isRinging,
  promisedAt,
  withBoardOrder,
} from '../../src/domain/panel-board.ts';

const at = (iso: string) => Date.parse(iso);
const order = (o: Partial<BoardOrder> = {}): BoardOrder => ({
  step: 'registered',
  payment_status: 'none',
  created_at: '2026-11-28T18:00:00Z',
  scheduled_at: null,
  time_max: 45,
  ...o,
});

describe('board columns', () => {
  it('puts each step in its column, a Pix not paid yet apart from the new orders', () => {
    const now = at('2026-11-28T18:05:00Z');
    expect(boardColumnOf(order(), now)).toBe('new');
    expect(boardColumnOf(order({ payment_status: 'awaiting' }), now)).toBe('awaiting_payment');
    expect(boardColumnOf(order({ payment_status: 'paid' }), now)).toBe('new');
    expect(boardColumnOf(order({ step: 'confirmed' }), now)).toBe('kitchen');
    expect(boardColumnOf(order({ step: 'preparing' }), now)).toBe('kitchen');
    expect(boardColumnOf(order({ step: 'ready' }), now)).toBe('ready');
    expect(boardColumnOf(order({ step: 'dispatched' }), now)).toBe('on_the_way');
    expect(boardColumnOf(order({ step: 'complete' }), now)).toBe('done');
    expect(boardColumnOf(order({ step: 'canceled' }), now)).toBe('done');
  });

  it('keeps an accepted order scheduled for later apart until its preparation must start, then brings it forward', () => {
    const scheduled = order({ step: 'confirmed', scheduled_at: '2026-11-28T21:00:00Z', time_max: 45 });
    expect(comesForwardAt(scheduled)).toBe(at('2026-11-28T20:15:00Z'));
    expect(boardColumnOf(scheduled, at('2026-11-28T20:14:59Z'))).toBe('scheduled');
    expect(boardColumnOf(scheduled, at('2026-11-28T20:15:00Z'))).toBe('kitchen');
    // Not accepted yet, it is new whatever its time: someone must take it on.
    expect(boardColumnOf({ ...scheduled, step: 'registered' }, at('2026-11-28T18:00:00Z'))).toBe('new');
    expect(comesForwardAt(order())).toBeNull();
  });
});

describe('late orders', () => {
  it('an order for as soon as possible is late past its time placed plus its longest time; a scheduled one past its time', () => {
    const asap = order({ step: 'preparing' });
    expect(promisedAt(asap)).toBe(at('2026-11-28T18:45:00Z'));
    expect(isLate(asap, at('2026-11-28T18:45:00Z'))).toBe(false);
    expect(isLate(asap, at('2026-11-28T18:45:01Z'))).toBe(true);
    const scheduled = order({ step: 'dispatched', scheduled_at: '2026-11-28T21:00:00Z' });
    expect(isLate(scheduled, at('2026-11-28T20:59:00Z'))).toBe(false);
    expect(isLate(scheduled, at('2026-11-28T21:01:00Z'))).toBe(true);
  });

  it('a finished order is never late', () => {
    expect(isLate(order({ step: 'complete' }), at('2026-11-29T00:00:00Z'))).toBe(false);
    expect(isLate(order({ step: 'canceled' }), at('2026-11-29T00:00:00Z'))).toBe(false);
  });
});

describe('ringing', () => {
  it('rings for an order waiting to be accepted, not for a Pix not paid yet nor once it was acted on', () => {
    expect(isRinging(order())).toBe(true);
    expect(isRinging(order({ payment_status: 'paid' }))).toBe(true);
    expect(isRinging(order({ payment_status: 'awaiting' }))).toBe(false);
    expect(isRinging(order({ step: 'confirmed' }))).toBe(false);
    expect(isRinging(order({ step: 'canceled' }))).toBe(false);
  });
});

describe("the day's totals", () => {
  const drawer = (o: Partial<DrawerOrder>): DrawerOrder => ({
    step: 'complete',
    payment_type: 'offline',
    payment_method: 'Dinheiro',
    total: 1000,
    credits: 0,
    ...o,
  });

  it('sums each way of paying apart, cash and the card machine by name, and store credit on its own line', () => {
    const totals = dayTotals([
      drawer({ total: 5000 }),
      drawer({ total: 2550 }),
      drawer({ payment_method: 'Cartão de débito', total: 3000 }),
      drawer({ payment_type: 'online', payment_method: null, total: 4200 }),
      drawer({ payment_type: 'pix', payment_method: null, total: 1990, credits: 500 }),
      drawer({ payment_type: 'credits', payment_method: null, total: 0, credits: 1500 }),
      drawer({ step: 'confirmed', total: 1000 }),
    ]);
    expect(totals.lines).toEqual([
      { key: { kind: 'offline', method: 'Cartão de débito' }, orders: 1, amount: 3000 },
      { key: { kind: 'offline', method: 'Dinheiro' }, orders: 3, amount: 8550 },
      { key: { kind: 'online' }, orders: 1, amount: 4200 },
      { key: { kind: 'pix' }, orders: 1, amount: 1990 },
      { key: { kind: 'credits' }, orders: 2, amount: 2000 },
    ]);
    expect([totals.orders, totals.amount, totals.canceled]).toEqual([7, 5000 + 2550 + 3000 + 4200 + 1990 + 500 + 1500 + 1000, 0]);
  });

  it('counts a canceled order apart and adds nothing of it', () => {
    const totals = dayTotals([drawer({ total: 5000 }), drawer({ step: 'canceled', total: 9999, credits: 100 })]);
    expect(totals).toEqual({ lines: [{ key: { kind: 'offline', method: 'Dinheiro' }, orders: 1, amount: 5000 }], orders: 1, amount: 5000, canceled: 1 });
  });

  it('is empty on a day without orders', () => {
    expect(dayTotals([])).toEqual({ lines: [], orders: 0, amount: 0, canceled: 0 });
  });
});

describe('one order told over the socket', () => {
  const order = (id: string, created_at: string, step: BoardTotalsOrder['step'] = 'registered', total = 1000): BoardTotalsOrder => ({
    _id: id,
    step,
    created_at,
    payment_type: 'offline',
    payment_method: { name: 'Dinheiro' },
    totals: { total, credits: 0 },
  });
  const board = [order('c', '2026-11-28T15:00:00.000Z'), order('b', '2026-11-28T14:00:00.000Z'), order('a', '2026-11-27T20:00:00.000Z')];

  it('a new order comes first when it is the newest, and among the others by its time', () => {
    expect(withBoardOrder(board, order('d', '2026-11-28T16:00:00.000Z')).map((o) => o._id)).toEqual(['d', 'c', 'b', 'a']);
    expect(withBoardOrder(board, order('x', '2026-11-28T14:30:00.000Z')).map((o) => o._id)).toEqual(['c', 'x', 'b', 'a']);
    expect(withBoardOrder(board, order('z', '2026-11-01T00:00:00.000Z')).map((o) => o._id)).toEqual(['c', 'b', 'a', 'z']);
  });

  it('a changed order takes the place of its former self, and the board keeps one copy of it', () => {
    const moved = withBoardOrder(board, order('b', '2026-11-28T14:00:00.000Z', 'canceled'));
    expect(moved.map((o) => [o._id, o.step])).toEqual([
      ['c', 'registered'],
      ['b', 'canceled'],
      ['a', 'registered'],
    ]);
  });

  it("the day's totals count only the orders placed within the day's instants, and a canceled one apart", () => {
    const start = '2026-11-28T03:00:00.000Z';
    const end = '2026-11-29T03:00:00.000Z';
    expect(boardTotals(board, start, end)).toMatchObject({ orders: 2, amount: 2000, canceled: 0 });
    const afterCancel = withBoardOrder(board, order('b', '2026-11-28T14:00:00.000Z', 'canceled'));
    expect(boardTotals(afterCancel, start, end)).toMatchObject({ orders: 1, amount: 1000, canceled: 1 });
  });
});
