import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CatalogueCache, encodeAnswer, heldAnswerResponse } from '../../src/server/cache/catalogue-cache.ts';
import type { EstablishmentView } from '../../src/schemas/views.ts';

const bella = { _id: 'est-bella', slug_area: 'bella' };
const sol = { _id: 'est-sol', slug_area: 'sol' };

/** A promise and the function that settles it, to hold a computation open while a change arrives. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const json = async (r: Response) => JSON.parse(Buffer.from(await r.arrayBuffer()).toString('utf8'));
const viewOf = (id: string, slug: string, companyName: string) =>
  ({
    _id: id,
    slug_area: slug,
    name: slug,
    active: true,
    company: { _id: 'c', slug: 'c', name: companyName },
    office_hours: [],
  }) as unknown as EstablishmentView;

describe('CatalogueCache', () => {
  it('computes an answer once and serves the same bytes until the establishment changes', async () => {
    const cache = new CatalogueCache(1 << 20);
    let calls = 0;
    const compute = () => ({ items: [`v${++calls}`] });
    const first = await cache.answer(bella, 'products', compute);
    const second = await cache.answer(bella, 'products', compute);
    expect(second).toBe(first);
    expect(calls).toBe(1);
    cache.catalogueChanged('bella');
    const third = await cache.answer(bella, 'products', compute);
    expect(calls).toBe(2);
    expect(await json(heldAnswerResponse(third, undefined, undefined))).toEqual({ items: ['v2'] });
    expect(third.etag).not.toBe(first.etag);
  });

  it('a read under way when the change came is answered but not kept, and later callers do not join it', async () => {
    const cache = new CatalogueCache(1 << 20);
    const gate = deferred<{ name: string }>();
    const before = cache.answer(bella, 'product', () => gate.promise);
    cache.catalogueChanged('bella');
    const after = cache.answer(bella, 'product', () => ({ name: 'Nova' }));
    gate.resolve({ name: 'Antiga' });
    expect(await json(heldAnswerResponse(await before, undefined, undefined))).toEqual({ name: 'Antiga' });
    expect(await json(heldAnswerResponse(await after, undefined, undefined))).toEqual({ name: 'Nova' });
    const next = await cache.answer(bella, 'product', () => ({ name: 'recomputed' }));
    expect(await json(heldAnswerResponse(next, undefined, undefined))).toEqual({ name: 'Nova' });
  });

  it('concurrent requests for one answer share one computation', async () => {
    const cache = new CatalogueCache(1 << 20);
    const gate = deferred<number[]>();
    let calls = 0;
    const compute = () => {
      calls++;
      return gate.promise;
    };
    const all = Promise.all([1, 2, 3, 4].map(() => cache.answer(bella, 'k', compute)));
    gate.resolve([1, 2, 3]);
    const answers = await all;
    expect(calls).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it("a change drops that establishment's answers and every view, and keeps the other establishments' catalogue answers", async () => {
    const cache = new CatalogueCache(1 << 20);
    const computed: string[] = [];
    const answer = (est: typeof bella, key: string, companyWide = false) =>
      cache.answer(
        est,
        key,
        () => {
          computed.push(`${est.slug_area}:${key}`);
          return { key };
        },
        { companyWide },
      );
    let viewLoads = 0;
    const view = (id: string, slug: string) =>
      cache.establishment(id, async () => {
        viewLoads++;
        return viewOf(id, slug, 'Rede');
      });
    for (const est of [bella, sol]) {
      await answer(est, 'products');
      await answer(est, 'establishment', true);
      await view(est._id, est.slug_area);
    }
    computed.length = 0;
    viewLoads = 0;
    cache.catalogueChanged('bella');
    for (const est of [bella, sol]) {
      await answer(est, 'products');
      await answer(est, 'establishment', true);
      await view(est._id, est.slug_area);
    }
    // sol's products are its own tables; its establishment answer and view show the company, which bella's import may have renamed.
    expect(computed).toEqual(['bella:products', 'bella:establishment', 'sol:establishment']);
    expect(viewLoads).toBe(2);
  });

  it('holds no view for an unknown id and freezes the views it shares', async () => {
    const cache = new CatalogueCache(1 << 20);
    let loads = 0;
    const unknown = () =>
      cache.establishment('nope', async () => {
        loads++;
        return undefined;
      });
    expect(await unknown()).toBeUndefined();
    expect(await unknown()).toBeUndefined();
    expect(loads).toBe(2);
    const view = await cache.establishment('est-bella', async () => viewOf('est-bella', 'bella', 'Rede'));
    expect(() => {
      (view as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      (view!.company as { name: string }).name = 'changed';
    }).toThrow(TypeError);
  });

  it('stays within its byte budget whatever the number of distinct queries', async () => {
    const cache = new CatalogueCache(64 * 1024);
    const page = (n: number) => ({
      items: Array.from({ length: 20 }, (_, i) => ({ _id: `p${n}-${i}`, name: `Produto ${n * 20 + i}`, desc: 'x'.repeat(40 + (i % 13)) })),
    });
    for (let n = 0; n < 120; n++) {
      const held = await cache.answer(bella, `products\0${n}`, () => page(n));
      expect(await json(heldAnswerResponse(held, undefined, undefined))).toEqual(page(n));
      expect(cache.usage.bytes).toBeLessThanOrEqual(cache.usage.maxBytes);
    }
    expect(cache.usage.size).toBeGreaterThan(0);
    expect(cache.usage.size).toBeLessThan(120);
  });
});

describe('held answers on the wire', () => {
  const big = { items: Array.from({ length: 30 }, (_, i) => ({ _id: `p${i}`, name: `Pizza ${i}`, desc: 'Molho de tomate, mussarela e orégano.' })) };

  it('sends the coding the client prefers, each copy holding the same JSON', async () => {
    const answer = await encodeAnswer(big);
    const identity = JSON.stringify(big);
    const br = heldAnswerResponse(answer, 'gzip, deflate, br, zstd', undefined);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(identity);
    const gz = heldAnswerResponse(answer, 'gzip', undefined);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(identity);
    const plain = heldAnswerResponse(answer, undefined, undefined);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).toString('utf8')).toBe(identity);
    for (const r of [br, gz, plain]) {
      expect(r.headers.get('vary')).toBe('Accept-Encoding');
      expect(r.headers.get('content-type')).toBe('application/json');
    }
    expect(new Set([br, gz, plain].map((r) => r.headers.get('etag'))).size).toBe(3);
  });

  it('answers 304 with no body to the ETag of the copy the client would get, and 200 to any other', async () => {
    const answer = await encodeAnswer(big);
    const etag = heldAnswerResponse(answer, 'br', undefined).headers.get('etag')!;
    const same = heldAnswerResponse(answer, 'br', etag);
    expect(same.status).toBe(304);
    expect(same.headers.get('etag')).toBe(etag);
    expect(await same.text()).toBe('');
    expect(heldAnswerResponse(answer, 'gzip', etag).status).toBe(200);
    expect(heldAnswerResponse(answer, 'br', '"something-else"').status).toBe(200);
  });

  it('sends a small answer as it is', async () => {
    const answer = await encodeAnswer({ ok: true });
    const r = heldAnswerResponse(answer, 'br', undefined);
    expect(r.headers.get('content-encoding')).toBeNull();
    expect(await r.text()).toBe('{"ok":true}');
  });
});
