// The phone and e-mail verification calls (docs/api.md 'Phone and e-mail verification'). The phone
// code calls are silent in the global policy: the drawer and the e-mail block show their
// own states and toasts [R-8.50..R-8.52]; reportFailure still logs them and ends a dead session.
import { ApiFailure, call } from '../../src/client/api.ts';
import type { CallPolicy } from '../shared/call-failure.ts';

export const PHONE_CALL: CallPolicy = { call: 'phone verification', role: 'action', silentCall: true };
export const EMAIL_CALL: CallPolicy = { call: 'e-mail verification', role: 'action', silentCall: true };

export const sendPhoneCode = (establishmentId: string, phone: string) =>
  call('PUT /users/me/generate_code_validate_phone', { body: { phone, method: 'sms' }, establishmentId });
export const confirmPhone = (establishmentId: string, phone: string) => call('PUT /users/me/confirm-phone', { body: { phone }, establishmentId });
export const validatePhone = (establishmentId: string, phone: string, code: string) =>
  call('PUT /users/me/validate_phone', { body: { phone, code }, establishmentId });
export const sendEmailCode = (establishmentId: string, email: string) => call('POST /users/email/validate/create', { body: { email }, establishmentId });
export const validateEmail = (establishmentId: string, email: string, code: string) =>
  call('PUT /users/email/validate', { body: { code, email }, establishmentId });

/**
 * The send budgets beyond a phone's or address's own 3 per 15 minutes (docs/api.md 'Phone and
 * e-mail verification'): a refused send with one of these codes says which, in account:errors.<code>;
 * the phone's own (too_many_codes) keeps the spec's text.
 */
const BUDGET_CODES: ReadonlySet<string> = new Set(['too_many_codes_account', 'too_many_destinations', 'too_many_codes_ip', 'too_many_codes_global']);

/** The budget a refused send ran into, or null for any other failure. Example: `sendBudgetCode(new ApiFailure(429, 'too_many_destinations')) === 'too_many_destinations'` */
export function sendBudgetCode(err: unknown): string | null {
  return err instanceof ApiFailure && err.status === 429 && BUDGET_CODES.has(err.code) ? err.code : null;
}
