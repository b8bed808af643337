// After an order is placed (spec section 7 'Orders'; docs/api.md 'Evaluation' and 'WhatsApp
// updates'): the customer evaluates a completed order [R-7.26]; reads and changes whether its
// status changes come on WhatsApp; and anyone may ask whether an establishment's
// WhatsApp bot is connected, which the order page reads before it offers the updates.
import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';
import { validate } from '../errors.ts';
import { requestDeps as depsOf, requireEstablishment, requireSession } from '../guards.ts';
import { OneIdParams, OrderParams } from '../../../schemas/api-orders.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { changeWhatsAppUpdates, evaluateOrder, readWhatsAppUpdates } from '../../services/order-followup.ts';

export const orderFollowupRoutes = new Hono<ApiEnv>()
  // The customer's evaluation of a completed order, once, within 7 days.
  .put('/establishments/:id/orders/:orderId/evaluate', async (c) => {
    const { db, now, secure } = depsOf(c);
    c.header('Cache-Control', 'no-store');
    const { id, orderId } = validate(OrderParams, c.req.param(), 'params');
    const { user } = await requireSession(c, { db, now, secure, establishmentId: id });
    const ratings = await routeBody(c, 'PUT /establishments/:id/orders/:orderId/evaluate');
    const order = await evaluateOrder(db, { establishmentId: id, orderId, userId: user.id, ratings, now });
    return c.json(order satisfies Answer<'PUT /establishments/:id/orders/:orderId/evaluate'>);
  })
  // Whether the customer's order sends its status changes on WhatsApp.
  .get('/orders/:id/whatsapp-updates', async (c) => {
    const { db, now, secure } = depsOf(c);
    c.header('Cache-Control', 'private, no-store');
    const { id } = validate(OneIdParams, c.req.param(), 'params');
    const { user } = await requireSession(c, { db, now, secure });
    return c.json((await readWhatsAppUpdates(db, { orderId: id, userId: user.id })) satisfies Answer<'GET /orders/:id/whatsapp-updates'>);
  })
  // Turns them on or off.
  .patch('/orders/:id/whatsapp-updates', async (c) => {
    const { db, now, secure, whatsApp } = depsOf(c);
    c.header('Cache-Control', 'no-store');
    const { id } = validate(OneIdParams, c.req.param(), 'params');
    const { user } = await requireSession(c, { db, now, secure });
    const body = await routeBody(c, 'PATCH /orders/:id/whatsapp-updates');
    const answer = await changeWhatsAppUpdates(db, whatsApp, { orderId: id, userId: user.id, userPhone: user.phone, on: body.receive_updates_in_whatsapp });
    return c.json(answer satisfies Answer<'PATCH /orders/:id/whatsapp-updates'>);
  })
  // Whether the establishment's WhatsApp bot is connected: one business number serves every
  // establishment, so this is the configured sender's answer for any active establishment.
  .get('/amodelivery/whatsapp-bot/:id/status', async (c) => {
    const { db, whatsApp } = depsOf(c);
    c.header('Cache-Control', 'no-store');
    const { id } = validate(OneIdParams, c.req.param(), 'params');
    await requireEstablishment(db, id);
    return c.json({ connected: whatsApp.connected } satisfies Answer<'GET /amodelivery/whatsapp-bot/:id/status'>);
  });
