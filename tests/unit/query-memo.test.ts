// The memo of validated query strings (src/server/cache/query-memo.ts) behind the catalogue reads,
// which anyone can call with any query string: what it remembers stays within its byte budget,
// and a string longer than the storefront's own is validated but not remembered.
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { type } from 'arktype';
import { QUERY_MEMO_BYTES, QUERY_MEMO_MAX_CHARS, queryMemoUsage, validatedQuery } from '../../src/server/cache/query-memo.ts';

const Query = type({ 'type?': "'only_with_products' | 'tree'" });
const app = new Hono().get('/q', (c) => c.json(validatedQuery<typeof Query.infer>(Query, c)));
const ask = async (query: string) => (await app.request(`/q?${query}`)).json();

describe('validatedQuery', () => {
  it('answers the same value for a string seen before, and remembers distinct strings within its byte budget', async () => {
    expect(await ask('type=tree')).toEqual({ type: 'tree' });
    expect(await ask('type=tree')).toEqual({ type: 'tree' });
    // Unknown keys are ignored, so every one of these is valid and distinct: 3000 × ~480 characters.
    for (let i = 0; i < 3000; i++) await ask(`type=tree&x${i}=${'a'.repeat(470)}`);
    const usage = queryMemoUsage(Query)!;
    expect(usage.bytes).toBeLessThanOrEqual(QUERY_MEMO_BYTES);
    expect(usage.size).toBeGreaterThan(100);
    expect(usage.size).toBeLessThan(3000);
  });

  it('validates a string longer than the storefront sends without remembering it', async () => {
    const before = queryMemoUsage(Query)!.size;
    const long = `type=only_with_products&pad=${'b'.repeat(QUERY_MEMO_MAX_CHARS)}`;
    expect(await ask(long)).toMatchObject({ type: 'only_with_products' });
    expect(queryMemoUsage(Query)!.size).toBe(before);
    expect(await ask(long)).toMatchObject({ type: 'only_with_products' });
  });
});
