// 'Última Tentativa de Validação': before the customer's last amount is sent, a
// warning that a wrong one means 'Você não poderá mais cadastrar cartões'. Cancel (the default
// focus, and Escape) goes back to check the statement; the other button sends the amount.
import { useId, useRef } from 'react';
import { t } from '../../src/i18n/index.ts';
import { useModal } from '../shared/useModal.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

export function LastAttemptDialog({ onBack, onSend }: { onBack: () => void; onSend: () => void }) {
  const uid = useId();
  const ref = useRef<HTMLDivElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = useModal({ ref, onClose: onBack, focusOnOpen: () => backRef.current });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop goes back, as Escape and the back button do
    <div
      className="fixed inset-0 z-[80] flex items-center justify-center bg-black/50 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onBack();
      }}
    >
      <div
        ref={ref}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${uid}-title`}
        aria-describedby={`${uid}-text`}
        onKeyDown={onKeyDown}
        className="w-full max-w-sm rounded-2xl bg-card p-5 text-ink shadow-2xl"
        data-last-attempt
      >
        <h2 id={`${uid}-title`} className="m-0 mb-2 text-lg font-bold">
          {t('cards:steps.lastAttempt.title')}
        </h2>
        <p id={`${uid}-text`} className="m-0 mb-5">
          {t('cards:steps.lastAttempt.text')}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button ref={backRef} variant="secondary" onClick={onBack} data-last-attempt-back>
            {t('cards:steps.lastAttempt.back')}
          </Button>
          <Button onClick={onSend} data-last-attempt-send>
            {t('cards:steps.lastAttempt.send')}
          </Button>
        </div>
      </div>
    </div>
  );
}
