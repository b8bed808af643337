// The WhatsApp Business Cloud API sender (src/server/adapters/whatsapp-cloud.ts) against a local
// HTTP server standing in for graph.facebook.com, which records what it receives: the request must
// be the one Meta's reference documents for a text message (POST /<version>/<phone number id>/messages,
// Bearer token, JSON body as in its example) or a template message; Meta's error answers become a
// WhatsAppSendError. Then the whole path: an opted-in order confirmed through the API reaches that
// server in Portuguese. SQLite only: the adapter speaks HTTP; the engines are covered by
// order-followup.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCloudApiSender } from '../../src/server/adapters/whatsapp-cloud.ts';
import { WhatsAppSendError } from '../../src/server/adapters/whatsapp.ts';
import { defaultWhatsAppSender } from '../../src/server/adapters/select.ts';
import { createApi } from '../../src/server/api/app.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { config } from '../../src/server/config.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import { estId, loadOrderFixtures, pickupOrder } from './helpers/order-fixtures.ts';
import { bearerHeaders, sessionToken } from './helpers/accounts.ts';

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: unknown };

/** The documented example's values (Meta's 'Text messages' reference). */
const PHONE_NUMBER_ID = '106540352242922';
const TOKEN = 'EAAJB...';
const DOCUMENTED_TEXT = "As requested, here's the link to our latest product: https://www.meta.com/quest/quest-3/";

describe('WhatsApp Business Cloud API sender', () => {
  let graph: Server;
  let apiUrl: string;
  const received: Recorded[] = [];
  /** What the stand-in answers next: the documented success unless a test sets an error. */
  let next: { status: number; body: unknown } | null = null;

  beforeAll(async () => {
    graph = createServer((req, res) => {
      let text = '';
      req.on('data', (d: Buffer) => (text += d.toString()));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(text) });
        const answer = next ?? {
          status: 200,
          body: {
            messaging_product: 'whatsapp',
            contacts: [{ input: '+16505551234', wa_id: '16505551234' }],
            messages: [{ id: 'wamid.HBgLMTY0NjcwNDM1OTUVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA' }],
          },
        };
        next = null;
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => graph.close(() => resolve()));
  });

  const sender = (template: { name: string; language: string } | null = null) =>
    createCloudApiSender({ accessToken: TOKEN, phoneNumberId: PHONE_NUMBER_ID, apiVersion: 'v25.0', apiUrl, template });

  it('sends a text message exactly as the reference’s example request', async () => {
    received.length = 0;
    await sender().send({ to: '+16505551234', text: DOCUMENTED_TEXT, templateParams: [] }, new Date());
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe(`/v25.0/${PHONE_NUMBER_ID}/messages`);
    expect(req!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+16505551234',
      type: 'text',
      text: { preview_url: true, body: DOCUMENTED_TEXT },
    });
  });

  it('sends an approved template with the message’s values as its body parameters, in order', async () => {
    received.length = 0;
    await sender({ name: 'atualizacao_pedido', language: 'pt_BR' }).send(
      { to: '+5511987654321', text: 'ignored for templates', templateParams: ['Cantina Centro', '12', 'foi confirmado', 'https://loja.example/p/1'] },
      new Date(),
    );
    expect(received[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+5511987654321',
      type: 'template',
      template: {
        name: 'atualizacao_pedido',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Cantina Centro' },
              { type: 'text', text: '12' },
              { type: 'text', text: 'foi confirmado' },
              { type: 'text', text: 'https://loja.example/p/1' },
            ],
          },
        ],
      },
    });
  });

  it('turns an error answer of the API, or no answer at all, into a WhatsAppSendError with Meta’s message', async () => {
    next = { status: 400, body: { error: { message: '(#131030) Recipient phone number not in allowed list', type: 'OAuthException', code: 131030 } } };
    await expect(sender().send({ to: '+5511987654321', text: 'Oi', templateParams: [] }, new Date())).rejects.toThrow(
      new WhatsAppSendError('WhatsApp Cloud API 400: (#131030) Recipient phone number not in allowed list (code 131030)'),
    );
    const nowhere = createCloudApiSender({
      accessToken: TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      apiVersion: 'v25.0',
      apiUrl: 'http://127.0.0.1:9',
      template: null,
    });
    await expect(nowhere.send({ to: '+5511987654321', text: 'Oi', templateParams: [] }, new Date())).rejects.toBeInstanceOf(WhatsAppSendError);
  });

  it('is the default sender once WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set; the outbox otherwise', () => {
    const saved = { ...config.whatsapp };
    try {
      const db = {} as Database;
      expect(defaultWhatsAppSender(db)).toMatchObject({ engine: 'outbox', connected: true });
      Object.assign(config.whatsapp, { accessToken: TOKEN, phoneNumberId: PHONE_NUMBER_ID });
      expect(defaultWhatsAppSender(db)).toMatchObject({ engine: 'cloud_api', connected: true });
    } finally {
      Object.assign(config.whatsapp, saved);
    }
  });

  describe('through the API', () => {
    let dir: string;
    let db: Database;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'storefront-whatsapp-'));
      ({ db } = await openDatabase({ databaseUrl: '', sqliteFile: join(dir, 'test.sqlite') }));
      await loadOrderFixtures(db);
    });
    afterAll(async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    });

    it('an opted-in order confirmed by the establishment reaches the Cloud API in Portuguese, to the customer’s number in E.164', async () => {
      const CENTRO = estId('cantina-centro');
      const app = createApi({ db, engine: 'sqlite', now: () => new Date('2025-01-03T23:00:00Z'), whatsApp: sender() });
      const call = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
        app.request(path, {
          method: init.method ?? 'GET',
          headers: { ...API_HEADERS, 'Content-Type': 'application/json', ...init.headers },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
      const reg = await call('/api/auth/register', {
        method: 'POST',
        body: { establishment_id: CENTRO, name: 'Maria da Silva', email: 'maria.cloud@example.com', phone: '(11) 98765-4321', password: 'segr3do' },
      });
      expect(reg.status).toBe(201);
      const bearer = bearerHeaders(sessionToken(reg, CENTRO));
      const placed = await call(`/api/establishments/${CENTRO}/orders`, {
        method: 'POST',
        body: pickupOrder(),
        headers: { ...bearer, 'Idempotent-Key': 'k-cloud-1' },
      });
      const { _id, order } = (await placed.json()) as { _id: string; order: { order: number } };
      expect(
        (await call(`/api/orders/${_id}/whatsapp-updates`, { method: 'PATCH', body: { receive_updates_in_whatsapp: true }, headers: bearer })).status,
      ).toBe(200);

      received.length = 0;
      const key = await createEstablishmentKey(db, CENTRO, 'test');
      const confirmed = await call(`/api/establishments/${CENTRO}/orders/${_id}/status`, {
        method: 'PUT',
        body: { status: 'confirmed' },
        headers: { Authorization: `ApiKey ${key}` },
      });
      expect(confirmed.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]!.body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '+5511987654321',
        type: 'text',
        text: {
          preview_url: true,
          body: `Cantina Centro: seu pedido nº ${order.order} foi confirmado. Veja o pedido: ${config.publicOrigin}/cantina-centro/pedido/${_id}`,
        },
      });
    });
  });
});
