// One product of the panel's menu: its picture, name, price and whether it is on sale; for whoever
// may mark availability (staff and owner), its sold-out switch and, behind 'Opções', one for each
// option of its variation groups; for whoever may edit the menu (the owner), its edit.
import { useId, useState } from 'react';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { Button } from '../shared/Button.tsx';
import { SoldOutSwitch } from './SoldOutSwitch.tsx';
import { soldOutKey, type OptionRef } from './useSoldOut.ts';
import './i18n.ts';

interface ProductRowProps {
  product: ProductView;
  canMarkSoldOut: boolean;
  canEdit: boolean;
  pending: ReadonlySet<string>;
  onSoldOut: (product: ProductView, soldOut: boolean, option?: OptionRef) => void;
  onEdit: (product: ProductView) => void;
}

export function ProductRow({ product: p, canMarkSoldOut, canEdit, pending, onSoldOut, onEdit }: ProductRowProps) {
  const optionsId = useId();
  const [open, setOpen] = useState(false);
  const soldOutOptions = p.variations.reduce((n, g) => n + g.items.filter((i) => i.sold_out === true).length, 0);
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-solid border-line bg-card p-2"
      data-menu-product={p._id}
      data-sold-out={p.sold_out || undefined}
    >
      <div className="flex flex-wrap items-center gap-3">
        {p.image ? (
          <img src={p.image} alt="" width={56} height={56} className="h-14 w-14 flex-none rounded-lg object-cover" loading="lazy" />
        ) : (
          <span className="h-14 w-14 flex-none rounded-lg bg-surface" />
        )}
        <span className="flex min-w-0 flex-1 flex-col">
          <strong className="truncate" data-menu-name>
            {p.name}
          </strong>
          <span className="text-sm tabular-nums text-muted">
            <span data-menu-price>{formatBRL(p.price)}</span>
            {' · '}
            <span className={p.sold_out ? 'font-semibold text-red-700 dark:text-red-400' : ''} data-menu-availability>
              {t(p.sold_out ? 'board:menu.soldOut' : 'board:menu.available')}
            </span>
            {soldOutOptions > 0 && ` · ${t('board:menu.optionsSoldOut', { count: soldOutOptions })}`}
          </span>
        </span>
        {canMarkSoldOut && (
          <SoldOutSwitch
            soldOut={p.sold_out}
            label={t('board:menu.soldOutSwitch', { name: p.name })}
            pending={pending.has(soldOutKey(p._id))}
            onToggle={(soldOut) => onSoldOut(p, soldOut)}
            data-sold-out-switch={p._id}
          />
        )}
        {canMarkSoldOut && p.variations.length > 0 && (
          <Button
            variant="secondary"
            size="small"
            aria-expanded={open}
            aria-controls={optionsId}
            aria-label={t('board:menu.optionsOf', { name: p.name })}
            onClick={() => setOpen(!open)}
            data-menu-options-button
          >
            {t('board:menu.options')}
          </Button>
        )}
        {canEdit && (
          <Button variant="secondary" size="small" aria-label={t('board:menu.edit', { name: p.name })} onClick={() => onEdit(p)} data-menu-edit-button>
            {t('board:menu.editTitle')}
          </Button>
        )}
      </div>
      {canMarkSoldOut && open && (
        <div id={optionsId} className="flex flex-col gap-2 border-t border-t-solid border-line pt-2" data-menu-options>
          {p.variations.map((g) => (
            <fieldset key={g._id} className="m-0 flex flex-col border-0 p-0">
              <legend className="p-0 text-sm font-bold">{g.name}</legend>
              <ul className="m-0 flex list-none flex-col p-0">
                {g.items.map((item) => {
                  const option = { variationId: g._id, itemId: item._id, name: item.name };
                  return (
                    <li key={item._id} className="flex items-center justify-between gap-3 pl-2" data-menu-option={`${g._id}/${item._id}`}>
                      <span className="min-w-0 truncate">{item.name}</span>
                      <SoldOutSwitch
                        soldOut={item.sold_out === true}
                        label={t('board:menu.soldOutItemSwitch', { item: item.name, group: g.name, name: p.name })}
                        pending={pending.has(soldOutKey(p._id, option))}
                        onToggle={(soldOut) => onSoldOut(p, soldOut, option)}
                        data-sold-out-switch={`${p._id}/${g._id}/${item._id}`}
                      />
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ))}
        </div>
      )}
    </li>
  );
}
