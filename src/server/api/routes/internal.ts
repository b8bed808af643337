// Routes for the server's own scripts (catalogue import): never for storefront clients.
// Guarded by the internal token that the server writes to DATA_DIR/internal-token at start.
import { Hono } from 'hono';
import { type } from 'arktype';
import { timingSafeEqual } from 'node:crypto';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { runPaymentJobs } from '../../services/payment-jobs.ts';

const RerenderBody = type({ slug: /^[a-z0-9]+(?:-[a-z0-9]+)*$/ });

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function requireInternalToken(deps: ApiEnv['Variables']['deps'], given: string | undefined): void {
  if (!deps.internalToken || !sameSecret(given ?? '', deps.internalToken)) throw new ApiError(403, 'forbidden');
}

export const internalRoutes = new Hono<ApiEnv>()
  // Runs the money jobs now (src/server/services/payment-jobs.ts), as the minute's timer would: a
  // scheduler outside the server, or a test that cannot wait for the timer, calls it.
  .post('/payment-jobs', async (c) => {
    const deps = c.get('deps');
    requireInternalToken(deps, c.req.header('x-internal-token'));
    await runPaymentJobs({ db: deps.db, payments: deps.payments, pix: deps.pix, publish: deps.publish, now: deps.now });
    return c.json({ ran: true });
  })
  .post('/rerender', async (c) => {
    const deps = c.get('deps');
    requireInternalToken(deps, c.req.header('x-internal-token'));
    const body = validate(RerenderBody, await c.req.json(), 'body');
    if (!deps.rerender) throw new ApiError(503, 'rerender_unavailable');
    const started = performance.now();
    const { pages } = await deps.rerender(body.slug);
    return c.json({ slug: body.slug, pages, ms: Math.round(performance.now() - started) });
  });
