// Which cart modal is open: a tiny external store the boot script writes (through mountCart)
// and the React tree reads with useSyncExternalStore.

export type CartView =
  | { kind: 'none' }
  | { kind: 'product'; productId: string; opener: HTMLElement | null }
  | { kind: 'cart'; opener: HTMLElement | null }
  /** The checkout (extras and complete-request modals); `opener` is the cart's, for the way back; `askedAt` the tap's performance.now(). */
  | { kind: 'checkout'; opener: HTMLElement | null; askedAt: number };

export interface ViewState {
  get(): CartView;
  set(next: CartView): void;
  subscribe(listener: () => void): () => void;
}

export function createViewState(): ViewState {
  let current: CartView = { kind: 'none' };
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      current = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
