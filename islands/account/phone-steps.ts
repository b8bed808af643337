// The phone drawer's steps (spec screen 18) and where it opens.

export type PhoneStep = 'phone-init' | 'phone-input' | 'phone-add' | 'sms-verification' | 'phone-verification' | 'unexpected-error' | 'sms-error';

/** Where the drawer opens: at phone-init with the registered number, or at phone-add when the user has none. Example: `initialPhoneStep('') === 'phone-add'` */
export function initialPhoneStep(registeredPhone: string | null | undefined): PhoneStep {
  return registeredPhone ? 'phone-init' : 'phone-add';
}
