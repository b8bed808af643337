// The promotions' calls the account area makes (docs/api.md 'Credits', 'Referral'), each with what
// its failure is to the screen
// (islands/shared/call-failure.ts).
import { call } from '../../src/client/api.ts';
import type { CreditEntriesAnswer, ReferralAnswer } from '../../src/schemas/api-promotions.ts';
import type { CallPolicy } from '../shared/call-failure.ts';

/** The referral screen's data: the screen is nothing without it (the error page on a server failure ). */
export const REFERRAL_CALL: CallPolicy = { call: 'GET /users/me/referral', role: 'required' };
/** The credits statement in the wallet: a section of its own, whose failure it shows in place with a retry. */
export const CREDITS_CALL: CallPolicy = { call: 'GET /users/me/credits/entries', role: 'in_place' };

export function fetchReferral(establishmentId: string, signal?: AbortSignal): Promise<ReferralAnswer> {
  return call('GET /users/me/referral', { establishmentId, signal });
}

export function fetchCreditEntries(establishmentId: string, signal?: AbortSignal): Promise<CreditEntriesAnswer> {
  return call('GET /users/me/credits/entries', { establishmentId, signal });
}
