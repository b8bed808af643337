import { describe, expect, it } from 'vitest';
import { ByteBoundedLru } from '../../src/server/cache/byte-bounded-lru.ts';

describe('ByteBoundedLru', () => {
  it('never holds more bytes than its budget, however many entries arrive', () => {
    const lru = new ByteBoundedLru<number>(10_000);
    for (let i = 0; i < 5_000; i++) {
      lru.set(`k${i}`, i, 100 + (i % 7) * 50);
      expect(lru.bytes).toBeLessThanOrEqual(10_000);
    }
    // Every entry is at most 400 bytes, so a full budget holds at least 25 of them.
    expect(lru.size).toBeGreaterThanOrEqual(25);
    expect(lru.size).toBeLessThanOrEqual(100);
  });

  it('lets go of the entry read least recently first', () => {
    const lru = new ByteBoundedLru<string>(300);
    lru.set('a', 'A', 100);
    lru.set('b', 'B', 100);
    lru.set('c', 'C', 100);
    expect(lru.get('a')).toBe('A');
    lru.set('d', 'D', 100);
    expect(lru.peek('b')).toBeUndefined();
    expect([lru.peek('a'), lru.peek('c'), lru.peek('d')]).toEqual(['A', 'C', 'D']);
  });

  it('refuses a value larger than the whole budget and keeps what it held', () => {
    const lru = new ByteBoundedLru<string>(300);
    lru.set('a', 'A', 100);
    expect(lru.set('huge', 'H', 301)).toBe(false);
    expect(lru.peek('huge')).toBeUndefined();
    expect(lru.peek('a')).toBe('A');
    expect(lru.bytes).toBe(100);
  });

  it('replacing a key counts its new size only', () => {
    const lru = new ByteBoundedLru<string>(1000);
    lru.set('a', 'A', 400);
    lru.set('a', 'A2', 100);
    expect(lru.bytes).toBe(100);
    expect(lru.size).toBe(1);
  });

  it('deletes by predicate and keeps its byte count exact', () => {
    const lru = new ByteBoundedLru<{ slug: string }>(10_000);
    for (let i = 0; i < 10; i++) lru.set(`k${i}`, { slug: i % 2 ? 'odd' : 'even' }, 10 * (i + 1));
    expect(lru.deleteWhere((_, v) => v.slug === 'odd')).toBe(5);
    expect(lru.size).toBe(5);
    expect(lru.bytes).toBe(10 + 30 + 50 + 70 + 90);
  });
});
