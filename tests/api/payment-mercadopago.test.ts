// The Mercado Pago adapter (src/server/adapters/payment-mercadopago.ts) against a local HTTP server
// standing in for api.mercadopago.com, which records what it receives and answers as Mercado
// Pago's reference and its Node SDK document: card tokens made from a card (the documented test
// card Visa 4235 6477 2802 5682, holder APRO, CPF 01234567890) or from a saved card and its CVV
// ({ card_id, security_code }), each good for one payment; customers searched by e-mail and
// created ({ email }; a second one with the same e-mail is refused with cause 101); cards saved to
// a customer ({ token }, answered with payment_method and last_four_digits); payments by a card
// token or by a saved card's fresh token with payer { type: 'customer', id }, whose outcome is set
// by the holder's name as on Mercado Pago's test cards (APRO approved, FUND insufficient funds,
// SECU bad security code, OTHE other reason); a refund; error answers ({ message, error, status,
// cause }), a server failure, no answer at all, and an answer lost after the payment was made; the
// X-Idempotency-Key header Mercado Pago keys its payments by (the stand-in answers a repeated key
// with the payment it already made); the external_reference every payment carries (refused, as
// Mercado Pago documents, beyond 64 characters or with any but letters, digits, '-' and '_') and
// the payments search by it (sort and criteria), by which a charge retried without the CVV finds
// the payment made under its key; a saved card deleted (404 once it is gone). Then which gateway
// PAYMENT_GATEWAY picks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMercadoPagoGateway, mercadoPagoExternalReference, parseSavedCardToken, savedCardToken } from '../../src/server/adapters/payment-mercadopago.ts';
import { PaymentGatewayError, type ChargeRequest } from '../../src/server/adapters/payment-gateway.ts';
import { defaultPaymentGateway } from '../../src/server/adapters/select.ts';
import { config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: Record<string, unknown> };
type Answer = { status: number; body: unknown };

const ACCESS_TOKEN = 'TEST-2529254127464534-110110-0c9a5c1e2e1e1b8a3e1f3b1d0e8f7a6b-1234567';
const NOW = new Date('2026-03-10T12:00:00Z');
const CARD_NUMBER = '4235647728025682';
const TOKENISE_CVV = '123';
/** The CVV typed for the charges: it must reach /v1/card_tokens and nothing else. */
const CHARGE_CVV = '739';
/** Mercado Pago's test users' e-mail format (test_payer_[0-9]{1,10}@testuser.com). */
const EMAIL = 'test_payer_12345@testuser.com';

/** The card token answer, with the fields the SDK's CardTokenResponse documents. */
const TOKEN_ANSWER = {
  id: 'ff8080814c11e237014c1ff593b57b4d',
  first_six_digits: '423564',
  expiration_month: 11,
  expiration_year: 2099,
  last_four_digits: '5682',
  cardholder: { identification: { number: '01234567890', type: 'CPF' }, name: 'APRO' },
  status: 'active',
  date_created: '2026-03-10T08:00:00.000-04:00',
  date_last_updated: '2026-03-10T08:00:00.000-04:00',
  date_due: '2026-03-17T08:00:00.000-04:00',
  luhn_validation: true,
  live_mode: false,
  require_esc: false,
  card_number_length: 16,
  security_code_length: 3,
};

/** An approved card payment ('Payment creation results': approved / accredited). */
const approvedPayment = (amount: number, id = 3870106238) => ({
  id,
  status: 'approved',
  status_detail: 'accredited',
  payment_type_id: 'credit_card',
  payment_method_id: 'master',
  transaction_amount: amount,
  installments: 1,
  description: 'Cantina Centro',
  currency_id: 'BRL',
  binary_mode: true,
  date_created: '2026-03-10T08:00:01.000-04:00',
});

/** The rejection the 'Why is a payment rejected?' guide shows. */
const REJECTED_PAYMENT = {
  status: 'rejected',
  status_detail: 'cc_rejected_insufficient_amount',
  id: 47198050,
  payment_method_id: 'master',
  payment_type_id: 'credit_card',
};

/** Mercado Pago's test cards: the holder's name sets the payment's outcome. */
const TEST_HOLDER_OUTCOMES: Record<string, { status: string; status_detail: string }> = {
  APRO: { status: 'approved', status_detail: 'accredited' },
  FUND: { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_security_code' },
  OTHE: { status: 'rejected', status_detail: 'cc_rejected_other_reason' },
};

const error = (status: number, message: string, err: string, cause: Array<{ code: unknown; description: string }> = []) => ({
  status,
  body: { message, error: err, status, cause },
});
/** The documented answer to a payment with a token Mercado Pago does not have (or has used). */
const TOKEN_NOT_FOUND = error(400, 'Invalid card_token_id', 'bad_request', [{ code: 2006, description: 'Card Token not found' }]);

type Holder = { name: string; identification?: { type: string; number: string } };
type CardData = { first_six_digits: string; last_four_digits: string; expiration_month: number; expiration_year: number; cardholder: Holder };
type SavedCard = CardData & { id: string; customer_id: string };
type Customer = { id: string; email: string; cards: SavedCard[]; date_created: string };
type Token = { id: string; used: boolean; card: CardData; card_id?: string };

/** What every payment carries as its external_reference: its idempotency key's SHA-256, in hex. */
const sha256hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Every key of a JSON value, at any depth. */
function keysDeep(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysDeep);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysDeep(v)]);
  return [];
}

