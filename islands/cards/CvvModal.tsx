// The CVV modal 'Informar CVV' [R-2.84..R-2.86]: what the code is for when the caller says it
// ('Pagar R$ 52,90 a Mercado Sol com Visa •••• 4242'), one numeric input, focused on screens up to
// 768 px (where the keyboard is the way in) [R-2.85], 'Cancelar' and 'Confirmar'. On a phone it is a
// bottom sheet as tall as its content, with a full-width field and full-width buttons to thumb;
// from 768 px a centred card. Its length is the card's: 3 digits, 4 for American Express
// (decisions #8, which settles R-2.84's 'max 4'); an empty or short code gives 'Por favor, insira
// um CVV válido com 3 ou 4 dígitos.' [R-5.9]. The code lives only in this modal's state: the caller
// seals it at once and the modal is unmounted on close.
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { checkCvv, cvvLength, type CardBrand } from '../../src/domain/card.ts';
import { t } from '../../src/i18n/index.ts';
import { Dialog } from '../shared/Dialog.tsx';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

export interface CvvModalProps {
  brand: CardBrand | null;
  /** 'Visa •••• 0002', for the hint. */
  cardName: string;
  /** What the code pays, said above the field: 'Pagar R$ 52,90 a Mercado Sol com Visa •••• 0002'. */
  purpose?: string;
  opener?: HTMLElement | null;
  onCancel: () => void;
  /** Sends the code; answers a problem to show under the field (the modal stays), or null (the caller closes it). */
  onConfirm: (cvv: string) => Promise<string | null>;
}

/** The phone layout's cut-off (spec section 9). */
const NARROW = '(max-width: 768px)';

export function CvvModal({ brand, cardName, purpose, opener, onCancel, onConfirm }: CvvModalProps) {
  const uid = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [narrow] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches);
  const [cvv, setCvv] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const length = cvvLength(brand);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    if (!checkCvv(cvv, brand).ok) {
      setError(t('cards:cvv.invalid'));
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    const code = cvv;
    setCvv('');
    const problem = await onConfirm(code);
    if (problem) {
      setError(problem);
      setBusy(false);
      inputRef.current?.focus();
    }
  }

  return (
    <Dialog
      titleId={`${uid}-title`}
      title={t('cards:cvv.title')}
      onClose={onCancel}
      opener={opener}
      initialFocus={narrow ? inputRef : undefined}
      bottomSheet
      hook={{ 'data-cvv-modal': '' }}
      footer={
        // On a phone both buttons span the sheet, Confirmar on top under the thumb.
        <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
          <Button variant="secondary" size="bar" className="w-full md:w-auto" onClick={onCancel} data-cvv-cancel>
            {t('cards:cvv.cancel')}
          </Button>
          <Button type="submit" form={`${uid}-form`} loading={busy} size="bar" className="w-full md:w-auto" data-cvv-confirm>
            {busy ? t('cards:cvv.sending') : t('cards:cvv.confirm')}
          </Button>
        </div>
      }
    >
      <form id={`${uid}-form`} noValidate onSubmit={submit} className="flex flex-col gap-3 p-4" data-cvv-form>
        {purpose && (
          <p id={`${uid}-purpose`} className="m-0 rounded-xl bg-surface px-4 py-3 text-base font-semibold text-ink" data-cvv-purpose>
            {purpose}
          </p>
        )}
        <label htmlFor={`${uid}-cvv`} className="text-sm font-semibold">
          {t('cards:cvv.label')}
        </label>
        <input
          ref={inputRef}
          id={`${uid}-cvv`}
          name="cvv"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="cc-csc"
          maxLength={length}
          value={cvv}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${purpose ? `${uid}-purpose ` : ''}${uid}-hint${error ? ` ${uid}-error` : ''}`}
          placeholder={length === 4 ? '••••' : '•••'}
          className={`h-14 w-full rounded-xl border border-solid bg-card px-4 text-center text-2xl tracking-[0.4em] text-ink tabular-nums md:w-44 ${error ? 'border-red-600' : 'border-line'}`}
          onChange={(e) => {
            setCvv(e.target.value.replace(/\D/g, '').slice(0, length));
            setError('');
          }}
          data-cvv-input
        />
        <p id={`${uid}-hint`} className="m-0 text-sm text-muted">
          {t(length === 4 ? 'cards:cvv.hint_4' : 'cards:cvv.hint_3', { card: cardName })}
        </p>
        {error && (
          <p id={`${uid}-error`} role="alert" className="m-0 text-sm text-red-700" data-field-error="cvv">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
