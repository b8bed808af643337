// The Mercado Pago adapter (src/server/adapters/payment-mercadopago.ts) against a local HTTP server
// standing in for api.mercadopago.com, which records what it receives and answers as Mercado
// Pago's reference and its Node SDK document: the card token call with the documented test card
// (Visa 4235 6477 2802 5682, holder APRO, CPF 01234567890), a payment approved ('accredited'), the
// documented rejection for insufficient funds, a refund, an error answer ({ message, error, status,
// cause }), a server failure and no answer at all, and the X-Idempotency-Key header Mercado Pago
// keys its payments by (the stand-in answers a repeated key with the payment it already made, as
// the documentation says Mercado Pago does). Then which gateway PAYMENT_GATEWAY picks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMercadoPagoGateway } from '../../src/server/adapters/payment-mercadopago.ts';
import { defaultPaymentGateway, PaymentGatewayError, type ChargeRequest } from '../../src/server/adapters/payment-gateway.ts';
import { config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: Record<string, unknown> };

const ACCESS_TOKEN = 'TEST-2529254127464534-110110-0c9a5c1e2e1e1b8a3e1f3b1d0e8f7a6b-1234567';
const NOW = new Date('2026-03-10T12:00:00Z');

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
const approvedPayment = (amount: number) => ({
  id: 3870106238,
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

describe('Mercado Pago payment gateway', () => {
  let server: Server;
  let apiUrl: string;
  const received: Recorded[] = [];
  /** Payments by idempotency key, as Mercado Pago keeps them. */
  const byKey = new Map<string, unknown>();
  /** What the stand-in answers next, when a test sets it. */
  let next: { status: number; body: unknown } | null = null;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (d: Buffer) => (text += d.toString()));
      req.on('end', () => {
        const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        let answer = next;
        next = null;
        const key = req.headers['x-idempotency-key'] as string | undefined;
        if (!answer && req.url === '/v1/card_tokens') answer = { status: 201, body: TOKEN_ANSWER };
        if (!answer && req.url === '/v1/payments') {
          if (key && byKey.has(key)) answer = { status: 201, body: byKey.get(key) };
          else {
            const payment = body.token === 'token-fund' ? REJECTED_PAYMENT : approvedPayment(body.transaction_amount as number);
            if (key) byKey.set(key, payment);
            answer = { status: 201, body: payment };
          }
        }
        const refund = req.url?.match(/^\/v1\/payments\/(\d+)\/refunds$/);
        if (!answer && refund)
          answer = {
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
        answer ??= { status: 404, body: { message: 'resource not found', error: 'not_found', status: 404, cause: [] } };
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

  const gateway = () => createMercadoPagoGateway({ accessToken: ACCESS_TOKEN, apiUrl });
  const chargeRequest = (over: Partial<ChargeRequest> = {}): ChargeRequest => ({
    token: TOKEN_ANSWER.id,
    brand: 'mastercard',
    amount: 137,
    idempotency_key: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f',
    description: 'Cantina Centro',
    payer_email: 'maria@example.com',
    ...over,
  });

  it('tokenises a card with the documented card token request and keeps the token, brand, last 4 digits and expiry', async () => {
    received.length = 0;
    const card = await gateway().tokenise(
      { number: '4235 6477 2802 5682', exp_month: 11, exp_year: 2099, cvv: '123' },
      { name: 'APRO', document: '012.345.678-90' },
      NOW,
    );
    expect(card).toEqual({ token: TOKEN_ANSWER.id, brand: 'visa', last4: '5682', exp_month: 11, exp_year: 2099 });
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/v1/card_tokens');
    expect(req!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.body).toEqual({
      card_number: '4235647728025682',
      expiration_month: '11',
      expiration_year: '2099',
      security_code: '123',
      cardholder: { name: 'APRO', identification: { type: 'CPF', number: '01234567890' } },
    });
  });

  it('charges a token as a one-installment card payment in reais, with the idempotency key in X-Idempotency-Key, and maps approved to captured', async () => {
    received.length = 0;
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
      installments: 1,
      payment_method_id: 'master',
      payer: { email: 'maria@example.com' },
      binary_mode: true,
    });
  });

  it('sends a retried charge with the same key, and Mercado Pago’s answer for that key is the first payment', async () => {
    received.length = 0;
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
      ['rejected', 'cc_rejected_other_reason', { status: 'issuer_error', reason: null }],
      ['in_process', 'pending_contingency', { status: 'issuer_error', reason: null }],
    ];
    for (const [status, detail, expected] of cases) {
      next = { status: 201, body: { id: 1, status, status_detail: detail, payment_method_id: 'master', payment_type_id: 'credit_card' } };
      expect(await gateway().charge(chargeRequest({ idempotency_key: `key-${detail}` }), NOW), detail).toMatchObject(expected);
    }
  });

  it('answers offline when Mercado Pago fails (5xx) or does not answer, and throws Mercado Pago’s message for an error answer', async () => {
    next = { status: 500, body: { message: 'internal_error', error: 'internal_error', status: 500, cause: [] } };
    expect(await gateway().charge(chargeRequest({ idempotency_key: 'key-500' }), NOW)).toEqual({
      charge_id: null,
      status: 'offline',
      reason: null,
      amount: 137,
    });
    const nowhere = createMercadoPagoGateway({ accessToken: ACCESS_TOKEN, apiUrl: 'http://127.0.0.1:9' });
    expect(await nowhere.charge(chargeRequest(), NOW)).toMatchObject({ status: 'offline', charge_id: null });

    next = {
      status: 400,
      body: { message: 'Invalid card_token_id', error: 'bad_request', status: 400, cause: [{ code: 2006, description: 'Card Token not found' }] },
    };
    await expect(gateway().charge(chargeRequest({ idempotency_key: 'key-400' }), NOW)).rejects.toThrow(
      new PaymentGatewayError('gateway_refused', 'Mercado Pago payment 400: Invalid card_token_id (cause 2006: Card Token not found)'),
    );
    next = { status: 409, body: { message: 'Idempotency key already used with another request', error: 'conflict', status: 409, cause: [] } };
    await expect(gateway().charge(chargeRequest({ idempotency_key: 'key-409' }), NOW)).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    next = {
      status: 400,
      body: { message: 'invalid parameters', error: 'bad_request', status: 400, cause: [{ code: 'E205', description: 'invalid expiration_year' }] },
    };
    await expect(gateway().tokenise({ number: '4235647728025682', exp_month: 11, exp_year: 2099, cvv: '123' }, { name: 'APRO' }, NOW)).rejects.toMatchObject({
      code: 'gateway_refused',
    });
  });

  it('refunds part of a payment in reais, or all of it with an empty body, with the idempotency key', async () => {
    received.length = 0;
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
    next = { status: 404, body: { message: 'Payment not found', error: 'not_found', status: 404, cause: [] } };
    await expect(gateway().refund({ charge_id: '1', idempotency_key: 'refund-key-3' }, NOW)).rejects.toMatchObject({ code: 'charge_not_found' });
  });

  it('is chosen by PAYMENT_GATEWAY=mercadopago with MERCADOPAGO_ACCESS_TOKEN; the sandbox is the default', () => {
    const saved = structuredClone(config.payments);
    try {
      const db = {} as Database;
      expect(defaultPaymentGateway(db).engine).toBe('sandbox');
      config.payments.gateway = 'mercadopago';
      expect(() => defaultPaymentGateway(db)).toThrow('MERCADOPAGO_ACCESS_TOKEN');
      config.payments.mercadoPago.accessToken = ACCESS_TOKEN;
      expect(defaultPaymentGateway(db).engine).toBe('mercadopago');
      config.payments.gateway = 'stripe';
      expect(() => defaultPaymentGateway(db)).toThrow("PAYMENT_GATEWAY must be 'sandbox' or 'mercadopago'");
    } finally {
      Object.assign(config.payments, saved);
    }
  });
});
