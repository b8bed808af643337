// The tax receipt box [R-4.9..R-4.11]: a tick (or the 'required' line), the CPF/CNPJ with Add
// (confirmation of the document) and, once stored, the masked document with Remove.
import { useId } from 'react';
import { maskTaxId, TAX_ID_MAX_MASKED_LENGTH } from '../../src/domain/tax-id.ts';
import { t } from '../../src/i18n/index.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { CartStore } from '../stores/cart.ts';
import { Button } from '../shared/Button.tsx';
import { ConfirmDialog } from '../shared/Dialog.tsx';
import { useTaxReceipt } from './useTaxReceipt.ts';
import './i18n.ts';

interface TaxReceiptProps {
  draft: Draft;
  store: CartStore;
  required: boolean;
  sectionRef: React.RefObject<HTMLElement | null>;
}

export function TaxReceipt({ draft, store, required, sectionRef }: TaxReceiptProps) {
  const fieldId = useId();
  const receipt = useTaxReceipt(draft, store, required);
  const { invoice, on, error, confirming } = receipt;

  return (
    <div
      ref={sectionRef as React.RefObject<HTMLDivElement | null>}
      tabIndex={-1}
      className="flex flex-col gap-2 rounded-xl border border-solid border-line p-3 outline-none"
      data-section="invoice"
    >
      {required ? (
        <p className="m-0 text-sm font-semibold">{t('checkout:payment.taxReceiptRequired')}</p>
      ) : (
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="h-5 w-5 accent-[var(--c-primary)]"
            checked={invoice.status}
            onChange={(e) => receipt.tick(e.target.checked)}
            data-tax-receipt
          />
          <span>{t('checkout:payment.taxReceipt')}</span>
        </label>
      )}
      {on && invoice.document !== '' && (
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm" data-tax-document>
            {t('checkout:payment.documentSaved', { document: maskTaxId(invoice.document) })}
          </span>
          <button
            type="button"
            className="cursor-pointer rounded-lg border border-solid border-line bg-transparent px-3 py-1 text-sm font-semibold text-ink hover:bg-surface"
            onClick={receipt.remove}
            data-tax-remove
          >
            {t('checkout:payment.remove')}
          </button>
        </div>
      )}
      {on && invoice.document === '' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId} className="text-sm font-semibold">
            {t('checkout:payment.document')}
          </label>
          <div className="flex gap-2">
            <input
              id={fieldId}
              inputMode="numeric"
              autoComplete="off"
              maxLength={TAX_ID_MAX_MASKED_LENGTH}
              className="h-11 min-w-0 flex-1 rounded-lg border border-solid border-line bg-card px-2 text-ink"
              value={receipt.text}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              onChange={(e) => receipt.type(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  receipt.add();
                }
              }}
              data-tax-input
            />
            <Button size="small" onClick={receipt.add} data-tax-add>
              {t('checkout:payment.add')}
            </Button>
          </div>
          {error && (
            <p id={`${fieldId}-error`} className="m-0 text-sm text-red-700" role="alert" data-tax-error>
              {error}
            </p>
          )}
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          message={t('checkout:payment.confirmDocument', { document: confirming })}
          cancelLabel={t('checkout:payment.cancel')}
          confirmLabel={t('checkout:payment.confirm')}
          onCancel={receipt.cancel}
          onConfirm={receipt.confirm}
        />
      )}
    </div>
  );
}
