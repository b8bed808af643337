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
// payment is chosen: the checkout's own code carries none of this. The state is
// ./useCardSelector.ts; a row is ./CardOption.tsx, the overlay ./CardValidationOverlay.tsx.
import { useId } from 'react';
import { t } from '../../src/i18n/index.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { CartStore } from '../stores/cart.ts';
import { AddCardDrawer } from './AddCardDrawer.tsx';
import { BlacklistNotice, type SupportContact } from './BlacklistNotice.tsx';
import { CardOption } from './CardOption.tsx';
import { CardValidationOverlay } from './CardValidationOverlay.tsx';
import { useCardSelector } from './useCardSelector.ts';
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

export default function CardSelector({ establishmentId, userId, slug, timeZone, draft, store, support }: CardSelectorProps) {
  const uid = useId();
  const s = useCardSelector(establishmentId, draft, store);
  const { cards, blacklist, blocked, selectedId, pending, choose, validate, drawer, declined, validating } = s;

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
          {cards.map((card) => (
            <CardOption key={card._id} card={card} name={`${uid}-card`} selectedId={selectedId} blocked={blocked} choose={choose} validate={validate} />
          ))}
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
        onClick={(e) => s.openDrawer(e.currentTarget)}
        data-card-add
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M12 5v14M5 12h14" />
        </svg>
        {t('cards:selector.add')}
      </button>
      {drawer && (
        <AddCardDrawer establishmentId={establishmentId} userId={userId} timeZone={timeZone} opener={drawer} onClose={s.closeDrawer} onSaved={s.saved} />
      )}
      {validating && (
        <CardValidationOverlay
          titleId={`${uid}-validation`}
          validating={validating}
          establishmentId={establishmentId}
          userId={userId}
          slug={slug}
          attemptsLeft={blacklist?.attempts_left ?? null}
          support={support}
          onClose={s.closeValidation}
          onCard={s.put}
          onStep={s.stepped}
          onDeclined={s.refused}
        />
      )}
    </div>
  );
}
