// Pix behind the PixPsp interface (src/server/adapters/pix-psp.ts, docs/payments.md 'Pix').
// 1. The API Pix client against the sandbox PSP the API mounts at /api/pix-sandbox
//    (src/server/sandboxes/pix-sandbox.ts), through app.request, on SQLite and PostgreSQL: the OAuth2
//    token (credentials checked, one token for many calls), a charge created idempotently by txid
//    (20 concurrent identical PUTs make one row; another amount under the txid refused), its BR Code
//    (the library's, a dynamic payload whose CRC checks out), read back, its location; a webhook
//    registered, the charge paid by the sandbox's pay action as a bank would (a fresh endToEndId,
//    the charge CONCLUIDA, the signed webhook delivered to {webhookUrl}/pix with the API Pix's body,
//    read by readPixWebhook, and a 'Pix recebido' line in the outbox), a duplicate delivery, a
//    payment of another amount, 10 concurrent payments making one; an expired charge that cannot be
//    paid; refunds idempotent by id and never above the Pix (concurrent ones too), told by the
//    webhook; a charge removed (twice), a paid one that cannot be.
// 2. The client's requests and answers against a local stand-in for a PSP answering the API Pix's
//    documented examples (bacen/pix-api openapi.yaml: cobResponse1 and 2, devolucaoResponse1, the
//    problem+json examples): what each call sends, how each answer maps, the token's cache and
//    renewal, errors (problem+json with violacoes, 404, 5xx, no answer within the timeout, a 401).
// 3. The webhook's signature (a wrong, missing or malformed one refused; the documented bodies read),
//    the centavos <-> '12.34' conversion's edge cases, which PSP PIX_PSP picks, and the sandbox's
//    404 in production unless PIX_SANDBOX=1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { generatePixPayload, getPixPayloadInfo } from '@brazilian-utils/brazilian-utils';
import {
  centsToPixValue,
  createPixApiClient,
  defaultPixPsp,
  pixRefundId,
  pixSandboxCredentials,
  pixTxid,
  pixValueToCents,
  PixPspError,
  readPixWebhook,
  signPixWebhook,
  type PixPsp,
} from '../../src/server/adapters/pix-psp.ts';
import { config } from '../../src/server/config.ts';
import { createApi } from '../../src/server/api/app.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { listOutboxMessages } from '../../src/server/db/outbox-repo.ts';
import { forEachDatabase } from './helpers/databases.ts';

const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';
const SANDBOX = 'http://localhost/api/pix-sandbox';
const HOOK_URL = 'http://shop.test/api/pix/webhook';

const savedPix = { ...config.pix };
const savedMode = config.mode;
config.pix.webhookSecret = WEBHOOK_SECRET;
afterAll(() => {
  Object.assign(config.pix, savedPix);
  Object.assign(config, { mode: savedMode, demo: savedMode === 'demo', production: savedMode === 'production' });
});

async function pspError(promise: Promise<unknown>): Promise<PixPspError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PixPspError) return err;
    throw err;
  }
  throw new Error('expected a PixPspError');
}

/** CRC16-CCITT-FALSE (0x1021, 0xFFFF), as the Manual do BR Code computes it. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

type Delivery = { url: string; headers: Headers; body: string };

/** The shop's side of the webhook: a Hono app reading each call with readPixWebhook, as the order code will. */
function webhookReceiver() {
  const deliveries: Delivery[] = [];
  const read: ReturnType<typeof readPixWebhook>[] = [];
  const shop = new Hono();
  shop.post('/api/pix/webhook/pix', async (c) => {
    const raw = await c.req.text();
    deliveries.push({ url: c.req.url, headers: new Headers(c.req.raw.headers), body: raw });
    try {
      read.push(readPixWebhook(raw, (name) => c.req.header(name), WEBHOOK_SECRET));
    } catch (err) {
      if (err instanceof PixPspError && err.code === 'webhook_unauthorized') return c.json({ message: err.code }, 401);
      throw err;
    }
    return c.body(null, 200);
  });
  return { shop, deliveries, read };
}

const receiver = webhookReceiver();

