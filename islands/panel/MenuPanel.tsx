// The menu in the panel: the products found by name (./ProductRow.tsx), each with its sold-out
// switches for whoever may mark availability (staff and owner) and its edit for whoever may edit
// the menu (the owner).
import { useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { Button } from '../shared/Button.tsx';
import { reportFailure } from '../shared/call-failure.ts';
import { ProductEditDialog } from './ProductEditDialog.tsx';
import { ProductRow } from './ProductRow.tsx';
import { useMenu } from './useMenu.ts';
import './i18n.ts';

export function MenuPanel({ establishmentId, canEdit, canMarkSoldOut }: { establishmentId: string; canEdit: boolean; canMarkSoldOut: boolean }) {
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
          <ProductRow
            key={p._id}
            product={p}
            canMarkSoldOut={canMarkSoldOut}
            canEdit={canEdit}
            pending={menu.pending}
            onSoldOut={(product, soldOut, option) => void menu.markSoldOut(product, soldOut, option)}
            onEdit={setEditing}
          />
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
