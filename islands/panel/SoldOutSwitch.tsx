// One tap marks a product, or one option of it, sold out and back: a switch labelled 'Esgotado'
// (its name also says what it marks). It shows the new state at once (./useMenu.ts sends it, and
// takes it back if refused) and says it is busy while the change is on its way.
import { t } from '../../src/i18n/index.ts';
import './i18n.ts';

interface SoldOutSwitchProps {
  soldOut: boolean;
  /** The accessible name: 'Esgotado: Banana Prata'. */
  label: string;
  pending: boolean;
  onToggle: (soldOut: boolean) => void;
  'data-sold-out-switch'?: string;
}

export function SoldOutSwitch({ soldOut, label, pending, onToggle, ...data }: SoldOutSwitchProps) {
  return (
    <label
      className={`flex min-h-11 flex-none cursor-pointer items-center gap-2 text-sm font-semibold ${soldOut ? 'text-red-700 dark:text-red-400' : 'text-muted'}`}
    >
      <input
        type="checkbox"
        role="switch"
        className="h-5 w-5 flex-none cursor-pointer accent-red-700"
        checked={soldOut}
        aria-checked={soldOut}
        aria-label={label}
        aria-busy={pending || undefined}
        onChange={() => onToggle(!soldOut)}
        {...data}
      />
      {t('board:menu.soldOut')}
    </label>
  );
}
