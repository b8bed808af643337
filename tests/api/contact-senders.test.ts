// The senders of the phone and e-mail codes: Zenvia's SMS API (src/server/adapters/sms-zenvia.ts)
// against a local HTTP server standing in for api.zenvia.com that records each request, and SMTP
// through nodemailer (src/server/adapters/email-smtp.ts) against a small local SMTP listener that keeps
// each message. Then the whole path through the API: the code a customer receives from either
// proves the phone or the address; a provider that fails gives 502 code_not_sent and the code
// stored for that send is never usable. SQLite only: the adapters speak HTTP and SMTP; the engines
// are covered by contact-verification.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createZenviaSender } from '../../src/server/adapters/sms-zenvia.ts';
import { SmsSendError } from '../../src/server/adapters/sms.ts';
import { EmailSendError } from '../../src/server/adapters/email.ts';
import { createSmtpSender } from '../../src/server/adapters/email-smtp.ts';
import { createEmailOutboxSender, createSmsOutboxSender } from '../../src/server/sandboxes/outbox-senders.ts';
import { createApi } from '../../src/server/api/app.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import { estId, loadAllFixtures } from './helpers/fixtures.ts';
import { bearerHeaders, sessionToken } from './helpers/accounts.ts';

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: unknown };

/** A stand-in for Zenvia: records each request and answers as its reference documents. */
function zenviaStandIn() {
  const received: Recorded[] = [];
  const state: { next: { status: number; body: unknown } | null } = { next: null };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as { from: string; to: string; contents: unknown[] };
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const answer = state.next ?? {
        status: 200,
        body: { id: 'd9bba4b3-0a9b-4e0b-bb6e-2f7b8b0f8f00', from: body.from, to: body.to, direction: 'OUT', channel: 'sms', contents: body.contents },
      };
      state.next = null;
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  return { server, received, state };
}

/** A minimal SMTP listener (RFC 5321 dialogue without extensions) keeping each message's data. */
function smtpListener() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server: TcpServer = createTcpServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'MAIL') {
          current.from = line.slice(10).trim();
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(8).trim());
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return { server, messages };
}

const listen = (server: Server | TcpServer) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const close = (server: Server | TcpServer) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('Zenvia SMS sender', () => {
  const zenvia = zenviaStandIn();
  let apiUrl = '';
  beforeAll(async () => {
    apiUrl = `http://127.0.0.1:${await listen(zenvia.server)}`;
  });
  afterAll(() => close(zenvia.server));

  it('posts the documented request: /v2/channels/sms/messages, X-API-TOKEN, from, to without +, one text content', async () => {
    const sender = createZenviaSender({ token: 'zenvia-token', from: 'minha-loja', apiUrl });
    expect(sender.engine).toBe('zenvia');
    await sender.send({ to: '+5511987654321', text: '1234 é o seu código de verificação.' }, new Date());
    const req = zenvia.received.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v2/channels/sms/messages');
    expect(req.headers['x-api-token']).toBe('zenvia-token');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({ from: 'minha-loja', to: '5511987654321', contents: [{ type: 'text', text: '1234 é o seu código de verificação.' }] });
  });

  it('an error answer or no answer is an SmsSendError', async () => {
    const sender = createZenviaSender({ token: 'bad', from: 'minha-loja', apiUrl });
    zenvia.state.next = { status: 401, body: { code: 'UNAUTHORIZED', message: 'Invalid token' } };
    await expect(sender.send({ to: '+5511987654321', text: 'x' }, new Date())).rejects.toThrow(SmsSendError);
    const nowhere = createZenviaSender({ token: 't', from: 'f', apiUrl: 'http://127.0.0.1:1' });
    await expect(nowhere.send({ to: '+5511987654321', text: 'x' }, new Date())).rejects.toThrow(SmsSendError);
  });
});

describe('SMTP e-mail sender', () => {
  const smtp = smtpListener();
  let port = 0;
  beforeAll(async () => {
    port = await listen(smtp.server);
  });
  afterAll(() => close(smtp.server));

  it('delivers the message to the SMTP server named by the URL, with From, To and Subject', async () => {
    const sender = createSmtpSender(`smtp://127.0.0.1:${port}`, 'Loja <nao-responda@loja.example>');
    expect(sender.engine).toBe('smtp');
    await sender.send({ to: 'maria@example.com', subject: 'Seu código de verificação', text: 'Seu código é 4321.' }, new Date());
    const message = smtp.messages.at(-1)!;
    expect(message.from).toBe('<nao-responda@loja.example>');
    expect(message.to).toEqual(['<maria@example.com>']);
    expect(message.data).toMatch(/^To: maria@example\.com$/m);
    expect(message.data).toMatch(/^Subject: /m);
    expect(message.data).toContain('4321');
  });

  it('an unreachable server is an EmailSendError', async () => {
    const sender = createSmtpSender({ host: '127.0.0.1', port: 1, connectionTimeout: 2000 }, 'x@loja.example');
    await expect(sender.send({ to: 'maria@example.com', subject: 's', text: 't' }, new Date())).rejects.toThrow(EmailSendError);
  });
});

