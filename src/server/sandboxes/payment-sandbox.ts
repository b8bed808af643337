// The sandbox acquirer built into the server: the default payment gateway of the demo and the
// tests'. It behaves like a card acquirer without moving money. A card's outcome is chosen by its
// number (docs/payments.md 'Test cards'): the two digits before the Luhn check digit are 51
// (declined, insufficient funds), 59 (declined, suspected fraud), 96 (issuer error) or 91 (the
// gateway is offline), for every charge of the card. Any other Luhn-valid number of a known brand
// is approved, unless its holder's name chooses the outcome of its purchases, as Mercado Pago's test
// cards do ('FUND SILVA': declined for insufficient funds; HOLDER_OUTCOMES): the micro-charge that
// validates the card is approved, the orders it pays then get that outcome. It keeps its own
// records (payment_sandbox_* tables): a random token for each card, never its number or CVV, and
// every charge and refund with its idempotency key, unique, so any number of concurrent retries of
// one call make one row. Each capture and refund also writes what the customer's bank statement
// would show into the development outbox (channel 'card-statement'). A card removed (removeCard)
// keeps its row, which its charges reference, with the outcome 'removed': a charge of it is
// unknown_token.
import { randomBytes } from 'node:crypto';
import { cvvLength, detectCardBrand, isLuhnValid, stripCardNumber, type CardBrand } from '../../domain/card.ts';
import { formatBRL } from '../../domain/money.ts';
import type { ChargeResult, DeclineReason, RefundResult, TokenisedCard } from '../../schemas/payments.ts';
import type { Database } from '../db/database.ts';
import { recordOutboxMessage } from '../db/outbox-repo.ts';
import {
  addSandboxChargeRefunded,
  getSandboxCard,
  getSandboxCardFace,
  getSandboxCharge,
  getSandboxChargeByKey,
  getSandboxRefundByKey,
  insertSandboxCard,
  insertSandboxChargeOnce,
  insertSandboxRefundOnce,
  setSandboxCardOutcome,
} from '../db/payment-sandbox-repo.ts';
import type { PaymentSandboxChargeRow } from '../db/types.ts';
import { PaymentGatewayError, type ChargeRequest, type PaymentGateway, type RefundRequest } from '../adapters/payment-gateway.ts';

/** What a charge of a sandbox card does: approved, declined for a reason (DeclineReason), an issuer error, or offline. */
export type SandboxOutcome = 'approved' | DeclineReason | 'issuer_error' | 'offline';

/** The outcome digits (the two before the check digit) and what they do. */
const OUTCOME_DIGITS: Record<string, SandboxOutcome> = {
  '51': 'insufficient_funds',
  '59': 'suspected_fraud',
  '96': 'issuer_error',
  '91': 'offline',
};

/** One Luhn-valid test card per brand and outcome; docs/payments.md lists the same table. */
export const SANDBOX_TEST_CARDS: ReadonlyArray<{ number: string; brand: CardBrand; outcome: SandboxOutcome }> = [
  { number: '4000000000000002', brand: 'visa', outcome: 'approved' },
  { number: '4000000000000515', brand: 'visa', outcome: 'insufficient_funds' },
  { number: '4000000000000598', brand: 'visa', outcome: 'suspected_fraud' },
  { number: '4000000000000960', brand: 'visa', outcome: 'issuer_error' },
  { number: '4000000000000911', brand: 'visa', outcome: 'offline' },
  { number: '5100000000000008', brand: 'mastercard', outcome: 'approved' },
  { number: '5100000000000511', brand: 'mastercard', outcome: 'insufficient_funds' },
  { number: '5100000000000594', brand: 'mastercard', outcome: 'suspected_fraud' },
  { number: '5100000000000966', brand: 'mastercard', outcome: 'issuer_error' },
  { number: '5100000000000917', brand: 'mastercard', outcome: 'offline' },
  { number: '5066990000000002', brand: 'elo', outcome: 'approved' },
  { number: '5066990000000515', brand: 'elo', outcome: 'insufficient_funds' },
  { number: '5066990000000598', brand: 'elo', outcome: 'suspected_fraud' },
  { number: '5066990000000960', brand: 'elo', outcome: 'issuer_error' },
  { number: '5066990000000911', brand: 'elo', outcome: 'offline' },
  { number: '370000000000002', brand: 'amex', outcome: 'approved' },
  { number: '370000000000515', brand: 'amex', outcome: 'insufficient_funds' },
  { number: '370000000000598', brand: 'amex', outcome: 'suspected_fraud' },
  { number: '370000000000960', brand: 'amex', outcome: 'issuer_error' },
  { number: '370000000000911', brand: 'amex', outcome: 'offline' },
  { number: '6062820000000003', brand: 'hipercard', outcome: 'approved' },
  { number: '6062820000000516', brand: 'hipercard', outcome: 'insufficient_funds' },
  { number: '6062820000000599', brand: 'hipercard', outcome: 'suspected_fraud' },
  { number: '6062820000000961', brand: 'hipercard', outcome: 'issuer_error' },
  { number: '6062820000000912', brand: 'hipercard', outcome: 'offline' },
];

