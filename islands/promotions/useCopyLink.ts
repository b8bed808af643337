// 'Copiar link' on the referral screen (./ReferralPanel.tsx): the clipboard, else the link selected
// in its field and copied the old way; 'Link copiado!' stays on the button for a moment, a toast
// says it copied, or that the customer can copy the selected link themselves.
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';

/** How long 'Link copiado!' stays on the button. */
const COPIED_MS = 2500;

/** `field` is the link's read-only input, selected when there is no clipboard. */
export function useCopyLink(link: string) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    let done = false;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      done = true;
    } catch {
      // No clipboard (an old browser, a page not allowed to write it): the link selected, copied the old way if it can be.
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
      toast(t('promotions:referral.copyFailed'), { kind: 'info' });
      return;
    }
    setCopied(true);
    toast(t('promotions:referral.copied'), { kind: 'success' });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return { field, copied, copy };
}
