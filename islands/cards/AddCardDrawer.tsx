// The add-card drawer 'Meus Cartões': card number (groups of 4, 19 characters
// ), holder (shown and sent in capitals ), validity mm/aa (masked, 5 characters, from
// 03/20 ), security code (3 digits, 4 for American Express: decisions #8) and
// the holder's CPF/CNPJ (masked, 18 characters ); 'Salvar novo cartão' and 'Cancelar'.
// Each field's problem is written under it in Portuguese, the browser's own checks
// (src/domain/card.ts buildCardToRegister) and the server's `fields` alike. The card is sealed to
// the server's key (./cards-api.ts) and the number and CVV are dropped from the form as soon as it
// is sent, whatever the answer. The caller decides what follows a save: the wallet goes to the
// validation, the checkout carries on. The state and the save are ./useAddCard.ts.
import { useId } from 'react';
import {
  CARD_DOCUMENT_MAX_LENGTH,
  CARD_HOLDER_MAX_LENGTH,
  CARD_NUMBER_MAX_MASKED_LENGTH,
  CARD_VALIDITY_MAX_LENGTH,
  maskCardValidity,
} from '../../src/domain/card.ts';
import { maskTaxId } from '../../src/domain/tax-id.ts';
import { t } from '../../src/i18n/index.ts';
import { Field, FormAlert } from '../shared/Field.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import { type AddCardInput, useAddCard } from './useAddCard.ts';
import './i18n.ts';
import { buttonClass } from '../shared/Button.tsx';

export interface AddCardDrawerProps extends AddCardInput {
  opener?: HTMLElement | null;
  onClose: () => void;
}

const primary = buttonClass('primary');
const secondary = buttonClass('secondary');

export function AddCardDrawer(props: AddCardDrawerProps) {
  const { opener, onClose } = props;
  const uid = useId();
  const formId = `${uid}-form`;
  const { form, errors, alert, busy, firstRef, cvvMax, set, typeNumber, submit } = useAddCard(uid, props);

  return (
    <Dialog
      side
      titleId={`${uid}-title`}
      title={t('cards:drawer.title')}
      onClose={onClose}
      opener={opener}
      initialFocus={firstRef}
      hook={{ 'data-add-card-drawer': '' }}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondary} onClick={onClose} data-add-card-cancel>
            {t('cards:drawer.cancel')}
          </button>
          <button type="submit" form={formId} className={primary} disabled={busy} aria-busy={busy || undefined} data-add-card-save>
            {busy ? t('cards:drawer.saving') : t('cards:drawer.save')}
          </button>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4 p-4" data-add-card-form>
        <p className="m-0 text-sm text-muted">{t('cards:drawer.intro')}</p>
        <FormAlert message={alert} />
        <Field
          id={`${uid}-number`}
          name="number"
          label={t('cards:drawer.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={CARD_NUMBER_MAX_MASKED_LENGTH}
          value={form.number}
          error={errors.number}
          onChange={(e) => typeNumber(e.target.value)}
        />
        <Field
          id={`${uid}-holder`}
          name="holder"
          label={t('cards:drawer.holder')}
          hint={t('cards:drawer.holderHint')}
          autoComplete="cc-name"
          autoCapitalize="characters"
          maxLength={CARD_HOLDER_MAX_LENGTH}
          value={form.holder}
          error={errors.holder}
          onChange={(e) => set('holder', e.target.value.toUpperCase())}
        />
        <div className="grid grid-cols-2 gap-3">
          <Field
            id={`${uid}-validity`}
            name="validity"
            label={t('cards:drawer.validity')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="mm/aa"
            maxLength={CARD_VALIDITY_MAX_LENGTH}
            value={form.validity}
            error={errors.validity}
            onChange={(e) => set('validity', maskCardValidity(e.target.value))}
          />
          <Field
            id={`${uid}-securityCode`}
            name="securityCode"
            label={t('cards:drawer.cvv')}
            hint={cvvMax === 4 ? t('cards:drawer.cvvHint_4') : t('cards:drawer.cvvHint_3')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={cvvMax}
            value={form.securityCode}
            error={errors.securityCode}
            onChange={(e) => set('securityCode', e.target.value.replace(/\D/g, '').slice(0, cvvMax))}
          />
        </div>
        <Field
          id={`${uid}-document`}
          name="document"
          label={t('cards:drawer.document')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={CARD_DOCUMENT_MAX_LENGTH}
          value={form.document}
          error={errors.document}
          onChange={(e) => set('document', maskTaxId(e.target.value))}
        />
      </form>
    </Dialog>
  );
}