forEachDatabase(
  'Pix: the API client against the sandbox PSP',
  (ctx) => {
    let psp: PixPsp;
    let calls: string[];
    const credentials = pixSandboxCredentials();
    const client = (over: Partial<Parameters<typeof createPixApiClient>[0]> = {}) =>
      createPixApiClient({
        baseUrl: SANDBOX,
        ...credentials,
        engine: 'sandbox',
        fetch: async (url, init) => {
          calls.push(`${init.method} ${url.replace(SANDBOX, '')}`);
          return ctx().app.request(url, init);
        },
        ...over,
      });
    const sandbox = (path: string, init: RequestInit = {}) => ctx().app.request(`${SANDBOX}${path}`, init);
    const pay = (txid: string, body?: unknown) =>
      sandbox(`/sandbox/cob/${txid}/pay`, {
        method: 'POST',
        ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      });
    const charge = (txid: string, amount = 1234, expiresInSeconds = 1800) =>
      psp.createCharge({ txid, amount, expiresInSeconds, description: 'Pedido 42 Cantina Centro' }, ctx().now());
    const outbox = async (db: Database) => (await listOutboxMessages(db, 1000)).filter((m) => m.channel === 'pix');

    beforeEach(() => {
      receiver.deliveries.length = 0;
      receiver.read.length = 0;
    });

    it('issues an OAuth2 token to its client only, and refuses an API call without one', async () => {
      calls = [];
      const wrong = client({ clientSecret: 'not-the-secret' });
      const refused = await pspError(wrong.getCharge(pixTxid('nothing')));
      expect(refused.code).toBe('psp_refused');
      expect(refused.status).toBe(401);
      expect(calls).toEqual(['POST /oauth/token']);

      const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
      const token = await sandbox('/oauth/token', {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      expect(token.status).toBe(200);
      expect(await token.json()).toEqual({ access_token: expect.stringMatching(/^psb\./), token_type: 'Bearer', expires_in: 3600, scope: expect.any(String) });
      const noGrant = await sandbox('/oauth/token', {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=password',
      });
      expect(noGrant.status).toBe(400);

      const anonymous = await sandbox(`/cob/${pixTxid('nothing')}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('content-type')).toContain('application/problem+json');
      expect(await anonymous.json()).toMatchObject({ type: 'https://pix.bcb.gov.br/api/v2/error/AcessoNegado', status: 401 });
      const forged = await sandbox(`/cob/${pixTxid('nothing')}`, {
        headers: { Authorization: 'Bearer psb.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      });
      expect(forged.status).toBe(401);
    });

    it('creates a charge by PUT /cob/{txid} with a dynamic BR Code, and answers a retry with the same charge', async () => {
      calls = [];
      psp = client();
      expect(psp.engine).toBe('sandbox');
      const txid = pixTxid('order:1');
      expect(txid).toMatch(/^[0-9a-f]{32}$/);
      const created = await charge(txid);
      const at = ctx().now();
      expect(created).toEqual({
        txid,
        status: 'ATIVA',
        amount: 1234,
        createdAt: at.toISOString(),
        expiresAt: new Date(at.getTime() + 1800_000).toISOString(),
        // PUBLIC_ORIGIN is localhost with a port, which a BR Code cannot carry: the sandbox's location host never resolves.
        location: expect.stringMatching(/^pix-sandbox\.invalid\/api\/pix-sandbox\/qr\/[0-9a-f]{24}$/),
        copyPaste: expect.any(String),
        paid: [],
      });
      expect(getPixPayloadInfo(created.copyPaste)).toEqual({
        url: created.location,
        merchantName: 'Loja Pix Sandbox',
        merchantCity: 'Sao Paulo',
        pointOfInitiation: 'dynamic',
      });
      expect(created.copyPaste.slice(-4)).toBe(crc16(created.copyPaste.slice(0, -4)));
      expect(calls).toEqual(['POST /oauth/token', `PUT /cob/${txid}`]);

      // A retry (the answer was lost) is the same charge, not a second one.
      expect(await charge(txid)).toEqual(created);
      expect(await psp.getCharge(txid)).toEqual(created);
      // One token for every call while it lasts.
      expect(calls.filter((c) => c.startsWith('POST /oauth/token'))).toHaveLength(1);

      // Concurrent identical PUTs of a new txid make one charge.
      const concurrent = pixTxid('order:concurrent');
      const answers = await Promise.all(Array.from({ length: 20 }, () => charge(concurrent, 990)));
      expect(new Set(answers.map((a) => a.location)).size).toBe(1);
      const rows = await ctx().db.selectFrom('pix_sandbox_charges').selectAll().where('txid', '=', concurrent).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ amount: 990, status: 'ATIVA', chave: credentials.pixKey, description: 'Pedido 42 Cantina Centro', expires_in: 1800 });
    });

    it('refuses another amount under a used txid, a malformed txid or amount, and an unknown charge', async () => {
      const txid = pixTxid('order:1');
      const reused = await pspError(charge(txid, 1235));
      expect(reused.code).toBe('txid_reused');
      calls = [];
      expect((await pspError(charge('short', 100))).code).toBe('invalid_request');
      expect((await pspError(charge(pixTxid('order:x'), 0))).code).toBe('invalid_request');
      expect((await pspError(charge(pixTxid('order:x'), 12.5))).code).toBe('invalid_request');
      expect((await pspError(charge(pixTxid('order:x'), 100, 0))).code).toBe('invalid_request');
      expect(calls).toEqual([]);
      expect((await pspError(psp.getCharge(pixTxid('order:none')))).code).toBe('charge_not_found');

      // The sandbox's own answer to a bad PUT: problem+json with its violation.
      const token = (await (
        await sandbox('/oauth/token', {
          method: 'POST',
          headers: {
            Authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=client_credentials',
        })
      ).json()) as { access_token: string };
      const bad = await sandbox(`/cob/${pixTxid('order:bad')}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ calendario: { expiracao: 3600 }, valor: { original: '12.3' }, chave: credentials.pixKey }),
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
        title: 'Cobrança inválida.',
        status: 400,
        detail: 'O campo cob.valor.original não respeita o schema.',
        violacoes: [{ razao: 'O campo cob.valor.original não respeita o schema.', propriedade: 'cob.valor.original' }],
      });
    });

    it('serves the location by its id (GET /loc/{id}) and the payload the QR code points to', async () => {
      const txid = pixTxid('order:1');
      const row = await ctx().db.selectFrom('pix_sandbox_charges').selectAll().where('txid', '=', txid).executeTakeFirstOrThrow();
      const token = (await (
        await sandbox('/oauth/token', {
          method: 'POST',
          headers: { Authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}` },
          body: new URLSearchParams({ grant_type: 'client_credentials' }),
        })
      ).json()) as { access_token: string };
      const loc = await sandbox(`/loc/${row.loc_id}`, { headers: { Authorization: `Bearer ${token.access_token}` } });
      expect(await loc.json()).toEqual({ id: row.loc_id, txid, location: row.location, tipoCob: 'cob', criacao: row.created_at });
      expect((await sandbox('/loc/1', { headers: { Authorization: `Bearer ${token.access_token}` } })).status).toBe(404);

      const payload = await sandbox(`/qr/${row.location.split('/').pop()}`);
      expect(payload.status).toBe(200);
      expect(await payload.json()).toEqual({
        calendario: { criacao: row.created_at, apresentacao: ctx().now().toISOString(), expiracao: 1800 },
        txid,
        revisao: 0,
        status: 'ATIVA',
        valor: { original: '12.34' },
        chave: credentials.pixKey,
        solicitacaoPagador: 'Pedido 42 Cantina Centro',
      });
      expect((await sandbox('/qr/000000000000000000000000')).status).toBe(404);
      expect((await sandbox('/qr/%25')).status).toBe(404);
    });

    it('registers the webhook (PUT /webhook/{chave}) and reads it back', async () => {
      await psp.registerWebhook(HOOK_URL);
      const t = (await (
        await sandbox('/oauth/token', {
          method: 'POST',
          headers: { Authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}` },
          body: new URLSearchParams({ grant_type: 'client_credentials' }),
        })
      ).json()) as { access_token: string };
      const hook = await sandbox(`/webhook/${encodeURIComponent(credentials.pixKey)}`, { headers: { Authorization: `Bearer ${t.access_token}` } });
      expect(await hook.json()).toEqual({ webhookUrl: HOOK_URL, chave: credentials.pixKey, criacao: ctx().now().toISOString() });
      expect((await pspError(psp.registerWebhook('/relative'))).code).toBe('invalid_request');
    });

    it('pays a charge as a bank would: a fresh endToEndId, CONCLUIDA, the signed webhook with the API Pix body, a statement line; a duplicate delivery', async () => {
      const txid = pixTxid('order:1');
      const res = await pay(txid);
      expect(res.status).toBe(200);
      const paid = (await res.json()) as { endToEndId: string; txid: string; valor: string; horario: string; webhook: unknown };
      const at = ctx().now();
      const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 12);
      expect(paid.endToEndId).toMatch(new RegExp(`^E12345678${stamp}[a-z0-9]{11}$`));
      expect(paid).toEqual({
        endToEndId: paid.endToEndId,
        txid,
        valor: '12.34',
        horario: at.toISOString(),
        webhook: { url: `${HOOK_URL}/pix`, status: 200 },
      });

      // The delivery: to {webhookUrl}/pix, JSON, signed, exactly the API Pix's notification.
      expect(receiver.deliveries).toHaveLength(1);
      const [delivery] = receiver.deliveries;
      expect(delivery!.url).toBe(`${HOOK_URL}/pix`);
      expect(delivery!.headers.get('content-type')).toBe('application/json');
      expect(delivery!.headers.get('x-pix-signature')).toBe(signPixWebhook(delivery!.body, WEBHOOK_SECRET));
      expect(JSON.parse(delivery!.body)).toEqual({ pix: [{ endToEndId: paid.endToEndId, txid, valor: '12.34', horario: at.toISOString() }] });
      expect(receiver.read).toEqual([[{ endToEndId: paid.endToEndId, txid, amount: 1234, paidAt: at.toISOString(), refunds: [] }]]);

      const after = await psp.getCharge(txid);
      expect(after.status).toBe('CONCLUIDA');
      expect(after.paid).toEqual([{ endToEndId: paid.endToEndId, amount: 1234, paidAt: at.toISOString() }]);

      const lines = await outbox(ctx().db);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ channel: 'pix', recipient: `Chave Pix ${credentials.pixKey}` });
      expect(lines[0]!.text.replace(/\u00a0/g, ' ')).toBe(`Pix recebido R$ 12,34 Pedido 42 Cantina Centro · txid ${txid} · ${paid.endToEndId}`);

      // A concluded charge takes no second Pix.
      const again = await pay(txid);
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida' });

      // The PSP calls again (a retry, or a duplicate): the same Pix, signed again.
      const duplicate = await sandbox(`/sandbox/pix/${paid.endToEndId}/webhook`, { method: 'POST' });
      expect(await duplicate.json()).toEqual({ endToEndId: paid.endToEndId, webhook: { url: `${HOOK_URL}/pix`, status: 200 } });
      expect(receiver.deliveries).toHaveLength(2);
      expect(receiver.deliveries[1]!.body).toBe(delivery!.body);
      expect(receiver.read[1]).toEqual(receiver.read[0]);
      expect((await sandbox('/sandbox/pix/E12345678202601010000aaaaaaaaaaa/webhook', { method: 'POST' })).status).toBe(404);
    });

    it('pays another amount when asked (a mismatch for the order code to see), and of concurrent payments makes one', async () => {
      const txid = pixTxid('order:2');
      await charge(txid, 5000);
      const res = await pay(txid, { amount: 4999 });
      const paid = (await res.json()) as { endToEndId: string; valor: string };
      expect(paid.valor).toBe('49.99');
      expect(receiver.read.at(-1)).toEqual([{ endToEndId: paid.endToEndId, txid, amount: 4999, paidAt: expect.any(String), refunds: [] }]);
      expect((await psp.getCharge(txid)).paid.map((p) => p.amount)).toEqual([4999]);
      expect((await pay(pixTxid('order:none'))).status).toBe(404);

      const raced = pixTxid('order:race');
      await charge(raced, 700);
      const answers = await Promise.all(Array.from({ length: 10 }, () => pay(raced)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
      const payments = await ctx().db.selectFrom('pix_sandbox_payments').selectAll().where('txid', '=', raced).execute();
      expect(payments).toHaveLength(1);
    });

    it('does not pay an expired charge (still ATIVA, as the API keeps it), and removes it; removal is idempotent; a paid charge cannot be removed', async () => {
      const txid = pixTxid('order:expiring');
      const created = await charge(txid, 2500, 60);
      const start = ctx().now();
      ctx().setNow(new Date(start.getTime() + 59_000));
      try {
        // Still payable a second before its end... (paid on another charge to keep this one)
        const other = pixTxid('order:expiring-other');
        await charge(other, 100, 60);
        ctx().setNow(new Date(ctx().now().getTime() + 59_000));
        expect((await pay(other)).status).toBe(200);
        // ...not once its expiracao has passed.
        ctx().setNow(new Date(Date.parse(created.expiresAt)));
        const late = await pay(txid);
        expect(late.status).toBe(400);
        expect(await late.json()).toMatchObject({ detail: 'A cobrança expirou e não pode ser paga.' });
        expect((await psp.getCharge(txid)).status).toBe('ATIVA');

        await psp.removeCharge(txid);
        const removed = await psp.getCharge(txid);
        expect(removed.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
        await psp.removeCharge(txid);
        const row = await ctx().db.selectFrom('pix_sandbox_charges').select('revision').where('txid', '=', txid).executeTakeFirstOrThrow();
        expect(row.revision).toBe(1);
        expect((await pay(txid)).status).toBe(400);
      } finally {
        ctx().setNow(start);
      }
      expect((await pspError(psp.removeCharge(pixTxid('order:1')))).code).toBe('charge_paid');
      expect((await pspError(psp.removeCharge(pixTxid('order:none')))).code).toBe('charge_not_found');
    });

    it('refunds a Pix idempotently by id, never above it, tells it by the webhook and the statement', async () => {
      const txid = pixTxid('order:1');
      const [payment] = (await psp.getCharge(txid)).paid;
      const e2e = payment!.endToEndId;
      const id = pixRefundId('order:1:refund:1');
      receiver.deliveries.length = 0;
      receiver.read.length = 0;

      const first = await psp.refund({ endToEndId: e2e, refundId: id, amount: 500, description: 'Item em falta' }, ctx().now());
      expect(first).toEqual({ id, endToEndId: e2e, amount: 500, status: 'EM_PROCESSAMENTO' });
      // Settled at once, and told: the Pix with its refund.
      expect(receiver.read).toEqual([
        [{ endToEndId: e2e, txid, amount: 1234, paidAt: payment!.paidAt, refunds: [{ id, endToEndId: e2e, amount: 500, status: 'DEVOLVIDO' }] }],
      ]);
      const told = JSON.parse(receiver.deliveries[0]!.body) as { pix: Array<{ devolucoes: unknown[] }> };
      expect(told.pix[0]!.devolucoes).toEqual([
        {
          id,
          rtrId: expect.stringMatching(/^D12345678\d{12}[a-z0-9]{11}$/),
          valor: '5.00',
          descricao: 'Item em falta',
          natureza: 'ORIGINAL',
          horario: { solicitacao: ctx().now().toISOString(), liquidacao: ctx().now().toISOString() },
          status: 'DEVOLVIDO',
        },
      ]);
      // The retry answers the same refund (settled by now).
      expect(await psp.refund({ endToEndId: e2e, refundId: id, amount: 500 }, ctx().now())).toEqual({ ...first, status: 'DEVOLVIDO' });
      expect((await pspError(psp.refund({ endToEndId: e2e, refundId: id, amount: 501 }, ctx().now()))).code).toBe('refund_id_reused');
      // 734 centavos are left of 1234.
      expect((await pspError(psp.refund({ endToEndId: e2e, refundId: pixRefundId('order:1:refund:2'), amount: 735 }, ctx().now()))).code).toBe(
        'refund_exceeds_payment',
      );
      expect(await psp.refund({ endToEndId: e2e, refundId: pixRefundId('order:1:refund:3'), amount: 734 }, ctx().now())).toMatchObject({ amount: 734 });
      expect((await pspError(psp.refund({ endToEndId: e2e, refundId: pixRefundId('order:1:refund:4'), amount: 1 }, ctx().now()))).code).toBe(
        'refund_exceeds_payment',
      );

      const lines = (await outbox(ctx().db)).filter((m) => m.text.startsWith('Pix devolvido'));
      expect(lines.map((m) => m.text.replace(/\u00a0/g, ' ')).sort()).toEqual([
        `Pix devolvido R$ 5,00 Item em falta · devolução ${id} do Pix ${e2e}`,
        `Pix devolvido R$ 7,34 · devolução ${pixRefundId('order:1:refund:3')} do Pix ${e2e}`,
      ]);

      expect((await pspError(psp.refund({ endToEndId: 'E12345678202601010000aaaaaaaaaaa', refundId: 'x1', amount: 1 }, ctx().now()))).code).toBe(
        'payment_not_found',
      );
      expect((await pspError(psp.refund({ endToEndId: 'short', refundId: 'x1', amount: 1 }, ctx().now()))).code).toBe('invalid_request');
      expect((await pspError(psp.refund({ endToEndId: e2e, refundId: 'not-alnum!', amount: 1 }, ctx().now()))).code).toBe('invalid_request');
    });

    it('of concurrent refunds makes one per id, and never more than the Pix in all', async () => {
      const txid = pixTxid('order:refunds');
      await charge(txid, 1000);
      const { endToEndId } = (await (await pay(txid)).json()) as { endToEndId: string };
      const same = await Promise.all(Array.from({ length: 20 }, () => psp.refund({ endToEndId, refundId: 'same1', amount: 300 }, ctx().now())));
      expect(new Set(same.map((r) => `${r.id}:${r.amount}`))).toEqual(new Set(['same1:300']));
      const distinct = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => psp.refund({ endToEndId, refundId: `part${i}`, amount: 200 }, ctx().now())),
      );
      // 700 were left: three refunds of 200 pass, the others exceed.
      expect(distinct.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      for (const r of distinct) if (r.status === 'rejected') expect((r.reason as PixPspError).code).toBe('refund_exceeds_payment');
      const rows = await ctx().db.selectFrom('pix_sandbox_refunds').selectAll().where('end_to_end_id', '=', endToEndId).execute();
      expect(rows).toHaveLength(4);
      const payment = await ctx().db.selectFrom('pix_sandbox_payments').selectAll().where('end_to_end_id', '=', endToEndId).executeTakeFirstOrThrow();
      expect(payment.refunded).toBe(900);
    });

    it('a form post of the outbox page’s button pays the charge and goes back to the page', async () => {
      const txid = pixTxid('order:form');
      await charge(txid, 1500);
      const res = await sandbox(`/sandbox/cob/${txid}/pay`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/dev/caixa-de-saida');
      expect((await psp.getCharge(txid)).status).toBe('CONCLUIDA');
    });
  },
  { deps: { pixSandboxFetch: async (url, init) => receiver.shop.request(url, init) } },
);

// ---------------------------------------------------------------------------------------------

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
type Answer = { status: number; body?: unknown; hang?: boolean };

const KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
const CLIENT_ID = 'Client_Id_0123456789abcdef';
const CLIENT_SECRET = 'Client_Secret_fedcba9876543210';
const TXID = '7978c0c97ea847e78e8849634473c1f1';

/** cobResponse1 of the API Pix (with the pixCopiaECola of its CobGerada schema). */
const COB_RESPONSE_1 = {
  calendario: { criacao: '2020-09-09T20:15:00.358Z', expiracao: 3600 },
  txid: TXID,
  revisao: 0,
  loc: { id: 789, location: 'pix.example.com/qr/9d36b84fc70b478fb95c12729b90ca25', tipoCob: 'cob' },
  location: 'pix.example.com/qr/9d36b84fc70b478fb95c12729b90ca25',
  status: 'ATIVA',
  devedor: { cnpj: '12345678000195', nome: 'Empresa de Serviços SA' },
  valor: { original: '37.00', modalidadeAlteracao: 1 },
  chave: KEY,
  solicitacaoPagador: 'Serviço realizado.',
  infoAdicionais: [
    { nome: 'Campo 1', valor: 'Informação Adicional1 do PSP-Recebedor' },
    { nome: 'Campo 2', valor: 'Informação Adicional2 do PSP-Recebedor' },
  ],
  // The example predates the field; the BR Code of its location, as a PSP writes it.
  pixCopiaECola: generatePixPayload({ url: 'pix.example.com/qr/9d36b84fc70b478fb95c12729b90ca25', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })!,
};

/** cobResponse2: a concluded charge with its Pix and a refund in progress. */
const COB_RESPONSE_2 = {
  calendario: { criacao: '2020-09-09T20:15:00.358Z', expiracao: 3600 },
  txid: '655dfdb1a4514b8fbb58254b958913fb',
  revisao: 1,
  loc: { id: 567, location: 'pix.example.com/qr/1dd7f893a58e417287028dc33e21a403' },
  location: 'pix.example.com/qr/1dd7f893a58e417287028dc33e21a403',
  status: 'CONCLUIDA',
  devedor: { cnpj: '12345678000195', nome: 'Empresa de Serviços SA' },
  valor: { original: '100.00', modalidadeAlteracao: 0 },
  chave: '40a0932d-1918-4eee-845d-35a2da1690dc',
  solicitacaoPagador: 'Informar cartão fidelidade',
  pix: [
    {
      endToEndId: 'E1234567820200909122120200808008',
      txid: '655dfdb1a4514b8fbb58254b958913fb',
      valor: '110.00',
      horario: '2020-09-09T20:15:00.358Z',
      infoPagador: '0123456789',
      devolucoes: [
        {
          id: '123ABC',
          rtrId: 'D1234567820200909122120200808006',
          valor: '10.00',
          horario: { solicitacao: '2020-09-09T20:15:00.358Z' },
          status: 'EM_PROCESSAMENTO',
        },
      ],
    },
  ],
};

/** devolucaoResponse1. */
const DEVOLUCAO_RESPONSE_1 = {
  id: '123456',
  rtrId: 'D12345678202009091000abcde123456',
  valor: '7.89',
  horario: { solicitacao: '2020-09-11T15:25:59.411Z' },
  status: 'EM_PROCESSAMENTO',
};

/** pixResponse1: a Pix of 100.00 with a refund of 11.00 in progress. */
const PIX_RESPONSE_1 = {
  endToEndId: 'E12345678202009091221abcdef12345',
  txid: 'cd1fe328c875481285a6f233ae41b662',
  valor: '100.00',
  horario: '2020-09-10T13:03:33.902Z',
  infoPagador: 'Reforma da casa',
  devolucoes: [
    {
      id: '000AAA111',
      rtrId: 'D12345678202009091000abcde123456',
      valor: '11.00',
      horario: { solicitacao: '2020-09-10T13:03:33.902Z' },
      status: 'EM_PROCESSAMENTO',
    },
  ],
};

const problem = (status: number, type: string, title: string, detail: string, violacoes?: unknown[]) => ({
  status,
  body: { type: `https://pix.bcb.gov.br/api/v2/error/${type}`, title, status, detail, ...(violacoes ? { violacoes } : {}) },
});

describe('Pix: the API client against a PSP answering the API Pix’s documented examples', () => {
  let server: Server;
  let baseUrl: string;
  const received: Recorded[] = [];
  /** What the stand-in answers next on a route ('PUT /v2/cob/...'), in order, when a test sets it. */
  const next = new Map<string, Answer[]>();
  let tokens = 0;
  let tokenLife = 3600;
  let psp: PixPsp;

  const queue = (route: string, ...answers: Answer[]) => next.set(route, [...(next.get(route) ?? []), ...answers]);
  const apiCalls = () => received.filter((r) => !r.url.startsWith('/oauth'));

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (d: Buffer) => (text += d.toString()));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: text });
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const route = `${req.method} ${url.pathname}`;
        let answer: Answer | undefined = next.get(route)?.shift();
        if (!answer && route === 'POST /oauth/token') {
          const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
          answer =
            req.headers.authorization === `Basic ${basic}` && new URLSearchParams(text).get('grant_type') === 'client_credentials'
              ? { status: 200, body: { access_token: `token-${++tokens}`, token_type: 'Bearer', expires_in: tokenLife, scope: 'cob.write cob.read' } }
              : { status: 401, body: { error: 'invalid_client' } };
        }
        answer ??= problem(404, 'NaoEncontrado', 'Não Encontrado', 'Entidade não encontrada.');
        if (answer.hang) return;
        res.writeHead(answer.status, { 'Content-Type': answer.status >= 400 ? 'application/problem+json' : 'application/json' });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    psp = createPixApiClient({
      baseUrl: `${baseUrl}/v2`,
      tokenUrl: `${baseUrl}/oauth/token`,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      pixKey: KEY,
      timeoutMs: 500,
    });
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    received.length = 0;
    next.clear();
  });

  it('asks a token with the client credentials (Basic, a form), and sends it as Bearer with every call', async () => {
    queue(`PUT /v2/cob/${TXID}`, { status: 201, body: COB_RESPONSE_1 });
    await psp.createCharge({ txid: TXID, amount: 3700, expiresInSeconds: 3600, description: 'Serviço realizado.' }, new Date());
    const [token, put] = received;
    expect(token).toMatchObject({ method: 'POST', url: '/oauth/token', body: 'grant_type=client_credentials' });
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Buffer.from(String(token!.headers.authorization).replace(/^Basic /, ''), 'base64').toString()).toBe(`${CLIENT_ID}:${CLIENT_SECRET}`);
    expect(put!.headers.authorization).toBe('Bearer token-1');
    expect(put!.headers['content-type']).toBe('application/json');
  });

  it('creates a charge with the documented body and maps the documented answer', async () => {
    queue(`PUT /v2/cob/${TXID}`, { status: 201, body: COB_RESPONSE_1 });
    const charge = await psp.createCharge(
      { txid: TXID, amount: 3700, expiresInSeconds: 3600, description: ` Serviço realizado. ${' '.repeat(3)}` },
      new Date(),
    );
    const [put] = apiCalls();
    expect(put).toMatchObject({ method: 'PUT', url: `/v2/cob/${TXID}` });
    expect(JSON.parse(put!.body)).toEqual({
      calendario: { expiracao: 3600 },
      valor: { original: '37.00' },
      chave: KEY,
      solicitacaoPagador: 'Serviço realizado.',
    });
    expect(charge).toEqual({
      txid: TXID,
      status: 'ATIVA',
      amount: 3700,
      createdAt: '2020-09-09T20:15:00.358Z',
      expiresAt: '2020-09-09T21:15:00.358Z',
      location: 'pix.example.com/qr/9d36b84fc70b478fb95c12729b90ca25',
      copyPaste: COB_RESPONSE_1.pixCopiaECola,
      paid: [],
    });
    // One token while it lasts: no second token request.
    expect(received.filter((r) => r.url === '/oauth/token')).toHaveLength(0);
    // A description over 140 characters is cut to the field's limit.
    queue(`PUT /v2/cob/${TXID}`, { status: 201, body: COB_RESPONSE_1 });
    await psp.createCharge({ txid: TXID, amount: 3700, expiresInSeconds: 3600, description: 'x'.repeat(200) }, new Date());
    expect((JSON.parse(apiCalls().at(-1)!.body) as { solicitacaoPagador: string }).solicitacaoPagador).toHaveLength(140);
  });

  it('answers a retried PUT the PSP refuses (the txid is taken) with the charge made under it, when it is the same; txid_reused when not', async () => {
    const taken = problem(400, 'CobOperacaoInvalida', 'Cobrança inválida.', 'A cobrança já existe.');
    queue(`PUT /v2/cob/${TXID}`, taken, taken);
    queue(`GET /v2/cob/${TXID}`, { status: 200, body: COB_RESPONSE_1 }, { status: 200, body: COB_RESPONSE_1 });
    expect(await psp.createCharge({ txid: TXID, amount: 3700, expiresInSeconds: 3600, description: 'x' }, new Date())).toMatchObject({
      txid: TXID,
      amount: 3700,
    });
    expect(apiCalls().map((r) => `${r.method} ${r.url}`)).toEqual([`PUT /v2/cob/${TXID}`, `GET /v2/cob/${TXID}`]);
    const reused = await pspError(psp.createCharge({ txid: TXID, amount: 3800, expiresInSeconds: 3600, description: 'x' }, new Date()));
    expect(reused.code).toBe('txid_reused');
  });

  it('reads a concluded charge with its Pix (cobResponse2)', async () => {
    queue('GET /v2/cob/655dfdb1a4514b8fbb58254b958913fb', { status: 200, body: COB_RESPONSE_2 });
    expect(await psp.getCharge('655dfdb1a4514b8fbb58254b958913fb')).toEqual({
      txid: '655dfdb1a4514b8fbb58254b958913fb',
      status: 'CONCLUIDA',
      amount: 10000,
      createdAt: '2020-09-09T20:15:00.358Z',
      expiresAt: '2020-09-09T21:15:00.358Z',
      location: 'pix.example.com/qr/1dd7f893a58e417287028dc33e21a403',
      copyPaste: '',
      paid: [{ endToEndId: 'E1234567820200909122120200808008', amount: 11000, paidAt: '2020-09-09T20:15:00.358Z' }],
    });
  });

  it('maps errors: problem+json with violacoes to psp_refused, 404 to charge_not_found, 5xx and no answer to psp_offline, a malformed answer', async () => {
    queue(
      `PUT /v2/cob/${TXID}`,
      problem(
        400,
        'CobOperacaoInvalida',
        'Cobrança inválida.',
        'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_.',
        [{ razao: 'O campo cob.valor.original não respeita o _schema_.', propriedade: 'cob.valor.original' }],
      ),
    );
    const refused = await pspError(psp.createCharge({ txid: TXID, amount: 3700, expiresInSeconds: 3600, description: 'x' }, new Date()));
    expect(refused.code).toBe('psp_refused');
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('Cobrança inválida.');
    expect(refused.message).toContain('cob.valor.original: O campo cob.valor.original não respeita o _schema_.');
    expect(refused.problem).toMatchObject({ type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida', status: 400 });

    expect((await pspError(psp.getCharge(TXID))).code).toBe('charge_not_found');

    queue(`GET /v2/cob/${TXID}`, problem(503, 'ServicoIndisponivel', 'Serviço Indisponível', 'Serviço não está disponível no momento.'));
    const offline = await pspError(psp.getCharge(TXID));
    expect(offline.code).toBe('psp_offline');
    expect(offline.status).toBe(503);

    queue(`GET /v2/cob/${TXID}`, { status: 200, hang: true });
    const started = Date.now();
    expect((await pspError(psp.getCharge(TXID))).code).toBe('psp_offline');
    expect(Date.now() - started).toBeLessThan(5000);

    queue(`GET /v2/cob/${TXID}`, { status: 200, body: { ...COB_RESPONSE_1, valor: { original: '37.0' } } });
    expect((await pspError(psp.getCharge(TXID))).code).toBe('psp_bad_answer');
    queue(`PUT /v2/cob/${TXID}`, { status: 201, body: { ...COB_RESPONSE_1, pixCopiaECola: undefined } });
    expect((await pspError(psp.createCharge({ txid: TXID, amount: 3700, expiresInSeconds: 3600, description: 'x' }, new Date()))).code).toBe('psp_bad_answer');

    const unreachable = createPixApiClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'a', clientSecret: 'b', pixKey: KEY, timeoutMs: 500 });
    expect((await pspError(unreachable.getCharge(TXID))).code).toBe('psp_offline');
  });

  it('gets a new token when the PSP refuses the cached one (401) and when it expires; refused credentials are psp_refused', async () => {
    queue(`GET /v2/cob/${TXID}`, { status: 401, body: { error: 'invalid_token' } }, { status: 200, body: COB_RESPONSE_1 });
    const before = tokens;
    await psp.getCharge(TXID);
    expect(tokens).toBe(before + 1);
    const gets = apiCalls().filter((r) => r.method === 'GET');
    expect(gets.map((r) => r.headers.authorization)).toEqual([`Bearer token-${before}`, `Bearer token-${before + 1}`]);
    // Twice refused: the PSP does not take our tokens.
    queue(`GET /v2/cob/${TXID}`, { status: 401 }, { status: 401 });
    expect((await pspError(psp.getCharge(TXID))).code).toBe('psp_refused');

    // A token of 1 s is used for 0.9 s, then asked again.
    tokenLife = 1;
    const short = createPixApiClient({
      baseUrl: `${baseUrl}/v2`,
      tokenUrl: `${baseUrl}/oauth/token`,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      pixKey: KEY,
    });
    queue(`GET /v2/cob/${TXID}`, { status: 200, body: COB_RESPONSE_1 }, { status: 200, body: COB_RESPONSE_1 }, { status: 200, body: COB_RESPONSE_1 });
    received.length = 0;
    await Promise.all([short.getCharge(TXID), short.getCharge(TXID)]);
    expect(received.filter((r) => r.url === '/oauth/token')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await short.getCharge(TXID);
    expect(received.filter((r) => r.url === '/oauth/token')).toHaveLength(2);
    tokenLife = 3600;

    const wrong = createPixApiClient({ baseUrl: `${baseUrl}/v2`, tokenUrl: `${baseUrl}/oauth/token`, clientId: CLIENT_ID, clientSecret: 'wrong', pixKey: KEY });
    const refused = await pspError(wrong.getCharge(TXID));
    expect(refused.code).toBe('psp_refused');
    expect(refused.message).toContain('invalid_client');
  });

  it('removes a charge by PATCH with the status alone; a charge removed before is done, a paid one is charge_paid', async () => {
    queue(`PATCH /v2/cob/${TXID}`, { status: 200, body: { ...COB_RESPONSE_1, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: 1 } });
    await psp.removeCharge(TXID);
    const [patch] = apiCalls();
    expect(patch).toMatchObject({ method: 'PATCH', url: `/v2/cob/${TXID}` });
    expect(JSON.parse(patch!.body)).toEqual({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });

    const notActive = problem(400, 'CobOperacaoInvalida', 'Operação inválida.', 'A cobrança não está ATIVA.');
    queue(`PATCH /v2/cob/${TXID}`, notActive, notActive);
    queue(
      `GET /v2/cob/${TXID}`,
      { status: 200, body: { ...COB_RESPONSE_1, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' } },
      { status: 200, body: { ...COB_RESPONSE_1, status: 'CONCLUIDA' } },
    );
    await psp.removeCharge(TXID);
    expect((await pspError(psp.removeCharge(TXID))).code).toBe('charge_paid');
  });

  it('refunds with the documented body and answer; a refund above what is left is refund_exceeds_payment; an unknown Pix payment_not_found', async () => {
    const e2e = PIX_RESPONSE_1.endToEndId;
    queue(`PUT /v2/pix/${e2e}/devolucao/123456`, { status: 201, body: DEVOLUCAO_RESPONSE_1 });
    expect(await psp.refund({ endToEndId: e2e, refundId: '123456', amount: 789 }, new Date())).toEqual({
      id: '123456',
      endToEndId: e2e,
      amount: 789,
      status: 'EM_PROCESSAMENTO',
    });
    expect(JSON.parse(apiCalls()[0]!.body)).toEqual({ valor: '7.89' });

    // The PSP refuses in words; the client reads the refund (none) and the Pix (89.00 left of 100.00).
    received.length = 0;
    queue(
      `PUT /v2/pix/${e2e}/devolucao/999`,
      problem(
        400,
        'PixDevolucaoInvalida',
        'Devolução inválida.',
        'A presente requisição de devolução não respeita o _schema_ ou não faz sentido semanticamente.',
      ),
    );
    queue(`GET /v2/pix/${e2e}`, { status: 200, body: PIX_RESPONSE_1 });
    const exceeds = await pspError(psp.refund({ endToEndId: e2e, refundId: '999', amount: 9000, description: 'Pedido cancelado' }, new Date()));
    expect(exceeds.code).toBe('refund_exceeds_payment');
    expect(JSON.parse(apiCalls()[0]!.body)).toEqual({ valor: '90.00', descricao: 'Pedido cancelado' });
    expect(apiCalls().map((r) => `${r.method} ${r.url}`)).toEqual([
      `PUT /v2/pix/${e2e}/devolucao/999`,
      `GET /v2/pix/${e2e}/devolucao/999`,
      `GET /v2/pix/${e2e}`,
    ]);

    // The same id refused because it is taken: the refund made under it is the answer.
    queue(`PUT /v2/pix/${e2e}/devolucao/123456`, problem(400, 'PixDevolucaoInvalida', 'Devolução inválida.', 'id já utilizado.'));
    queue(`GET /v2/pix/${e2e}/devolucao/123456`, { status: 200, body: { ...DEVOLUCAO_RESPONSE_1, status: 'DEVOLVIDO' } });
    expect(await psp.refund({ endToEndId: e2e, refundId: '123456', amount: 789 }, new Date())).toMatchObject({ status: 'DEVOLVIDO' });

    queue(`PUT /v2/pix/${e2e}/devolucao/1`, problem(404, 'PixNaoEncontrado', 'Pix não encontrado.', 'Pix não encontrado.'));
    expect((await pspError(psp.refund({ endToEndId: e2e, refundId: '1', amount: 1 }, new Date()))).code).toBe('payment_not_found');
  });

  it('registers the webhook by PUT /webhook/{chave} { webhookUrl }', async () => {
    queue(`PUT /v2/webhook/${KEY}`, { status: 200 });
    await psp.registerWebhook('https://pix.example.com/api/webhook/');
    const [put] = apiCalls();
    expect(put).toMatchObject({ method: 'PUT', url: `/v2/webhook/${KEY}` });
    expect(JSON.parse(put!.body)).toEqual({ webhookUrl: 'https://pix.example.com/api/webhook/' });
    queue(`PUT /v2/webhook/${KEY}`, problem(400, 'WebhookOperacaoInvalida', 'Webhook inválido.', 'Campo webhook.webhookUrl não respeita o _schema_.'));
    expect((await pspError(psp.registerWebhook('https://pix.example.com/api/webhook/'))).code).toBe('psp_refused');
  });
});

// ---------------------------------------------------------------------------------------------

describe('Pix: the webhook’s signature and body', () => {
  /** pixWebhook2 and pixWebhook1 of the API Pix (the latter writes devolucoes as one object). */
  const DOCUMENTED = JSON.stringify({
    pix: [
      {
        endToEndId: 'E87654321202009091221dfghi123456',
        txid: '971122d8f37211eaadc10242ac120002',
        valor: '110.00',
        horario: '2020-09-09T20:15:00.358Z',
        infoPagador: '0123456789',
      },
      {
        endToEndId: 'E12345678202009091221kkkkkkkkkkk',
        txid: 'c3e0e7a4e7f1469a9f782d3d4999343c',
        valor: '110.00',
        horario: '2020-09-09T20:15:00.358Z',
        infoPagador: '0123456789',
        devolucoes: {
          id: '123ABC',
          rtrId: 'D12345678202009091221abcdf098765',
          valor: '10.00',
          horario: { solicitacao: '2020-09-09T20:15:00.358Z' },
          status: 'EM_PROCESSAMENTO',
        },
      },
    ],
  });
  const headers = (value: string | undefined) => (name: string) => (name.toLowerCase() === 'x-pix-signature' ? value : undefined);
  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof PixPspError) return err.code;
      throw err;
    }
    return 'read';
  };

  it('reads the documented notification, signed', () => {
    expect(readPixWebhook(DOCUMENTED, headers(signPixWebhook(DOCUMENTED, WEBHOOK_SECRET)), WEBHOOK_SECRET)).toEqual([
      {
        endToEndId: 'E87654321202009091221dfghi123456',
        txid: '971122d8f37211eaadc10242ac120002',
        amount: 11000,
        paidAt: '2020-09-09T20:15:00.358Z',
        refunds: [],
      },
      {
        endToEndId: 'E12345678202009091221kkkkkkkkkkk',
        txid: 'c3e0e7a4e7f1469a9f782d3d4999343c',
        amount: 11000,
        paidAt: '2020-09-09T20:15:00.358Z',
        refunds: [{ id: '123ABC', endToEndId: 'E12345678202009091221kkkkkkkkkkk', amount: 1000, status: 'EM_PROCESSAMENTO' }],
      },
    ]);
    // The signature is the hex HMAC-SHA256 of the raw body; upper-case hex is the same signature.
    const signature = signPixWebhook(DOCUMENTED, WEBHOOK_SECRET);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(code(() => readPixWebhook(DOCUMENTED, headers(`sha256=${signature.slice(7).toUpperCase()}`), WEBHOOK_SECRET))).toBe('read');
  });

  it('refuses a missing, malformed or wrong signature, another secret, an altered body, and no secret at all', () => {
    const good = signPixWebhook(DOCUMENTED, WEBHOOK_SECRET);
    expect(code(() => readPixWebhook(DOCUMENTED, headers(undefined), WEBHOOK_SECRET))).toBe('webhook_unauthorized');
    expect(code(() => readPixWebhook(DOCUMENTED, headers(''), WEBHOOK_SECRET))).toBe('webhook_unauthorized');
    expect(code(() => readPixWebhook(DOCUMENTED, headers(good.slice(7)), WEBHOOK_SECRET))).toBe('webhook_unauthorized');
    expect(code(() => readPixWebhook(DOCUMENTED, headers(`sha1=${good.slice(7)}`), WEBHOOK_SECRET))).toBe('webhook_unauthorized');
    expect(code(() => readPixWebhook(DOCUMENTED, headers(good.slice(0, -2)), WEBHOOK_SECRET))).toBe('webhook_unauthorized');
    expect(code(() => readPixWebhook(DOCUMENTED, headers(`sha256=${'0'.repeat(64)}`), WEBHOOK_SECRET))).toBe('webhook_unauthorized');
    expect(code(() => readPixWebhook(DOCUMENTED, headers(signPixWebhook(DOCUMENTED, 'another-secret')), WEBHOOK_SECRET))).toBe('webhook_unauthorized');
    expect(code(() => readPixWebhook(DOCUMENTED.replace('110.00', '910.00'), headers(good), WEBHOOK_SECRET))).toBe('webhook_unauthorized');
    expect(code(() => readPixWebhook(`${DOCUMENTED} `, headers(good), WEBHOOK_SECRET))).toBe('webhook_unauthorized');
    expect(code(() => readPixWebhook(DOCUMENTED, headers(signPixWebhook(DOCUMENTED, '')), ''))).toBe('webhook_unauthorized');
  });

  it('refuses a signed body that is no notification; a signed test call without pix is nothing received', () => {
    const signed = (body: string) => readPixWebhook(body, headers(signPixWebhook(body, WEBHOOK_SECRET)), WEBHOOK_SECRET);
    expect(code(() => signed('not json'))).toBe('webhook_invalid');
    expect(code(() => signed('[]'))).toBe('webhook_invalid');
    expect(code(() => signed('{"pix":{}}'))).toBe('webhook_invalid');
    expect(code(() => signed('{"pix":[{"endToEndId":"E1","valor":"1.00","horario":"2020-09-09T20:15:00.358Z"}]}'))).toBe('webhook_invalid');
    expect(code(() => signed('{"pix":[{"endToEndId":"E12345678202009091221kkkkkkkkkkk","valor":"1.0","horario":"2020-09-09T20:15:00.358Z"}]}'))).toBe(
      'webhook_invalid',
    );
    expect(code(() => signed('{"pix":[{"endToEndId":"E12345678202009091221kkkkkkkkkkk","valor":"1.00","horario":"yesterday"}]}'))).toBe('webhook_invalid');
    expect(signed('{"evento":"teste_webhook","data_criacao":"2020-09-09T20:15:00.358Z"}')).toEqual([]);
    expect(signed('{"pix":[{"endToEndId":"E12345678202009091221kkkkkkkkkkk","valor":"1.00","horario":"2020-09-09T20:15:00.358Z"}]}')).toEqual([
      { endToEndId: 'E12345678202009091221kkkkkkkkkkk', txid: null, amount: 100, paidAt: '2020-09-09T20:15:00.358Z', refunds: [] },
    ]);
  });
});

