// 'Meu carrinho': the order's lines (image, name, variation tags, note, total, quantity
// control; the last unit asks before it goes ), 'Adicionar mais produtos' or
// 'Voltar ao cardápio' when empty, the out-of-hours notice when scheduling is
// the only option, the 'Compre também' carousel and the check-order
// footer [R-2.62..R-2.66]. What keeps the order from being finished is said here, before the
// checkout: a closed establishment that does not schedule (with its next opening) and one that
// takes no orders at all, for visitors and customers alike; both block 'Finalizar pedido'
// (decisions #5). So does a line holding something the establishment marked sold out, flagged on
// the line and read again when the catalogue changes (./useSoldOutLines.ts).
// Each line is ./CartLineItem.tsx, the notice ./OrderingNotice.tsx over ./useOrdering.ts.
import { useEffect, useId, useRef, useState } from 'react';
import type { CartLine } from '../../src/domain/cart.ts';
import { QUANTITY_MAX } from '../../src/domain/quantity.ts';
import { t } from '../../src/i18n/index.ts';
import type { CartStore } from '../stores/cart.ts';
import { dismissCartToast } from './cart-toast.ts';
import { CheckOrderFooter } from './CheckOrderFooter.tsx';
import { ConfirmDialog, Dialog } from '../shared/Dialog.tsx';
import { useSignalValue } from './hooks.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { CartLineItem } from './CartLineItem.tsx';
import { OrderingNotice } from './OrderingNotice.tsx';
import { Suggestions } from './Suggestions.tsx';
import { useOrdering } from './useOrdering.ts';
import { useSoldOutLines } from './useSoldOutLines.ts';
import { Button } from '../shared/Button.tsx';

export interface CartModalProps {
  store: CartStore;
  island: StoreIsland;
  opener: HTMLElement | null;
  onClose: () => void;
  onAddProduct: (productId: string) => void;
  /** 'Finalizar pedido'. */
  onCheckout: () => void;
}

export function CartModal({ store, island, opener, onClose, onAddProduct, onCheckout }: CartModalProps) {
  const lines = useSignalValue(store.lines);
  const titleId = useId();
  const [confirming, setConfirming] = useState<CartLine | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const ordering = useOrdering(island);
  const soldOut = useSoldOutLines(island.id, lines);
  const blocked = ordering.state === 'unavailable' || ordering.state === 'closed' ? ordering.state : soldOut.size > 0 ? 'sold_out' : null;
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
              <CartLineItem key={line.line_id} line={line} soldOut={soldOut.get(line.line_id) ?? null} onChange={(n) => change(line, n)} />
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
