// The sandbox PSP built into the server: a Hono app answering the Banco Central's API Pix as a
// receiver's PSP would, mounted by the API at /api/pix-sandbox (src/server/api/app.ts), the
// default PSP (PIX_PSP=sandbox). It moves no money. The product reaches it with the same client and
// the same HTTP calls as a real PSP (src/server/adapters/pix-psp.ts), so the demo and the tests exercise what production
// runs. It keeps its records in the database (pix_sandbox_* tables; unique keys, so concurrent
// identical calls make one row, on SQLite and PostgreSQL alike):
//   POST /oauth/token                         OAuth2 client credentials (Basic auth) -> Bearer token
//   PUT|GET|PATCH /cob/{txid}                 immediate charges (PATCH: status REMOVIDA_PELO_USUARIO_RECEBEDOR)
//   GET /loc/{id}                             a charge's location (PayloadLocationCompleta)
//   GET /pix/{e2eid}                          a Pix received, with its refunds
//   PUT|GET /pix/{e2eid}/devolucao/{id}       refunds
//   PUT|GET|DELETE /webhook/{chave}           the webhook URL of a key
//   GET /qr/{token}                           the location itself (what a payer's bank reads when the
//                                             QR code is scanned): the charge's payload as JSON (a
//                                             real PSP serves it as a signed JWS)
// and, for people and tests only (the sandbox is 404 outside the demo):
//   POST /sandbox/cob/{txid}/pay [{ amount }] pays a charge as a bank would: a Pix with a fresh
//                                             endToEndId, the charge CONCLUIDA, the signed webhook
//                                             delivered to the key's URL; a form post is answered with
//                                             a redirect to the outbox page
//   POST /sandbox/pix/{e2eid}/webhook         delivers a Pix's webhook again (a PSP's duplicate)
// A charge expires calendario.expiracao seconds after its creation: an expired charge cannot be
// paid (its status stays ATIVA, as the API Pix's CobrancaStatus says). A refund is answered
// EM_PROCESSAMENTO and settles (DEVOLVIDO) at once, which the webhook tells, as the API Pix asks
// of a refund reaching its final status. Each Pix received and each refund writes a line to the
// development outbox (channel 'pix'), the receiver's statement.
// Each concern is a module of pix-sandbox/ (cob.ts, refunds.ts, webhooks.ts, oauth.ts, payer.ts,
// statement.ts, views.ts); this one lists the routes.
import { Hono } from 'hono';
import type { Database } from '../db/database.ts';
import { listOpenPixSandboxChargeRows } from '../db/pix-sandbox-repo.ts';
import type { PixSandboxChargeRow } from '../db/types.ts';
import { getCob, getLoc, getQr, patchCob, putCob } from './pix-sandbox/cob.ts';
import { pixSandbox, type PixSandboxOptions } from './pix-sandbox/context.ts';
import { postToken } from './pix-sandbox/oauth.ts';
import { payCob, redeliverPix } from './pix-sandbox/payer.ts';
import { problemAnswer } from './pix-sandbox/problems.ts';
import { getPix, getRefund, putRefund } from './pix-sandbox/refunds.ts';
import { deleteWebhook, getWebhook, putWebhook } from './pix-sandbox/webhooks.ts';

export type { PixSandboxOptions } from './pix-sandbox/context.ts';
export { sandboxEndToEndId } from './pix-sandbox/ids.ts';

/** The open charges (ATIVA, not yet expired), newest first: what the outbox page offers to pay. */
export async function listOpenPixSandboxCharges(db: Database, now: Date, limit = 50): Promise<PixSandboxChargeRow[]> {
  return listOpenPixSandboxChargeRows(db, now.toISOString(), limit);
}

export function createPixSandbox(opts: PixSandboxOptions): Hono {
  const sb = pixSandbox(opts);
  const app = new Hono();
  app.use('*', async (c, next) => {
    // Outside the demo the sandbox does not exist (the API's own not-found answer): its pay action
    // would let anyone mark a charge paid.
    if (!sb.enabled()) return c.json({ message: 'route_not_found' }, 404);
    await next();
  });
  app.onError((err, c) => problemAnswer(err, c));

  app.post('/oauth/token', (c) => postToken(sb, c));
  app.put('/cob/:txid', (c) => putCob(sb, c));
  app.get('/cob/:txid', (c) => getCob(sb, c));
  app.patch('/cob/:txid', (c) => patchCob(sb, c));
  app.get('/loc/:id', (c) => getLoc(sb, c));
  app.get('/qr/:token', (c) => getQr(sb, c));
  app.get('/pix/:e2eid', (c) => getPix(sb, c));
  app.put('/pix/:e2eid/devolucao/:id', (c) => putRefund(sb, c));
  app.get('/pix/:e2eid/devolucao/:id', (c) => getRefund(sb, c));
  app.put('/webhook/:chave', (c) => putWebhook(sb, c));
  app.get('/webhook/:chave', (c) => getWebhook(sb, c));
  app.delete('/webhook/:chave', (c) => deleteWebhook(sb, c));
  app.post('/sandbox/cob/:txid/pay', (c) => payCob(sb, c));
  app.post('/sandbox/pix/:e2eid/webhook', (c) => redeliverPix(sb, c));
  return app;
}
