// One line of 'Meu carrinho' (./CartModal.tsx): image, name, variation tags, note, total
// and the quantity control [R-2.113] (0 asks the modal to confirm the removal ); 'Esgotado'
// with what sold out when the line holds something the establishment marked sold out.
import type { CartLine } from '../../src/domain/cart.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { QUANTITY_MAX } from '../../src/domain/quantity.ts';
import { t } from '../../src/i18n/index.ts';
import { soldOutText } from '../../src/i18n/messages.ts';
import type { SoldOutProblem } from '../../src/domain/cart.ts';
import { smallPicture } from '../../src/lib/thumbnails.ts';
import { QuantityControl } from './QuantityControl.tsx';

export function CartLineItem({ line, soldOut, onChange }: { line: CartLine; soldOut: SoldOutProblem | null; onChange: (next: number) => void }) {
  return (
    <li
      className="flex gap-3 border-b border-b-solid border-line py-3 last:border-b-0"
      data-cart-line={line.product_id}
      data-line-id={line.line_id}
      data-sold-out={soldOut?.code}
    >
      {line.image ? (
        <img
          src={smallPicture(line.image)}
          alt=""
          width="72"
          height="72"
          loading="lazy"
          className="h-18 w-18 flex-none rounded-lg bg-surface object-cover"
          data-cart-line-image
        />
      ) : (
        <div className="h-18 w-18 flex-none rounded-lg bg-surface" aria-hidden="true" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="m-0 font-semibold leading-snug" data-cart-line-name>
          {line.name}
        </p>
        {line.tags.length > 0 && (
          <ul className="m-0 flex list-none flex-wrap gap-1 p-0" data-cart-line-tags>
            {line.tags.map((tag, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a line's tags may repeat and never move
              <li key={`${tag}-${i}`} className="rounded-full bg-surface px-2 py-0.5 text-xs text-muted">
                {tag}
              </li>
            ))}
          </ul>
        )}
        {soldOut && (
          <p className="m-0 text-sm font-semibold text-amber-900" role="status" data-cart-line-sold-out>
            <span className="mr-1 rounded-full bg-ink px-2 py-0.5 text-xs text-surface">{t('cart:soldOut.label')}</span>
            {soldOutText(soldOut)}
          </p>
        )}
        {line.note && (
          <p className="m-0 text-xs text-muted" data-cart-line-note>
            {t('cart:modal.note', { note: line.note })}
          </p>
        )}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <QuantityControl size="sm" value={line.qnt} min={0} max={QUANTITY_MAX} name={line.name} onChange={onChange} hook={{ 'data-cart-line-qty': '' }} />
          <span className="font-bold tabular-nums" data-cart-line-total data-cents={line.line_cents}>
            {formatBRL(line.line_cents)}
          </span>
        </div>
      </div>
    </li>
  );
}