describe('Mercado Pago payment gateway', () => {
  let server: Server;
  let apiUrl: string;
  const received: Recorded[] = [];
  /** Payments by idempotency key, as Mercado Pago keeps them. */
  const byKey = new Map<string, Record<string, unknown>>();
  /** Every payment made, in the order made: what the payments search looks through. */
  const payments: Array<Record<string, unknown>> = [];
  const customers = new Map<string, Customer>();
  const tokens = new Map<string, Token>();
  /** What the stand-in answers next on a route ('POST /v1/payments'), when a test sets it. */
  const next = new Map<string, Answer>();
  /** Routes whose next request is carried out and then left unanswered (the connection dropped). */
  const dropNext = new Set<string>();
  /** E-mails the next customer search does not find (another call creates the customer meanwhile). */
  const hideFromSearchOnce = new Set<string>();
  /** A saved card's payment_method.id the stand-in answers instead of the one of the card's BIN. */
  let savedCardMethod: string | null = null;
  let seq = 0;

  const cardById = (cardId: string) => [...customers.values()].flatMap((c) => c.cards).find((c) => c.id === cardId);
  const customerByEmail = (email: string) => [...customers.values()].find((c) => c.email.toLowerCase() === email.toLowerCase());
  const customerView = (c: Customer) => ({
    id: c.id,
    email: c.email,
    first_name: null,
    last_name: null,
    phone: { area_code: null, number: null },
    identification: { type: null, number: null },
    address: { id: null, zip_code: null, street_name: null, street_number: null },
    date_registered: null,
    description: null,
    date_created: c.date_created,
    date_last_updated: c.date_created,
    metadata: {},
    default_card: c.cards[0]?.id ?? null,
    default_address: null,
    cards: c.cards.map(cardView),
    addresses: [],
    live_mode: false,
  });
  const cardView = (c: SavedCard) => {
    const method = savedCardMethod ?? (c.first_six_digits.startsWith('4') ? 'visa' : 'master');
    return {
      id: c.id,
      customer_id: c.customer_id,
      expiration_month: c.expiration_month,
      expiration_year: c.expiration_year,
      first_six_digits: c.first_six_digits,
      last_four_digits: c.last_four_digits,
      payment_method: {
        id: method,
        name: method,
        payment_type_id: 'credit_card',
        thumbnail: `http://img.mlstatic.com/org-img/MP3/API/logos/${method}.gif`,
        secure_thumbnail: `https://www.mercadopago.com/org-img/MP3/API/logos/${method}.gif`,
      },
      security_code: { length: 3, card_location: 'back' },
      issuer: { id: 25, name: 'Visa' },
      cardholder: c.cardholder,
      date_created: '2026-03-10T08:00:00.000-04:00',
      date_last_updated: '2026-03-10T08:00:00.000-04:00',
      user_id: '1234567',
      live_mode: false,
    };
  };
  const issueToken = (card: CardData, cardId?: string): Token => {
    const token: Token = {
      id: `${(++seq).toString(16).padStart(8, '0')}${TOKEN_ANSWER.id.slice(8)}`,
      used: false,
      card,
      ...(cardId ? { card_id: cardId } : {}),
    };
    tokens.set(token.id, token);
    return token;
  };
  const tokenAnswer = (t: Token) => ({
    ...TOKEN_ANSWER,
    id: t.id,
    ...(t.card_id ? { card_id: t.card_id } : {}),
    first_six_digits: t.card.first_six_digits,
    last_four_digits: t.card.last_four_digits,
    expiration_month: t.card.expiration_month,
    expiration_year: t.card.expiration_year,
    cardholder: t.card.cardholder,
  });

  /** Mercado Pago's side of each call. */
  function answerFor(method: string, url: URL, body: Record<string, unknown>, key: string | undefined): Answer {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/card_tokens') {
      if (typeof body.card_id === 'string') {
        const card = cardById(body.card_id);
        if (!card) return error(404, 'card not found', 'not_found', [{ code: '120', description: 'card not found' }]);
        return { status: 201, body: tokenAnswer(issueToken(card, card.id)) };
      }
      const number = String(body.card_number);
      const token = issueToken({
        first_six_digits: number.slice(0, 6),
        last_four_digits: number.slice(-4),
        expiration_month: Number(body.expiration_month),
        expiration_year: Number(body.expiration_year),
        cardholder: body.cardholder as Holder,
      });
      return { status: 201, body: tokenAnswer(token) };
    }
    if (method === 'GET' && path === '/v1/customers/search') {
      const email = url.searchParams.get('email') ?? '';
      const hidden = hideFromSearchOnce.delete(email);
      const found = hidden ? undefined : customerByEmail(email);
      return { status: 200, body: { paging: { limit: 10, offset: 0, total: found ? 1 : 0 }, results: found ? [customerView(found)] : [] } };
    }
    if (method === 'POST' && path === '/v1/customers') {
      if (customerByEmail(String(body.email)))
        return error(400, 'the customer already exist', 'bad_request', [{ code: '101', description: 'the customer already exist' }]);
      const customer: Customer = {
        id: `${1_000_000_000 + ++seq}-jxOV430go9fx2e`,
        email: String(body.email),
        cards: [],
        date_created: '2026-03-10T08:00:00.000-04:00',
      };
      customers.set(customer.id, customer);
      return { status: 201, body: customerView(customer) };
    }
    const cards = path.match(/^\/v1\/customers\/([^/]+)\/cards$/);
    if (method === 'POST' && cards) {
      const customer = customers.get(decodeURIComponent(cards[1]!));
      if (!customer) return error(404, 'Customer not found', 'not_found');
      const token = tokens.get(String(body.token));
      if (!token || token.used || token.card_id)
        return error(400, 'invalid parameters', 'bad_request', [{ code: '122', description: 'the card data is invalid' }]);
      token.used = true;
      const card: SavedCard = { ...token.card, id: String(1_490_022_319_000 + ++seq), customer_id: customer.id };
      customer.cards.push(card);
      return { status: 201, body: cardView(card) };
    }
    if (method === 'POST' && path === '/v1/payments') {
      if (key && byKey.has(key)) return { status: 201, body: byKey.get(key) };
      const reference = body.external_reference;
      if (reference !== undefined && (typeof reference !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(reference)))
        return error(400, 'external_reference: at most 64 letters, digits, - or _', 'bad_request');
      let payment: Record<string, unknown>;
      const payer = body.payer as { type?: string; id?: string } | undefined;
      if (payer?.type === 'customer') {
        if (!payer.id || !customers.has(payer.id)) return error(400, 'Customer not found', 'bad_request', [{ code: 2002, description: 'Customer not found' }]);
        const token = typeof body.token === 'string' ? tokens.get(body.token) : undefined;
        if (!token || token.used || !token.card_id || cardById(token.card_id)?.customer_id !== payer.id) return TOKEN_NOT_FOUND;
        token.used = true;
        const outcome = TEST_HOLDER_OUTCOMES[token.card.cardholder.name] ?? TEST_HOLDER_OUTCOMES.APRO!;
        payment = { ...approvedPayment(body.transaction_amount as number, 3_870_200_000 + ++seq), ...outcome, payment_method_id: body.payment_method_id };
      } else {
        // A payment by a card token kept from before: the token is taken as Mercado Pago still having it.
        if (typeof body.token !== 'string') return TOKEN_NOT_FOUND;
        payment = body.token === 'token-fund' ? { ...REJECTED_PAYMENT } : approvedPayment(body.transaction_amount as number);
      }
      // Mercado Pago's own clock, a second apart per payment, in its offset.
      const made = new Date(Date.UTC(2026, 2, 10, 12, 0, 0) + payments.length * 1000);
      payment = { ...payment, external_reference: reference ?? null, date_created: `${made.toISOString().slice(0, 19)}.000-04:00` };
      payments.push(payment);
      if (key) byKey.set(key, payment);
      return { status: 201, body: payment };
    }
    if (method === 'GET' && path === '/v1/payments/search') {
      const reference = url.searchParams.get('external_reference');
      const sort = url.searchParams.get('sort') ?? 'date_created';
      const found = payments.filter((p) => reference === null || p.external_reference === reference);
      found.sort((a, b) => String(a[sort]).localeCompare(String(b[sort])));
      if (url.searchParams.get('criteria') === 'desc') found.reverse();
      return { status: 200, body: { paging: { total: found.length, limit: 30, offset: 0 }, results: found } };
    }
    const oneCard = path.match(/^\/v1\/customers\/([^/]+)\/cards\/([^/]+)$/);
    if (method === 'DELETE' && oneCard) {
      const customer = customers.get(decodeURIComponent(oneCard[1]!));
      if (!customer) return error(404, 'Customer not found', 'not_found');
      const at = customer.cards.findIndex((c) => c.id === decodeURIComponent(oneCard[2]!));
      if (at < 0) return error(404, 'card not found', 'not_found', [{ code: '120', description: 'card not found' }]);
      const [removed] = customer.cards.splice(at, 1);
      return { status: 200, body: cardView(removed!) };
    }
    const refund = path.match(/^\/v1\/payments\/(\d+)\/refunds$/);
    if (method === 'POST' && refund)
      return {
        status: 201,
        body: {
          id: 1031525123,
          payment_id: Number(refund[1]),
          amount: body.amount ?? 5,
          metadata: {},
          source: { id: '1234567', name: 'Loja', type: 'collector' },
          date_created: '2026-03-10T08:05:00.000-04:00',
          unique_sequence_number: null,
          refund_mode: 'standard',
          adjustment_amount: 0,
          status: 'approved',
          reason: null,
          amount_refunded_to_payer: body.amount ?? 5,
        },
      };
    return error(404, 'resource not found', 'not_found');
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (d: Buffer) => (text += d.toString()));
      req.on('end', () => {
        const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const route = `${req.method} ${url.pathname}`;
        const set = next.get(route);
        next.delete(route);
        const answer = set ?? answerFor(req.method ?? '', url, body, req.headers['x-idempotency-key'] as string | undefined);
        if (dropNext.delete(route)) {
          req.socket.destroy();
          return;
        }
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
    next.clear();
    dropNext.clear();
    hideFromSearchOnce.clear();
    savedCardMethod = null;
  });

  const gateway = () => createMercadoPagoGateway({ accessToken: ACCESS_TOKEN, apiUrl });
  const routes = () => received.map((r) => `${r.method} ${r.url}`);
  const chargeRequest = (over: Partial<ChargeRequest> = {}): ChargeRequest => ({
    token: TOKEN_ANSWER.id,
    brand: 'mastercard',
    amount: 137,
    idempotency_key: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f',
    description: 'Cantina Centro',
    payer_email: 'maria@example.com',
    ...over,
  });
  const saveCard = (email: string, name = 'APRO', cvv = TOKENISE_CVV) =>
    gateway().tokenise({ number: '4235 6477 2802 5682', exp_month: 11, exp_year: 2099, cvv }, { name, document: '012.345.678-90', email }, NOW);
  const savedChargeRequest = (token: string, over: Partial<ChargeRequest> = {}): ChargeRequest => ({
    token,
    brand: 'visa',
    amount: 137,
    idempotency_key: `card-verification:cv_${++seq}:charge`,
    description: 'Cantina Centro validação',
    security_code: CHARGE_CVV,
    ...over,
  });

  describe('saving a card (tokenise)', () => {
    it('for a new customer: the card token from the card, the customer searched by e-mail and created, the card saved to it; keeps mpcard:<customer>:<card>', async () => {
      const card = await saveCard(EMAIL);
      const customer = customerByEmail(EMAIL)!;
      const saved = customer.cards[0]!;
      expect(card).toEqual({ token: `mpcard:${customer.id}:${saved.id}`, brand: 'visa', last4: '5682', exp_month: 11, exp_year: 2099 });
      expect(parseSavedCardToken(card.token)).toEqual({ customerId: customer.id, cardId: saved.id });

      expect(routes()).toEqual([
        'POST /v1/card_tokens',
        'GET /v1/customers/search?email=test_payer_12345%40testuser.com',
        'POST /v1/customers',
        `POST /v1/customers/${customer.id}/cards`,
      ]);
      const [token, search, create, save] = received;
      expect(token!.body).toEqual({
        card_number: CARD_NUMBER,
        expiration_month: '11',
        expiration_year: '2099',
        security_code: TOKENISE_CVV,
        cardholder: { name: 'APRO', identification: { type: 'CPF', number: '01234567890' } },
      });
      expect(search!.body).toEqual({});
      expect(search!.headers['content-type']).toBeUndefined();
      expect(create!.body).toEqual({ email: EMAIL });
      const cardToken = [...tokens.values()].find((t) => !t.card_id && t.used)!;
      expect(save!.body).toEqual({ token: cardToken.id });
      for (const r of received) {
        expect(r.headers.authorization, r.url).toBe(`Bearer ${ACCESS_TOKEN}`);
        expect(r.headers['x-idempotency-key'], r.url).toBeUndefined();
        if (r.method === 'POST') expect(r.headers['content-type'], r.url).toBe('application/json');
      }
      // The card number and the CVV go to the card token call only.
      for (const r of received.slice(1)) {
        expect(keysDeep(r.body), r.url).not.toContain('card_number');
        expect(keysDeep(r.body), r.url).not.toContain('security_code');
        expect(JSON.stringify(r.body) + r.url, r.url).not.toContain(CARD_NUMBER);
      }
    });

    it('for an existing customer (a search hit): no customer is created, the card is saved to the one found', async () => {
      const email = 'test_payer_2001@testuser.com';
      const first = await saveCard(email);
      received.length = 0;
      const second = await gateway().tokenise(
        { number: '5100 0000 0000 0008', exp_month: 3, exp_year: 2031, cvv: '456' },
        { name: 'APRO', document: '11.222.333/0001-81', email },
        NOW,
      );
      const customer = customerByEmail(email)!;
      expect(customer.cards).toHaveLength(2);
      expect(routes()).toEqual([
        'POST /v1/card_tokens',
        'GET /v1/customers/search?email=test_payer_2001%40testuser.com',
        `POST /v1/customers/${customer.id}/cards`,
      ]);
      expect(received[0]!.body).toMatchObject({ card_number: '5100000000000008', cardholder: { identification: { type: 'CNPJ', number: '11222333000181' } } });
      expect(second).toEqual({ token: `mpcard:${customer.id}:${customer.cards[1]!.id}`, brand: 'mastercard', last4: '0008', exp_month: 3, exp_year: 2031 });
      expect(parseSavedCardToken(first.token)!.customerId).toBe(customer.id);
    });

    it('the customer-exists race: created by another call between the search and the create, it is searched again and the card saved to it', async () => {
      const email = 'test_payer_3001@testuser.com';
      await saveCard(email);
      const customer = customerByEmail(email)!;
      // The search misses it (made just before the other call's create); the create is refused.
      hideFromSearchOnce.add(email);
      received.length = 0;
      const card = await saveCard(email);
      expect(routes()).toEqual([
        'POST /v1/card_tokens',
        'GET /v1/customers/search?email=test_payer_3001%40testuser.com',
        'POST /v1/customers',
        'GET /v1/customers/search?email=test_payer_3001%40testuser.com',
        `POST /v1/customers/${customer.id}/cards`,
      ]);
      expect(parseSavedCardToken(card.token)).toEqual({ customerId: customer.id, cardId: customer.cards[1]!.id });

      // Two cards saved at once for a new customer: one customer, both cards under it.
      const both = await Promise.all([saveCard('test_payer_3002@testuser.com'), saveCard('test_payer_3002@testuser.com')]);
      const created = [...customers.values()].filter((c) => c.email === 'test_payer_3002@testuser.com');
      expect(created).toHaveLength(1);
      expect(both.map((c) => parseSavedCardToken(c.token)!.customerId)).toEqual([created[0]!.id, created[0]!.id]);
      expect(new Set(both.map((c) => c.token)).size).toBe(2);
    });

    it('takes the brand from the saved card’s payment_method.id, or from the BIN table when Mercado Pago’s id is not one of ours', async () => {
      savedCardMethod = 'elo';
      expect(await saveCard('test_payer_4001@testuser.com')).toMatchObject({ brand: 'elo', last4: '5682' });
      savedCardMethod = 'debvisa';
      expect(await saveCard('test_payer_4002@testuser.com')).toMatchObject({ brand: 'visa', last4: '5682' });
    });

    it('refuses a card without the holder’s e-mail, or of a brand the product does not know, before calling Mercado Pago', async () => {
      const card = { number: CARD_NUMBER, exp_month: 11, exp_year: 2099, cvv: '123' };
      await expect(gateway().tokenise(card, { name: 'APRO' }, NOW)).rejects.toMatchObject({
        code: 'gateway_refused',
        message: expect.stringContaining('e-mail'),
      });
      await expect(gateway().tokenise(card, { name: 'APRO', email: '  ' }, NOW)).rejects.toMatchObject({ code: 'gateway_refused' });
      await expect(gateway().tokenise({ ...card, number: '5031 4332 1540 6351' }, { name: 'APRO', email: EMAIL }, NOW)).rejects.toMatchObject({
        code: 'unknown_brand',
      });
      expect(received).toHaveLength(0);
    });

    it('maps the error answers: a refused card token, a refused customer, a customer gone before its card is saved, Mercado Pago failing or not answering', async () => {
      next.set('POST /v1/card_tokens', error(400, 'invalid parameters', 'bad_request', [{ code: 'E205', description: 'invalid expiration_year' }]));
      await expect(saveCard(EMAIL)).rejects.toThrow(
        new PaymentGatewayError('gateway_refused', 'Mercado Pago card token 400: invalid parameters (cause E205: invalid expiration_year)'),
      );
      expect(routes()).toEqual(['POST /v1/card_tokens']);

      // A refusal other than 'already exists' is not searched again.
      received.length = 0;
      next.set('POST /v1/customers', error(400, 'invalid parameters', 'bad_request', [{ code: '106', description: 'the email format is invalid' }]));
      await expect(saveCard('test_payer_5001@testuser.com')).rejects.toThrow(
        new PaymentGatewayError('gateway_refused', 'Mercado Pago customer 400: invalid parameters (cause 106: the email format is invalid)'),
      );
      expect(routes().filter((r) => r.startsWith('GET'))).toHaveLength(1);

      received.length = 0;
      next.set('POST /v1/customers', error(400, 'the customer already exist', 'bad_request', [{ code: '101', description: 'the customer already exist' }]));
      await expect(saveCard('test_payer_5002@testuser.com')).rejects.toMatchObject({ code: 'gateway_refused', message: expect.stringContaining('cause 101') });
      expect(routes().filter((r) => r.startsWith('GET'))).toHaveLength(2);

      await saveCard('test_payer_5003@testuser.com');
      const gone = customerByEmail('test_payer_5003@testuser.com')!;
      next.set(`POST /v1/customers/${gone.id}/cards`, error(404, 'Customer not found', 'not_found'));
      await expect(saveCard('test_payer_5003@testuser.com')).rejects.toMatchObject({
        code: 'gateway_refused',
        message: expect.stringContaining(`customer ${gone.id} not found`),
      });

      next.set('GET /v1/customers/search', error(500, 'internal_error', 'internal_error'));
      await expect(saveCard(EMAIL)).rejects.toMatchObject({ code: 'gateway_offline' });
      dropNext.add('POST /v1/customers');
      await expect(saveCard('test_payer_5004@testuser.com')).rejects.toMatchObject({ code: 'gateway_offline' });
      const nowhere = createMercadoPagoGateway({ accessToken: ACCESS_TOKEN, apiUrl: 'http://127.0.0.1:9' });
      await expect(
        nowhere.tokenise({ number: CARD_NUMBER, exp_month: 11, exp_year: 2099, cvv: '123' }, { name: 'APRO', email: EMAIL }, NOW),
      ).rejects.toMatchObject({
        code: 'gateway_offline',
      });
    });
  });

  describe('charging a saved card', () => {
    it('twice, each with a fresh card token from card_id and the CVV, paid as the customer; the CVV goes to /v1/card_tokens only, the card number nowhere', async () => {
      const card = await saveCard('test_payer_6001@testuser.com');
      const { customerId, cardId } = parseSavedCardToken(card.token)!;
      received.length = 0;
      const first = await gateway().charge(
        savedChargeRequest(card.token, { idempotency_key: 'card-verification:cv_a:charge', payer_email: 'maria@example.com' }),
        NOW,
      );
      const second = await gateway().charge(
        savedChargeRequest(card.token, { idempotency_key: 'order:o_1:charge', amount: 4590, description: 'Cantina Centro' }),
        NOW,
      );
      expect(first).toMatchObject({ status: 'captured', reason: null, amount: 137 });
      expect(second).toMatchObject({ status: 'captured', reason: null, amount: 4590 });
      expect(first.charge_id).not.toBe(second.charge_id);

      expect(routes()).toEqual(['POST /v1/card_tokens', 'POST /v1/payments', 'POST /v1/card_tokens', 'POST /v1/payments']);
      const [token1, pay1, token2, pay2] = received;
      expect(token1!.body).toEqual({ card_id: cardId, security_code: CHARGE_CVV });
      expect(token2!.body).toEqual({ card_id: cardId, security_code: CHARGE_CVV });
      expect(pay1!.body.token).not.toBe(pay2!.body.token);
      expect(tokens.get(pay1!.body.token as string)).toMatchObject({ card_id: cardId, used: true });
      expect(pay1!.body).toEqual({
        transaction_amount: 1.37,
        token: pay1!.body.token,
        description: 'Cantina Centro validação',
        external_reference: sha256hex('card-verification:cv_a:charge'),
        installments: 1,
        payment_method_id: 'visa',
        payer: { type: 'customer', id: customerId, email: 'maria@example.com' },
        binary_mode: true,
      });
      expect(pay2!.body).toEqual({
        transaction_amount: 45.9,
        token: pay2!.body.token,
        description: 'Cantina Centro',
        external_reference: sha256hex('order:o_1:charge'),
        installments: 1,
        payment_method_id: 'visa',
        payer: { type: 'customer', id: customerId },
        binary_mode: true,
      });
      expect(received.map((r) => r.headers['x-idempotency-key'])).toEqual([undefined, 'card-verification:cv_a:charge', undefined, 'order:o_1:charge']);
      for (const r of received) {
        expect(r.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
        expect(keysDeep(r.body), r.url).not.toContain('card_number');
        expect(JSON.stringify(r.body), r.url).not.toContain(CARD_NUMBER);
        if (r.url !== '/v1/card_tokens') {
          expect(keysDeep(r.body), r.url).not.toContain('security_code');
          expect(JSON.stringify(r.body), r.url).not.toContain(`"${CHARGE_CVV}"`);
        }
      }
    });

    it('every payment carries the SHA-256 of its idempotency key, in hex, as its external_reference: 64 of [0-9a-f], whatever the key’s length or characters', async () => {
      const card = await saveCard('test_payer_7000@testuser.com');
      const keys = ['card-verification:cv_ref:charge', `order:${'o'.repeat(200)}:charge`, 'pedido:ação/1 ?&=', 'plain-key_1'];
      received.length = 0;
      for (const key of keys)
        expect(await gateway().charge(savedChargeRequest(card.token, { idempotency_key: key }), NOW)).toMatchObject({ status: 'captured' });
      expect(await gateway().charge(chargeRequest({ idempotency_key: 'key-legacy-ref' }), NOW)).toMatchObject({ status: 'captured' });
      const sent = received.filter((r) => r.method === 'POST' && r.url === '/v1/payments');
      expect(sent.map((r) => r.body.external_reference)).toEqual([...keys, 'key-legacy-ref'].map(sha256hex));
      for (const r of sent) expect(r.body.external_reference).toMatch(/^[0-9a-f]{64}$/);
      expect(mercadoPagoExternalReference(keys[0]!)).toBe(sha256hex(keys[0]!));
      // The same key, the same reference: a retry is found under what its first request sent.
      expect(byKey.get(keys[1]!)).toMatchObject({ external_reference: sha256hex(keys[1]!) });
    });

    it('a lost answer recovered without the CVV: the payment made under the key is found by its external_reference and answered; nothing is paid again', async () => {
      const card = await saveCard('test_payer_7001@testuser.com');
      const key = 'card-verification:cv_lost:charge';
      const request = savedChargeRequest(card.token, { idempotency_key: key });
      dropNext.add('POST /v1/payments');
      expect(await gateway().charge(request, NOW)).toEqual({ charge_id: null, status: 'offline', reason: null, amount: 137 });
      const made = byKey.get(key)!;
      expect(made).toMatchObject({ status: 'approved', external_reference: sha256hex(key) });
      const paymentsBefore = payments.length;

      const { security_code: _dropped, ...withoutCvv } = request;
      received.length = 0;
      expect(await gateway().charge(withoutCvv, NOW)).toEqual({ charge_id: String(made.id), status: 'captured', reason: null, amount: 137 });
      expect(routes()).toEqual([`GET /v1/payments/search?external_reference=${sha256hex(key)}&sort=date_created&criteria=desc`]);
      expect(received[0]!.headers['x-idempotency-key']).toBeUndefined();
      expect(received[0]!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
      expect(payments).toHaveLength(paymentsBefore);

      // A decline is found and answered as the decline it was.
      const fund = await saveCard('test_payer_7003@testuser.com', 'FUND');
      const declined = savedChargeRequest(fund.token);
      dropNext.add('POST /v1/payments');
      expect(await gateway().charge(declined, NOW)).toMatchObject({ status: 'offline' });
      const { security_code: _none, ...declinedRetry } = declined;
      expect(await gateway().charge(declinedRetry, NOW)).toEqual({
        charge_id: String(byKey.get(declined.idempotency_key)!.id),
        status: 'declined',
        reason: 'insufficient_funds',
        amount: 137,
      });
    });

    it('no payment under the key: invalid_cvv (ask for the CVV and charge again), nothing charged; with the CVV the same key charges once, and is found after', async () => {
      const card = await saveCard('test_payer_7002@testuser.com');
      const key = 'card-verification:cv_never:charge';
      received.length = 0;
      const { security_code: _none, ...request } = savedChargeRequest(card.token, { idempotency_key: key });
      await expect(gateway().charge(request, NOW)).rejects.toMatchObject({
        code: 'invalid_cvv',
        message: expect.stringContaining('no payment under key card-verification:cv_never:charge'),
      });
      expect(routes()).toEqual([`GET /v1/payments/search?external_reference=${sha256hex(key)}&sort=date_created&criteria=desc`]);
      expect(byKey.has(key)).toBe(false);
      const charged = await gateway().charge({ ...request, security_code: CHARGE_CVV }, NOW);
      expect(charged).toMatchObject({ status: 'captured' });
      expect(await gateway().charge(request, NOW)).toEqual(charged);
      expect(payments.filter((p) => p.external_reference === sha256hex(key))).toHaveLength(1);
    });

    it('the lookup takes the newest payment with our external_reference in whatever order the search answers, never one of another reference; another amount under the key is idempotency_key_reused; the search failing is offline, refused is gateway_refused', async () => {
      const card = await saveCard('test_payer_7004@testuser.com');
      const key = 'card-verification:cv_many:charge';
      const { security_code: _none, ...request } = savedChargeRequest(card.token, { idempotency_key: key });
      const found = (id: number, status: string, detail: string, at: string, reference = sha256hex(key), amount = 1.37) => ({
        id,
        status,
        status_detail: detail,
        transaction_amount: amount,
        external_reference: reference,
        date_created: `2026-03-10T08:00:${at}.000-04:00`,
        payment_method_id: 'visa',
        payment_type_id: 'credit_card',
      });
      const searchAnswers = (...results: unknown[]): Answer => ({ status: 200, body: { paging: { total: results.length, limit: 30, offset: 0 }, results } });
      received.length = 0;

      next.set(
        'GET /v1/payments/search',
        searchAnswers(
          found(11, 'rejected', 'cc_rejected_other_reason', '01'),
          found(12, 'approved', 'accredited', '05'),
          found(13, 'rejected', 'cc_rejected_high_risk', '09', sha256hex('another key')),
        ),
      );
      expect(await gateway().charge(request, NOW)).toEqual({ charge_id: '12', status: 'captured', reason: null, amount: 137 });

      next.set('GET /v1/payments/search', searchAnswers(found(13, 'approved', 'accredited', '09', sha256hex('another key'))));
      await expect(gateway().charge(request, NOW)).rejects.toMatchObject({ code: 'invalid_cvv' });

      next.set('GET /v1/payments/search', searchAnswers(found(14, 'approved', 'accredited', '09', sha256hex(key), 2.5)));
      await expect(gateway().charge(request, NOW)).rejects.toMatchObject({ code: 'idempotency_key_reused' });

      const offline = { charge_id: null, status: 'offline', reason: null, amount: 137 };
      next.set('GET /v1/payments/search', error(500, 'internal_error', 'internal_error'));
      expect(await gateway().charge(request, NOW)).toEqual(offline);
      dropNext.add('GET /v1/payments/search');
      expect(await gateway().charge(request, NOW)).toEqual(offline);
      const nowhere = createMercadoPagoGateway({ accessToken: ACCESS_TOKEN, apiUrl: 'http://127.0.0.1:9' });
      expect(await nowhere.charge(request, NOW)).toEqual(offline);
      next.set('GET /v1/payments/search', error(400, 'Invalid sort value.', 'bad_request', [{ code: 1003, description: 'Invalid sort value.' }]));
      await expect(gateway().charge(request, NOW)).rejects.toMatchObject({ code: 'gateway_refused', message: expect.stringContaining('cause 1003') });

      // Only looked up: no card token, no payment.
      expect(new Set(routes().map((r) => r.split('?')[0]))).toEqual(new Set(['GET /v1/payments/search']));
    });

    it('maps declines as for any card: insufficient funds, a bad security code, the issuer’s other reason', async () => {
      const cases: Array<[string, Record<string, unknown>]> = [
        ['FUND', { status: 'declined', reason: 'insufficient_funds' }],
        ['SECU', { status: 'declined', reason: 'invalid_card' }],
        ['OTHE', { status: 'issuer_error', reason: null }],
      ];
      for (const [i, [holder, expected]] of cases.entries()) {
        const card = await saveCard(`test_payer_800${i}@testuser.com`, holder);
        const result = await gateway().charge(savedChargeRequest(card.token), NOW);
        expect(result, holder).toMatchObject(expected);
        expect(result.charge_id, holder).toMatch(/^\d+$/);
      }
    });

    it('maps a saved card’s errors: a card or customer Mercado Pago no longer has (unknown_token), a token of ours it cannot be (unknown_token), Mercado Pago failing or not answering (offline)', async () => {
      const card = await saveCard('test_payer_9001@testuser.com');
      const { customerId, cardId } = parseSavedCardToken(card.token)!;
      received.length = 0;

      await expect(gateway().charge(savedChargeRequest(savedCardToken(customerId, '999')), NOW)).rejects.toMatchObject({
        code: 'unknown_token',
        message: expect.stringContaining('saved card 999 not found'),
      });
      await expect(gateway().charge(savedChargeRequest(savedCardToken('0-nobody', cardId)), NOW)).rejects.toMatchObject({
        code: 'unknown_token',
        message: expect.stringContaining('customer 0-nobody not found'),
      });
      expect(routes()).toEqual(['POST /v1/card_tokens', 'POST /v1/card_tokens', 'POST /v1/payments']);

      received.length = 0;
      for (const token of ['', 'mpcard:', 'mpcard:only-one', 'mpcard:a:b:c', 'mpcard:%E0%A4%A:1'])
        await expect(gateway().charge(savedChargeRequest(token), NOW), token).rejects.toMatchObject({ code: 'unknown_token' });
      await expect(gateway().charge(savedChargeRequest(card.token, { amount: 0 }), NOW)).rejects.toMatchObject({ code: 'invalid_amount' });
      expect(received).toHaveLength(0);

      const offline = { charge_id: null, status: 'offline', reason: null, amount: 137 };
      next.set('POST /v1/card_tokens', error(500, 'internal_error', 'internal_error'));
      expect(await gateway().charge(savedChargeRequest(card.token), NOW)).toEqual(offline);
      dropNext.add('POST /v1/card_tokens');
      expect(await gateway().charge(savedChargeRequest(card.token), NOW)).toEqual(offline);
      next.set('POST /v1/payments', error(502, 'bad_gateway', 'bad_gateway'));
      expect(await gateway().charge(savedChargeRequest(card.token), NOW)).toEqual(offline);
      expect(routes()).toEqual(['POST /v1/card_tokens', 'POST /v1/card_tokens', 'POST /v1/card_tokens', 'POST /v1/payments']);

      next.set('POST /v1/card_tokens', error(400, 'invalid parameters', 'bad_request', [{ code: 'E302', description: 'invalid security_code' }]));
      await expect(gateway().charge(savedChargeRequest(card.token), NOW)).rejects.toMatchObject({
        code: 'gateway_refused',
        message: expect.stringContaining('E302'),
      });
    });
  });

  describe('forgetting a saved card (removeCard)', () => {
    it('deletes the card saved under its customer, by both ids; a charge of it is then unknown_token; removing it again (404) is fine', async () => {
      const email = 'test_payer_9101@testuser.com';
      const card = await saveCard(email);
      const other = await saveCard(email);
      const { customerId, cardId } = parseSavedCardToken(card.token)!;
      received.length = 0;
      await gateway().removeCard(card.token, NOW);
      expect(routes()).toEqual([`DELETE /v1/customers/${customerId}/cards/${cardId}`]);
      expect(received[0]!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
      expect(received[0]!.headers['content-type']).toBeUndefined();
      expect(received[0]!.headers['x-idempotency-key']).toBeUndefined();
      expect(customerByEmail(email)!.cards.map((c) => c.id)).toEqual([parseSavedCardToken(other.token)!.cardId]);

      await expect(gateway().charge(savedChargeRequest(card.token), NOW)).rejects.toMatchObject({ code: 'unknown_token' });
      expect(await gateway().charge(savedChargeRequest(other.token), NOW)).toMatchObject({ status: 'captured' });

      received.length = 0;
      await gateway().removeCard(card.token, NOW);
      await gateway().removeCard(savedCardToken('0-nobody', cardId), NOW);
      expect(routes()).toEqual([`DELETE /v1/customers/${customerId}/cards/${cardId}`, `DELETE /v1/customers/0-nobody/cards/${cardId}`]);
    });

    it('has nothing to do for a single-use card token or a token that is no saved card; Mercado Pago failing or not answering is gateway_offline, another refusal gateway_refused', async () => {
      received.length = 0;
      for (const token of [TOKEN_ANSWER.id, '', 'mpcard:', 'mpcard:a:b:c']) await gateway().removeCard(token, NOW);
      expect(received).toHaveLength(0);

      const email = 'test_payer_9102@testuser.com';
      const card = await saveCard(email);
      const { customerId, cardId } = parseSavedCardToken(card.token)!;
      const route = `DELETE /v1/customers/${customerId}/cards/${cardId}`;
      next.set(route, error(500, 'internal_error', 'internal_error'));
      await expect(gateway().removeCard(card.token, NOW)).rejects.toMatchObject({ code: 'gateway_offline' });
      const nowhere = createMercadoPagoGateway({ accessToken: ACCESS_TOKEN, apiUrl: 'http://127.0.0.1:9' });
      await expect(nowhere.removeCard(card.token, NOW)).rejects.toMatchObject({ code: 'gateway_offline' });
      next.set(route, error(401, 'invalid access token', 'unauthorized'));
      await expect(gateway().removeCard(card.token, NOW)).rejects.toMatchObject({ code: 'gateway_refused', message: expect.stringContaining('401') });
      expect(customerByEmail(email)!.cards).toHaveLength(1);
      // Removed, with the answer lost: gone all the same, and the next try finds it so.
      dropNext.add(route);
      await expect(gateway().removeCard(card.token, NOW)).rejects.toMatchObject({ code: 'gateway_offline' });
      expect(customerByEmail(email)!.cards).toHaveLength(0);
      await gateway().removeCard(card.token, NOW);
    });
  });

  describe('a single-use card token kept from before', () => {
    it('charges it as a one-installment card payment in reais, with the idempotency key in X-Idempotency-Key, and maps approved to captured', async () => {
      const result = await gateway().charge(chargeRequest({ idempotency_key: 'key-approved' }), NOW);
      expect(result).toEqual({ charge_id: '3870106238', status: 'captured', reason: null, amount: 137 });
      const [req] = received;
      expect(req!.url).toBe('/v1/payments');
      expect(req!.headers['x-idempotency-key']).toBe('key-approved');
      expect(req!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
      expect(req!.body).toEqual({
        transaction_amount: 1.37,
        token: TOKEN_ANSWER.id,
        description: 'Cantina Centro',
        external_reference: sha256hex('key-approved'),
        installments: 1,
        payment_method_id: 'master',
        payer: { email: 'maria@example.com' },
        binary_mode: true,
      });
      await expect(gateway().charge(chargeRequest({ payer_email: undefined }), NOW)).rejects.toMatchObject({ code: 'gateway_refused' });
    });

    it('sends a retried charge with the same key, and Mercado Pago’s answer for that key is the first payment', async () => {
      const first = await gateway().charge(chargeRequest({ idempotency_key: 'key-retry', amount: 250 }), NOW);
      const again = await gateway().charge(chargeRequest({ idempotency_key: 'key-retry', amount: 250 }), NOW);
      expect(again).toEqual(first);
      expect(received.map((r) => r.headers['x-idempotency-key'])).toEqual(['key-retry', 'key-retry']);
    });

    it('maps the documented rejection for insufficient funds to declined / insufficient_funds, and the other rejections by status_detail', async () => {
      expect(await gateway().charge(chargeRequest({ token: 'token-fund', idempotency_key: 'key-fund' }), NOW)).toEqual({
        charge_id: '47198050',
        status: 'declined',
        reason: 'insufficient_funds',
        amount: 137,
      });
      const cases: Array<[string, string, Record<string, unknown>]> = [
        ['rejected', 'cc_rejected_high_risk', { status: 'declined', reason: 'suspected_fraud' }],
        ['rejected', 'cc_rejected_blacklist', { status: 'declined', reason: 'suspected_fraud' }],
        ['rejected', 'cc_rejected_bad_filled_security_code', { status: 'declined', reason: 'invalid_card' }],
        ['rejected', 'cc_rejected_bad_filled_date', { status: 'declined', reason: 'expired_card' }],
        ['rejected', 'cc_rejected_call_for_authorize', { status: 'declined', reason: 'not_authorized' }],
        ['rejected', 'cc_rejected_card_disabled', { status: 'declined', reason: 'card_blocked' }],
        ['rejected', 'cc_rejected_other_reason', { status: 'issuer_error', reason: null }],
        ['in_process', 'pending_contingency', { status: 'issuer_error', reason: null }],
      ];
      for (const [status, detail, expected] of cases) {
        next.set('POST /v1/payments', {
          status: 201,
          body: { id: 1, status, status_detail: detail, payment_method_id: 'master', payment_type_id: 'credit_card' },
        });
        expect(await gateway().charge(chargeRequest({ idempotency_key: `key-${detail}` }), NOW), detail).toMatchObject(expected);
      }
    });

    it('answers offline when Mercado Pago fails (5xx) or does not answer, and throws Mercado Pago’s message for an error answer', async () => {
      next.set('POST /v1/payments', error(500, 'internal_error', 'internal_error'));
      expect(await gateway().charge(chargeRequest({ idempotency_key: 'key-500' }), NOW)).toEqual({
        charge_id: null,
        status: 'offline',
        reason: null,
        amount: 137,
      });
      const nowhere = createMercadoPagoGateway({ accessToken: ACCESS_TOKEN, apiUrl: 'http://127.0.0.1:9' });
      expect(await nowhere.charge(chargeRequest(), NOW)).toMatchObject({ status: 'offline', charge_id: null });

      next.set('POST /v1/payments', TOKEN_NOT_FOUND);
      await expect(gateway().charge(chargeRequest({ idempotency_key: 'key-400' }), NOW)).rejects.toThrow(
        new PaymentGatewayError('gateway_refused', 'Mercado Pago payment 400: Invalid card_token_id (cause 2006: Card Token not found)'),
      );
      next.set('POST /v1/payments', error(409, 'Idempotency key already used with another request', 'conflict'));
      await expect(gateway().charge(chargeRequest({ idempotency_key: 'key-409' }), NOW)).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    });
  });

  it('refunds part of a payment in reais, or all of it with an empty body, with the idempotency key', async () => {
    expect(await gateway().refund({ charge_id: '3870106238', amount: 500, idempotency_key: 'refund-key-1' }, NOW)).toEqual({
      refund_id: '1031525123',
      charge_id: '3870106238',
      amount: 500,
    });
    await gateway().refund({ charge_id: '3870106238', idempotency_key: 'refund-key-2' }, NOW);
    expect(received.map((r) => [r.url, r.headers['x-idempotency-key'], r.body])).toEqual([
      ['/v1/payments/3870106238/refunds', 'refund-key-1', { amount: 5 }],
      ['/v1/payments/3870106238/refunds', 'refund-key-2', {}],
    ]);
    next.set('POST /v1/payments/1/refunds', error(404, 'Payment not found', 'not_found'));
    await expect(gateway().refund({ charge_id: '1', idempotency_key: 'refund-key-3' }, NOW)).rejects.toMatchObject({ code: 'charge_not_found' });
  });

  it('is chosen by PAYMENT_GATEWAY=mercadopago with MERCADOPAGO_ACCESS_TOKEN; the sandbox is the demo default, and outside the demo there is none', async () => {
    const saved = structuredClone(config.payments);
    const mode = config.mode;
    const setMode = (m: 'demo' | 'production') => Object.assign(config, { mode: m, demo: m === 'demo', production: m === 'production' });
    try {
      const db = {} as Database;
      setMode('demo');
      expect(defaultPaymentGateway(db).engine).toBe('sandbox');
      config.payments.gateway = 'mercadopago';
      expect(() => defaultPaymentGateway(db)).toThrow('MERCADOPAGO_ACCESS_TOKEN');
      config.payments.mercadoPago.accessToken = ACCESS_TOKEN;
      expect(defaultPaymentGateway(db).engine).toBe('mercadopago');
      config.payments.gateway = 'stripe';
      expect(() => defaultPaymentGateway(db)).toThrow("PAYMENT_GATEWAY must be 'mercadopago' (or 'sandbox' in the demo)");
      // Production: the sandbox is refused, and with no gateway set every call is gateway_offline (no card is ever taken).
      setMode('production');
      config.payments.gateway = 'sandbox';
      expect(() => defaultPaymentGateway(db)).toThrow('only in the demo');
      config.payments.gateway = '';
      const none = defaultPaymentGateway(db);
      expect(none.engine).toBe('none');
      await expect(
        none.charge({ token: 't', brand: 'visa', amount: 100, idempotency_key: 'k', description: 'x', security_code: '123' }, new Date()),
      ).rejects.toMatchObject({ code: 'gateway_offline' });
      await expect(none.tokenise({ number: '4000000000000002', exp_month: 1, exp_year: 2030, cvv: '123' }, { name: 'A' }, new Date())).rejects.toMatchObject({
        code: 'gateway_offline',
      });
    } finally {
      Object.assign(config.payments, saved);
      setMode(mode);
    }
  });
});
