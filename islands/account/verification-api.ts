// The phone and e-mail verification calls (docs/api.md 'Phone and e-mail verification'). The phone
// code calls are silent in the global policy: the drawer and the e-mail block show their
// own states and toasts [R-8.50..R-8.52]; reportFailure still logs them and ends a dead session.
import { api } from '../../src/client/api.ts';
import type { VerificationAnswer } from '../../src/schemas/api-verification.ts';
import type { CallPolicy } from '../shared/call-failure.ts';

export const PHONE_CALL: CallPolicy = { call: 'phone verification', role: 'action', silentCall: true };
export const EMAIL_CALL: CallPolicy = { call: 'e-mail verification', role: 'action', silentCall: true };

export const sendPhoneCode = (establishmentId: string, phone: string) =>
  api<VerificationAnswer>('/users/me/generate_code_validate_phone', { method: 'PUT', body: { phone, method: 'sms' }, establishmentId });
export const confirmPhone = (establishmentId: string, phone: string) =>
  api<VerificationAnswer>('/users/me/confirm-phone', { method: 'PUT', body: { phone }, establishmentId });
export const validatePhone = (establishmentId: string, phone: string, code: string) =>
  api<VerificationAnswer>('/users/me/validate_phone', { method: 'PUT', body: { phone, code }, establishmentId });
export const sendEmailCode = (establishmentId: string, email: string) =>
  api<VerificationAnswer>('/users/email/validate/create', { method: 'POST', body: { email }, establishmentId });
export const validateEmail = (establishmentId: string, email: string, code: string) =>
  api<VerificationAnswer>('/users/email/validate', { method: 'PUT', body: { code, email }, establishmentId });
