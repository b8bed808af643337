// The shared limiter every limit of the product counts on (src/server/services/rate-limit.ts):
// parallel hits on one key, on SQLite and on PostgreSQL's pool of connections, let exactly the
// limit through, and a new window starts again.
import { expect, it } from 'vitest';
import { forEachDatabase } from './helpers/databases.ts';
import { hit, hitOrRefuse, isSpent, resetLimit } from '../../src/server/services/rate-limit.ts';
import { Refusal } from '../../src/server/services/refusal.ts';

forEachDatabase('rate limits', (ctx) => {
  it('50 parallel hits on a limit of 5 let exactly 5 through', async () => {
    const now = new Date('2026-01-01T10:00:10Z');
    const limit = { key: 'test:parallel', max: 5, windowSeconds: 60 };
    const answers = await Promise.all(Array.from({ length: 50 }, () => hit(ctx().db, limit, now)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(5);
    expect(new Set(answers.map((a) => a.hits)).size).toBe(50);
    expect(await isSpent(ctx().db, limit, now)).toBe(true);
    // The refused ones say when the window ends (50 s after 10:00:10).
    expect(answers.find((a) => !a.allowed)?.retryAfterSeconds).toBe(50);
  });

  it('a new window counts from zero, and a reset forgets the count', async () => {
    const limit = { key: 'test:windows', max: 1, windowSeconds: 60 };
    expect((await hit(ctx().db, limit, new Date('2026-01-01T10:00:00Z'))).allowed).toBe(true);
    expect((await hit(ctx().db, limit, new Date('2026-01-01T10:00:59Z'))).allowed).toBe(false);
    expect((await hit(ctx().db, limit, new Date('2026-01-01T10:01:00Z'))).allowed).toBe(true);
    await resetLimit(ctx().db, limit.key);
    expect((await hit(ctx().db, limit, new Date('2026-01-01T10:01:30Z'))).allowed).toBe(true);
  });

  it('hitOrRefuse refuses with 429 too_many at the first spent limit, having counted the ones before', async () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const wide = { key: 'test:wide', max: 100, windowSeconds: 3600 };
    const narrow = { key: 'test:narrow', max: 1, windowSeconds: 3600 };
    await hitOrRefuse(ctx().db, [wide, narrow], now, 'too_many_requests');
    const err = await hitOrRefuse(ctx().db, [wide, narrow], now, 'too_many_requests').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Refusal);
    expect((err as Refusal).kind).toBe('too_many');
    expect((err as Refusal).code).toBe('too_many_requests');
    expect((err as Refusal).retryAfterSeconds).toBe(3600);
    expect((await hit(ctx().db, wide, now)).hits).toBe(3);
  });
});