describe('Pix: centavos and the API’s amounts', () => {
  it('writes whole centavos as "\\d{1,10}.\\d{2}" text', () => {
    expect(centsToPixValue(0)).toBe('0.00');
    expect(centsToPixValue(1)).toBe('0.01');
    expect(centsToPixValue(10)).toBe('0.10');
    expect(centsToPixValue(99)).toBe('0.99');
    expect(centsToPixValue(100)).toBe('1.00');
    expect(centsToPixValue(1234)).toBe('12.34');
    expect(centsToPixValue(1_000_000_00)).toBe('1000000.00');
    expect(centsToPixValue(999_999_999_999)).toBe('9999999999.99');
    for (const bad of [1_000_000_000_000, -1, 1.5, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
      expect(() => centsToPixValue(bad)).toThrow(PixPspError);
  });

  it('reads the API’s amounts as text, exactly (no binary fraction on the way)', () => {
    expect(pixValueToCents('0.01')).toBe(1);
    // 0.29 * 100 and 1.15 * 100 are not whole in binary floating point; read as text they are.
    expect(pixValueToCents('0.29')).toBe(29);
    expect(pixValueToCents('1.15')).toBe(115);
    expect(pixValueToCents('4.35')).toBe(435);
    expect(pixValueToCents('37.00')).toBe(3700);
    expect(pixValueToCents('0012.30')).toBe(1230);
    expect(pixValueToCents('9999999999.99')).toBe(999_999_999_999);
    for (const bad of ['12.3', '12', '12.345', '1,00', '-1.00', ' 1.00', '1.00 ', '+1.00', '1e2.00', '12345678901.00', '', '.50', 12.34, null, undefined])
      expect(pixValueToCents(bad)).toBeNull();
  });

  it('round-trips every amount the API can write', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (cents) => {
        const text = centsToPixValue(cents);
        expect(text).toMatch(/^\d{1,10}\.\d{2}$/);
        expect(pixValueToCents(text)).toBe(cents);
      }),
    );
  });

  it('makes txids and refund ids the API accepts, the same for the same reference', () => {
    expect(pixTxid('order:1')).toBe(pixTxid('order:1'));
    expect(pixTxid('order:1')).not.toBe(pixTxid('order:2'));
    expect(pixTxid('order:1')).not.toBe(pixRefundId('order:1'));
    expect(pixTxid('x')).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(pixRefundId('x')).toMatch(/^[a-zA-Z0-9]{1,35}$/);
  });
});

