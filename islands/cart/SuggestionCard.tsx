// A card of the 'Compre também' carousel (./Suggestions.tsx): picture, name, price and 'Adicionar',
// which opens the product's modal; and the carousel's arrows.
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { smallPicture } from '../../src/lib/thumbnails.ts';
import type { Suggestion } from './useSuggestions.ts';

export function SuggestionCard({ product: p, onAdd }: { product: Suggestion; onAdd: (productId: string) => void }) {
  return (
    <li className="flex w-36 flex-none flex-col gap-1 rounded-xl border border-solid border-line p-2" data-suggestion={p._id}>
      {p.image ? (
        <img src={smallPicture(p.image)} alt="" width="128" height="128" loading="lazy" className="aspect-square w-full rounded-lg bg-surface object-cover" />
      ) : (
        <div className="aspect-square w-full rounded-lg bg-surface" aria-hidden="true" />
      )}
      <span className="line-clamp-2 text-sm font-semibold leading-snug" data-suggestion-name>
        {p.name}
      </span>
      <span className="text-sm text-muted">
        {p.hide_price ? t('cart:add.hiddenPrice') : p.starting_price ? t('cart:add.from', { price: formatBRL(p.price) }) : formatBRL(p.price)}
      </span>
      <button
        type="button"
        className="mt-auto cursor-pointer rounded-lg border-none bg-brand px-2 py-1.5 text-sm font-semibold text-onbrand hover:bg-branddark"
        aria-label={t('cart:suggestions.addLabel', { name: p.name })}
        onClick={() => onAdd(p._id)}
        data-suggestion-add={p._id}
      >
        {t('cart:suggestions.add')}
      </button>
    </li>
  );
}

// A whole class string, so UnoCSS finds every utility in the source.
const ARROW =
  'flex h-9 w-9 flex-none cursor-pointer items-center justify-center rounded-full border border-solid border-line bg-card text-ink hover:bg-surface disabled:cursor-default disabled:opacity-40';

/** A carousel arrow: `path` draws its chevron; `hook` is its test attribute. */
export function CarouselArrow({
  label,
  disabled,
  onClick,
  path,
  hook,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  path: string;
  hook: Record<string, true>;
}) {
  return (
    <button type="button" className={ARROW} aria-label={label} disabled={disabled} onClick={onClick} {...hook}>
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={path} />
      </svg>
    </button>
  );
}
