// The add-product modal's footer (./ProductForm.tsx): the unmet minimums [R-5.87..R-5.90], the
// cart's refusal, the quantity 1..999 and 'Adicionar' with the line total.
import { formatBRL } from '../../src/domain/money.ts';
import { QUANTITY_MAX } from '../../src/domain/quantity.ts';
import { t } from '../../src/i18n/index.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { QuantityControl } from './QuantityControl.tsx';

export interface AddProductFooterProps {
  product: ProductView;
  titleId: string;
  unmet: string[];
  addErrors: string[];
  qnt: number;
  setQnt: (n: number) => void;
  canSubmit: boolean;
  line_cents: number;
  submit: () => void;
}

export function AddProductFooter({ product, titleId, unmet, addErrors, qnt, setQnt, canSubmit, line_cents, submit }: AddProductFooterProps) {
  return (
    <div className="flex flex-col gap-2">
      {unmet.length > 0 && (
        <div className="rounded-lg bg-surface px-3 py-2 text-sm" data-unmet>
          <p className="m-0 font-semibold">{t('cart:add.unmet')}</p>
          <ul className="m-0 list-disc pl-5">
            {unmet.map((m) => (
              <li key={m} data-unmet-message>
                {m}
              </li>
            ))}
          </ul>
        </div>
      )}
      {addErrors.length > 0 && (
        <ul className="m-0 list-none rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert" data-add-error>
          {addErrors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <div className="flex items-center gap-3">
        <QuantityControl
          value={qnt}
          min={1}
          max={QUANTITY_MAX}
          name={product.name}
          onChange={(n) => setQnt(Math.min(QUANTITY_MAX, Math.max(1, n)))}
          hook={{ 'data-add-quantity': '' }}
        />
        <button
          type="button"
          className="flex h-12 min-w-0 flex-1 cursor-pointer items-center justify-between gap-2 rounded-xl border-none bg-brand px-4 text-base font-semibold text-onbrand hover:bg-branddark disabled:cursor-not-allowed disabled:opacity-50"
          disabled={!canSubmit}
          aria-describedby={unmet.length > 0 ? `${titleId}-unmet` : undefined}
          onClick={submit}
          data-add-submit
        >
          <span>{t('cart:add.button')}</span>
          {!product.hide_price && (
            <span className="tabular-nums" data-add-total data-cents={line_cents}>
              {formatBRL(line_cents)}
            </span>
          )}
        </button>
      </div>
      {unmet.length > 0 && (
        <span id={`${titleId}-unmet`} className="sr-only">
          {unmet.join('. ')}
        </span>
      )}
    </div>
  );
}
