// 'Meu carrinho': the order's lines (image, name, variation tags, note, total, quantity
// control; the last unit asks before it goes ), 'Adicionar mais produtos' or
// 'Voltar ao cardápio' when empty, the out-of-hours notice when scheduling is
// the only option, the 'Compre também' carousel and the check-order
// footer [R-2.62..R-2.66]. What keeps the order from being finished is said here, before the
// checkout: a closed establishment that does not schedule (with its next opening) and one that
// takes no orders at all, for visitors and customers alike; both block 'Finalizar pedido'
// (decisions #5).
import { useEffect, useId, useRef, useState } from 'react';
import type { CartLine } from '../../src/domain/cart.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { QUANTITY_MAX } from '../../src/domain/quantity.ts';
import { t } from '../../src/i18n/index.ts';
import type { CartStore } from '../stores/cart.ts';
import { dismissCartToast } from './cart-toast.ts';
import { CheckOrderFooter } from './CheckOrderFooter.tsx';
import { ConfirmDialog, Dialog } from '../shared/Dialog.tsx';
import { useSignalValue } from './hooks.ts';
import { orderingNow } from '../../src/client/store-island.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { openingText } from '../../src/i18n/messages.ts';
import type { WallClockTime } from '../../src/domain/week-clock.ts';
import type { OrderingState } from '../../src/domain/open-now.ts';
import { QuantityControl } from './QuantityControl.tsx';
import { Suggestions } from './Suggestions.tsx';
import { smallPicture } from '../../src/lib/thumbnails.ts';
import { Button } from '../shared/Button.tsx';

/** How often the open/closed reading behind the notice and the checkout button is refreshed. */
const STATUS_CHECK_MS = 3000;

export interface CartModalProps {
  store: CartStore;
  island: StoreIsland;
  opener: HTMLElement | null;
  onClose: () => void;
  onAddProduct: (productId: string) => void;
  /** 'Finalizar pedido'. */
  onCheckout: () => void;
}

type Ordering = { state: OrderingState; opens: WallClockTime | null };

/** What the establishment lets the customer do now, re-read every STATUS_CHECK_MS. */
function useOrdering(island: StoreIsland): Ordering {
  const [ordering, setOrdering] = useState(() => orderingNow(island));
  useEffect(() => {
    const id = window.setInterval(() => {
      const next = orderingNow(island);
      // A new object every tick would re-render the cart for nothing.
      setOrdering((current) =>
        current.state === next.state && current.opens?.days === next.opens?.days && current.opens?.time === next.opens?.time ? current : next,
      );
    }, STATUS_CHECK_MS);
    return () => window.clearInterval(id);
  }, [island]);
  return ordering;
}

/** Why the order cannot be finished now, or that it can only be scheduled; nothing while open. */
function OrderingNotice({ ordering }: { ordering: Ordering }) {
  if (ordering.state === 'open') return null;
  if (ordering.state === 'unavailable') {
    return (
      <p className="m-0 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900" role="status" data-cart-unavailable-notice>
        {t('cart:modal.unavailableNotice')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-cart-notice={ordering.state}>
      <p className="m-0" data-cart-closed-notice>
        {ordering.state === 'closed' ? t('cart:modal.closedNoScheduleNotice') : t('cart:modal.closedNotice')}
      </p>
      {ordering.opens && (
        <p className="m-0 font-semibold" data-cart-next-opening>
          {openingText(ordering.opens)}
        </p>
      )}
    </div>
  );
}

export function CartModal({ store, island, opener, onClose, onAddProduct, onCheckout }: CartModalProps) {
  const lines = useSignalValue(store.lines);
  const titleId = useId();
  const [confirming, setConfirming] = useState<CartLine | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const ordering = useOrdering(island);
  const blocked = ordering.state === 'unavailable' || ordering.state === 'closed' ? ordering.state : null;
  const home = `/${island.slug}/`;
  const onHome = location.pathname === home || location.pathname === home.slice(0, -1);
  useEffect(dismissCartToast, []);

  const change = (line: CartLine, next: number) => {
    if (next <= 0) {
      setConfirming(line);
      return;
    }
    store.setQuantity(line.line_id, Math.min(QUANTITY_MAX, next));
  };

  const confirmRemove = () => {
    if (!confirming) return;
    store.remove(confirming.line_id);
    setConfirming(null);
    // The line's buttons are gone: keep focus inside the dialog.
    requestAnimationFrame(() => listRef.current?.closest<HTMLElement>('[role="dialog"]')?.focus());
  };

  return (
    <Dialog
      titleId={titleId}
      title={t('cart:modal.title')}
      onClose={onClose}
      opener={opener}
      hook={{ 'data-cart-modal': '' }}
      footer={<CheckOrderFooter store={store} island={island} checkoutBlocked={blocked} onCheckout={onCheckout} />}
    >
      <div className="flex flex-col gap-4 p-4">
        <OrderingNotice ordering={ordering} />
        {lines.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center" data-cart-empty>
            <p className="m-0 text-base font-semibold">{t('cart:modal.empty')}</p>
            <p className="m-0 text-sm text-muted">{t('cart:modal.emptyHint')}</p>
          </div>
        ) : (
          <ul ref={listRef} className="m-0 flex list-none flex-col p-0" aria-label={t('cart:modal.items')} data-cart-lines>
            {lines.map((line) => (
              <CartLineItem key={line.line_id} line={line} onChange={(n) => change(line, n)} />
            ))}
          </ul>
        )}
        {lines.length === 0 ? (
          <a
            href={home}
            className="self-center rounded-lg border border-solid border-brand px-4 py-2 text-sm font-semibold text-brand no-underline hover:bg-surface"
            onClick={(event) => {
              if (onHome) {
                event.preventDefault();
                onClose();
              }
            }}
            data-cart-back-to-menu
          >
            {t('cart:modal.backToMenu')}
          </a>
        ) : (
          <Button variant="outline" size="compact" className="self-center" onClick={onClose} data-cart-add-more>
            {t('cart:modal.addMore')}
          </Button>
        )}
        {ordering.state !== 'unavailable' && <Suggestions island={island} lines={lines} onAdd={onAddProduct} />}
      </div>
      {confirming && (
        <ConfirmDialog
          message={t('cart:confirm.remove', { name: confirming.name })}
          cancelLabel={t('cart:confirm.cancel')}
          confirmLabel={t('cart:confirm.confirm')}
          onCancel={() => setConfirming(null)}
          onConfirm={confirmRemove}
        />
      )}
    </Dialog>
  );
}

function CartLineItem({ line, onChange }: { line: CartLine; onChange: (next: number) => void }) {
  return (
    <li className="flex gap-3 border-b border-b-solid border-line py-3 last:border-b-0" data-cart-line={line.product_id} data-line-id={line.line_id}>
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
