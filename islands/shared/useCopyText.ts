// 'Copiar' beside a text the user takes elsewhere (the referral link, a credential of the panel):
// the clipboard, else the text selected in its read-only field and copied the old way; the copied
// state stays on the button for a moment, a toast says it copied, or that the user can copy the
// selected text themselves.
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../src/client/toast.ts';

/** How long the copied state stays on the button. */
const COPIED_MS = 2500;

/** What the toasts say: copied, and copy it yourself. */
export interface CopyTexts {
  copied: string;
  failed: string;
}

/** `field` is the text's read-only input, selected when there is no clipboard. */
export function useCopyText(text: string, said: CopyTexts) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    let done = false;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      done = true;
    } catch {
      // No clipboard (an old browser, a page not allowed to write it): the text selected, copied the old way if it can be.
      const input = field.current;
      input?.focus();
      input?.select();
      try {
        done = document.execCommand('copy');
      } catch {
        done = false;
      }
    }
    if (!done) {
      toast(said.failed, { kind: 'info' });
      return;
    }
    setCopied(true);
    toast(said.copied, { kind: 'success' });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return { field, copied, copy };
}
