// The rules of ordering at the table (src/domain/tables.ts): the table a QR code's fragment names,
// the address a QR code opens, what an order from a table must be, the lowest free number, and the
// open tabs the order screen groups.
import { describe, expect, it } from 'vitest';
import {
  checkoutDeliveryTypes,
  nextTableNumber,
  openTabSummaries,
  tableDeliveryTypes,
  tableFromFragment,
  tableOrderProblem,
  tableUrl,
} from '../../src/domain/tables.ts';

const KEY = 'Zm9vYmFyYmF6cXV4MTIzNA';

describe('the table of a fragment', () => {
  it('reads the number and key of a QR code, with or without the #', () => {
    expect(tableFromFragment(`#mesa=7&chave=${KEY}`)).toEqual({ number: 7, key: KEY });
    expect(tableFromFragment(`chave=${KEY}&mesa=120`)).toEqual({ number: 120, key: KEY });
  });

  it('is none for anything else: no table, a number out of 1-999, a malformed key', () => {
    for (const hash of [
      '',
      '#',
      '#sobre',
      `#mesa=0&chave=${KEY}`,
      `#mesa=1000&chave=${KEY}`,
      `#mesa=7.5&chave=${KEY}`,
      '#mesa=7&chave=curta',
      `#mesa=7&chave=${KEY}x`,
      `#chave=${KEY}`,
      '#mesa=7',
    ])
      expect(tableFromFragment(hash), hash).toBeNull();
  });

  it('is the fragment tableUrl writes', () => {
    const url = tableUrl('https://loja.example/', 'bar-do-ze', { number: 7, key: KEY });
    expect(url).toBe(`https://loja.example/bar-do-ze/#mesa=7&chave=${KEY}`);
    expect(tableFromFragment(new URL(url).hash)).toEqual({ number: 7, key: KEY });
  });
});

describe('an order from a table', () => {
  const table = { number: 7, key: KEY };
  it('is to consume there, now', () => {
    expect(tableOrderProblem({ usesTables: true, deliveryType: 'local', table, scheduled: false })).toBeNull();
    expect(tableOrderProblem({ usesTables: true, deliveryType: 'pickup', table, scheduled: false })).toBe('table_local_only');
    expect(tableOrderProblem({ usesTables: true, deliveryType: 'delivery', table, scheduled: false })).toBe('table_local_only');
    expect(tableOrderProblem({ usesTables: true, deliveryType: 'local', table, scheduled: true })).toBe('table_now_only');
  });

  it('names its table to consume on the premises once the establishment has tables; other types need none', () => {
    expect(tableOrderProblem({ usesTables: true, deliveryType: 'local', table: null, scheduled: false })).toBe('table_required');
    expect(tableOrderProblem({ usesTables: false, deliveryType: 'local', table: null, scheduled: true })).toBeNull();
    expect(tableOrderProblem({ usesTables: true, deliveryType: 'pickup', table: null, scheduled: true })).toBeNull();
  });

  it("is offered 'local' only, when the establishment takes it", () => {
    expect(tableDeliveryTypes(['delivery', 'pickup', 'local'])).toEqual(['local']);
    expect(tableDeliveryTypes(['delivery', 'pickup'])).toEqual([]);
  });
});

describe('what the checkout offers', () => {
  it("at a table only 'local'; elsewhere every type but 'local' where the establishment has tables, every type where it has none", () => {
    const all = ['delivery', 'pickup', 'local'] as const;
    expect(checkoutDeliveryTypes(all, { atTable: true, usesTables: true })).toEqual(['local']);
    expect(checkoutDeliveryTypes(all, { atTable: false, usesTables: true })).toEqual(['delivery', 'pickup']);
    expect(checkoutDeliveryTypes(all, { atTable: false, usesTables: false })).toEqual(['delivery', 'pickup', 'local']);
    expect(checkoutDeliveryTypes(['local'], { atTable: false, usesTables: true })).toEqual([]);
  });
});

describe('the tables', () => {
  it('a new one takes the lowest free number; none past 999', () => {
    expect(nextTableNumber([])).toBe(1);
    expect(nextTableNumber([1, 2, 4])).toBe(3);
    expect(nextTableNumber([2, 3])).toBe(1);
    expect(nextTableNumber(Array.from({ length: 999 }, (_, i) => i + 1))).toBeNull();
  });

  it('the open tabs gather their orders, by table number: the count and the total leave the cancelled ones out', () => {
    const orders = [
      { id: 'a', status: 'registered', total: 2800, table: { number: 7, tab_id: 't7' } },
      { id: 'b', status: 'canceled', total: 1000, table: { number: 7, tab_id: 't7' } },
      { id: 'c', status: 'complete', total: 5600, table: { number: 7, tab_id: 't7' } },
      { id: 'd', status: 'registered', total: 900, table: { number: 2, tab_id: 't2' } },
      // A closed tab's order and an order from no table are in no open tab.
      { id: 'e', status: 'registered', total: 4000, table: { number: 7, tab_id: 'old' } },
      { id: 'f', status: 'registered', total: 4000, table: null },
    ];
    const tabs = openTabSummaries(
      [
        { tab_id: 't7', table: 7 },
        { tab_id: 't2', table: 2 },
        { tab_id: 't9', table: 9 },
      ],
      orders,
    );
    expect(tabs.map((t) => ({ ...t, orders: t.orders.map((o) => o.id) }))).toEqual([
      { tab_id: 't2', table: 2, orders: ['d'], count: 1, total_cents: 900 },
      { tab_id: 't7', table: 7, orders: ['a', 'b', 'c'], count: 2, total_cents: 8400 },
      { tab_id: 't9', table: 9, orders: [], count: 0, total_cents: 0 },
    ]);
  });
});
