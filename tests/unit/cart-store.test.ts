import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCartStore, DRAFT_CHECK_MS, DRAFT_TTL_MS, getCartStore, randomKey, type CartStore, type CartStoreDeps } from '../../islands/stores/cart.ts';
import { createMemoryStorage } from '../../islands/stores/storage.ts';
import type { VariationPick } from '../../src/domain/cart.ts';
import { emptyDraft, parseDraft } from '../../src/schemas/draft.ts';
import { productView } from './fixtures/product.ts';

// ---- Fixtures ---------------------------------------------------------------------------

const product = productView;

const BURGER = product({
  _id: 'x-burger',
  name: 'X-Burger',
  price: 2500,
  variations: [
    {
      _id: 'extras',
      name: 'Extras',
      layout: 'addremove',
      min: 0,
      max: 5,
      price_rule: 1,
      items: [
        { _id: 'bacon', name: 'Bacon', price: 500 },
        { _id: 'cheddar', name: 'Cheddar', price: 300 },
      ],
    },
  ],
});
const PIZZA = product({
  _id: 'pizza',
  name: 'Pizza',
  price: 0,
  variations: [
    {
      _id: 'sabores',
      name: 'Sabores',
      layout: 'check',
      min: 1,
      max: 2,
      price_rule: 4,
      items: [
        { _id: 'calabresa', name: 'Calabresa', price: 4290, item_preffix: '1/2' },
        { _id: 'portuguesa', name: 'Portuguesa', price: 5190, item_preffix: '1/2' },
      ],
    },
  ],
});
const SUCO = product({ _id: 'suco', name: 'Suco', price: 800, delivery_type: ['delivery', 'pickup', 'local'] });
const MARMITA = product({ _id: 'marmita', name: 'Marmita', price: 2000, delivery_type: ['delivery'] });
const BOLO = product({ _id: 'bolo', name: 'Bolo', price: 9000, delivery_type: ['pickup'] });

const bacon = (qnt = 1): VariationPick => ({ variation_id: 'extras', item_id: 'bacon', qnt });
const KEY = 'draft:est-1';
const T0 = Date.UTC(2026, 2, 10, 15, 0, 0);

/** window's storage events, shared by the stores of one test as if they were tabs. */
function eventBus() {
  const handlers = new Set<(e: Event) => void>();
  return {
    addEventListener: ((type: string, fn: (e: Event) => void) => {
      if (type === 'storage') handlers.add(fn);
    }) as unknown as typeof window.addEventListener,
    removeEventListener: ((type: string, fn: (e: Event) => void) => {
      if (type === 'storage') handlers.delete(fn);
    }) as unknown as typeof window.removeEventListener,
    emit(key: string | null) {
      for (const fn of handlers) fn({ type: 'storage', key } as unknown as Event);
    },
    get size() {
      return handlers.size;
    },
  };
}

let storage: Storage;
let bus: ReturnType<typeof eventBus>;
let keys: number;
const stores: CartStore[] = [];

function open(deps: CartStoreDeps = {}, establishmentId = 'est-1'): CartStore {
  const store = createCartStore(establishmentId, {
    storage,
    now: () => Date.now(),
    newKey: () => `key-${++keys}`,
    addEventListener: bus.addEventListener,
    removeEventListener: bus.removeEventListener,
    ...deps,
  });
  stores.push(store);
  return store;
}

function stored(): unknown {
  const raw = storage.getItem(KEY);
  return raw === null ? null : JSON.parse(raw);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  storage = createMemoryStorage();
  bus = eventBus();
  keys = 0;
});

afterEach(() => {
  for (const s of stores.splice(0)) s.dispose();
  vi.useRealTimers();
});

// ---- Tests ------------------------------------------------------------------------------

