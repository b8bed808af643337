// The sandbox acquirer (src/server/sandboxes/payment-sandbox.ts) on both engines, through the
// PaymentGateway interface only, against the real database: every test card's brand and outcome
// (docs/payments.md 'Test cards') and the outcome a holder's name chooses for purchases, the
// refusals of bad card data, idempotent charges and refunds
// (50 concurrent identical calls make one charge and one statement line), refund limits, the
// statement lines in the development outbox, no card number or CVV in any of its tables, and a
// removed card that charges nothing more.
import { describe, expect, it } from 'vitest';
import { createSandboxGateway, HOLDER_OUTCOMES, holderOutcome, SANDBOX_TEST_CARDS } from '../../src/server/sandboxes/payment-sandbox.ts';
import { PaymentGatewayError, type CardData, type ChargeRequest, type PaymentGateway } from '../../src/server/adapters/payment-gateway.ts';
import { listOutboxMessages } from '../../src/server/db/outbox-repo.ts';
import type { Database } from '../../src/server/db/database.ts';
import { forEachDatabase } from './helpers/databases.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const HOLDER = { name: 'MARIA DA SILVA', document: '52998224725' };
const card = (number: string, cvv = number.length === 15 ? '1234' : '123'): CardData => ({ number, exp_month: 12, exp_year: 2030, cvv });
const testCard = (brand: string, outcome: string) => SANDBOX_TEST_CARDS.find((c) => c.brand === brand && c.outcome === outcome)!.number;

async function gatewayError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PaymentGatewayError) return err.code;
    throw err;
  }
  throw new Error('expected a PaymentGatewayError');
}

