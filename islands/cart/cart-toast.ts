// The 'Produto adicionado ao carrinho' toast (25 s, decisions #20) with its 'Ver carrinho'
// action. Once the cart is open the toast has served its purpose and would only cover the modal's
// footer, so the cart modal dismisses it. toast() (src/client/toast.ts) appends its element to the
// [data-toasts] region synchronously; the newest child right after the call is this toast.
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';

/** How long the 'added to cart' toast stays (decisions #20). */
export const CART_TOAST_MS = 25_000;

let current: Element | null = null;

export function showCartToast(onOpenCart: () => void): void {
  dismissCartToast();
  toast(t('cart:add.added'), { kind: 'success', durationMs: CART_TOAST_MS, action: { label: t('cart:add.viewCart'), onClick: onOpenCart } });
  current = document.querySelector('[data-toasts]')?.lastElementChild ?? null;
}

export function dismissCartToast(): void {
  current?.remove();
  current = null;
}
