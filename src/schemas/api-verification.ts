// Boundary schemas of the phone and e-mail verification calls (spec section 7 'Phone and email
// verification' [R-7.63..R-7.71]; docs/api.md 'Phone and e-mail verification'). The phone is
// checked and normalised with src/domain/phone.ts afterwards; a code of the wrong shape is a 400.
import { type } from 'arktype';
import { EMAIL_MAX, EMAIL_PATTERN } from './account-fields.ts';
import type { UserView } from './api-accounts.ts';

const phone = type('1 <= string <= 40');
const email = type('string.trim')
  .pipe((s: string) => s.toLowerCase())
  .to(type(EMAIL_PATTERN).describe('an email address').and(`string <= ${EMAIL_MAX}`));
/** 4 digits. */
const code = type(/^\d{4}$/).describe('4 digits');

export const SendPhoneCodeBody = type({ phone, 'method?': "'sms'", '+': 'delete' });
export const ValidatePhoneBody = type({ phone, code, '+': 'delete' });
export const ConfirmPhoneBody = type({ phone, '+': 'delete' });
export const SendEmailCodeBody = type({ email, '+': 'delete' });
export const ValidateEmailBody = type({ email, code, '+': 'delete' });

/** What every verification call answers on success: `success` and a message code. */
export interface VerificationAnswer {
  success: boolean;
  message: 'code_sent' | 'phone_confirmed' | 'phone_verified' | 'phone_not_verified' | 'email_verified' | 'email_not_verified';
  /** The updated user, after a code was accepted. */
  user?: UserView;
}