/** What charging a card with this number does in the sandbox. */
export function sandboxOutcome(cardNumber: string): SandboxOutcome {
  const digits = stripCardNumber(cardNumber);
  return OUTCOME_DIGITS[digits.slice(-3, -1)] ?? 'approved';
}

/**
 * The outcome a card holder's name chooses for the card's purchases (its first word, in any case):
 * Mercado Pago's test names (its 'Test cards' page), mapped as its engine maps their answers
 * (payment-mercadopago.ts), and two of the sandbox's own for what Mercado Pago has no name for.
 * docs/payments.md 'Test cards' lists the same, with the message each gives the customer.
 */
export const HOLDER_OUTCOMES: Readonly<Record<string, SandboxOutcome>> = {
  /** Approved. */
  APRO: 'approved',
  /** Mercado Pago: declined for a general error (cc_rejected_other_reason). */
  OTHE: 'issuer_error',
  /** Mercado Pago: pending payment; the issuer did not decide. */
  CONT: 'issuer_error',
  /** Mercado Pago: declined, call the issuer to authorise (cc_rejected_call_for_authorize). */
  CALL: 'not_authorized',
  /** Mercado Pago: declined for insufficient funds (cc_rejected_insufficient_amount). */
  FUND: 'insufficient_funds',
  /** Mercado Pago: declined for an invalid security code (cc_rejected_bad_filled_security_code). */
  SECU: 'invalid_card',
  /** Mercado Pago: declined for the expiry date (cc_rejected_bad_filled_date). */
  EXPI: 'expired_card',
  /** Mercado Pago: declined for a form error (cc_rejected_bad_filled_other). */
  FORM: 'invalid_card',
  /** Mercado Pago: declined, the card is disabled (cc_rejected_card_disabled). */
  LOCK: 'card_blocked',
  /** Mercado Pago: declined, the card is on a blacklist (cc_rejected_blacklist). */
  BLAC: 'suspected_fraud',
  /** The sandbox's own: declined, the issuer cancelled the card. */
  CANC: 'card_canceled',
  /** The sandbox's own: the gateway does not answer (nothing charged). */
  OFFL: 'offline',
};

/** The outcome a holder's name chooses for purchases, or null when it chooses none. Example: `holderOutcome('fund da silva') === 'insufficient_funds'` */
export function holderOutcome(holderName: string): SandboxOutcome | null {
  const first = holderName.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  return Object.hasOwn(HOLDER_OUTCOMES, first) ? HOLDER_OUTCOMES[first]! : null;
}

const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  amex: 'American Express',
  hipercard: 'Hipercard',
  diners: 'Diners Club',
};

/** The outcome as the charge's status and decline reason. */
function chargeOutcome(outcome: SandboxOutcome): { status: 'captured' | 'declined' | 'issuer_error'; reason: DeclineReason | null } {
  if (outcome === 'approved') return { status: 'captured', reason: null };
  if (outcome === 'issuer_error' || outcome === 'offline') return { status: 'issuer_error', reason: null };
  return { status: 'declined', reason: outcome };
}

/**
 * The outcome of a card the product removed: charging it answers unknown_token, as an acquirer
 * answers a token it has forgotten. The row stays, for the charges and refunds that reference it.
 */
const REMOVED = 'removed';

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function chargeResult(row: PaymentSandboxChargeRow): ChargeResult {
  return {
    charge_id: row.id,
    status: row.status as ChargeResult['status'],
    reason: (row.reason as DeclineReason | null) ?? null,
    amount: row.amount,
  };
}

function assertPositiveCents(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new PaymentGatewayError('invalid_amount', `amount must be whole centavos > 0, got ${amount}`);
}

/**
 * The sandbox acquirer on `db`. `latencyMs` makes each charge take that long, half before the
 * charge is recorded and half after, as a real acquirer's network does: a process that dies in
 * the middle leaves a request that never reached it, or a charge whose answer never came back.
 * `faults` is for tests only (withChargeFaults); the server never sets it.
 */
