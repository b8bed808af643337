// The tax receipt box's state (./TaxReceipt.tsx draws it): the typed CPF/CNPJ, masked as typed,
// checked on Add and confirmed before it is stored; ticking and removing.
import { useState } from 'react';
import { maskTaxId, validateTaxId } from '../../src/domain/tax-id.ts';
import { fieldProblemText } from '../../src/i18n/messages.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { CartStore } from '../stores/cart.ts';

export function useTaxReceipt(draft: Draft, store: CartStore, required: boolean) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The valid document, formatted, waiting for the customer's confirmation. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const invoice = draft.invoice;

  const add = () => {
    const result = validateTaxId(text);
    if (!result.ok) {
      setError(fieldProblemText(result.code));
      return;
    }
    setError(null);
    setConfirming(result.formatted);
  };

  return {
    invoice,
    on: required || invoice.status,
    text,
    error,
    confirming,
    add,
    /** Ticking: status true, no document yet; unticking drops both. */
    tick: (checked: boolean) => {
      store.setInvoice({ status: checked, document: '' });
      setText('');
      setError(null);
    },
    type: (value: string) => {
      setText(maskTaxId(value));
      setError(null);
    },
    remove: () => store.setInvoice({ status: true, document: '' }),
    cancel: () => setConfirming(null),
    /** A confirmed valid document is stored. */
    confirm: () => {
      if (confirming === null) return;
      store.setInvoice({ status: true, document: confirming.replace(/[^\dA-Za-z]/g, '').toUpperCase() });
      setConfirming(null);
      setText('');
    },
  };
}
