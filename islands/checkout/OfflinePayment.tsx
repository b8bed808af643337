// Paying on delivery or on pickup: the method dropdown of the preferences and, for a method that
// gives change, the change box with its amount typed in reais ('200' is R$ 200,00,
// decisions #27; kept in centavos; only above the total counts ).
import { useId } from 'react';
import { centsFromTypedReais, formatBRL, formatBRLNumber } from '../../src/domain/money.ts';
import type { offlineMethods } from '../../src/domain/payment-methods.ts';
import { t } from '../../src/i18n/index.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { CartStore } from '../stores/cart.ts';
import './i18n.ts';

interface OfflinePaymentProps {
  draft: Draft;
  store: CartStore;
  methods: ReturnType<typeof offlineMethods>;
  /** The total to pay now: the change must exceed it. */
  total: number;
  changeText: string;
  setChangeText: (text: string) => void;
  onPaymentInfo: () => void;
}

export function OfflinePayment({ draft, store, methods, total, changeText, setChangeText, onPaymentInfo }: OfflinePaymentProps) {
  const methodId = useId();
  const method = draft.payment_method;
  return (
    <>
      <label className="flex flex-col gap-1" htmlFor={methodId}>
        <span className="text-sm font-semibold">{t('checkout:payment.method')}</span>
        <select
          id={methodId}
          className="h-11 rounded-lg border border-solid border-line bg-card px-2 text-ink"
          value={method?._id ?? ''}
          onChange={(e) => {
            const m = methods.find((x) => x._id === e.target.value) ?? null;
            store.setPaymentMethod(m ? { _id: m._id, name: m.name, payback: m.payback } : null);
            setChangeText('');
            if (m) onPaymentInfo();
          }}
          data-pay-method
        >
          <option value="">{t('checkout:payment.chooseMethod')}</option>
          {methods.map((m) => (
            <option key={m._id} value={m._id}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      {method?.payback && <ChangeBox draft={draft} store={store} total={total} changeText={changeText} setChangeText={setChangeText} />}
    </>
  );
}

function ChangeBox({ draft, store, total, changeText, setChangeText }: Omit<OfflinePaymentProps, 'methods' | 'onPaymentInfo'>) {
  const changeId = useId();
  return (
    <div className="flex flex-col gap-2">
      <label className="flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="h-5 w-5 accent-[var(--c-primary)]"
          checked={draft.change !== null}
          onChange={(e) => {
            store.setChange(e.target.checked ? 0 : null);
            setChangeText('');
          }}
          data-pay-change
        />
        <span>{t('checkout:payment.change')}</span>
      </label>
      {draft.change !== null && (
        <label className="flex flex-col gap-1" htmlFor={changeId}>
          <span className="text-sm font-semibold">{t('checkout:payment.changeFor')}</span>
          <span className="flex items-center gap-2">
            <span aria-hidden="true">R$</span>
            <input
              id={changeId}
              inputMode="decimal"
              autoComplete="off"
              maxLength={14}
              className="h-11 w-40 rounded-lg border border-solid border-line bg-card px-2 text-ink tabular-nums"
              value={changeText}
              placeholder="0,00"
              aria-describedby={`${changeId}-hint ${changeId}-amount`}
              onChange={(e) => {
                // Typed in reais: '200' is R$ 200,00, '200,50' R$ 200,50; a keystroke that
                // cannot make an amount ('200,555') is refused.
                const cents = centsFromTypedReais(e.target.value);
                if (cents === null) return;
                setChangeText(e.target.value.trim() === '' ? '' : e.target.value);
                store.setChange(cents);
              }}
              onBlur={() => {
                const cents = centsFromTypedReais(changeText);
                if (changeText !== '' && cents !== null) setChangeText(formatBRLNumber(cents));
              }}
              data-pay-change-amount
            />
          </span>
          <span id={`${changeId}-amount`} className="text-sm font-semibold" data-pay-change-readout data-cents={draft.change}>
            {draft.change > 0 &&
              (draft.change > total
                ? t('checkout:payment.changeBack', { amount: formatBRL(draft.change), back: formatBRL(draft.change - total) })
                : t('checkout:payment.changeAmount', { amount: formatBRL(draft.change) }))}
          </span>
          <span id={`${changeId}-hint`} className="text-xs text-muted">
            {t('checkout:payment.changeHint', { total: formatBRL(total) })}
          </span>
        </label>
      )}
    </div>
  );
}
