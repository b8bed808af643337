// The checkout's modal: full screen at every width, role=dialog with aria-modal and a
// title, focus moved in on open and kept inside (Tab cycles), Escape and the close button close
// it, focus back to the opener afterwards. A nested alert dialog (ConfirmDialog) handles its own
// keys, so Escape there does not close this one.
import { useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { t } from '../../src/i18n/index.ts';
import { useModal } from '../shared/Dialog.tsx';

export interface FullScreenDialogProps {
  titleId: string;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Shown left of the title (e.g. a back button). */
  leading?: ReactNode;
  opener?: HTMLElement | null;
  initialFocus?: RefObject<HTMLElement | null>;
  hook: Record<string, string>;
}

export function FullScreenDialog({ titleId, title, onClose, children, footer, leading, opener, initialFocus, hook }: FullScreenDialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const onKeyDown = useModal({ ref, onClose, opener, focusOnOpen: () => initialFocus?.current });

  return (
    <div className="fixed inset-0 z-[75] flex bg-black/50">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="relative flex h-full w-full flex-col overflow-hidden bg-card text-ink outline-none"
        {...hook}
      >
        <div className="flex flex-none items-center gap-2 border-b border-b-solid border-line px-3 py-2 md:px-6">
          {leading}
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
          <div className="flex-none border-t border-t-solid border-line bg-card px-4 py-3 pb-[calc(.75rem+env(safe-area-inset-bottom,0px))] md:px-6">
            {footer}
          </div>
        )}
      </div>
    </div>
  );
}
