// The add-product modal once its product has come (./AddProductModal.tsx): picture, description,
// price (with the unit price as picked), the product's note, the notices that keep 'Adicionar'
// disabled or say the order cannot be sent yet, the variation groups and the customer's note. The
// choices and their sums are ./useProductForm.ts, the footer ./AddProductFooter.tsx.
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { openingText, soldOutText } from '../../src/i18n/messages.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { Dialog } from '../shared/Dialog.tsx';
import type { CartStore } from '../stores/cart.ts';
import { AddProductFooter } from './AddProductFooter.tsx';
import { useProductForm } from './useProductForm.ts';
import { VariationGroup } from './VariationGroup.tsx';

export interface ProductFormProps {
  product: ProductView;
  store: CartStore;
  island: StoreIsland;
  opener: HTMLElement | null;
  titleId: string;
  onClose: () => void;
  onOpenCart: () => void;
}

export function ProductForm({ product, store, island, opener, titleId, onClose, onOpenCart }: ProductFormProps) {
  const form = useProductForm({ product, store, island, onClose, onOpenCart });
  const { selections, note, setNote, unit_cents, available, conflict, ordering, soldOut, setGroup } = form;
  const promo = product.promo && product.normal_price !== null && product.normal_price > product.price;

  return (
    <Dialog
      titleId={titleId}
      title={product.name}
      onClose={onClose}
      opener={opener}
      footer={<AddProductFooter product={product} titleId={titleId} {...form} />}
      hook={{ 'data-add-product-modal': product._id, 'data-state': 'ready' }}
    >
      <div className="flex flex-col gap-4 p-4">
        {product.image && (
          <img
            src={product.image}
            alt=""
            width="512"
            height="512"
            className="block aspect-[4/3] max-h-64 w-full rounded-xl bg-surface object-cover"
            data-add-image
          />
        )}
        {product.desc.trim() !== '' && (
          <p className="m-0 whitespace-pre-line text-sm text-muted" data-add-desc>
            {product.desc}
          </p>
        )}
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-add-price>
          {product.hide_price ? (
            <span className="text-muted">{t('cart:add.hiddenPrice')}</span>
          ) : (
            <>
              {promo && <s className="text-sm text-muted">{formatBRL(product.normal_price ?? 0)}</s>}
              <span className="text-xl font-bold">
                {product.starting_price && product.variations.length > 0 ? t('cart:add.from', { price: formatBRL(product.price) }) : formatBRL(product.price)}
              </span>
              <span className="text-sm text-muted">
                {t('cart:add.unitPrice')}:{' '}
                <span className="font-semibold text-ink" data-add-unit data-cents={unit_cents}>
                  {formatBRL(unit_cents)}
                </span>
              </span>
            </>
          )}
        </div>
        {product.note && <p className="m-0 text-sm text-muted">{product.note}</p>}
        {ordering.state === 'unavailable' && (
          <p className="m-0 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900" role="alert" data-add-store-unavailable>
            {t('cart:add.storeUnavailable')}
          </p>
        )}
        {ordering.state === 'closed' && (
          <p className="m-0 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-add-store-closed>
            {t('cart:add.storeClosed')}
            {ordering.opens && <span className="block font-semibold">{openingText(ordering.opens)}</span>}
          </p>
        )}
        {soldOut && (
          <p className="m-0 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900" role="alert" data-add-sold-out={soldOut.code}>
            {soldOut.code === 'product_sold_out' ? t('cart:soldOut.label') : soldOutText(soldOut)}
          </p>
        )}
        {!available && (
          <p className="m-0 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900" role="alert" data-add-unavailable>
            {t('cart:add.unavailable')}
          </p>
        )}
        {conflict && (
          <p className="m-0 rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800" role="alert" data-add-conflict>
            {t('cart:add.conflict')}
          </p>
        )}
        {product.variations.map((group) => (
          <VariationGroup key={group._id} group={group} picks={selections[group._id] ?? []} onChange={(next) => setGroup(group, next)} inputPrefix="variacao" />
        ))}
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{t('cart:add.note')}</span>
          <textarea
            className="min-h-20 w-full resize-y rounded-lg border border-solid border-line bg-card p-2 text-sm text-ink"
            maxLength={140}
            value={note}
            placeholder={t('cart:add.notePlaceholder')}
            onChange={(e) => setNote(e.target.value)}
            data-add-note
          />
        </label>
      </div>
    </Dialog>
  );
}
