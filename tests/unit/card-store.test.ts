// The local encrypted card store (src/client/card-store.ts): what
// it keeps (a CardView with no number and no CVV), that the copy is ciphertext that opens only with
// the session's key and for its establishment, and the 10-second sweep that drops lapsed cards and
// stores the rest again under a new nonce, all on an injected clock and storage.
import { describe, expect, it } from 'vitest';
import {
  CARD_STORE_SWEEP_MS,
  cardStorageKey,
  createCardStore,
  openCards,
  sealCards,
  storableCard,
  sweepStoredCards,
  unexpiredCards,
} from '../../src/client/card-store.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const key = new Uint8Array(32).map((_, i) => i + 1);
const otherKey = new Uint8Array(32).map((_, i) => 200 - i);

function card(last4: string, expiresAt: number, extra: Partial<CardView> = {}): CardView {
  const id = `pc_${last4}`;
  return {
    _id: id,
    card_id: id,
    token_id: id,
    number: `•••• •••• •••• ${last4}`,
    display_number: `•••• ${last4}`,
    last4,
    brand: 'visa',
    image: '/card-brands/visa.svg',
    due_month: 12,
    due_year: 2031,
    expiry_date: '12/31',
    holder: 'MARIA DA SILVA',
    payment_card_document: '529.982.247-25',
    expires: new Date(expiresAt).toISOString(),
    security_code: null,
    verification_status: 'not_verified',
    min_value: 1,
    max_value: 500,
    min_purchase_value: 100,
    max_purchase_value: 1_000_000,
    refund_type: 'card',
    created_at: new Date(T0).toISOString(),
    ...extra,
  };
}

describe('what is kept', () => {
  it('never a number or a CVV, even if one came in [R-3.9]', () => {
    const leaky = { ...card('0002', T0 + DAY), number: '4000000000000002', security_code: '123' } as unknown as CardView;
    const kept = storableCard(leaky);
    expect(kept.number).toBe('•••• •••• •••• 0002');
    expect(kept.security_code).toBeNull();
    const text = sealCards([leaky], key, 'e1');
    const opened = openCards(text, key, 'e1')!;
    expect(JSON.stringify(opened)).not.toContain('4000000000000002');
    expect(JSON.stringify(opened)).not.toContain('"123"');
  });

  it('stores ciphertext: neither the holder nor the last digits can be read in storage [R-7.76]', () => {
    const text = sealCards([card('0002', T0 + DAY)], key, 'e1');
    expect(text).not.toContain('MARIA');
    expect(text).not.toContain('0002');
    expect(JSON.parse(text)).toEqual({ v: 1, nonce: expect.any(String), ct: expect.any(String) });
  });

  it('opens only with the same key and for the same establishment', () => {
    const text = sealCards([card('0002', T0 + DAY)], key, 'e1');
    expect(openCards(text, key, 'e1')?.map((c) => c.last4)).toEqual(['0002']);
    expect(openCards(text, otherKey, 'e1')).toBeNull();
    expect(openCards(text, key, 'e2')).toBeNull();
    expect(openCards('{oops', key, 'e1')).toBeNull();
    const box = JSON.parse(text) as { ct: string };
    const altered = JSON.stringify({ ...JSON.parse(text), ct: `A${box.ct.slice(1)}` === box.ct ? `B${box.ct.slice(1)}` : `A${box.ct.slice(1)}` });
    expect(openCards(altered, key, 'e1')).toBeNull();
  });

  it('a new nonce each time', () => {
    const cards = [card('0002', T0 + DAY)];
    expect(sealCards(cards, key, 'e1')).not.toBe(sealCards(cards, key, 'e1'));
  });
});

