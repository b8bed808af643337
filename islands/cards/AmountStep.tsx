// The amount step (cartao-valor ): look for the charge on the statement or in the bank's
// app and type it back, currency-masked with 2 decimals, above zero. A
// wrong amount says 'Valor incorreto' and the tries left [R-8.36, R-8.37] (the caller empties the
// field ); with 1 left 'Você não poderá mais cadastrar cartões' shows here and the
// caller asks first in 'Última Tentativa de Validação'.
import { useId, type Ref, type SubmitEvent } from 'react';
import { maskCurrencyInput } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { CardLabel, cardName } from './CardLabel.tsx';
import { chargeRange, warnsLastAttempt } from './validation-flow.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

export interface AmountStepProps {
  card: CardView;
  heading: 'h1' | 'h3';
  headingRef: Ref<HTMLHeadingElement>;
  /** Wrong amounts the customer may still type (null: not known yet). */
  attemptsLeft: number | null;
  /** The field as typed, masked ('0,37'). */
  text: string;
  onText: (masked: string) => void;
  /** The lines under the field: 'Valor incorreto', '2 tentativas restantes'... */
  error: string[];
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

export function AmountStep({ card, heading: Heading, headingRef, attemptsLeft, text, onText, error, busy, onSubmit, onCancel }: AmountStepProps) {
  const uid = useId();
  const range = chargeRange(card);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <div className="flex flex-col gap-4" data-card-step="amount">
      <Heading ref={headingRef} tabIndex={-1} className="m-0 text-2xl font-bold outline-none">
        {t('cards:steps.amount.title')}
      </Heading>
      <CardLabel card={card} />
      <p className="m-0">{t('cards:steps.amount.text', { ...range, card: cardName(card) })}</p>
      <p className="m-0" data-statement-hint>
        {t('cards:steps.amount.statement')}
      </p>
      {warnsLastAttempt(attemptsLeft) && (
        <p
          role="status"
          className="m-0 rounded-lg border border-solid border-amber-300 bg-amber-50 px-3 py-2 font-semibold text-amber-900"
          data-last-attempt-warning
        >
          {t('cards:steps.amount.lastWarning')}
        </p>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-3" data-amount-form>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${uid}-amount`} className="text-sm font-semibold">
            {t('cards:steps.amount.label')}
          </label>
          <input
            id={`${uid}-amount`}
            name="amount"
            inputMode="numeric"
            autoComplete="off"
            placeholder="0,00"
            value={text}
            aria-invalid={error.length > 0 ? true : undefined}
            aria-describedby={error.length > 0 ? `${uid}-error` : undefined}
            className={`h-11 w-40 rounded-lg border border-solid bg-card px-3 text-lg tabular-nums text-ink ${error.length > 0 ? 'border-red-600' : 'border-line'}`}
            onChange={(e) => onText(e.target.value.replace(/\D/g, '') === '' ? '' : maskCurrencyInput(e.target.value))}
            data-amount-input
          />
          {error.length > 0 && (
            <p id={`${uid}-error`} role="alert" className="m-0 flex flex-col text-sm text-red-700" data-field-error="amount">
              {error.map((line) => (
                <span key={line} data-amount-error-line>
                  {line}
                </span>
              ))}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={busy} data-amount-submit>
            {busy ? t('cards:steps.amount.busy') : t('cards:steps.amount.submit')}
          </Button>
          <Button disabled={busy} variant="secondary" onClick={onCancel} data-amount-cancel>
            {t('cards:steps.amount.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}
