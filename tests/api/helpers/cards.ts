// Card helpers for the API tests: a customer whose phone and e-mail were proven through the API
// (codes read from the development outbox, as a person trying the demo reads them), sealing a card
// to the server's key as the browser does, and reading what the sandbox acquirer recorded.
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { TestContext } from './databases.ts';
import { cookieHeaders, registerUser, type Session } from './accounts.ts';
import { listOutboxMessages } from '../../../src/server/db/outbox-repo.ts';
import { fromBase64Url, seal } from '../../../src/lib/sealed-box.ts';
import { cardSealContext, cvvSealContext, type CardView } from '../../../src/schemas/api-cards.ts';
import type { EncryptionKeyAnswer } from '../../../src/schemas/sealed-box.ts';

/** The latest code the outbox holds for a recipient ('+5511...' or an address). */
export async function outboxCode(ctx: TestContext, recipient: string, channel: 'sms' | 'email'): Promise<string> {
  const messages = await listOutboxMessages(ctx.db, 500);
  const code = messages.find((m) => m.recipient === recipient && m.channel === channel)?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no ${channel} code to ${recipient} in the outbox`);
  return code;
}

/** A new customer at the establishment, with phone and e-mail verified through the API. */
export async function verifiedCustomer(ctx: TestContext, establishmentId: string) {
  const registered = await registerUser(ctx, establishmentId);
  const { session, data } = registered;
  const headers = cookieHeaders(session);
  const put = (path: string, body: unknown, method = 'PUT') => ctx.call(path, { method, body, headers });
  expect((await put('/api/users/me/generate_code_validate_phone', { phone: data.phone, method: 'sms' })).status).toBe(200);
  const phoneCode = await outboxCode(ctx, `+55${data.phone}`, 'sms');
  expect((await put('/api/users/me/validate_phone', { phone: data.phone, code: phoneCode })).status).toBe(200);
  expect((await put('/api/users/email/validate/create', { email: data.email }, 'POST')).status).toBe(200);
  const emailCode = await outboxCode(ctx, data.email, 'email');
  expect((await put('/api/users/email/validate', { email: data.email, code: emailCode })).status).toBe(200);
  return registered;
}

/** A card to register as the spec's payload; a valid CPF as the holder's document. */
export function cardPayload(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    number: '4000 0000 0000 0002',
    security_code: '123',
    due_month: 12,
    due_year: 2031,
    holder: 'Maria da Silva',
    payment_card_document: '529.982.247-25',
    expires: '2031-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * A Visa number no other test uses (BIN 400000, random digits, Luhn check digit), captured by the
 * sandbox: unlike the published test cards, the server fingerprints it, so a test can follow one
 * card across accounts without meeting another test's.
 */
export function freshCardNumber(): string {
  for (;;) {
    const body = `400000${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    // The two digits before the check digit choose a sandbox outcome other than a capture.
    if (['51', '59', '96', '91'].includes(body.slice(-2))) continue;
    let sum = 0;
    for (let i = 0; i < body.length; i++) {
      let d = Number(body[body.length - 1 - i]);
      if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return `${body}${(10 - (sum % 10)) % 10}`;
  }
}

/** The server's public key, as the browser reads it. */
export async function encryptionKey(ctx: TestContext): Promise<{ kid: string; publicKey: Uint8Array }> {
  const answer = (await (await ctx.call('/api/cards/encryption-key')).json()) as EncryptionKeyAnswer;
  return { kid: answer.kid, publicKey: fromBase64Url(answer.public_key) };
}

/** The card sealed for the user, as every form of the save call takes it: `{ card: <sealed box> }`. */
export async function sealedCardBody(ctx: TestContext, userId: string, card: Record<string, unknown> = cardPayload()) {
  return { card: seal(JSON.stringify(card), await encryptionKey(ctx), cardSealContext(userId)) };
}

/** POST /api/v2/cards/verification (or another form of the call, `path`) with the card sealed for the user, as the storefront sends it. */
export async function saveSealedCard(
  ctx: TestContext,
  session: Session,
  userId: string,
  card: Record<string, unknown> = cardPayload(),
  path = '/api/v2/cards/verification',
) {
  const res = await ctx.call(path, { method: 'POST', body: await sealedCardBody(ctx, userId, card), headers: cookieHeaders(session) });
  return { status: res.status, body: await res.json(), res };
}

/** Saves a card and answers it (expects 201). */
export async function savedCard(ctx: TestContext, session: Session, userId: string, card: Record<string, unknown> = cardPayload()): Promise<CardView> {
  const saved = await saveSealedCard(ctx, session, userId, card);
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return saved.body as CardView;
}

/** The CVV sealed for a validation charge, as the storefront sends it. */
export async function sealedCvv(ctx: TestContext, userId: string, cvv: string) {
  return seal(cvv, await encryptionKey(ctx), cvvSealContext(userId));
}

/** The amount of the sandbox's newest charge to this card's last digits, read from its statement line in the outbox. */
export async function statementAmount(ctx: TestContext, last4: string): Promise<number> {
  const messages = await listOutboxMessages(ctx.db, 500);
  const line = messages.find((m) => m.channel === 'card-statement' && m.recipient.endsWith(last4) && m.text.startsWith('Compra aprovada'));
  const reais = line?.text.match(/R\$\s([\d.]+,\d{2})/)?.[1];
  if (!reais) throw new Error(`no charge to •••• ${last4} in the outbox`);
  return Number(reais.replace(/\./g, '').replace(',', ''));
}

/** Every charge the sandbox acquirer recorded under these idempotency keys, and their refunds. */
export async function sandboxMovementsByKeys(ctx: Pick<TestContext, 'db'>, keys: readonly string[]) {
  if (keys.length === 0) return { charges: [], refunds: [] };
  const charges = await ctx.db.selectFrom('payment_sandbox_charges').selectAll().where('idempotency_key', 'in', keys).execute();
  const refunds = charges.length
    ? await ctx.db
        .selectFrom('payment_sandbox_refunds')
        .selectAll()
        .where(
          'charge_id',
          'in',
          charges.map((c) => c.id),
        )
        .execute()
    : [];
  return { charges, refunds };
}

/** Every charge and refund the sandbox acquirer recorded for the validations of a card (by its validations' keys). */
export async function sandboxMovements(ctx: TestContext, cardId: string) {
  const validations = await ctx.db.selectFrom('card_verifications').select('id').where('card_id', '=', cardId).execute();
  return sandboxMovementsByKeys(
    ctx,
    validations.map((v) => `card-verification:${v.id}:charge`),
  );
}
