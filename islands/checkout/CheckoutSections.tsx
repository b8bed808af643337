// The complete-request modal's smaller sections, each drawn from the checkout's state
// (./useCheckout.ts): the closed notice, the products of the right column [R-2.76] (the
// order summary is ./SummarySection.tsx), the send-order bar
// 'Total a pagar' / 'Avançar e Finalizar' and the way back to the extras.
import { useId } from 'react';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { CheckoutState } from './useCheckout.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

export function ClosedNotice({ canSchedule }: { canSchedule: boolean }) {
  return (
    <section className="rounded-xl bg-amber-50 px-4 py-3 text-amber-900" role="status" data-section="closed">
      <h3 className="m-0 text-base font-bold">{t('checkout:closed.title')}</h3>
      <p className="m-0 text-sm">{canSchedule ? t('checkout:closed.schedule') : t('checkout:closed.noSchedule')}</p>
    </section>
  );
}

/** The right column: the cart's lines as they will be ordered. */
export function ProductsAside({ lines }: { lines: CheckoutState['lines'] }) {
  const headingId = useId();
  return (
    <aside aria-labelledby={headingId} className="flex flex-col gap-2 md:sticky md:top-0 md:self-start" data-checkout-products>
      <h3 id={headingId} className="m-0 text-base font-bold">
        {t('checkout:modal.products')}
      </h3>
      <ul className="m-0 flex list-none flex-col p-0">
        {lines.map((line) => (
          <li key={line.line_id} className="flex gap-3 border-b border-b-solid border-line py-2 last:border-b-0" data-checkout-line={line.product_id}>
            <span className="flex-none font-semibold tabular-nums">{line.qnt}x</span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="text-sm font-semibold">{line.name}</span>
              {line.tags.length > 0 && <span className="text-xs text-muted">{line.tags.join(', ')}</span>}
              {line.note && <span className="text-xs text-muted">{t('cart:modal.note', { note: line.note })}</span>}
            </span>
            <span className="flex-none text-sm font-semibold tabular-nums">{formatBRL(line.line_cents)}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** 'Total a pagar' and 'Avançar e Finalizar'. */
export function SendOrderBar({ total, sending, onSend }: { total: number; sending: boolean; onSend: () => void }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl items-center gap-3" data-send-order-bar>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm text-muted">{t('checkout:send.total')}</span>
        <span className="text-xl font-bold tabular-nums" data-send-total data-cents={total}>
          {formatBRL(total)}
        </span>
      </div>
      <Button size="bar" loading={sending} onClick={onSend} data-send-order>
        {sending ? t('checkout:send.sending') : t('checkout:send.button')}
      </Button>
    </div>
  );
}

/** Back to the extras modal (only when the establishment has order variations). */
export function ExtrasBackButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      className="flex h-10 w-10 flex-none cursor-pointer items-center justify-center rounded-full border-none bg-transparent text-ink hover:bg-surface"
      aria-label={t('checkout:modal.editExtras')}
      onClick={onClick}
      data-checkout-extras-back
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M15 6l-6 6 6 6" />
      </svg>
    </button>
  );
}
