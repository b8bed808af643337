// Paying an order by Pix (spec section 7 'Orders' [R-7.30..R-7.32]; docs/api.md 'Pix'): the
// customer's order awaiting its Pix gets its charge (POST /pix) and reads it (GET /orders/{id}/pix);
// the PSP tells of each Pix received through the webhook, checked by its signature. The webhook is
// called by the PSP, not by the storefront: app.ts mounts `pixWebhookRoutes` before the Client-Type check.
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { requestDeps, requireSession } from '../guards.ts';
import { config } from '../../config.ts';
import { OneIdParams } from '../../../schemas/api-orders.ts';
import { PixWebhookHelperBody } from '../../../schemas/api-pix.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { PIX_SIGNATURE_HEADER, PixPspError, pixWebhookSecret, readPixWebhook } from '../../adapters/pix-psp.ts';
import { applyReceivedPix, pixChargeForOrder, readPixCharge, type PixOrderDeps } from '../../services/pix-orders.ts';

/** What the Pix services need from the request's dependencies. */
export function pixDeps(c: Context<ApiEnv>): PixOrderDeps {
  const deps = c.get('deps');
  return { db: deps.db, now: deps.now(), pix: deps.pix, chargeSeconds: deps.pixChargeSeconds ?? config.pix.chargeSeconds, publish: deps.publish };
}

export const pixRoutes = new Hono<ApiEnv>()
  .post('/pix', async (c) => {
    const { db, now, secure } = requestDeps(c);
    c.header('Cache-Control', 'no-store');
    const { user } = await requireSession(c, { db, now, secure });
    const body = await routeBody(c, 'POST /pix');
    const { created, charge } = await pixChargeForOrder(pixDeps(c), user.id, body.order_id);
    return c.json(charge satisfies Answer<'POST /pix'>, created ? 201 : 200);
  })
  .get('/orders/:id/pix', async (c) => {
    const { db, now, secure } = requestDeps(c);
    c.header('Cache-Control', 'no-store');
    const { id } = validate(OneIdParams, c.req.param(), 'params');
    const { user } = await requireSession(c, { db, now, secure });
    return c.json((await readPixCharge({ db }, user.id, id)) satisfies Answer<'GET /orders/:id/pix'>);
  });

/**
 * POST /pix/webhook: the PSP's call (the API Pix posts to the registered URL plus '/pix', so
 * both paths answer), signed with PIX_WEBHOOK_SECRET (X-Pix-Signature), each Pix applied once by its
 * endToEndId. In the demo only, the test helper's form { transaction_id, status, amount } pays that
 * charge at the sandbox PSP, which then calls this webhook as a bank would.
 */
async function webhook(c: Context<ApiEnv>) {
  const raw = await c.req.text();
  if (c.req.header(PIX_SIGNATURE_HEADER) === undefined && config.demo) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new ApiError(400, 'invalid_json');
    }
    const helper = validate(PixWebhookHelperBody, parsed, 'body');
    const pay = c.get('deps').pixSandboxPay;
    if (!pay) throw new ApiError(404, 'route_not_found');
    const answer = await pay(helper.transaction_id, helper.amount);
    if (answer.status === 404) throw new ApiError(404, 'pix_not_found');
    if (!answer.ok) throw new ApiError(409, 'pix_not_payable');
    return c.json({ paid: true }, 202);
  }
  let received: ReturnType<typeof readPixWebhook>;
  try {
    received = readPixWebhook(raw, (name) => c.req.header(name), c.get('deps').pixWebhookSecret ?? pixWebhookSecret());
  } catch (err) {
    if (err instanceof PixPspError && err.code === 'webhook_unauthorized') throw new ApiError(401, 'webhook_unauthorized');
    if (err instanceof PixPspError) throw new ApiError(400, 'webhook_invalid');
    throw err;
  }
  const applied = await applyReceivedPix(pixDeps(c), received);
  return c.json({ received: received.length, applied });
}

export const pixWebhookRoutes = new Hono<ApiEnv>().post('/pix/webhook', webhook).post('/pix/webhook/pix', webhook);
