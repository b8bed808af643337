// What the customer's bank statement would show of each capture and refund, written to the
// development outbox (channel 'card-statement').
import type { CardBrand } from '../../../domain/card.ts';
import type { Database } from '../../db/database.ts';
import { recordOutboxMessage } from '../../db/outbox-repo.ts';
import { getSandboxCardFace } from '../../db/payment-sandbox-repo.ts';

const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  amex: 'American Express',
  hipercard: 'Hipercard',
  diners: 'Diners Club',
};

/** The statement line a customer's bank would show, as the outbox keeps it. */
export async function statementLine(executor: Database, token: string, text: string, now: Date): Promise<void> {
  const card = await getSandboxCardFace(executor, token);
  const recipient = `${BRAND_NAMES[card.brand as CardBrand] ?? card.brand} •••• ${card.last4}`;
  await recordOutboxMessage(executor, { channel: 'card-statement', recipient, text }, now);
}
