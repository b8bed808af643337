// The checkout's card selector [R-2.92] (online payment, once the phone and the e-mail are
// verified): the customer's cards as a list of rows, one tap to choose, as the big delivery apps
// show them: a radio group named 'Cartão para pagar', each row the card's picture, brand, last 4
// digits and expiry (./CardLabel.tsx) on a native radio (arrow keys move and choose, a screen
// reader reads 'Visa •••• 4242 Validade 12/31, 1 de 2'). Only validated cards can be chosen
// the others are listed with a disabled radio, 'Validação pendente' and 'Validar'. Last
// comes 'Adicionar cartão', which opens the add-card drawer over the checkout. A card saved there
// does not leave the checkout: its validation steps run as overlays on top of it
// and, validated, the card is chosen. A refused charge comes back here as a failure
// . The chosen card lives in the draft's payment_card (never a number or a CVV), so the
// cart, the address and every other choice stay as they were. Loaded with import() when online
// payment is chosen: the checkout's own code carries none of this.
import { useEffect, useId, useState } from 'react';
import { isCardValidated } from '../../src/domain/card.ts';
import { t } from '../../src/i18n/index.ts';
import { routes } from '../../src/lib/urls.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import { Dialog } from '../shared/Dialog.tsx';
import type { CartStore } from '../stores/cart.ts';
import { AddCardDrawer } from './AddCardDrawer.tsx';
import { BlacklistNotice, type SupportContact } from './BlacklistNotice.tsx';
import { CardLabel, cardName } from './CardLabel.tsx';
import { CardValidation } from './CardValidation.tsx';
import { useCards } from './useCards.ts';
import { draftPaymentCard, stepForCard, type ValidationStep } from './validation-flow.ts';
import './i18n.ts';
import { Button, buttonClass } from '../shared/Button.tsx';

export interface CardSelectorProps {
  establishmentId: string;
  userId: string;
  slug: string;
  timeZone: string;
  draft: Draft;
  store: CartStore;
  support: SupportContact;
}

type Validating = { card: CardView; step: ValidationStep; opener: HTMLElement | null };

const button = buttonClass('secondary', 'small');
const row = 'flex min-h-16 items-center gap-3 rounded-xl border border-solid px-3 py-2';