describe('expiry [R-4.50]', () => {
  it('keeps a card until its own expires, exclusive', () => {
    const cards = [card('0001', T0 + 1000), card('0002', T0), card('0003', T0 - 1)];
    expect(unexpiredCards(cards, T0).map((c) => c.last4)).toEqual(['0001']);
    expect(unexpiredCards([card('0004', T0 + DAY, { expires: 'not a date' })], T0)).toEqual([]);
  });

  it('a sweep drops the lapsed cards and stores the rest again, encrypted under a new nonce', () => {
    const storage = new MemoryStorage();
    const name = cardStorageKey('e1');
    storage.setItem(name, sealCards([card('0001', T0 + 5 * DAY), card('0002', T0 + DAY)], key, 'e1'));
    const before = storage.getItem(name);
    expect(sweepStoredCards(storage, key, 'e1', T0)).toEqual({ kept: 2, dropped: 0 });
    const after = storage.getItem(name)!;
    expect(after).not.toBe(before);
    expect(sweepStoredCards(storage, key, 'e1', T0 + 2 * DAY)).toEqual({ kept: 1, dropped: 1 });
    expect(openCards(storage.getItem(name)!, key, 'e1')?.map((c) => c.last4)).toEqual(['0001']);
    expect(sweepStoredCards(storage, key, 'e1', T0 + 6 * DAY)).toEqual({ kept: 0, dropped: 1 });
    expect(storage.getItem(name)).toBeNull();
  });

  it("a copy sealed under another session's key is removed", () => {
    const storage = new MemoryStorage();
    storage.setItem(cardStorageKey('e1'), sealCards([card('0001', T0 + DAY)], otherKey, 'e1'));
    expect(sweepStoredCards(storage, key, 'e1', T0)).toEqual({ kept: 0, dropped: 0 });
    expect(storage.getItem(cardStorageKey('e1'))).toBeNull();
  });
});

/** A clock and a timer the test moves by hand. */
function fakeTime(start: number) {
  let now = start;
  const timers: { fn: () => void; ms: number; next: number; id: number }[] = [];
  let ids = 0;
  return {
    now: () => now,
    setInterval: (fn: () => void, ms: number) => {
      ids += 1;
      timers.push({ fn, ms, next: now + ms, id: ids });
      return ids;
    },
    clearInterval: (id: unknown) => {
      const at = timers.findIndex((x) => x.id === id);
      if (at >= 0) timers.splice(at, 1);
    },
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((x) => x.next <= until).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.ms;
        due.fn();
      }
      now = until;
    },
    count: () => timers.length,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the store over time [R-4.51]', () => {
  it('writes, reads back the unexpired cards, and sweeps every 10 s', async () => {
    const storage = new MemoryStorage();
    const time = fakeTime(T0);
    let keyReads = 0;
    const store = createCardStore({
      establishmentId: 'e1',
      storage,
      now: time.now,
      loadKey: async () => {
        keyReads += 1;
        return key;
      },
      setInterval: time.setInterval,
      clearInterval: time.clearInterval,
    });
    await store.write([card('0001', T0 + 25_000), card('0002', T0 + 5_000)]);
    expect((await store.read())?.map((c) => c.last4)).toEqual(['0001', '0002']);
    const stop = store.start();
    expect(CARD_STORE_SWEEP_MS).toBe(10_000);
    time.advance(9_999);
    await flush();
    // Not swept yet, but read() never shows a lapsed card.
    expect(openCards(storage.getItem('cards:e1')!, key, 'e1')?.length).toBe(2);
    expect((await store.read())?.map((c) => c.last4)).toEqual(['0001']);
    time.advance(1);
    await flush();
    expect(openCards(storage.getItem('cards:e1')!, key, 'e1')?.map((c) => c.last4)).toEqual(['0001']);
    time.advance(20_000);
    await flush();
    expect(storage.getItem('cards:e1')).toBeNull();
    // The key was asked once for the session, never stored.
    expect(keyReads).toBe(1);
    expect([...Array(storage.length).keys()].map((i) => storage.getItem(storage.key(i)!)).join('')).not.toContain('AQIDBAUG');
    stop();
    expect(time.count()).toBe(0);
  });

  it('clear() removes the copy and forgets the key (logout)', async () => {
    const storage = new MemoryStorage();
    const time = fakeTime(T0);
    const keys = [key, otherKey];
    const store = createCardStore({
      establishmentId: 'e1',
      storage,
      now: time.now,
      loadKey: async () => keys.shift()!,
      setInterval: time.setInterval,
      clearInterval: time.clearInterval,
    });
    await store.write([card('0001', T0 + DAY)]);
    store.clear();
    expect(storage.getItem('cards:e1')).toBeNull();
    // A copy written under the old key is not readable under the next session's.
    storage.setItem('cards:e1', sealCards([card('0009', T0 + DAY)], key, 'e1'));
    expect(await store.read()).toBeNull();
    expect(storage.getItem('cards:e1')).toBeNull();
  });

  it('works without storage (memory only): nothing kept, nothing thrown', async () => {
    const time = fakeTime(T0);
    const store = createCardStore({
      establishmentId: 'e1',
      storage: null,
      now: time.now,
      loadKey: async () => key,
      setInterval: time.setInterval,
      clearInterval: time.clearInterval,
    });
    await store.write([card('0001', T0 + DAY)]);
    expect(await store.read()).toBeNull();
    expect(await store.sweep()).toEqual({ kept: 0, dropped: 0 });
  });
});
