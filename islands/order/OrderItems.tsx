// The order's items with their variations (each read as the cart reads it: '1/2 Calabresa') and
// notes, the whole order's extras and the order's note.
import { pickLabel } from '../../src/domain/cart.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { OrderView } from './order-api.ts';
import './i18n.ts';

export function OrderItems({ order }: { order: OrderView }) {
  return (
    <section className="flex flex-col gap-2" aria-labelledby="pedido-itens">
      <h2 id="pedido-itens" className="m-0 text-base font-bold text-ink">
        {t('order:view.items')}
      </h2>
      <ul className="m-0 flex list-none flex-col p-0" data-order-items>
        {order.items.map((item, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines may repeat a product and never move
            key={`${item.product_id}-${i}`}
            className="flex gap-3 border-b border-b-solid border-line py-2 last:border-b-0"
            data-order-item={item.product_id}
          >
            <span className="w-8 flex-none text-sm font-bold text-ink">{t('order:view.itemQnt', { qnt: item.qnt })}</span>
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="text-sm font-semibold text-ink" data-order-item-name>
                {item.name}
              </span>
              {item.variations.length > 0 && (
                <ul className="m-0 list-none p-0 text-xs text-muted" data-order-item-variations>
                  {item.variations.map((v, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines may repeat a product and never move
                    <li key={`${v.item_id}-${j}`} data-order-item-variation>
                      {pickLabel(v)}
                      {v.price > 0 ? ` (+ ${formatBRL(v.price * v.qnt)})` : ''}
                    </li>
                  ))}
                </ul>
              )}
              {item.note && (
                <span className="text-xs text-muted" data-order-item-note>
                  {t('order:view.note', { note: item.note })}
                </span>
              )}
            </div>
            <span className="flex-none text-sm font-semibold tabular-nums text-ink">{formatBRL(item.line_cents)}</span>
          </li>
        ))}
      </ul>
      {order.order_variations.length > 0 && (
        <div className="flex flex-col gap-0.5" data-order-extras>
          <h3 className="m-0 text-sm font-semibold text-ink">{t('order:view.extras')}</h3>
          <ul className="m-0 list-none p-0 text-xs text-muted">
            {order.order_variations.map((v, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines may repeat a product and never move
              <li key={`${v.item_id}-${j}`}>
                {pickLabel(v)}
                {v.price > 0 ? ` (+ ${formatBRL(v.price * v.qnt)})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      {order.note && (
        <p className="m-0 text-sm text-muted" data-order-note>
          {t('order:view.orderNote', { note: order.note })}
        </p>
      )}
    </section>
  );
}
