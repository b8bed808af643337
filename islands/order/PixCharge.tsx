// A Pix charge ready to pay: the amount, the time left, the QR code (the server's SVG as an image,
// with a text alternative) and the copia-e-cola in a read-only field with 'Copiar código' (the
// clipboard, else the text selected for the customer to copy).
import { useId, useRef } from 'react';
import { toast } from '../../src/client/toast.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { Button } from '../shared/Button.tsx';
import { countdownText, type PixChargeView } from './pix-api.ts';
import './i18n.ts';

export function PixCharge({ charge, msLeft }: { charge: PixChargeView; msLeft: number }) {
  const fieldId = useId();
  const hintId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const amount = formatBRL(charge.amount);

  async function copy() {
    const text = charge.copy_paste;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      toast(t('order:pix.copied'), { kind: 'success' });
      return;
    } catch {
      // No clipboard (an old browser, a page not allowed to write it): the text selected, copied the old way if it can be.
    }
    const el = field.current;
    el?.focus();
    el?.select();
    el?.setSelectionRange(0, text.length);
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    toast(t(copied ? 'order:pix.copied' : 'order:pix.selected'), { kind: copied ? 'success' : 'info' });
  }

  return (
    <div className="flex flex-col gap-4" data-pix-charge={charge.txid}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="m-0 text-base">
          {t('order:pix.amountLabel')}{' '}
          <strong className="text-lg tabular-nums" data-pix-amount={charge.amount}>
            {amount}
          </strong>
        </p>
        <p className="m-0 text-base font-semibold tabular-nums" role="timer" aria-live="off" data-pix-countdown>
          {t('order:pix.expiresIn', { time: countdownText(msLeft) })}
        </p>
      </div>
      <p id={hintId} className="m-0 text-sm text-muted">
        {t('order:pix.howTo')}
      </p>
      {/* On a phone, whose own screen cannot be scanned, the code to paste comes first. */}
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <div className="order-2 flex flex-none justify-center md:order-1">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(charge.qr_svg)}`}
            alt={t('order:pix.qrAlt', { amount })}
            width={224}
            height={224}
            className="block rounded-lg border border-solid border-line bg-white"
            data-pix-qr
          />
        </div>
        <div className="order-1 flex min-w-0 flex-1 flex-col gap-2 md:order-2">
          <label htmlFor={fieldId} className="text-sm font-semibold text-ink">
            {t('order:pix.codeLabel')}
          </label>
          <textarea
            ref={field}
            id={fieldId}
            readOnly
            rows={4}
            value={charge.copy_paste}
            aria-describedby={hintId}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full resize-none break-all rounded-lg border border-solid border-line bg-surface px-3 py-2 font-mono text-sm text-ink"
            data-pix-code
          />
          <Button onClick={() => void copy()} data-pix-copy>
            {t('order:pix.copy')}
          </Button>
        </div>
      </div>
    </div>
  );
}
