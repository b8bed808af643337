// The islands' dialogs, on one frame: role=dialog with aria-modal, labelled by its title, a close
// button, the body scrolling under a fixed header and footer; the modal behaviour (scroll lock,
// focus in and back, Tab cycling, Escape) is ./useModal.ts. Four frames: a sheet, full screen on
// phones and a centred card from 768 px, whose backdrop closes it (the cart, the product, the
// schedule and address modals); a bottom sheet as tall as its content on phones, the same centred
// card from 768 px (a short question such as the CVV); full screen at every width (the checkout
// ); and a side sheet on the right from 768 px, full screen on phones (the add-card drawer). Beside it the small
// confirmation shown on top of a dialog (ConfirmDialog).
import { useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { t } from '../../src/i18n/index.ts';
import { useModal } from './useModal.ts';
import { Button } from './Button.tsx';

export interface DialogProps {
  titleId: string;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Full screen at every width (default: a centred card from 768 px). */
  fullScreen?: boolean;
  /** A side sheet on the right from 768 px, full screen on phones (a drawer). */
  side?: boolean;
  /** On phones a bottom sheet as tall as its content (default: full screen); a centred card from 768 px. */
  bottomSheet?: boolean;
  /** Shown left of the title (e.g. a back button). */
  leading?: ReactNode;
  /** Where focus goes back to on close (default: what had focus on open). */
  opener?: HTMLElement | null;
  /** What takes focus on open (default: the close button of a card, the dialog itself when full screen). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra attributes (test hooks) on the dialog element. */
  hook: Record<string, string>;
}

// Whole class strings, so UnoCSS finds every utility in the source.
const FRAME = {
  card: {
    backdrop: 'fixed inset-0 z-[70] flex items-stretch justify-center bg-black/50 md:items-center md:p-6',
    dialog:
      'relative flex h-full w-full flex-col overflow-hidden bg-card text-ink shadow-2xl outline-none md:h-auto md:max-h-[min(90vh,52rem)] md:max-w-2xl md:rounded-2xl',
    header: 'flex flex-none items-center gap-3 border-b border-b-solid border-line px-4 py-3',
    footer: 'flex-none border-t border-t-solid border-line bg-card px-4 py-3 pb-[calc(.75rem+env(safe-area-inset-bottom,0px))]',
  },
  bottom: {
    backdrop: 'fixed inset-0 z-[70] flex items-end justify-center bg-black/50 md:items-center md:p-6',
    dialog:
      'relative flex max-h-[92vh] w-full flex-col overflow-hidden rounded-t-2xl bg-card text-ink shadow-2xl outline-none md:max-h-[min(90vh,52rem)] md:max-w-lg md:rounded-2xl',
    header: 'flex flex-none items-center gap-3 border-b border-b-solid border-line px-4 py-3',
    footer: 'flex-none border-t border-t-solid border-line bg-card px-4 py-3 pb-[calc(.75rem+env(safe-area-inset-bottom,0px))]',
  },
  side: {
    backdrop: 'fixed inset-0 z-[70] flex justify-end bg-black/50',
    dialog: 'relative flex h-full w-full flex-col overflow-hidden bg-card text-ink shadow-2xl outline-none md:max-w-md',
    header: 'flex flex-none items-center gap-3 border-b border-b-solid border-line px-4 py-3',
    footer: 'flex-none border-t border-t-solid border-line bg-card px-4 py-3 pb-[calc(.75rem+env(safe-area-inset-bottom,0px))]',
  },
  full: {
    backdrop: 'fixed inset-0 z-[75] flex bg-black/50',
    dialog: 'relative flex h-full w-full flex-col overflow-hidden bg-card text-ink outline-none',
    header: 'flex flex-none items-center gap-2 border-b border-b-solid border-line px-3 py-2 md:px-6',
    footer: 'flex-none border-t border-t-solid border-line bg-card px-4 py-3 pb-[calc(.75rem+env(safe-area-inset-bottom,0px))] md:px-6',
  },
};

export function Dialog({
  titleId,
  title,
  onClose,
  children,
  footer,
  fullScreen = false,
  side = false,
  bottomSheet = false,
  leading,
  opener,
  initialFocus,
  hook,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const onKeyDown = useModal({ ref, onClose, opener, focusOnOpen: () => initialFocus?.current ?? (fullScreen ? null : closeRef.current) });
  const frame = fullScreen ? FRAME.full : side ? FRAME.side : bottomSheet ? FRAME.bottom : FRAME.card;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop closes, as Escape and the close button do
    <div
      className={frame.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown} className={frame.dialog} {...hook}>
        <div className={frame.header}>
          {leading}
          <h2 id={titleId} className="m-0 min-w-0 flex-1 truncate text-lg font-bold">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="flex h-11 w-11 flex-none cursor-pointer items-center justify-center rounded-full border-none bg-transparent text-ink hover:bg-surface"
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
        {footer && <div className={frame.footer}>{footer}</div>}
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
  const onKeyDown = useModal({ ref, onClose: onCancel, focusOnOpen: () => cancelRef.current });
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
          <Button ref={cancelRef} variant="secondary" size="compact" onClick={onCancel} data-confirm-cancel>
            {cancelLabel}
          </Button>
          <Button size="compact" onClick={onConfirm} data-confirm-ok>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
