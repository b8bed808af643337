// The customer's problem reports and suggestions (the account area's 'Reportar um problema' and
// 'Sugestões', decisions #28): the customer posts with the session; the
// establishment lists them with its API key (a customer lists only their own). docs/api.md
// 'Problem reports and suggestions'; the rules are src/server/services/feedback.ts's.
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { validate } from '../errors.ts';
import { requestDeps, requireCaller, requireEstablishment, requireSession } from '../guards.ts';
import { EstablishmentParams } from '../../../schemas/api-catalogue.ts';
import { FEEDBACK_PAGE_SIZE, FeedbackListQuery } from '../../../schemas/api-feedback.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { feedbackList, sendFeedback } from '../../services/feedback.ts';
import type { FeedbackKind } from '../../../domain/feedback.ts';

/** The customer's session at the path's (active) establishment. */
async function customerAt(c: Context<ApiEnv>) {
  const { db, now, secure } = requestDeps(c);
  c.header('Cache-Control', 'no-store');
  const { id } = validate(EstablishmentParams, c.req.param(), 'params');
  const { user } = await requireSession(c, { db, now, secure, establishmentId: id });
  await requireEstablishment(db, id);
  return { db, now, user, establishmentId: id };
}

/** GET of one kind: the establishment's (API key) or the customer's own (session). */
async function list(c: Context<ApiEnv>, kind: FeedbackKind) {
  const { db } = requestDeps(c);
  c.header('Cache-Control', 'private, no-store');
  const { id } = validate(EstablishmentParams, c.req.param(), 'params');
  const query = validate(FeedbackListQuery, c.req.query(), 'query');
  const caller = await requireCaller(c, id);
  await requireEstablishment(db, id);
  return c.json(
    await feedbackList(db, {
      establishmentId: id,
      kind,
      caller: caller.kind === 'customer' ? { kind: 'customer', userId: caller.userId } : { kind: 'establishment' },
      page: query.page ?? 1,
      limit: query.limit ?? FEEDBACK_PAGE_SIZE,
    }),
  );
}

export const feedbackRoutes = new Hono<ApiEnv>()
  // A problem report: what went wrong, optionally which order, and a message.
  .post('/establishments/:id/problem-reports', async (c) => {
    const { db, now, user, establishmentId } = await customerAt(c);
    const body = await routeBody(c, 'POST /establishments/:id/problem-reports');
    const report = await sendFeedback(db, {
      establishmentId,
      user,
      kind: 'report',
      topic: body.topic,
      orderId: body.order_id ?? null,
      message: body.message,
      now,
    });
    return c.json(report satisfies Answer<'POST /establishments/:id/problem-reports'>, 201);
  })
  // A suggestion: a message.
  .post('/establishments/:id/suggestions', async (c) => {
    const { db, now, user, establishmentId } = await customerAt(c);
    const body = await routeBody(c, 'POST /establishments/:id/suggestions');
    const suggestion = await sendFeedback(db, { establishmentId, user, kind: 'suggestion', topic: null, orderId: null, message: body.message, now });
    return c.json(suggestion satisfies Answer<'POST /establishments/:id/suggestions'>, 201);
  })
  .get('/establishments/:id/problem-reports', (c) => list(c, 'report'))
  .get('/establishments/:id/suggestions', (c) => list(c, 'suggestion'));
