// The loading overlay (spec section 9, 'Loading overlay closes after 3 s' ): a full-screen
// 'Carregando…' veil that answers a tap at once while what it opens is still loading: the cart app
// on the first tap of a visit (cart-boot.ts), the checkout's code and data after 'Finalizar pedido'
// (islands/cart/CartRoot.tsx, islands/checkout/CheckoutFlow.tsx). It goes when what it waits for
// opens or fails, and 3 s after it appeared at the latest: a slow phone or network never leaves the
// page covered, and what the tap asked for still opens when it is ready.
//
// One veil at a time: a second holder (the checkout's data after its code) joins the veil already
// shown instead of starting its own 3 s, so one tap is never covered longer than 3 s. Plain DOM, so
// the page scripts show it without React.

/** The longest the veil stays up. */
export const LOADING_OVERLAY_MAX_MS = 3000;

export interface LoadingOverlay {
  /** The holder no longer waits; the veil goes when no holder does (or at 3 s). */
  close(): void;
}

interface Veil {
  element: HTMLElement;
  holders: number;
  timer: number;
}

let current: Veil | null = null;

function removeVeil(veil: Veil): void {
  window.clearTimeout(veil.timer);
  veil.element.remove();
  if (current === veil) current = null;
}

/**
 * Shows the veil (or joins the one shown) with `text`; `hook` adds a data-<hook> attribute for the
 * caller's own selectors; `since` (performance.now() of the tap) counts the 3 s from the tap. Returns the holder's handle.
 */
export function showLoadingOverlay(text: string, hook?: string, since?: number): LoadingOverlay {
  // What one tap asked for is covered 3 s at the most, counted from the tap: a holder that comes
  // after the tap's veil went (the checkout's data after its slow code) shows none.
  const left = since === undefined ? LOADING_OVERLAY_MAX_MS : LOADING_OVERLAY_MAX_MS - (performance.now() - since);
  if (!current && left <= 0) return { close() {} };
  if (!current) {
    const element = document.createElement('div');
    element.setAttribute('data-loading-overlay', '');
    if (hook) element.setAttribute(`data-${hook}`, '');
    element.setAttribute('role', 'status');
    element.setAttribute('aria-live', 'polite');
    element.textContent = text;
    element.style.cssText =
      'position:fixed;inset:0;z-index:70;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.35);color:#fff;font-weight:600;font-size:1.05rem';
    document.body.appendChild(element);
    const veil: Veil = { element, holders: 0, timer: 0 };
    veil.timer = window.setTimeout(() => removeVeil(veil), left);
    current = veil;
  } else if (hook) current.element.setAttribute(`data-${hook}`, '');
  const veil = current;
  veil.holders += 1;
  let closed = false;
  return {
    close() {
      if (closed) return;
      closed = true;
      veil.holders -= 1;
      // A holder that takes over in the same moment (React swaps a fallback for the component that
      // goes on waiting) keeps the veil: it is removed only if nobody joined by then.
      queueMicrotask(() => {
        if (veil.holders === 0) removeVeil(veil);
      });
    },
  };
}
