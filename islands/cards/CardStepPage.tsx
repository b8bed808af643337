// The card validation pages: cartao-validar, cartao-valor, cartao-confirmado and
// cartao-tentativas-excedidas [R-2.14, R-2.16..R-2.18], the card named in ?cartao=. One island for
// the four: it reads the customer's cards and blacklist, shows the step the card is really at
// (./validation-flow.ts stepForCard: a card already charged goes to the amount, a
// blacklisted customer starts nothing) and keeps the address in step with it, so the
// browser's back button and a reload land on the right screen. A visitor is sent to log in and
// comes back here (?voltar=). Where the establishment takes no online payment, no card is validated:
// the start and amount steps say so instead. Mounted by src/pages/[slug]/cartao-*.astro. The state
// and the address are ./useCardStepPage.ts.
import type { ReactNode } from 'react';
import { t } from '../../src/i18n/index.ts';
import { routes } from '../../src/lib/urls.ts';
import { CardValidation } from './CardValidation.tsx';
import { ExceededStep } from './EndStep.tsx';
import { useCardStepPage } from './useCardStepPage.ts';
import './i18n.ts';
import type { CardStepPageProps } from '../../src/schemas/island-props.ts';

export type { CardStepPageProps };

const link = 'inline-flex min-h-11 items-center font-semibold text-brand';

export default function CardStepPage({ establishmentId, slug, route, cardId, support, onlinePayment }: CardStepPageProps) {
  const { user, card, step, status, blacklist, reload, put, hydrated, stepped } = useCardStepPage(establishmentId, slug, route, cardId);

  const wallet = routes.wallet(slug);
  const actions = (end: 'confirmed' | 'exceeded') => (
    <>
      <a href={wallet} className={link} data-card-step-wallet>
        {t('cards:steps.toWallet')}
      </a>
      {end === 'confirmed' && (
        <a href={routes.home(slug)} className={link}>
          {t('cards:steps.toMenu')}
        </a>
      )}
    </>
  );

  let body: ReactNode;
  if (!user || (step === null && status !== 'failed')) {
    body = (
      <p className="m-0 text-muted" aria-live="polite">
        {t('cards:steps.loading')}
      </p>
    );
  } else if (step === 'exceeded' && !card) {
    body = <ExceededStep support={support} heading="h1" headingRef={null} actions={actions('exceeded')} />;
  } else if (status === 'failed') {
    body = (
      <p className="m-0 flex flex-wrap items-center gap-3" data-card-step-failed>
        {t('cards:steps.loadFailed')}
        <button
          type="button"
          className="min-h-11 cursor-pointer rounded-lg border border-solid border-line bg-card px-4 font-semibold text-ink"
          onClick={reload}
        >
          {t('cards:steps.retry')}
        </button>
      </p>
    );
  } else if (!onlinePayment && step !== 'confirmed' && step !== 'exceeded') {
    body = (
      <div className="flex flex-col gap-3" data-card-step="online-off">
        <h1 className="m-0 text-2xl font-bold">{t('cards:steps.start.title')}</h1>
        <p className="m-0 font-semibold">{t('cards:wallet.offlineTitle')}</p>
        <p className="m-0">{t('cards:wallet.offlineText')}</p>
        <a href={wallet} className={link}>
          {t('cards:steps.toWallet')}
        </a>
      </div>
    );
  } else if (!card || step === null) {
    body = (
      <div className="flex flex-col gap-3" data-card-step="not-found">
        <h1 className="m-0 text-2xl font-bold">{t('cards:steps.start.title')}</h1>
        <p className="m-0">{t('cards:steps.notFound')}</p>
        <a href={wallet} className={link}>
          {t('cards:steps.toWallet')}
        </a>
      </div>
    );
  } else {
    body = (
      <CardValidation
        establishmentId={establishmentId}
        userId={user._id}
        card={card}
        step={step}
        attemptsLeft={blacklist?.attempts_left ?? null}
        support={support}
        heading="h1"
        accountHref={routes.account(slug)}
        onCard={put}
        onStep={stepped}
        actions={actions}
      />
    );
  }

  return (
    <section
      className="mx-auto flex max-w-xl flex-col gap-4 rounded-xl border border-solid border-line bg-card p-4 md:p-6"
      data-card-step-page={route}
      data-hydrated={hydrated || undefined}
    >
      {body}
    </section>
  );
}
