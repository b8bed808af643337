// The add-card drawer's frame: a side sheet from 768 px, full screen on a phone. The same modal
// behaviour as every dialog of the islands (../shared/useModal.ts: scroll lock, focus in and back,
// Tab cycling, Escape) and the same header as ../shared/Dialog.tsx, whose two frames (a centred
// card, full screen) have no side sheet.
import { useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { t } from '../../src/i18n/index.ts';
import { useModal } from '../shared/useModal.ts';

export interface SheetProps {
  titleId: string;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  opener?: HTMLElement | null;
  /** What takes focus on open (default: the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
  hook: Record<string, string>;
}

export function Sheet({ titleId, title, onClose, children, footer, opener, initialFocus, hook }: SheetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const onKeyDown = useModal({ ref, onClose, opener, focusOnOpen: () => initialFocus?.current ?? closeRef.current });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop closes, as Escape and the close button do
    <div
      className="fixed inset-0 z-[70] flex justify-end bg-black/50"
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
        className="relative flex h-full w-full flex-col overflow-hidden bg-card text-ink shadow-2xl outline-none md:max-w-md"
        {...hook}
      >
        <div className="flex flex-none items-center gap-3 border-b border-b-solid border-line px-4 py-3">
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
        {footer && (
          <div className="flex-none border-t border-t-solid border-line bg-card px-4 py-3 pb-[calc(.75rem+env(safe-area-inset-bottom,0px))]">{footer}</div>
        )}
      </div>
    </div>
  );
}
