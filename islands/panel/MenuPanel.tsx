// The menu in the panel: the products found by name, each with its picture, price and, for whoever
// may edit the menu (the owner), its edit.
import { useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { Button } from '../shared/Button.tsx';
import { reportFailure } from '../shared/call-failure.ts';
import { ProductEditDialog } from './ProductEditDialog.tsx';
import { useMenu } from './useMenu.ts';
import './i18n.ts';

export function MenuPanel({ establishmentId, canEdit }: { establishmentId: string; canEdit: boolean }) {
  const menu = useMenu(establishmentId);
  const [editing, setEditing] = useState<ProductView | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex max-w-3xl flex-col gap-3 text-ink" data-menu-panel>
      <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor="cardapio-busca">
        {t('board:menu.search')}
        <input
          id="cardapio-busca"
          type="search"
          className="h-11 rounded-lg border border-solid border-line bg-card px-3 text-base font-normal text-ink"
          placeholder={t('board:menu.searchPlaceholder')}
          value={menu.query}
          onInput={(e) => menu.setQuery((e.target as HTMLInputElement).value)}
          data-menu-search
        />
      </label>
      {menu.failed && (
        <p className="m-0 flex items-center gap-3">
          {t('board:menu.loadFailed')}
          <Button variant="secondary" size="small" onClick={menu.retry}>
            {t('board:menu.retry')}
          </Button>
        </p>
      )}
      {!menu.products && !menu.failed && <p className="m-0 text-muted">{t('board:menu.loading')}</p>}
      {menu.products?.length === 0 && <p className="m-0 text-muted">{t('board:menu.empty')}</p>}
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {menu.products?.map((p) => (
          <li key={p._id} className="flex items-center gap-3 rounded-xl border border-solid border-line bg-card p-2" data-menu-product={p._id}>
            {p.image ? (
              <img src={p.image} alt="" width={56} height={56} className="h-14 w-14 flex-none rounded-lg object-cover" loading="lazy" />
            ) : (
              <span className="h-14 w-14 flex-none rounded-lg bg-surface" />
            )}
            <span className="flex min-w-0 flex-1 flex-col">
              <strong className="truncate" data-menu-name>
                {p.name}
              </strong>
              <span className="text-sm tabular-nums text-muted" data-menu-price>
                {formatBRL(p.price)}
              </span>
            </span>
            {canEdit && (
              <Button variant="secondary" size="small" aria-label={t('board:menu.edit', { name: p.name })} onClick={() => setEditing(p)} data-menu-edit-button>
                {t('board:menu.editTitle')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {menu.products && menu.products.length < menu.total && (
        <Button variant="outline" size="small" className="self-center" onClick={menu.more}>
          {t('board:menu.more')}
        </Button>
      )}
      {editing && (
        <ProductEditDialog
          product={editing}
          busy={busy}
          onBack={() => setEditing(null)}
          onSave={async (body, picture) => {
            setBusy(true);
            try {
              const saved = await menu.save(editing, body, picture);
              toast(t('board:menu.saved', { name: saved.name }), { kind: 'success' });
              setEditing(null);
            } catch (err) {
              reportFailure(err, { call: 'PUT /establishments/:id/products/:productId', role: 'action', fallback: { key: 'board:menu.failed' } });
            } finally {
              setBusy(false);
            }
          }}
        />
      )}
    </div>
  );
}
