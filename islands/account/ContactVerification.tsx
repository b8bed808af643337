// 'Meus dados' verification block: the phone (opens the phone drawer, ./PhoneDrawer.tsx) and the
// e-mail (a code sent to the address and typed back here, ./EmailVerification.tsx). Each says
// 'Verificado' only when the server's answer says so.
import { useId, useState } from 'react';
import { maskPhone } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import type { UserView } from '../../src/schemas/api-accounts.ts';
import { Button } from '../shared/Button.tsx';
import { EmailVerification } from './EmailVerification.tsx';
import { PhoneDrawer } from './PhoneDrawer.tsx';

/** What the block reads of the user: the checkout passes the session's user, 'Meus dados' the profile. */
export type ContactUser = Pick<UserView, 'phone' | 'email' | 'phone_verified' | 'email_verified'>;

function Status({ verified, hook }: { verified: boolean; hook: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${verified ? 'bg-green-100 text-green-900' : 'bg-surface text-ink'}`}
      data-verified={verified ? 'true' : 'false'}
      data-contact-status={hook}
    >
      {t(verified ? 'account:verification.verified' : 'account:verification.notVerified')}
    </span>
  );
}

export function ContactVerification({
  establishmentId,
  user,
  onUser,
  level = 'h3',
}: {
  establishmentId: string;
  user: ContactUser;
  onUser: (u: UserView) => void;
  /** The heading's level where the block sits ('h4' inside the checkout's payment section). */
  level?: 'h3' | 'h4';
}) {
  const uid = useId();
  const Heading = level;
  const [drawer, setDrawer] = useState<HTMLElement | null>(null);
  return (
    <section aria-labelledby={`${uid}-title`} className="flex flex-col gap-4 border-t border-t-solid border-line pt-5" data-contact-verification>
      <div>
        <Heading id={`${uid}-title`} className="m-0 text-lg font-bold">
          {t('account:verification.title')}
        </Heading>
        <p className="m-0 text-sm text-muted">{t('account:verification.intro')}</p>
      </div>
      <div className="flex flex-col gap-2" data-phone-block>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{t('account:verification.phoneLabel')}</span>
          <span>{user.phone ? maskPhone(user.phone) : t('account:verification.noPhone')}</span>
          <Status verified={user.phone_verified} hook="phone" />
        </div>
        {!user.phone_verified && (
          <div>
            <Button variant="secondary" size="compact" onClick={(e) => setDrawer(e.currentTarget)} data-phone-open>
              {t('account:verification.verifyPhone')}
            </Button>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-2" data-email-block>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{t('account:verification.emailLabel')}</span>
          <span className="break-all">{user.email}</span>
          <Status verified={user.email_verified} hook="email" />
        </div>
        <EmailVerification establishmentId={establishmentId} user={user} onVerified={onUser} />
      </div>
      {drawer && <PhoneDrawer establishmentId={establishmentId} user={user} onClose={() => setDrawer(null)} onVerified={onUser} />}
    </section>
  );
}