describe('the codes through the API, by Zenvia and SMTP', () => {
  const zenvia = zenviaStandIn();
  const smtp = smtpListener();
  let dir: string;
  let db: Database;
  let zenviaUrl = '';
  let smtpPort = 0;
  const CENTRO = estId('bella-centro');

  beforeAll(async () => {
    zenviaUrl = `http://127.0.0.1:${await listen(zenvia.server)}`;
    smtpPort = await listen(smtp.server);
    dir = mkdtempSync(join(tmpdir(), 'storefront-senders-'));
    ({ db } = await openDatabase({ databaseUrl: '', sqliteFile: join(dir, 'test.sqlite') }));
    await loadAllFixtures(db);
  });
  afterAll(async () => {
    await close(zenvia.server);
    await close(smtp.server);
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  function api(senders: { sms: 'zenvia' | 'outbox'; email: 'smtp' | 'outbox' }) {
    const app = createApi({
      db,
      engine: 'sqlite',
      now: () => new Date('2025-01-03T23:00:00Z'),
      sms: senders.sms === 'zenvia' ? createZenviaSender({ token: 'zenvia-token', from: 'minha-loja', apiUrl: zenviaUrl }) : createSmsOutboxSender(db),
      email: senders.email === 'smtp' ? createSmtpSender(`smtp://127.0.0.1:${smtpPort}`, 'nao-responda@loja.example') : createEmailOutboxSender(db),
    });
    return (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      app.request(path, {
        method: init.method ?? 'GET',
        headers: { ...API_HEADERS, 'Content-Type': 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
  }

  async function register(call: ReturnType<typeof api>, email: string, phone: string) {
    const reg = await call('/api/auth/register', {
      method: 'POST',
      body: { establishment_id: CENTRO, name: 'Maria da Silva', email, phone, password: 'segr3do' },
    });
    expect(reg.status).toBe(201);
    return bearerHeaders(sessionToken(reg, CENTRO));
  }

  it('the SMS Zenvia carries proves the phone; the e-mail the SMTP server receives proves the address [R-7.66, R-7.67]', async () => {
    const call = api({ sms: 'zenvia', email: 'smtp' });
    const auth = await register(call, 'maria.senders@example.com', '(11) 98765-1111');
    const sent = await call('/api/users/me/generate_code_validate_phone', { method: 'PUT', body: { phone: '11987651111', method: 'sms' }, headers: auth });
    expect(sent.status).toBe(200);
    const sms = zenvia.received.at(-1)!.body as { to: string; contents: { text: string }[] };
    expect(sms.to).toBe('5511987651111');
    const smsCode = sms.contents[0]!.text.match(/\b(\d{4})\b/)![1]!;
    const phone = await call('/api/users/me/validate_phone', { method: 'PUT', body: { phone: '11987651111', code: smsCode }, headers: auth });
    expect(phone.status).toBe(200);
    expect(((await phone.json()) as { user: { phone_verified: boolean } }).user.phone_verified).toBe(true);

    const mailed = await call('/api/users/email/validate/create', { method: 'POST', body: { email: 'maria.senders@example.com' }, headers: auth });
    expect(mailed.status).toBe(200);
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual(['<maria.senders@example.com>']);
    const mailCode = mail.data.match(/c=C3=B3digo de verifica=C3=A7=C3=A3o =C3=A9 (\d{4})|verificação é (\d{4})/);
    const code = mailCode?.[1] ?? mailCode?.[2];
    expect(code).toMatch(/^\d{4}$/);
    const email = await call('/api/users/email/validate', { method: 'PUT', body: { email: 'maria.senders@example.com', code }, headers: auth });
    expect(email.status).toBe(200);
    expect(((await email.json()) as { user: { email_verified: boolean } }).user.email_verified).toBe(true);
  });

  it('a provider failure answers 502 code_not_sent, and the code of that send is never usable', async () => {
    const call = api({ sms: 'zenvia', email: 'outbox' });
    const auth = await register(call, 'maria.falha@example.com', '(11) 98765-2222');
    zenvia.state.next = { status: 500, body: { code: 'INTERNAL_ERROR', message: 'down' } };
    const failed = await call('/api/users/me/generate_code_validate_phone', { method: 'PUT', body: { phone: '11987652222' }, headers: auth });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ message: 'code_not_sent' });
    const code = ((zenvia.received.at(-1)!.body as { contents: { text: string }[] }).contents[0]!.text.match(/\b(\d{4})\b/) ?? [])[1];
    const tried = await call('/api/users/me/validate_phone', { method: 'PUT', body: { phone: '11987652222', code }, headers: auth });
    expect(tried.status).toBe(400);
    expect(await tried.json()).toEqual({ message: 'code_expired' });
  });
});
