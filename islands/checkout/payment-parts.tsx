// The pieces of the payment chooser (./PaymentSection.tsx): the card selector once the contacts are
// verified (its code loads only then ), the notice while they are not, the credits box with
// the balance and the line saying what the credits cover.
import { Suspense } from 'react';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { SessionUser } from '../../src/client/session.ts';
import type { SupportContact } from '../cards/BlacklistNotice.tsx';
import type { CartStore } from '../stores/cart.ts';
import { lazyWithReload } from '../shared/lazy.ts';

// The cards' code (sealing, the local encrypted store, the drawer and the validation steps) loads
// only when the customer pays online.
const CardSelector = lazyWithReload(() => import('../cards/CardSelector.tsx'));

export interface CardsProps {
  establishmentId: string;
  user: SessionUser;
  slug: string;
  timeZone: string;
  draft: Draft;
  store: CartStore;
  support: SupportContact;
}

/** Verified, the card selector (loaded only now ). */
export function Cards({ establishmentId, user, slug, timeZone, draft, store, support }: CardsProps) {
  return (
    <Suspense fallback={<p className="m-0 text-sm text-muted">{t('checkout:payment.cardsLoading')}</p>}>
      <CardSelector establishmentId={establishmentId} userId={user._id} slug={slug} timeZone={timeZone} draft={draft} store={store} support={support} />
    </Suspense>
  );
}

export function NeedsContacts() {
  return (
    <p className="m-0 rounded-lg border border-solid border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-online-needs-contacts>
      {t('checkout:payment.onlineNeedsContacts')}
    </p>
  );
}

/** 'Usar créditos': the balance in centavos; ticked while the draft uses credits. */
export function CreditsBox({ balance, checked, onCredits }: { balance: number; checked: boolean; onCredits: (on: boolean) => void }) {
  return (
    <label className="flex cursor-pointer items-center gap-2 border-t border-t-solid border-line pt-3" data-pay-credits-box>
      <input type="checkbox" className="h-5 w-5 accent-[var(--c-primary)]" checked={checked} onChange={(e) => onCredits(e.target.checked)} data-pay-credits />
      <span>{t('checkout:payment.credits', { amount: formatBRL(balance) })}</span>
    </label>
  );
}

/** What the credits cover and what is left to pay, in centavos. */
export function CreditsUsed({ used, rest }: { used: number; rest: number }) {
  return (
    <p className="m-0 text-sm" data-credits-used data-cents={used}>
      {t('checkout:payment.creditsUsed', { used: formatBRL(used), rest: formatBRL(rest) })}
    </p>
  );
}
