// The islands' dialogs, on one frame: role=dialog with aria-modal, labelled by its title, a close
// button, the body scrolling under a fixed header and footer; the modal behaviour (scroll lock,
// focus in and back, Tab cycling, Escape) is ./useModal.ts. Four frames: a sheet, full screen on
// phones and a centred card from 768 px, whose backdrop closes it (the cart, the product, the
// schedule and address modals); a bottom sheet as tall as its content on phones, the same centred
// card from 768 px (a short question such as the CVV); full screen at every width (the checkout
// ); and a side sheet on the right from 768 px, full screen on phones (the add-card drawer). Beside it the small
// confirmation shown on top of a dialog (./ConfirmDialog.tsx, also exported from here). The frames'
// classes are ./dialog-frames.ts.
import { useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { t } from '../../src/i18n/index.ts';
import { FRAME } from './dialog-frames.ts';
import { useModal } from './useModal.ts';

export { ConfirmDialog } from './ConfirmDialog.tsx';

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
