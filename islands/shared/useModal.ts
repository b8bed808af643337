// What makes a box modal, shared by every dialog of the islands (./Dialog.tsx): the page behind
// stops scrolling, focus moves in on open and back to the opener on close, Tab cycles inside,
// Escape closes, and the keys stay inside, so a dialog opened over another (the schedule or
// address modal over the checkout) is the only one that acts on them.
import { useEffect, useRef } from 'react';
import type { KeyboardEvent, RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements of `root` that Tab can reach now (hidden ones left out). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
}

// One lock for all open dialogs: the page's own overflow comes back when the last one closes.
let openCount = 0;
let savedOverflow = '';

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

export interface ModalOptions {
  /** The dialog element (role=dialog or alertdialog). */
  ref: RefObject<HTMLElement | null>;
  onClose: () => void;
  /** Where focus goes back to on close (default: what had focus on open). */
  opener?: HTMLElement | null;
  /** What takes focus on open; nothing given, the dialog element itself. */
  focusOnOpen: () => HTMLElement | null | undefined;
}

/**
 * The behaviour every modal shares (see the top of the file). An element inside that handles a
 * key itself (an open results list on Escape) prevents its default or stops it first.
 * Returns the dialog element's keydown handler.
 */
export function useModal({ ref, onClose, opener, focusOnOpen }: ModalOptions): (event: KeyboardEvent<HTMLElement>) => void {
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
    // A dialog underneath (an ancestor in the tree) must not also act on this one's keys.
    event.stopPropagation();
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
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
