// A value to take elsewhere (a credential's client ID or secret): read-only, selectable, with its
// own 'Copiar' (the clipboard, else the text selected: ../shared/useCopyText.ts).
import { useId } from 'react';
import { t } from '../../src/i18n/index.ts';
import { Button } from '../shared/Button.tsx';
import { useCopyText } from '../shared/useCopyText.ts';
import './i18n.ts';

export function CopyField({ label, value, hook }: { label: string; value: string; hook: string }) {
  const id = useId();
  const { field, copied, copy } = useCopyText(value, {
    copied: t('board:openDelivery.copied', { what: label }),
    failed: t('board:openDelivery.copyFailed'),
  });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          ref={field}
          readOnly
          value={value}
          className="h-11 min-w-0 flex-1 rounded-lg border border-solid border-line bg-surface px-3 font-mono text-sm text-ink"
          onFocus={(e) => e.currentTarget.select()}
          data-od-copy-value={hook}
        />
        <Button
          variant="secondary"
          size="small"
          aria-label={t('board:openDelivery.copyLabel', { what: label })}
          onClick={() => void copy()}
          data-od-copy={hook}
        >
          {copied ? '✓' : t('board:openDelivery.copy')}
        </Button>
      </div>
    </div>
  );
}
