// An accessible modal: role=dialog (or alertdialog) with aria-modal, labelled by its title; focus
// moves in on open, Tab cycles inside it, Escape and the backdrop close it, and focus returns to
// the element that opened it. Full screen on phones, a centred card from 768 px.
import { useEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { t } from '../../src/i18n/index.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
}

let openCount = 0;
let savedOverflow = '';

/** Keeps the page behind from scrolling while any dialog is open. */
function useScrollLock(): void {
  useEffect(() => {
    if (openCount++ === 0) {
      savedOverflow = document.documentElement.style.overflow;
      document.documentElement.style.overflow = 'hidden';
    }
    return () => {
      if (--openCount === 0) document.documentElement.style.overflow = savedOverflow;
    };
  }, []);
}

export interface DialogProps {
  titleId: string;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Where focus goes back to on close (default: what had focus on open). */
  opener?: HTMLElement | null;
  /** What takes focus on open (default: the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra attributes (test hooks) on the dialog element. */
  hook: Record<string, string>;
}

/**
 * The behaviour every modal shares: page scroll locked, focus moved in on open (the given
 * element, else the dialog itself) and back to the opener on close, Escape closes, Tab cycles
 * inside. A dialog opened inside another handles its own keys first (defaultPrevented).
 * Returns the dialog element's keydown handler.
 */
export function useModal({
  ref,
  onClose,
  opener,
  focusOnOpen,
}: {
  ref: RefObject<HTMLElement | null>;
  onClose: () => void;
  opener?: HTMLElement | null;
  focusOnOpen: () => HTMLElement | null | undefined;
}): (event: KeyboardEvent<HTMLElement>) => void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useScrollLock();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on open/close
  useEffect(() => {
    const back = opener ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    (focusOnOpen() ?? ref.current)?.focus();
    return () => {
      // Focus returns to the opener unless something else (a newer dialog) took it meanwhile.
      const active = document.activeElement;
      if (back?.isConnected && (!active || active === document.body || ref.current?.contains(active) || !active.isConnected)) {
        back.focus({ preventScroll: true });
      }
    };
  }, []);

  return (event) => {
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    const root = ref.current;
    if (event.key !== 'Tab' || !root) return;
    const list = focusables(root);
    if (list.length === 0) {
      event.preventDefault();
      return;
    }
    const first = list[0]!;
    const last = list[list.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === root || !root.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !root.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };
}

export function Dialog({ titleId, title, onClose, children, footer, opener, initialFocus, hook }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const onKeyDown = useModal({ ref, onClose, opener, focusOnOpen: () => initialFocus?.current ?? closeRef.current });

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop closes, as Escape and the close button do
    <div
      className="fixed inset-0 z-[70] flex items-stretch justify-center bg-black/50 md:items-center md:p-6"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="relative flex h-full w-full flex-col overflow-hidden bg-card text-ink shadow-2xl outline-none md:h-auto md:max-h-[min(90vh,52rem)] md:max-w-2xl md:rounded-2xl"
        {...hook}
      >
        <div className="flex flex-none items-center gap-3 border-b border-b-solid border-line px-4 py-3">
          <h2 id={titleId} className="m-0 min-w-0 flex-1 truncate text-lg font-bold">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="flex h-10 w-10 flex-none cursor-pointer items-center justify-center rounded-full border-none bg-transparent text-ink hover:bg-surface"
            aria-label={t('cart:close')}
            onClick={() => onCloseRef.current()}
            data-dialog-close
          >
            <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
        {footer && (
          <div className="flex-none border-t border-t-solid border-line bg-card px-4 py-3 pb-[calc(.75rem+env(safe-area-inset-bottom,0px))]">{footer}</div>
        )}
      </div>
    </div>
  );
}

/** A small confirmation on top of a dialog (role=alertdialog): Cancelar / confirm; Escape cancels. */
export function ConfirmDialog({
  message,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  message: string;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    return () => {
      if (back?.isConnected) back.focus({ preventScroll: true });
    };
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    event.stopPropagation();
    const list = focusables(ref.current);
    const i = list.indexOf(document.activeElement as HTMLElement);
    event.preventDefault();
    const next = event.shiftKey ? (i <= 0 ? list.length - 1 : i - 1) : i === -1 || i === list.length - 1 ? 0 : i + 1;
    list[next]?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop cancels, as Escape and the cancel button do
    <div
      className="fixed inset-0 z-[80] flex items-center justify-center bg-black/50 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div
        ref={ref}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="cart-confirm-message"
        onKeyDown={onKeyDown}
        className="w-full max-w-sm rounded-2xl bg-card p-5 text-ink shadow-2xl"
        data-cart-confirm
      >
        <p id="cart-confirm-message" className="m-0 mb-5 text-base font-semibold">
          {message}
        </p>
        <div className="flex justify-end gap-2">
          <button
            ref={cancelRef}
            type="button"
            className="cursor-pointer rounded-lg border border-solid border-line bg-transparent px-4 py-2 text-sm font-semibold text-ink hover:bg-surface"
            onClick={onCancel}
            data-confirm-cancel
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className="cursor-pointer rounded-lg border-none bg-brand px-4 py-2 text-sm font-semibold text-onbrand hover:bg-branddark"
            onClick={onConfirm}
            data-confirm-ok
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
