// The checkout's card selector [R-2.92] (online payment, once the phone and the e-mail are
// verified): a dropdown of the customer's cards by brand and last 4 digits where only validated
// cards can be chosen [R-4.26] (the others are listed, disabled, and offered 'Validar' below it),
// and 'Adicionar cartão', which opens the add-card drawer over the checkout. A card saved there
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
import { cardName } from './CardLabel.tsx';
import { CardValidation } from './CardValidation.tsx';
import { useCards } from './useCards.ts';
import { draftPaymentCard, stepForCard, type ValidationStep } from './validation-flow.ts';
import './i18n.ts';

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

const button =
  'min-h-11 cursor-pointer rounded-lg border border-solid border-line bg-card px-4 text-sm font-semibold text-ink hover:bg-surface disabled:cursor-not-allowed disabled:opacity-60';

export default function CardSelector({ establishmentId, userId, slug, timeZone, draft, store, support }: CardSelectorProps) {
  const uid = useId();
  const { cards, status, blacklist, reload, put } = useCards(establishmentId, true);
  const blocked = blacklist?.blocked === true;
  const [drawer, setDrawer] = useState<HTMLElement | null>(null);
  const [validating, setValidating] = useState<Validating | null>(null);
  const [declined, setDeclined] = useState(false);
  const selectedId = draft.payment_card?._id ?? '';
  const usable = (cards ?? []).filter(isCardValidated);
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
    <div className="flex flex-col gap-3 rounded-xl border border-solid border-line p-3" data-card-selector>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${uid}-select`} className="text-sm font-semibold">
          {t('cards:selector.label')}
        </label>
        <select
          id={`${uid}-select`}
          className="h-11 rounded-lg border border-solid border-line bg-card px-2 text-ink"
          value={usable.some((c) => c._id === selectedId) ? selectedId : ''}
          disabled={cards === null}
          aria-describedby={pending.length > 0 ? `${uid}-pending` : undefined}
          onChange={(e) => choose(usable.find((c) => c._id === e.target.value) ?? null)}
          data-card-select
        >
          <option value="">{cards === null ? t('cards:selector.loading') : t('cards:selector.choose')}</option>
          {(cards ?? []).map((card) =>
            isCardValidated(card) ? (
              <option key={card._id} value={card._id}>
                {cardName(card)}
              </option>
            ) : (
              <option key={card._id} value={card._id} disabled>
                {t('cards:selector.pendingOption', { card: cardName(card) })}
              </option>
            ),
          )}
        </select>
      </div>
      {cards !== null && cards.length === 0 && (
        <p className="m-0 text-sm text-muted" data-card-selector-empty>
          {t('cards:selector.none')}
        </p>
      )}
      {pending.length > 0 && !blocked && (
        <div className="flex flex-col gap-2" id={`${uid}-pending`}>
          <p className="m-0 text-sm text-muted">{t('cards:selector.onlyVerified')}</p>
          <ul className="m-0 flex list-none flex-col gap-2 p-0">
            {pending.map((card) => (
              <li key={card._id} className="flex flex-wrap items-center justify-between gap-2" data-card-pending-row={card._id}>
                <span>{cardName(card)}</span>
                <button
                  type="button"
                  className={button}
                  aria-label={t('cards:selector.validateLabel', { card: cardName(card) })}
                  onClick={(e) => validate(card, e.currentTarget)}
                  data-card-validate
                >
                  {t('cards:selector.validate')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {declined && (
        <p role="alert" className="m-0 rounded-lg border border-solid border-red-300 bg-red-50 px-3 py-2 font-semibold text-red-900" data-card-declined>
          {t('cards:steps.start.declined')}
        </p>
      )}
      {blocked && <BlacklistNotice id={`${uid}-blocked`} support={support} />}
      <div>
        <button
          type="button"
          className={button}
          disabled={blocked}
          aria-describedby={blocked ? `${uid}-blocked` : undefined}
          onClick={(e) => setDrawer(e.currentTarget)}
          data-card-add
        >
          {t('cards:selector.add')}
        </button>
      </div>
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
                <button
                  type="button"
                  className="min-h-11 cursor-pointer rounded-lg border-0 bg-brand px-5 text-base font-semibold text-onbrand hover:bg-branddark"
                  onClick={() => setValidating(null)}
                  data-card-validation-done
                >
                  {end === 'confirmed' ? t('cards:steps.confirmed.continue') : t('cards:steps.close')}
                </button>
              )}
            />
          </div>
        </Dialog>
      )}
    </div>
  );
}