export function createSandboxGateway(db: Database, options: { latencyMs?: number; faults?: SandboxChargeFaults } = {}): Required<PaymentGateway> {
  const half = Math.max(0, (options.latencyMs ?? 0) / 2);
  const travel = () => (half > 0 ? new Promise((resolve) => setTimeout(resolve, half)) : Promise.resolve());
  /** The statement line a customer's bank would show, as the outbox keeps it. */
  async function statementLine(executor: Database, token: string, text: string, now: Date): Promise<void> {
    const card = await getSandboxCardFace(executor, token);
    const recipient = `${BRAND_NAMES[card.brand as CardBrand] ?? card.brand} •••• ${card.last4}`;
    await recordOutboxMessage(executor, { channel: 'card-statement', recipient, text }, now);
  }

  const gateway: Required<PaymentGateway> = {
    engine: 'sandbox',

    async tokenise(card, holder, now) {
      const number = stripCardNumber(card.number);
      if (number.length < 13 || number.length > 19 || !isLuhnValid(number)) throw new PaymentGatewayError('invalid_card_number');
      const brand = detectCardBrand(number);
      if (!brand) throw new PaymentGatewayError('unknown_brand');
      const month = card.exp_month;
      const year = card.exp_year;
      if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 2000 || year > 2099)
        throw new PaymentGatewayError('card_expired', 'invalid expiry');
      // A card is valid through the last day of its month (UTC is close enough for a sandbox).
      if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) throw new PaymentGatewayError('card_expired');
      if (!/^\d+$/.test(card.cvv) || card.cvv.length !== cvvLength(brand)) throw new PaymentGatewayError('invalid_cvv');
      const outcome = sandboxOutcome(number);

      const tokenised: TokenisedCard = { token: newId('tok'), brand, last4: number.slice(-4), exp_month: month, exp_year: year };
      await insertSandboxCard(db, { ...tokenised, holder_name: holder.name.trim(), outcome, created_at: now.toISOString() });
      return tokenised;
    },

    async charge(request, now) {
      assertPositiveCents(request.amount);
      await travel();
      const same = (row: PaymentSandboxChargeRow) => {
        if (row.token !== request.token || row.amount !== request.amount)
          throw new PaymentGatewayError('idempotency_key_reused', 'the idempotency key was used for another charge');
        return chargeResult(row);
      };
      const byKey = () => getSandboxChargeByKey(db, request.idempotency_key);

      const earlier = await byKey();
      if (earlier) return same(earlier);
      // Without the CVV a charge is a question about the one made under its key (a recovery after a
      // lost answer), never a new charge: nothing was charged, so a new charge needs the CVV.
      if (request.security_code === undefined) throw new PaymentGatewayError('invalid_cvv', 'no charge under this key; a new charge needs the CVV');
      const card = await getSandboxCard(db, request.token);
      if (!card) throw new PaymentGatewayError('unknown_token');
      if (card.outcome === REMOVED) throw new PaymentGatewayError('unknown_token', 'the card was removed');
      // An issuer checks a CVV sent with a charge; the sandbox checks its length for the brand.
      if (request.security_code !== undefined && (!/^\d+$/.test(request.security_code) || request.security_code.length !== cvvLength(card.brand as CardBrand)))
        throw new PaymentGatewayError('invalid_cvv');
      // The number's outcome holds for every charge; an approved number's purchases get the one its
      // holder's name chooses, while the micro-charge that validates the card goes through.
      const byNumber = card.outcome as SandboxOutcome;
      const outcome = byNumber === 'approved' && request.purpose !== 'card_verification' ? (holderOutcome(card.holder_name) ?? byNumber) : byNumber;
      // Nothing reached an acquirer: no record, so the same key may be tried again.
      if (outcome === 'offline') return { charge_id: null, status: 'offline', reason: null, amount: request.amount };

      const { status, reason } = chargeOutcome(outcome);
      const row: PaymentSandboxChargeRow = {
        id: newId('ch'),
        idempotency_key: request.idempotency_key,
        token: request.token,
        amount: request.amount,
        description: request.description,
        status,
        reason,
        refunded: 0,
        created_at: now.toISOString(),
      };
      await db.transaction().execute(async (trx) => {
        // Concurrent calls with one key: the unique key lets one insert through; the others (on
        // PostgreSQL, once the first commits) insert nothing and read that row below.
        const inserted = await insertSandboxChargeOnce(trx, row);
        if (inserted && row.status === 'captured') await statementLine(trx, row.token, `Compra aprovada ${formatBRL(row.amount)} ${row.description}`, now);
      });
      const first = await byKey();
      if (!first) throw new Error('sandbox: charge row missing after insert');
      await travel();
      return same(first);
    },

    async refund(request, now) {
      if (request.amount !== undefined) assertPositiveCents(request.amount);
      const byKey = () => getSandboxRefundByKey(db, request.idempotency_key);
      const same = (row: { id: string; charge_id: string; amount: number }): RefundResult => {
        if (row.charge_id !== request.charge_id || (request.amount !== undefined && row.amount !== request.amount))
          throw new PaymentGatewayError('idempotency_key_reused', 'the idempotency key was used for another refund');
        return { refund_id: row.id, charge_id: row.charge_id, amount: row.amount };
      };

      const earlier = await byKey();
      if (earlier) return same(earlier);
      try {
        await refundOnce(request, now);
      } catch (err) {
        // A concurrent call with the same key may have refunded first (what remained is then 0):
        // its refund is this call's answer.
        const first = await byKey();
        if (first) return same(first);
        throw err;
      }
      const first = await byKey();
      if (!first) throw new Error('sandbox: refund row missing after insert');
      return same(first);
    },

    async removeCard(token) {
      // One update, the same however often it runs: a token never kept, or removed before, changes nothing.
      await setSandboxCardOutcome(db, token, REMOVED);
    },
  };
  return options.faults ? withChargeFaults(gateway, options.faults) : gateway;

  /** Records one refund under the request's key, unless that key already has one. */
  async function refundOnce(request: RefundRequest, now: Date): Promise<void> {
    const charge = await getSandboxCharge(db, request.charge_id);
    if (!charge) throw new PaymentGatewayError('charge_not_found');
    if (charge.status !== 'captured') throw new PaymentGatewayError('charge_not_captured');
    const amount = request.amount ?? charge.amount - charge.refunded;
    if (amount <= 0) throw new PaymentGatewayError('refund_exceeds_charge');

    const id = newId('re');
    await db.transaction().execute(async (trx) => {
      const inserted = await insertSandboxRefundOnce(trx, {
        id,
        idempotency_key: request.idempotency_key,
        charge_id: charge.id,
        amount,
        created_at: now.toISOString(),
      });
      if (!inserted) return;
      // One conditional update: two different refunds at once never return more than was charged.
      if (!(await addSandboxChargeRefunded(trx, charge.id, amount))) throw new PaymentGatewayError('refund_exceeds_charge');
      await statementLine(trx, charge.token, `Estorno ${formatBRL(amount)} ${charge.description}`, now);
    });
  }
}

