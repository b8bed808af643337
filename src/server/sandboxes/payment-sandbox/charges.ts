// The sandbox's charges: each under its idempotency key (unique, so concurrent retries make one
// row), with the outcome its card chooses; a capture writes its statement line.
import { cvvLength, type CardBrand } from '../../../domain/card.ts';
import { formatBRL } from '../../../domain/money.ts';
import type { ChargeResult, DeclineReason } from '../../../schemas/payments.ts';
import { PaymentGatewayError, type ChargeRequest } from '../../adapters/payment-gateway.ts';
import { getSandboxCard, getSandboxChargeByKey, insertSandboxChargeOnce } from '../../db/payment-sandbox-repo.ts';
import type { PaymentSandboxCardRow, PaymentSandboxChargeRow } from '../../db/types.ts';
import { assertPositiveCents, newId, type SandboxAcquirer } from './acquirer.ts';
import { REMOVED } from './cards.ts';
import { chargeOutcome, holderOutcome, type SandboxOutcome } from './outcomes.ts';
import { statementLine } from './statement.ts';

function chargeResult(row: PaymentSandboxChargeRow): ChargeResult {
  return {
    charge_id: row.id,
    status: row.status as ChargeResult['status'],
    reason: (row.reason as DeclineReason | null) ?? null,
    amount: row.amount,
  };
}

/** The charge under the request's key answered, when the request is its retry (the same card and amount). */
function sameCharge(row: PaymentSandboxChargeRow, request: ChargeRequest): ChargeResult {
  if (row.token !== request.token || row.amount !== request.amount)
    throw new PaymentGatewayError('idempotency_key_reused', 'the idempotency key was used for another charge');
  return chargeResult(row);
}

/** The card the request charges, when it can be charged with the CVV sent. */
async function chargeableCard(acq: SandboxAcquirer, request: ChargeRequest & { security_code: string }): Promise<PaymentSandboxCardRow> {
  const card = await getSandboxCard(acq.db, request.token);
  if (!card) throw new PaymentGatewayError('unknown_token');
  if (card.outcome === REMOVED) throw new PaymentGatewayError('unknown_token', 'the card was removed');
  // An issuer checks a CVV sent with a charge; the sandbox checks its length for the brand.
  if (!/^\d+$/.test(request.security_code) || request.security_code.length !== cvvLength(card.brand as CardBrand)) throw new PaymentGatewayError('invalid_cvv');
  return card;
}

/**
 * The number's outcome holds for every charge; an approved number's purchases get the one its
 * holder's name chooses, while the micro-charge that validates the card goes through.
 */
function outcomeOf(card: PaymentSandboxCardRow, request: ChargeRequest): SandboxOutcome {
  const byNumber = card.outcome as SandboxOutcome;
  return byNumber === 'approved' && request.purpose !== 'card_verification' ? (holderOutcome(card.holder_name) ?? byNumber) : byNumber;
}

/** Records the charge unless its key already has one, with its statement line when captured. */
async function recordCharge(acq: SandboxAcquirer, row: PaymentSandboxChargeRow, now: Date): Promise<void> {
  await acq.db.transaction().execute(async (trx) => {
    // Concurrent calls with one key: the unique key lets one insert through; the others (on
    // PostgreSQL, once the first commits) insert nothing and read that row below.
    const inserted = await insertSandboxChargeOnce(trx, row);
    if (inserted && row.status === 'captured') await statementLine(trx, row.token, `Compra aprovada ${formatBRL(row.amount)} ${row.description}`, now);
  });
}

export async function chargeCard(acq: SandboxAcquirer, request: ChargeRequest, now: Date): Promise<ChargeResult> {
  assertPositiveCents(request.amount);
  await acq.travel();
  const earlier = await getSandboxChargeByKey(acq.db, request.idempotency_key);
  if (earlier) return sameCharge(earlier, request);
  // Without the CVV a charge is a question about the one made under its key (a recovery after a
  // lost answer), never a new charge: nothing was charged, so a new charge needs the CVV.
  if (request.security_code === undefined) throw new PaymentGatewayError('invalid_cvv', 'no charge under this key; a new charge needs the CVV');
  const outcome = outcomeOf(await chargeableCard(acq, { ...request, security_code: request.security_code }), request);
  // Nothing reached an acquirer: no record, so the same key may be tried again.
  if (outcome === 'offline') return { charge_id: null, status: 'offline', reason: null, amount: request.amount };
  const { status, reason } = chargeOutcome(outcome);
  const { idempotency_key, token, amount, description } = request;
  await recordCharge(acq, { id: newId('ch'), idempotency_key, token, amount, description, status, reason, refunded: 0, created_at: now.toISOString() }, now);
  const first = await getSandboxChargeByKey(acq.db, request.idempotency_key);
  if (!first) throw new Error('sandbox: charge row missing after insert');
  await acq.travel();
  return sameCharge(first, request);
}
