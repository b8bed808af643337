// The phone drawer's steps (spec screen 18) and the data they share (spec section 3,
// 'Phone verification shared data' ): the phone (as typed, formatted, full with +55), the
// verification (the code being typed, the sends so far) and the errors. A reducer, so every step
// reads one state and a change of step clears the errors of the last one.
import { maskPhone, phoneDigits, phoneE164, validatePhone } from '../../src/domain/phone.ts';

export type PhoneStep = 'phone-init' | 'phone-input' | 'phone-add' | 'sms-verification' | 'phone-verification' | 'unexpected-error' | 'sms-error';

/** Where the drawer opens: at phone-init with the registered number, or at phone-add when the user has none. Example: `initialPhoneStep('') === 'phone-add'` */
export function initialPhoneStep(registeredPhone: string | null | undefined): PhoneStep {
  return registeredPhone ? 'phone-init' : 'phone-add';
}

export interface PhoneVerificationState {
  step: PhoneStep;
  /** The number typed: `raw` digits, `formatted` with the mask, `full` with +55 ('' until complete). */
  phone: { raw: string; formatted: string; full: string };
  /** National digits of the number the code was sent to; '' before the first send. */
  target: string;
  /** The code as typed and how many codes were sent (resending counts ). */
  verification: { code: string; attempts: number };
  errors: { phone: string; code: string };
}

export type PhoneVerificationAction =
  | { type: 'go'; step: PhoneStep }
  | { type: 'type-phone'; input: string }
  | { type: 'phone-error'; text: string; clear?: boolean }
  | { type: 'sent'; target: string }
  | { type: 'type-code'; input: string; length: number }
  | { type: 'code-error'; text: string };

/** The phone as the state keeps it, from what was typed. Example: `phoneOf('11987654321').formatted === '(11) 98765-4321'` */
export function phoneOf(input: string): PhoneVerificationState['phone'] {
  const raw = phoneDigits(input);
  const checked = validatePhone(raw);
  return { raw, formatted: maskPhone(raw), full: checked.ok ? phoneE164(checked.digits) : '' };
}

export function initialPhoneState(registeredPhone: string | null | undefined): PhoneVerificationState {
  return {
    step: initialPhoneStep(registeredPhone),
    phone: phoneOf(''),
    target: '',
    verification: { code: '', attempts: 0 },
    errors: { phone: '', code: '' },
  };
}

export function phoneVerificationReducer(state: PhoneVerificationState, action: PhoneVerificationAction): PhoneVerificationState {
  switch (action.type) {
    case 'go':
      return { ...state, step: action.step, errors: { phone: '', code: '' } };
    case 'type-phone':
      return { ...state, phone: phoneOf(action.input) };
    case 'phone-error':
      // A typed number that does not match is cleared as well.
      return { ...state, phone: action.clear ? phoneOf('') : state.phone, errors: { ...state.errors, phone: action.text } };
    case 'sent':
      return {
        ...state,
        step: 'sms-verification',
        target: action.target,
        verification: { code: '', attempts: state.verification.attempts + 1 },
        errors: { phone: '', code: '' },
      };
    case 'type-code':
      return { ...state, verification: { ...state.verification, code: phoneDigits(action.input).slice(0, action.length) } };
    case 'code-error':
      return { ...state, verification: { ...state.verification, code: '' }, errors: { ...state.errors, code: action.text } };
  }
}
