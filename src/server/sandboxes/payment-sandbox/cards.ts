// The sandbox's cards: tokenised under a random token (never the number or the CVV), removed by
// marking them so.
import { cvvLength, detectCardBrand, isLuhnValid, stripCardNumber, type CardBrand } from '../../../domain/card.ts';
import type { TokenisedCard } from '../../../schemas/payments.ts';
import { PaymentGatewayError, type CardData, type CardHolder } from '../../adapters/payment-gateway.ts';
import { insertSandboxCard, setSandboxCardOutcome } from '../../db/payment-sandbox-repo.ts';
import { newId, type SandboxAcquirer } from './acquirer.ts';
import { sandboxOutcome } from './outcomes.ts';

/**
 * The outcome of a card the product removed: charging it answers unknown_token, as an acquirer
 * answers a token it has forgotten. The row stays, for the charges and refunds that reference it.
 */
export const REMOVED = 'removed';

/** The card's digits and brand when an acquirer would accept it at `now`, else its refusal. */
function checkCard(card: CardData, now: Date): { number: string; brand: CardBrand } {
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
  return { number, brand };
}

export async function tokeniseCard(acq: SandboxAcquirer, card: CardData, holder: CardHolder, now: Date): Promise<TokenisedCard> {
  const { number, brand } = checkCard(card, now);
  const outcome = sandboxOutcome(number);
  const tokenised: TokenisedCard = { token: newId('tok'), brand, last4: number.slice(-4), exp_month: card.exp_month, exp_year: card.exp_year };
  await insertSandboxCard(acq.db, { ...tokenised, holder_name: holder.name.trim(), outcome, created_at: now.toISOString() });
  return tokenised;
}

export async function removeCard(acq: SandboxAcquirer, token: string): Promise<void> {
  // One update, the same however often it runs: a token never kept, or removed before, changes nothing.
  await setSandboxCardOutcome(acq.db, token, REMOVED);
}