describe('Pix: which PSP, and the sandbox outside the demo', () => {
  const setMode = (mode: 'demo' | 'production') => Object.assign(config, { mode, demo: mode === 'demo', production: mode === 'production' });
  afterAll(() => {
    Object.assign(config.pix, savedPix, { webhookSecret: WEBHOOK_SECRET });
    setMode(savedMode);
  });

  it('in the demo PIX_PSP=sandbox (or unset) is the API client at PUBLIC_ORIGIN/api/pix-sandbox; outside it the sandbox is refused; api needs its four variables', () => {
    setMode('demo');
    config.pix.psp = 'sandbox';
    expect(defaultPixPsp().engine).toBe('sandbox');
    config.pix.psp = '';
    expect(defaultPixPsp().engine).toBe('sandbox');
    setMode('production');
    config.pix.psp = 'sandbox';
    expect(() => defaultPixPsp()).toThrow(/only in the demo/);
    config.pix.psp = '';
    Object.assign(config.pix, { apiUrl: '', clientId: '', clientSecret: '', key: '' });
    expect(() => defaultPixPsp()).toThrow('PIX_PSP=api needs PIX_PSP_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET, PIX_KEY');

    config.pix.psp = 'api';
    expect(() => defaultPixPsp()).toThrow('PIX_PSP=api needs PIX_PSP_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET, PIX_KEY');
    Object.assign(config.pix, { apiUrl: 'https://pix.example.com/api/v2', clientId: 'id', clientSecret: 'secret', key: KEY });
    expect(defaultPixPsp().engine).toBe('api');
    config.pix.psp = 'efi';
    expect(() => defaultPixPsp()).toThrow(/'api' \(or 'sandbox' in the demo\)/);
    setMode('demo');
  });

  it('outside the demo the sandbox answers 404 to everything: nobody can mark a charge paid', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pix-sandbox-'));
    const { db, engine } = await openDatabase({ databaseUrl: '', sqliteFile: join(dir, 'test.sqlite') });
    try {
      const app = createApi({ db, engine });
      const paths: Array<[string, string]> = [
        ['POST', '/api/pix-sandbox/oauth/token'],
        ['GET', `/api/pix-sandbox/cob/${TXID}`],
        ['POST', `/api/pix-sandbox/sandbox/cob/${TXID}/pay`],
        ['GET', '/api/pix-sandbox/anything'],
      ];
      setMode('production');
      for (const [method, path] of paths) {
        const res = await app.request(path, { method });
        expect(res.status, path).toBe(404);
        expect(await res.json()).toEqual({ message: 'route_not_found' });
      }
      // Nor does the webhook's unsigned test form reach it.
      const helper = await app.request('/api/pix/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ transaction_id: TXID, status: 'paid' }),
      });
      expect(helper.status).toBe(401);
      setMode('demo');
      // In the demo it needs no storefront headers (Client-Type, Api-Version): the product's own client calls it.
      expect((await app.request('/api/pix-sandbox/oauth/token', { method: 'POST' })).status).toBe(401);
      expect(await (await app.request(`/api/pix-sandbox/sandbox/cob/${TXID}/pay`, { method: 'POST' })).json()).toMatchObject({
        type: expect.stringContaining('CobNaoEncontrado'),
      });
    } finally {
      setMode(savedMode);
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