describe('cart store: lines', () => {
  it('starts empty with nothing stored', () => {
    const cart = open();
    expect(cart.lines.value).toEqual([]);
    expect(cart.count.value).toBe(0);
    expect(cart.totalCents.value).toBe(0);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('adding a product appends it to the cart [R-4.43]', () => {
    const cart = open();
    expect(cart.add(BURGER, [bacon()], 2)).toEqual({ ok: true });
    expect(cart.add(SUCO, [], 1, 'sem gelo')).toEqual({ ok: true });
    expect(cart.lines.value.map((l) => [l.product_id, l.qnt, l.unit_cents, l.line_cents, l.note])).toEqual([
      ['x-burger', 2, 3000, 6000, ''],
      ['suco', 1, 800, 800, 'sem gelo'],
    ]);
    expect(cart.count.value).toBe(3);
    expect(cart.totalCents.value).toBe(6800);
    const draft = parseDraft(storage.getItem(KEY));
    expect(draft?.products.map((p) => p.id)).toEqual(['x-burger', 'suco']);
    expect(draft?.products[0]?.variations).toEqual([{ _id: 'extras', item_id: 'bacon', qnt: 1, name: 'Bacon', price: 500 }]);
  });

  it('merges the same product, picks and note into one line, capped at 999', () => {
    const cart = open();
    cart.add(BURGER, [bacon()], 2);
    cart.add(BURGER, [bacon()], 3);
    expect(cart.lines.value).toHaveLength(1);
    expect(cart.lines.value[0]).toMatchObject({ qnt: 5, line_cents: 15000 });
    cart.add(BURGER, [bacon()], 5000);
    expect(cart.count.value).toBe(999);
  });

  it('refuses unmet variation minimums with their codes, and a consumption-option conflict', () => {
    const cart = open();
    expect(cart.add(PIZZA, [], 1)).toEqual({
      ok: false,
      reason: 'invalid_picks',
      problems: [{ code: 'below_min', groupId: PIZZA.variations[0]!._id, name: 'Sabores', layout: 'check', min: 1 }],
    });
    cart.add(BOLO, [], 1);
    expect(cart.add(MARMITA, [], 1)).toEqual({ ok: false, reason: 'delivery_conflict' });
    expect(cart.lines.value.map((l) => l.product_id)).toEqual(['bolo']);
    expect(cart.add(SUCO, [], 1)).toEqual({ ok: true });
  });

  it('setting a quantity to 0 removes the line [R-4.44]; quantities are clamped to 999 [R-5.78]', () => {
    const cart = open();
    cart.add(BURGER, [], 1);
    cart.add(SUCO, [], 1);
    const [burger, suco] = cart.lines.value;
    cart.setQuantity(burger!.line_id, 1200);
    expect(cart.lines.value[0]).toMatchObject({ qnt: 999, line_cents: 2500 * 999 });
    cart.setQuantity(burger!.line_id, 0);
    expect(cart.lines.value.map((l) => l.product_id)).toEqual(['suco']);
    cart.remove(suco!.line_id);
    expect(cart.lines.value).toEqual([]);
    expect(parseDraft(storage.getItem(KEY))?.products).toEqual([]);
  });

  it('cleaning the order resets every draft field [R-4.45] and removes the stored order [R-4.46]', () => {
    const cart = open();
    cart.add(BURGER, [bacon()], 2);
    expect(storage.getItem(KEY)).not.toBeNull();
    cart.clear();
    const { idempotent_key, created_at, ...rest } = cart.draft.value;
    const { idempotent_key: _k, created_at: _c, ...empty } = emptyDraft(0, 'x');
    expect(rest).toEqual(empty);
    expect(storage.getItem(KEY)).toBeNull();
    expect(cart.count.value).toBe(0);
  });
});

describe('cart store: storage', () => {
  it('restores the stored order at start', () => {
    const first = open();
    first.add(
      PIZZA,
      [
        { variation_id: 'sabores', item_id: 'calabresa', qnt: 1 },
        { variation_id: 'sabores', item_id: 'portuguesa', qnt: 1 },
      ],
      2,
    );
    first.dispose();
    const second = open();
    expect(second.lines.value).toEqual(first.lines.value);
    expect(second.lines.value[0]).toMatchObject({ tags: ['1/2 Calabresa', '1/2 Portuguesa'], line_cents: 10380 });
    expect(second.draft.value.idempotent_key).toBe(first.draft.value.idempotent_key);
  });

  it('discards corrupted JSON without throwing, and removes it', () => {
    storage.setItem(KEY, '{"version":1,"products":[{');
    const cart = open();
    expect(cart.lines.value).toEqual([]);
    expect(storage.getItem(KEY)).toBeNull();
    expect(cart.add(SUCO, [], 1)).toEqual({ ok: true });
  });

  it('discards a draft of an old format without throwing', () => {
    storage.setItem(KEY, JSON.stringify({ products: [{ id: 'suco', qnt: 1 }], created_at: T0 }));
    expect(open().lines.value).toEqual([]);
    expect(storage.getItem(KEY)).toBeNull();
    storage.setItem(KEY, JSON.stringify({ ...emptyDraft(T0, 'k'), version: 0 }));
    expect(open().count.value).toBe(0);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('keeps the cart in memory when storage fails (quota, privacy mode)', () => {
    const failing: Storage = {
      ...createMemoryStorage(),
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const cart = open({ storage: failing });
    expect(cart.add(SUCO, [], 2)).toEqual({ ok: true });
    vi.advanceTimersByTime(DRAFT_CHECK_MS * 3);
    cart.refresh();
    expect(cart.count.value).toBe(2);
    expect(() => cart.clear()).not.toThrow();
    expect(cart.count.value).toBe(0);
    const unreadable: Storage = {
      ...failing,
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const other = open({ storage: unreadable });
    expect(other.add(SUCO, [], 1)).toEqual({ ok: true });
    other.refresh();
    expect(other.count.value).toBe(1);
    const none = open({ storage: null });
    none.add(SUCO, [], 4);
    expect(none.count.value).toBe(4);
  });

  it('keeps the draft of each establishment apart in local storage [R-3.21]', () => {
    open().add(SUCO, [], 1);
    const other = open({}, 'est-2');
    expect(other.count.value).toBe(0);
    other.add(BURGER, [], 2);
    expect(parseDraft(storage.getItem('draft:est-2'))?.products[0]?.qnt).toBe(2);
    expect(parseDraft(storage.getItem(KEY))?.products[0]?.id).toBe('suco');
  });
});

describe('cart store: expiry', () => {
  it('clears the draft 59 minutes after its creation [R-4.48], checked every 10 s [R-4.49]', () => {
    const cart = open();
    vi.advanceTimersByTime(5 * 60_000); // an untouched empty cart does not age
    cart.add(SUCO, [], 1);
    expect(cart.draft.value.created_at).toBe(T0 + 5 * 60_000);
    vi.advanceTimersByTime(30 * 60_000);
    cart.add(BURGER, [], 1); // changes do not move the creation time
    // The first tick at or after 59 minutes clears; ticks are every 10 s.
    vi.advanceTimersByTime(29 * 60_000 - 1);
    expect(cart.count.value).toBe(2);
    vi.advanceTimersByTime(DRAFT_CHECK_MS);
    expect(cart.count.value).toBe(0);
    expect(storage.getItem(KEY)).toBeNull();
    expect(DRAFT_TTL_MS).toBe(59 * 60_000);
    expect(DRAFT_CHECK_MS).toBe(10_000);
  });

  it('checks only on the 10 s ticks', () => {
    const cart = open();
    cart.add(SUCO, [], 1); // created at T0
    vi.setSystemTime(T0 + DRAFT_TTL_MS); // the clock passes 59 min without a tick
    expect(cart.count.value).toBe(1);
    vi.advanceTimersByTime(DRAFT_CHECK_MS);
    expect(cart.count.value).toBe(0);
  });

  it('drops an expired stored draft at start', () => {
    storage.setItem(KEY, JSON.stringify({ ...emptyDraft(T0 - DRAFT_TTL_MS, 'old'), products: [] }));
    const cart = open();
    expect(cart.draft.value.idempotent_key).not.toBe('old');
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('stops the timer and listener on dispose', () => {
    const cart = open();
    cart.add(SUCO, [], 1);
    expect(bus.size).toBe(1);
    cart.dispose();
    expect(bus.size).toBe(0);
    vi.advanceTimersByTime(DRAFT_TTL_MS + DRAFT_CHECK_MS);
    expect(cart.count.value).toBe(1);
  });
});

describe('cart store: idempotency key', () => {
  it('renews the key on every order-relevant change and keeps it otherwise [R-3.22]', () => {
    const cart = open();
    const seen = [cart.draft.value.idempotent_key];
    cart.add(BURGER, [], 1);
    seen.push(cart.draft.value.idempotent_key);
    cart.add(BURGER, [], 1); // merged quantity
    seen.push(cart.draft.value.idempotent_key);
    cart.add(BURGER, [bacon()], 1); // other variations
    seen.push(cart.draft.value.idempotent_key);
    const lineId = cart.lines.value[0]!.line_id;
    cart.setQuantity(lineId, 5);
    seen.push(cart.draft.value.idempotent_key);
    expect(new Set(seen).size).toBe(seen.length);

    const kept = cart.draft.value.idempotent_key;
    cart.setQuantity(lineId, 5); // unchanged
    cart.setQuantity('missing', 3);
    cart.add(PIZZA, [], 1); // refused
    cart.refresh();
    vi.advanceTimersByTime(DRAFT_CHECK_MS * 6);
    expect(cart.draft.value.idempotent_key).toBe(kept);
    expect(open().draft.value.idempotent_key).toBe(kept); // a reload keeps it too
    cart.remove(lineId);
    expect(cart.draft.value.idempotent_key).not.toBe(kept);
  });
});

describe('cart store: two tabs', () => {
  it("see each other's changes after a storage event, keeping the writer's key", () => {
    const a = open();
    const b = open();
    a.add(BURGER, [], 2);
    bus.emit(KEY);
    expect(b.lines.value).toEqual(a.lines.value);
    expect(b.draft.value.idempotent_key).toBe(a.draft.value.idempotent_key);

    b.setQuantity(b.lines.value[0]!.line_id, 7);
    bus.emit(KEY);
    expect(a.count.value).toBe(7);

    b.clear();
    bus.emit(KEY);
    expect(a.count.value).toBe(0);
    expect(stored()).toBeNull();
  });

  it('ignores events for other keys, and re-reads on a whole-storage clear', () => {
    const a = open();
    const b = open();
    a.add(SUCO, [], 1);
    bus.emit('draft:other');
    expect(b.count.value).toBe(0);
    bus.emit(null);
    expect(b.count.value).toBe(1);
  });

  it('a change made after another tab wrote builds on what that tab stored', () => {
    const a = open();
    const b = open();
    a.add(SUCO, [], 1);
    // b has not had the event yet
    b.add(BURGER, [], 1);
    expect(b.lines.value.map((l) => l.product_id)).toEqual(['suco', 'x-burger']);
    bus.emit(KEY);
    expect(a.count.value).toBe(2);
  });
});

describe('cart store: defaults', () => {
  it('getCartStore gives one store per establishment until it is disposed', () => {
    const a = getCartStore('memo-1');
    expect(getCartStore('memo-1')).toBe(a);
    const b = getCartStore('memo-2');
    expect(b).not.toBe(a);
    a.dispose();
    const again = getCartStore('memo-1');
    expect(again).not.toBe(a);
    again.dispose();
    b.dispose();
  });

  it('makes UUID v4 keys, also where crypto.randomUUID is missing (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(randomKey()).toMatch(uuid);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    try {
      const k1 = randomKey();
      expect(k1).toMatch(uuid);
      expect(randomKey()).not.toBe(k1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('cart store: checkout setters', () => {
  const ADDRESS = {
    _id: 'a1',
    street: 'Rua XV de Novembro',
    number: '95',
    complement: null,
    ref: 'Praça',
    neighborhood: 'Centro',
    city: 'Santos',
    state: 'SP',
    lng_lat: [-46.33, -23.93] as [number, number],
  };

  it('picking a delivery type sets it with its estimate and clears the delivery fee [R-4.12]', () => {
    const cart = open();
    cart.add(SUCO, [], 1);
    cart.setDeliveryAddress(ADDRESS, 690);
    expect(cart.draft.value.delivery_tax).toBe(690);
    cart.setDeliveryType('pickup', { min: 20, max: 40 });
    expect(cart.draft.value).toMatchObject({ delivery_type: 'pickup', delivery_tax: null, delivery_time: { min: 20, max: 40 } });
    expect(parseDraft(storage.getItem(KEY))?.delivery_type).toBe('pickup');
  });

  it('choosing or saving an address while the draft is for pickup makes it a delivery there, with its fee and estimate [R-4.15]', () => {
    const cart = open();
    cart.add(SUCO, [], 1);
    cart.setDeliveryType('pickup', { min: 20, max: 40 });
    cart.chooseDeliveryAddress(ADDRESS, 690, { min: 45, max: 90 });
    expect(cart.draft.value).toMatchObject({ delivery_type: 'delivery', delivery_address: ADDRESS, delivery_tax: 690, delivery_time: { min: 45, max: 90 } });
    // What another tab or the next visit reads is the same delivery draft.
    expect(parseDraft(storage.getItem(KEY))).toMatchObject({ delivery_type: 'delivery', delivery_tax: 690 });
    // Already for delivery: another address keeps the type and its estimate.
    const other = { ...ADDRESS, _id: 'addr-2', street: 'Rua Dois' };
    cart.chooseDeliveryAddress(other, 990, { min: 1, max: 2 });
    expect(cart.draft.value).toMatchObject({ delivery_type: 'delivery', delivery_address: other, delivery_tax: 990, delivery_time: { min: 45, max: 90 } });
  });

  it('resetting an unsupported type drops the schedule date with it [R-4.14]', () => {
    const cart = open();
    cart.add(SUCO, [], 1);
    cart.setDeliveryType('local');
    cart.setSchedule('2026-03-11', '2026-03-11T15:00:00Z');
    cart.resetDeliveryType();
    expect(cart.draft.value).toMatchObject({ delivery_type: null, scheduling_date: null, scheduled_at: null });
  });

  it('choosing a payment type clears the method and the change; a method without payback drops the change [R-4.2]', () => {
    const cart = open();
    cart.add(SUCO, [], 1);
    cart.setPaymentType('offline');
    cart.setPaymentMethod({ _id: 'dinheiro', name: 'Dinheiro', payback: true });
    cart.setChange(0);
    expect(cart.draft.value.change).toBe(0);
    cart.setChange(5000);
    cart.setPaymentMethod({ _id: 'debito', name: 'Cartão de débito', payback: false });
    expect(cart.draft.value.change).toBeNull();
    cart.setPaymentMethod({ _id: 'dinheiro', name: 'Dinheiro', payback: true });
    cart.setChange(5000);
    cart.setPaymentType('online');
    expect(cart.draft.value).toMatchObject({ payment_type: 'online', payment_method: null, change: null });
  });

  it('unticking credits clears them and the payment type', () => {
    const cart = open();
    cart.add(SUCO, [], 1);
    cart.setPaymentType('offline');
    cart.setCredits(300);
    expect(cart.draft.value.credits).toBe(300);
    cart.setCredits(0);
    expect(cart.draft.value).toMatchObject({ credits: 0, payment_type: null, payment_method: null });
  });

  it('tax receipt: ticked with an empty document, a document stored, Remove clears it [R-4.9] [R-4.10] [R-4.11]', () => {
    const cart = open();
    cart.add(SUCO, [], 1);
    cart.setInvoice({ status: true, document: '' });
    expect(cart.draft.value.invoice).toEqual({ status: true, document: '' });
    cart.setInvoice({ status: true, document: '52998224725' });
    expect(parseDraft(storage.getItem(KEY))?.invoice).toEqual({ status: true, document: '52998224725' });
    cart.setInvoice({ status: true, document: '' });
    expect(cart.draft.value.invoice.document).toBe('');
  });

  it('renews the idempotency key on every real checkout change and keeps it when nothing changed (decisions #22)', () => {
    const cart = open();
    cart.add(SUCO, [], 1);
    const k1 = cart.draft.value.idempotent_key;
    cart.setDeliveryType('pickup', { min: 20, max: 40 });
    const k2 = cart.draft.value.idempotent_key;
    expect(k2).not.toBe(k1);
    // The same choice again (a retry after a failed send) keeps the key.
    cart.setDeliveryType('pickup', { min: 20, max: 40 });
    cart.update({ note: '' });
    expect(cart.draft.value.idempotent_key).toBe(k2);
    for (const change of [
      () => cart.setNote('tocar a campainha'),
      () => cart.setOrderVariations([{ _id: 'sacolas', item_id: 'sem-sacola', qnt: 1, name: 'Sem sacola', price: 0 }]),
      () => cart.setSchedule('2026-03-11', '2026-03-11T15:00:00Z'),
      () => cart.setDeliveryAddress(ADDRESS, 690),
      () => cart.setPaymentType('offline'),
      () => cart.setInvoice({ status: true, document: '' }),
    ]) {
      const before = cart.draft.value.idempotent_key;
      change();
      expect(cart.draft.value.idempotent_key).not.toBe(before);
    }
    const last = cart.draft.value.idempotent_key;
    cart.renewKey();
    expect(cart.draft.value.idempotent_key).not.toBe(last);
  });

  it('checkout choices survive a reload and reach other tabs [R-4.47]', () => {
    const a = open();
    a.add(SUCO, [], 1);
    a.setDeliveryAddress(ADDRESS, 990);
    a.setDeliveryType('delivery', { min: 45, max: 90 });
    const b = open();
    expect(b.draft.value.delivery_address?._id).toBe('a1');
    expect(b.draft.value.delivery_type).toBe('delivery');
    expect(b.draft.value.idempotent_key).toBe(a.draft.value.idempotent_key);
  });
});

describe('cart store: payment type', () => {
  it('is null until chosen, then online, offline, pix or credits; a stored draft with any other is not taken [R-4.1]', () => {
    const cart = open();
    cart.add(SUCO, [], 1);
    expect(cart.draft.value.payment_type).toBeNull();
    for (const type of ['online', 'offline', 'pix', 'credits'] as const) {
      cart.setPaymentType(type);
      expect(parseDraft(storage.getItem(KEY))?.payment_type).toBe(type);
    }
    cart.setPaymentType(null);
    expect(parseDraft(storage.getItem(KEY))?.payment_type).toBeNull();
    const kept = stored() as Record<string, unknown>;
    for (const other of ['boleto', 'cash', 'OFFLINE', '', 0]) {
      expect(parseDraft({ ...kept, payment_type: other }), String(other)).toBeNull();
    }
  });
});
