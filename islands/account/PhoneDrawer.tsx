// The phone verification drawer with its steps: phone-init (the registered number:
// confirm it or change it; a user with no phone starts at phone-add ), phone-input (retype
// the registered number ), phone-add (a new number), sms-verification (the 4-digit
// code, sent as soon as it is complete; resending counts ), phone-verification
// (confirmed), unexpected-error and sms-error (429; a send budget other than the
// phone's own names itself there, and offers only 'Depois'). 'Depois' closes it;
// it is unmounted on close, so it always opens afresh. phone_verified comes only from the
// server's answer.
import { t } from '../../src/i18n/index.ts';
import type { UserView } from '../../src/schemas/api-accounts.ts';
import { Dialog } from '../shared/Dialog.tsx';
import type { ContactUser } from './ContactVerification.tsx';
import { PhoneErrorStep, PhoneVerifiedStep, SmsCodeStep } from './PhoneCodeSteps.tsx';
import { PhoneInitStep, PhoneNumberStep } from './PhoneNumberSteps.tsx';
import type { PhoneStep } from './phone-steps.ts';
import { usePhoneVerification } from './usePhoneVerification.ts';

export type { PhoneStep };

export function PhoneDrawer({
  establishmentId,
  user,
  onClose,
  onVerified,
}: {
  establishmentId: string;
  user: ContactUser;
  onClose: () => void;
  onVerified: (user: UserView) => void;
}) {
  const flow = usePhoneVerification(establishmentId, user, onVerified);
  const { uid, step } = flow;

  const body = (() => {
    switch (step) {
      case 'phone-init':
        return <PhoneInitStep flow={flow} user={user} onClose={onClose} />;
      case 'phone-input':
      case 'phone-add':
        return <PhoneNumberStep flow={flow} user={user} />;
      case 'sms-verification':
        return <SmsCodeStep flow={flow} />;
      case 'phone-verification':
        return <PhoneVerifiedStep target={flow.target} onClose={onClose} />;
      case 'unexpected-error':
      case 'sms-error':
        return <PhoneErrorStep flow={flow} user={user} onClose={onClose} />;
    }
  })();

  return (
    <Dialog titleId={`${uid}-title`} title={t('account:verification.drawerTitle')} onClose={onClose} hook={{ 'data-phone-drawer': step }}>
      <div className="p-4 md:p-6">{body}</div>
    </Dialog>
  );
}