/**
 * Test-only faults of the sandbox acquirer (createSandboxGateway's `faults`; the server never sets
 * them): what a real acquirer's network does to a charge, chosen per call, so that the tests can
 * prove how the order code handles an outcome it cannot know.
 */
export interface SandboxChargeFaults {
  /**
   * For a charge sent with its CVV: 'lost_answer' makes the charge and loses its answer (a timeout
   * after the acquirer took it), 'unavailable' fails before anything is charged (a 5xx). Both are
   * answered 'offline', as the Mercado Pago engine answers a timeout or a 5xx.
   */
  charge?: (request: ChargeRequest) => 'lost_answer' | 'unavailable' | null;
  /**
   * For an ask (a charge without its CVV): true answers that no charge was made under the key even
   * when one was, as Mercado Pago's payment search may for a while after the payment.
   */
  searchLags?: (request: ChargeRequest) => boolean;
}

/** The gateway with `faults` applied to its charges; every other call as it is. */
export function withChargeFaults(gateway: Required<PaymentGateway>, faults: SandboxChargeFaults): Required<PaymentGateway> {
  const offline = (request: ChargeRequest): ChargeResult => ({ charge_id: null, status: 'offline', reason: null, amount: request.amount });
  return {
    ...gateway,
    async charge(request, now) {
      if (request.security_code === undefined) {
        if (faults.searchLags?.(request)) throw new PaymentGatewayError('invalid_cvv', `no charge found under key ${request.idempotency_key} (yet)`);
        return gateway.charge(request, now);
      }
      const fault = faults.charge?.(request) ?? null;
      if (fault === 'unavailable') return offline(request);
      const result = await gateway.charge(request, now);
      return fault === 'lost_answer' ? offline(request) : result;
    },
  };
}