async function count(db: Database, table: 'payment_sandbox_charges' | 'payment_sandbox_refunds'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function statementLines(db: Database) {
  return (await listOutboxMessages(db, 1000)).filter((m) => m.channel === 'card-statement');
}

forEachDatabase('sandbox payment gateway', (ctx) => {
  let gateway: Required<PaymentGateway>;
  let keys = 0;
  const key = () => `key-${++keys}`;
  const charge = (token: string, over: Partial<ChargeRequest> = {}) =>
    gateway.charge({ token, brand: 'visa', amount: 137, idempotency_key: key(), description: 'Cantina Centro', security_code: '123', ...over }, NOW);
  const chargeWith = charge;

  it('tokenises the test card of every brand to its brand, last 4 digits and expiry, and keeps neither number nor CVV', async () => {
    gateway = createSandboxGateway(ctx().db);
    expect(gateway.engine).toBe('sandbox');
    for (const c of SANDBOX_TEST_CARDS) {
      const tokenised = await gateway.tokenise(card(c.number), HOLDER, NOW);
      expect(tokenised).toEqual({
        token: expect.stringMatching(/^tok_[0-9a-f]{24}$/),
        brand: c.brand,
        last4: c.number.slice(-4),
        exp_month: 12,
        exp_year: 2030,
      });
    }
    const brands = new Set(SANDBOX_TEST_CARDS.map((c) => c.brand));
    expect([...brands].sort()).toEqual(['amex', 'elo', 'hipercard', 'mastercard', 'visa']);
    const kept = JSON.stringify(await ctx().db.selectFrom('payment_sandbox_cards').selectAll().execute());
    for (const c of SANDBOX_TEST_CARDS) expect(kept).not.toContain(c.number);
    expect(kept).not.toMatch(/"(123|1234)"/);
    expect(kept).toContain('MARIA DA SILVA');
  });

  it('refuses a number failing the Luhn check, an unknown brand, an expired card and a CVV of the wrong length', async () => {
    expect(await gatewayError(gateway.tokenise(card('4000000000000003'), HOLDER, NOW))).toBe('invalid_card_number');
    expect(await gatewayError(gateway.tokenise(card('9000000000000001'), HOLDER, NOW))).toBe('unknown_brand');
    expect(await gatewayError(gateway.tokenise({ ...card('4000000000000002'), exp_month: 2, exp_year: 2026 }, HOLDER, NOW))).toBe('card_expired');
    // Valid through the last day of its month.
    await expect(gateway.tokenise({ ...card('4000000000000002'), exp_month: 3, exp_year: 2026 }, HOLDER, NOW)).resolves.toMatchObject({ brand: 'visa' });
    expect(await gatewayError(gateway.tokenise(card('4000000000000002', '12'), HOLDER, NOW))).toBe('invalid_cvv');
    expect(await gatewayError(gateway.tokenise(card('370000000000002', '123'), HOLDER, NOW))).toBe('invalid_cvv');
    expect(await gatewayError(charge('tok_nobody'))).toBe('unknown_token');
  });

  it('charges each test card with its outcome: captured, declined for insufficient funds or suspected fraud, issuer error, offline', async () => {
    for (const brand of ['visa', 'mastercard', 'elo', 'amex', 'hipercard']) {
      const tokenOf = async (outcome: string) => (await gateway.tokenise(card(testCard(brand, outcome)), HOLDER, NOW)).token;
      // The brand's own CVV length (4 digits for American Express).
      const charge = (token: string) => chargeWith(token, { security_code: brand === 'amex' ? '1234' : '123' });
      expect(await charge(await tokenOf('approved'))).toEqual({ charge_id: expect.stringMatching(/^ch_/), status: 'captured', reason: null, amount: 137 });
      expect(await charge(await tokenOf('insufficient_funds'))).toEqual({
        charge_id: expect.stringMatching(/^ch_/),
        status: 'declined',
        reason: 'insufficient_funds',
        amount: 137,
      });
      expect(await charge(await tokenOf('suspected_fraud'))).toMatchObject({ status: 'declined', reason: 'suspected_fraud' });
      expect(await charge(await tokenOf('issuer_error'))).toMatchObject({ status: 'issuer_error', reason: null });
      expect(await charge(await tokenOf('offline'))).toEqual({ charge_id: null, status: 'offline', reason: null, amount: 137 });
    }
    // Offline: nothing recorded. The rest: one row each.
    expect(await count(ctx().db, 'payment_sandbox_charges')).toBe(20);
    expect(await gatewayError(charge((await gateway.tokenise(card('4000000000000002'), HOLDER, NOW)).token, { amount: 0 }))).toBe('invalid_amount');
  });

  it('answers a retried charge with its first result and never charges twice; a key reused for another charge is refused', async () => {
    const { token } = await gateway.tokenise(card(testCard('mastercard', 'approved')), HOLDER, NOW);
    const before = await count(ctx().db, 'payment_sandbox_charges');
    const first = await charge(token, { idempotency_key: 'retry-1', amount: 250 });
    const again = await charge(token, { idempotency_key: 'retry-1', amount: 250 });
    expect(again).toEqual(first);
    expect(await count(ctx().db, 'payment_sandbox_charges')).toBe(before + 1);
    expect(await gatewayError(charge(token, { idempotency_key: 'retry-1', amount: 251 }))).toBe('idempotency_key_reused');

    // A declined charge retried is the same decline, not a second attempt.
    const declinedToken = (await gateway.tokenise(card(testCard('visa', 'insufficient_funds')), HOLDER, NOW)).token;
    const declined = await charge(declinedToken, { idempotency_key: 'retry-2' });
    expect(await charge(declinedToken, { idempotency_key: 'retry-2' })).toEqual(declined);
  });

  it('without the CVV only answers the charge made under the key (a recovery), and never charges', async () => {
    const { token } = await gateway.tokenise(card(testCard('visa', 'approved')), HOLDER, NOW);
    const made = await charge(token, { idempotency_key: 'asked-1', amount: 300 });
    expect(await charge(token, { idempotency_key: 'asked-1', amount: 300, security_code: undefined })).toEqual(made);
    const before = await count(ctx().db, 'payment_sandbox_charges');
    expect(await gatewayError(charge(token, { idempotency_key: 'asked-2', amount: 300, security_code: undefined }))).toBe('invalid_cvv');
    expect(await count(ctx().db, 'payment_sandbox_charges')).toBe(before);
  });

  it("chooses a purchase's outcome by the holder's name (Mercado Pago's test names and two of its own), while the card's validation charge goes through", async () => {
    const expected: Record<string, Record<string, unknown>> = {
      APRO: { status: 'captured', reason: null },
      OTHE: { status: 'issuer_error', reason: null },
      CONT: { status: 'issuer_error', reason: null },
      CALL: { status: 'declined', reason: 'not_authorized' },
      FUND: { status: 'declined', reason: 'insufficient_funds' },
      SECU: { status: 'declined', reason: 'invalid_card' },
      EXPI: { status: 'declined', reason: 'expired_card' },
      FORM: { status: 'declined', reason: 'invalid_card' },
      LOCK: { status: 'declined', reason: 'card_blocked' },
      BLAC: { status: 'declined', reason: 'suspected_fraud' },
      CANC: { status: 'declined', reason: 'card_canceled' },
      OFFL: { status: 'offline', reason: null, charge_id: null },
    };
    expect(Object.keys(HOLDER_OUTCOMES).sort()).toEqual(Object.keys(expected).sort());
    for (const [code, outcome] of Object.entries(expected)) {
      // The first word of the name, in any case, as the holder types it.
      const { token } = await gateway.tokenise(card(testCard('visa', 'approved')), { ...HOLDER, name: `${code.toLowerCase()} da Silva` }, NOW);
      expect(await charge(token, { purpose: 'card_verification', amount: 37 }), code).toMatchObject({ status: 'captured', amount: 37 });
      expect(await charge(token, { purpose: 'purchase' }), code).toMatchObject(outcome);
      // A charge that says nothing of its purpose is a purchase.
      expect(await charge(token), code).toMatchObject(outcome);
    }
    // A name that is no test name, or one further in the name, chooses nothing.
    for (const name of ['MARIA DA SILVA', 'MARIA FUND', 'FUNDO SILVA']) {
      const { token } = await gateway.tokenise(card(testCard('visa', 'approved')), { ...HOLDER, name }, NOW);
      expect(await charge(token), name).toMatchObject({ status: 'captured' });
    }
    // A number's outcome holds for every charge, the validation's too, whatever the name.
    const { token } = await gateway.tokenise(card(testCard('visa', 'insufficient_funds')), { ...HOLDER, name: 'APRO' }, NOW);
    expect(await charge(token, { purpose: 'card_verification' })).toMatchObject({ status: 'declined', reason: 'insufficient_funds' });
    expect(holderOutcome('  lock  ')).toBe('card_blocked');
    expect(holderOutcome('')).toBeNull();
  });

  it('makes one charge and one statement line of 50 concurrent identical charges with one key', async () => {
    const { token } = await gateway.tokenise(card(testCard('elo', 'approved')), HOLDER, NOW);
    const chargesBefore = await count(ctx().db, 'payment_sandbox_charges');
    const linesBefore = (await statementLines(ctx().db)).length;
    const request: ChargeRequest = { token, brand: 'elo', amount: 42, idempotency_key: 'burst-1', description: 'Cantina Centro', security_code: '123' };
    const results = await Promise.all(Array.from({ length: 50 }, () => gateway.charge(request, NOW)));
    expect(new Set(results.map((r) => r.charge_id)).size).toBe(1);
    expect(results.every((r) => r.status === 'captured')).toBe(true);
    expect(await count(ctx().db, 'payment_sandbox_charges')).toBe(chargesBefore + 1);
    expect((await statementLines(ctx().db)).length).toBe(linesBefore + 1);
  });

  it('refunds part of a charge, then the rest, never more than was charged; retried refunds refund once; a declined or unknown charge is refused', async () => {
    const { token } = await gateway.tokenise(card(testCard('amex', 'approved')), HOLDER, NOW);
    const captured = await charge(token, { amount: 500, brand: 'amex', security_code: '1234' });
    const chargeId = captured.charge_id!;
    const part = await gateway.refund({ charge_id: chargeId, amount: 200, idempotency_key: 'refund-1' }, NOW);
    expect(part).toEqual({ refund_id: expect.stringMatching(/^re_/), charge_id: chargeId, amount: 200 });
    expect(await gateway.refund({ charge_id: chargeId, amount: 200, idempotency_key: 'refund-1' }, NOW)).toEqual(part);
    expect(await gatewayError(gateway.refund({ charge_id: chargeId, amount: 301, idempotency_key: 'refund-2' }, NOW))).toBe('refund_exceeds_charge');
    expect(await gatewayError(gateway.refund({ charge_id: chargeId, amount: 5, idempotency_key: 'refund-1' }, NOW))).toBe('idempotency_key_reused');

    const refundsBefore = await count(ctx().db, 'payment_sandbox_refunds');
    const rest = await Promise.all(Array.from({ length: 50 }, () => gateway.refund({ charge_id: chargeId, idempotency_key: 'refund-3' }, NOW)));
    expect(new Set(rest.map((r) => r.refund_id)).size).toBe(1);
    expect(rest[0]!.amount).toBe(300);
    expect(await count(ctx().db, 'payment_sandbox_refunds')).toBe(refundsBefore + 1);
    expect(await gatewayError(gateway.refund({ charge_id: chargeId, idempotency_key: 'refund-4' }, NOW))).toBe('refund_exceeds_charge');

    const declinedToken = (await gateway.tokenise(card(testCard('hipercard', 'suspected_fraud')), HOLDER, NOW)).token;
    const declined = await charge(declinedToken, { brand: 'hipercard' });
    expect(await gatewayError(gateway.refund({ charge_id: declined.charge_id!, idempotency_key: 'refund-5' }, NOW))).toBe('charge_not_captured');
    expect(await gatewayError(gateway.refund({ charge_id: 'ch_nothing', idempotency_key: 'refund-6' }, NOW))).toBe('charge_not_found');
  });

  it('forgets a removed card: its charges answer unknown_token; a charge made before answers under its key and goes back; removing it again, or a token never kept, is fine', async () => {
    const { token } = await gateway.tokenise(card(testCard('visa', 'approved')), HOLDER, NOW);
    const { token: kept } = await gateway.tokenise(card(testCard('visa', 'approved')), HOLDER, NOW);
    const before = await charge(token, { idempotency_key: 'before-removal', amount: 90 });
    expect(before).toMatchObject({ status: 'captured' });

    await gateway.removeCard(token, NOW);
    expect(await gatewayError(charge(token))).toBe('unknown_token');
    expect(await gatewayError(charge(token, { security_code: '123' }))).toBe('unknown_token');
    // What was charged before the removal is still the gateway's to answer and to refund.
    expect(await charge(token, { idempotency_key: 'before-removal', amount: 90 })).toEqual(before);
    expect(await gateway.refund({ charge_id: before.charge_id!, idempotency_key: 'before-removal-refund' }, NOW)).toMatchObject({ amount: 90 });

    await gateway.removeCard(token, NOW);
    await gateway.removeCard('tok_nobody', NOW);
    await gateway.removeCard('', NOW);
    expect(await gatewayError(charge(token))).toBe('unknown_token');
    expect(await charge(kept)).toMatchObject({ status: 'captured' });
  });

  it('writes what the bank statement shows into the outbox for each capture and refund, and nothing for a decline', async () => {
    const db = ctx().db;
    const { token } = await gateway.tokenise(card(testCard('visa', 'approved')), HOLDER, NOW);
    const captured = await charge(token, { amount: 37, description: 'Cantina Centro' });
    await gateway.refund({ charge_id: captured.charge_id!, idempotency_key: 'statement-refund' }, NOW);
    const declinedToken = (await gateway.tokenise(card(testCard('visa', 'insufficient_funds')), HOLDER, NOW)).token;
    await charge(declinedToken);
    const [refundLine, captureLine] = await statementLines(db);
    expect(captureLine).toMatchObject({ recipient: 'Visa •••• 0002', text: 'Compra aprovada R$\u00a00,37 Cantina Centro' });
    expect(refundLine).toMatchObject({ recipient: 'Visa •••• 0002', text: 'Estorno R$\u00a00,37 Cantina Centro' });
    expect(JSON.stringify(await listOutboxMessages(db, 1000))).not.toContain('4000000000000002');
  });
});

describe('sandbox test cards', () => {
  it('are Luhn-valid, one per brand and outcome', async () => {
    const { isLuhnValid } = await import('../../src/domain/card.ts');
    expect(SANDBOX_TEST_CARDS).toHaveLength(25);
    for (const c of SANDBOX_TEST_CARDS) expect(isLuhnValid(c.number), c.number).toBe(true);
    expect(new Set(SANDBOX_TEST_CARDS.map((c) => `${c.brand}:${c.outcome}`)).size).toBe(25);
  });
});