export default function CardSelector({ establishmentId, userId, slug, timeZone, draft, store, support }: CardSelectorProps) {
  const uid = useId();
  const { cards, status, blacklist, reload, put } = useCards(establishmentId, true);
  const blocked = blacklist?.blocked === true;
  const [drawer, setDrawer] = useState<HTMLElement | null>(null);
  const [validating, setValidating] = useState<Validating | null>(null);
  const [declined, setDeclined] = useState(false);
  const selectedId = draft.payment_card?._id ?? '';
  const pending = (cards ?? []).filter((card) => !isCardValidated(card));

  // A chosen card that was deleted, or is not validated, leaves the draft.
  useEffect(() => {
    if (status === 'ready' && cards && selectedId && !cards.some((c) => c._id === selectedId && isCardValidated(c))) store.update({ payment_card: null });
  }, [status, cards, selectedId, store]);

  const choose = (card: CardView | null) => store.update({ payment_card: card && isCardValidated(card) ? draftPaymentCard(card) : null });

  const validate = (card: CardView, opener: HTMLElement | null) => {
    setDeclined(false);
    setValidating({ card, step: stepForCard(card, blocked, 'start'), opener });
  };

  return (
    <div className="flex flex-col gap-2" data-card-selector>
      <span id={`${uid}-label`} className="text-sm font-semibold">
        {t('cards:selector.label')}
      </span>
      {cards === null && (
        <p className="m-0 text-sm text-muted" role="status" data-card-selector-loading>
          {t('cards:selector.loading')}
        </p>
      )}
      {cards !== null && cards.length === 0 && (
        <p className="m-0 text-sm text-muted" data-card-selector-empty>
          {t('cards:selector.none')}
        </p>
      )}
      {cards !== null && cards.length > 0 && (
        <div
          role="radiogroup"
          aria-labelledby={`${uid}-label`}
          aria-describedby={pending.length > 0 && !blocked ? `${uid}-pending` : undefined}
          className="flex flex-col gap-2"
          data-card-list
        >
          {cards.map((card) => {
            const validated = isCardValidated(card);
            const checked = validated && card._id === selectedId;
            return (
              <div
                key={card._id}
                className={`${row} ${checked ? 'border-brand bg-surface' : 'border-line bg-card'} ${validated ? '' : 'flex-wrap'}`}
                data-card-option={card._id}
                data-selected={checked || undefined}
                data-card-pending-row={validated ? undefined : card._id}
              >
                <label className={`flex min-w-0 flex-1 items-center gap-3 ${validated ? 'cursor-pointer' : 'cursor-not-allowed'}`}>
                  <input
                    type="radio"
                    name={`${uid}-card`}
                    value={card._id}
                    checked={checked}
                    disabled={!validated}
                    onChange={() => choose(card)}
                    className="h-5 w-5 flex-none accent-[var(--c-primary)]"
                    data-card-radio
                  />
                  <CardLabel card={card} />
                </label>
                {!validated && (
                  <span className="flex flex-none items-center gap-2">
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-card-pending>
                      {t('cards:selector.pending')}
                    </span>
                    {!blocked && (
                      <button
                        type="button"
                        className={button}
                        aria-label={t('cards:selector.validateLabel', { card: cardName(card) })}
                        onClick={(e) => validate(card, e.currentTarget)}
                        data-card-validate
                      >
                        {t('cards:selector.validate')}
                      </button>
                    )}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      )}
      {pending.length > 0 && !blocked && (
        <p id={`${uid}-pending`} className="m-0 text-sm text-muted">
          {t('cards:selector.onlyVerified')}
        </p>
      )}
      {declined && (
        <p role="alert" className="m-0 rounded-lg border border-solid border-red-300 bg-red-50 px-3 py-2 font-semibold text-red-900" data-card-declined>
          {t('cards:steps.start.declined')}
        </p>
      )}
      {blocked && <BlacklistNotice id={`${uid}-blocked`} support={support} />}
      <button
        type="button"
        className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-dashed border-line bg-transparent px-3 text-left text-sm font-semibold text-brand hover:bg-surface disabled:cursor-not-allowed disabled:text-muted disabled:opacity-60"
        disabled={blocked}
        aria-describedby={blocked ? `${uid}-blocked` : undefined}
        onClick={(e) => setDrawer(e.currentTarget)}
        data-card-add
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M12 5v14M5 12h14" />
        </svg>
        {t('cards:selector.add')}
      </button>
      {drawer && (
        <AddCardDrawer
          establishmentId={establishmentId}
          userId={userId}
          timeZone={timeZone}
          opener={drawer}
          onClose={() => setDrawer(null)}
          onSaved={(card) => {
            // In the checkout a saved card goes on to its validation here, over the checkout.
            put(card);
            const opener = drawer;
            setDrawer(null);
            validate(card, opener);
          }}
        />
      )}
      {validating && (
        <Dialog
          titleId={`${uid}-validation`}
          title={t('cards:selector.validationTitle')}
          onClose={() => setValidating(null)}
          opener={validating.opener}
          hook={{ 'data-card-validation-overlay': validating.step }}
        >
          <div className="p-4">
            <CardValidation
              establishmentId={establishmentId}
              userId={userId}
              card={validating.card}
              step={validating.step}
              attemptsLeft={blacklist?.attempts_left ?? null}
              support={support}
              heading="h3"
              accountHref={routes.account(slug)}
              onCard={put}
              onStep={(step, card) => {
                put(card);
                setValidating((v) => (v ? { ...v, card, step } : v));
                if (step === 'confirmed') choose(card);
                if (step === 'exceeded') reload();
              }}
              onDeclined={() => {
                // The failure signal of the cart context: the overlay closes, the checkout says why.
                setValidating(null);
                setDeclined(true);
              }}
              actions={(end) => (
                <Button onClick={() => setValidating(null)} data-card-validation-done>
                  {end === 'confirmed' ? t('cards:steps.confirmed.continue') : t('cards:steps.close')}
                </Button>
              )}
            />
          </div>
        </Dialog>
      )}
    </div>
  );
}
