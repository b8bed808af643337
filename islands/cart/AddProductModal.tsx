// The add-product modal: the product (GET /establishments/{id}/products/{productId}) with its
// variation groups (check min 1 max 1 as radios, other check groups as checkboxes that
// disable at max, addremove groups as steppers) starting with the catalogue's preset picks
// (a half-and-half pizza's own flavour), the live unit price and line total by
// the seven price rules [R-9.19..R-9.25], unmet minimums that keep 'Adicionar' disabled with the
// decisions #25 messages [R-5.87..R-5.90], a note, a quantity 1..999, the
// consumption-option conflict and the availability windows re-checked every second
// . An establishment that takes no orders keeps 'Adicionar' disabled and says so;
// a closed one that does not schedule lets the cart be filled but says it cannot be sent yet.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { deliveryConflict, pickErrors, priceLine } from '../../src/domain/cart.ts';
import type { VariationPick } from '../../src/domain/cart.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { QUANTITY_MAX } from '../../src/domain/quantity.ts';
import { presetSelections } from '../../src/domain/variation-pricing.ts';
import type { VariationSelection } from '../../src/domain/variation-pricing.ts';
import { t } from '../../src/i18n/index.ts';
import { variationProblemText } from '../../src/i18n/messages.ts';
import { ApiFailure } from '../../src/client/api.ts';
import { reportFailure } from '../shared/call-failure.ts';
import type { ProductVariation } from '../../src/schemas/catalogue.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import type { CartStore } from '../stores/cart.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { useSignalValue } from './hooks.ts';
import { establishmentMinuteNow, orderingNow } from '../../src/client/store-island.ts';
import { isProductAvailableAtMinute } from '../../src/domain/availability.ts';
import { openingText } from '../../src/i18n/messages.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { showCartToast } from './cart-toast.ts';
import { fetchProduct } from '../../src/client/product-cache.ts';
import { QuantityControl } from './QuantityControl.tsx';
import { VariationGroup } from './VariationGroup.tsx';

/** How often the availability windows are re-checked. */
export const AVAILABILITY_CHECK_MS = 1000;

type Selections = Record<string, VariationSelection[]>;

function toPicks(selections: Selections): VariationPick[] {
  return Object.entries(selections).flatMap(([variation_id, list]) =>
    list.filter((s) => s.qnt > 0).map((s) => ({ variation_id, item_id: s.item_id, qnt: s.qnt })),
  );
}

/** 'Escolha 1 opção' / 'Escolha até N' / 'Escolha N opções' / 'Escolha de min a max'. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

export interface AddProductModalProps {
  productId: string;
  store: CartStore;
  island: StoreIsland;
  opener: HTMLElement | null;
  onClose: () => void;
  onOpenCart: () => void;
}

export function AddProductModal({ productId, store, island, opener, onClose, onOpenCart }: AddProductModalProps) {
  const [product, setProduct] = useState<ProductView | null>(null);
  const [failure, setFailure] = useState<'not_found' | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const titleId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (the retry button) fetches again
  useEffect(() => {
    let live = true;
    setFailure(null);
    fetchProduct(island.id, productId).then(
      (p) => {
        if (live) setProduct(p);
      },
      (err: unknown) => {
        // The modal says it could not load, with a retry (islands/shared/call-failure.ts).
        if (reportFailure(err, { call: 'GET /establishments/{id}/products/{productId}', role: 'in_place' }).kind === 'aborted') return;
        if (live) setFailure(err instanceof ApiFailure && err.status === 404 ? 'not_found' : 'failed');
      },
    );
    return () => {
      live = false;
    };
  }, [island.id, productId, attempt]);

  if (!product) {
    return (
      <Dialog
        titleId={titleId}
        title={failure ? t('cart:add.title') : t('cart:loading')}
        onClose={onClose}
        opener={opener}
        hook={{ 'data-add-product-modal': productId, 'data-state': failure ?? 'loading' }}
      >
        <div className="flex min-h-40 flex-col items-center justify-center gap-3 p-6 text-center" aria-live="polite">
          {failure === null && (
            <span className="inline-block h-8 w-8 animate-spin rounded-full border-4 border-solid border-line border-t-brand" aria-hidden="true" />
          )}
          {failure === 'not_found' && <p className="m-0">{t('cart:add.notFound')}</p>}
          {failure === 'failed' && (
            <>
              <p className="m-0">{t('cart:loadFailed')}</p>
              <button
                type="button"
                className="cursor-pointer rounded-lg border-none bg-brand px-4 py-2 font-semibold text-onbrand"
                onClick={() => setAttempt((n) => n + 1)}
              >
                {t('cart:retry')}
              </button>
            </>
          )}
        </div>
      </Dialog>
    );
  }
  return (
    <ProductForm
      key={product._id}
      product={product}
      store={store}
      island={island}
      opener={opener}
      titleId={titleId}
      onClose={onClose}
      onOpenCart={onOpenCart}
    />
  );
}

function ProductForm({
  product,
  store,
  island,
  opener,
  titleId,
  onClose,
  onOpenCart,
}: { product: ProductView; titleId: string } & Omit<AddProductModalProps, 'productId'>) {
  // The catalogue's presets (a half-and-half pizza's own flavour) start picked.
  const [selections, setSelections] = useState<Selections>(() => presetSelections(product.variations));
  const [qnt, setQnt] = useState(1);
  const [note, setNote] = useState('');
  const [addErrors, setAddErrors] = useState<string[]>([]);
  const lines = useSignalValue(store.lines);
  const now = useNow(AVAILABILITY_CHECK_MS);
  const addRef = useRef<HTMLButtonElement>(null);

  const picks = useMemo(() => toPicks(selections), [selections]);
  const { unit_cents, line_cents } = useMemo(() => priceLine(product, picks, qnt), [product, picks, qnt]);
  const unmet = useMemo(() => pickErrors(product, picks).map(variationProblemText), [product, picks]);
  const available = isProductAvailableAtMinute(product, establishmentMinuteNow(island, now));
  const conflict = deliveryConflict(lines, product);
  const ordering = orderingNow(island, now);
  const canSubmit = ordering.state !== 'unavailable' && unmet.length === 0 && available && !conflict && qnt >= 1;

  const setGroup = (group: ProductVariation, next: VariationSelection[]) => {
    setAddErrors([]);
    setSelections((s) => ({ ...s, [group._id]: next }));
  };

  const submit = () => {
    if (!canSubmit) return;
    const result = store.add(product, picks, qnt, note);
    if (result.ok) {
      onClose();
      showCartToast(onOpenCart);
      return;
    }
    setAddErrors(result.reason === 'delivery_conflict' ? [t('cart:add.conflict')] : result.problems.map(variationProblemText));
  };

  const promo = product.promo && product.normal_price !== null && product.normal_price > product.price;
  const footer = (
    <div className="flex flex-col gap-2">
      {unmet.length > 0 && (
        <div className="rounded-lg bg-surface px-3 py-2 text-sm" data-unmet>
          <p className="m-0 font-semibold">{t('cart:add.unmet')}</p>
          <ul className="m-0 list-disc pl-5">
            {unmet.map((m) => (
              <li key={m} data-unmet-message>
                {m}
              </li>
            ))}
          </ul>
        </div>
      )}
      {addErrors.length > 0 && (
        <ul className="m-0 list-none rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert" data-add-error>
          {addErrors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <div className="flex items-center gap-3">
        <QuantityControl
          value={qnt}
          min={1}
          max={QUANTITY_MAX}
          name={product.name}
          onChange={(n) => setQnt(Math.min(QUANTITY_MAX, Math.max(1, n)))}
          hook={{ 'data-add-quantity': '' }}
        />
        <button
          ref={addRef}
          type="button"
          className="flex h-12 min-w-0 flex-1 cursor-pointer items-center justify-between gap-2 rounded-xl border-none bg-brand px-4 text-base font-semibold text-onbrand hover:bg-branddark disabled:cursor-not-allowed disabled:opacity-50"
          disabled={!canSubmit}
          aria-describedby={unmet.length > 0 ? `${titleId}-unmet` : undefined}
          onClick={submit}
          data-add-submit
        >
          <span>{t('cart:add.button')}</span>
          {!product.hide_price && (
            <span className="tabular-nums" data-add-total data-cents={line_cents}>
              {formatBRL(line_cents)}
            </span>
          )}
        </button>
      </div>
      {unmet.length > 0 && (
        <span id={`${titleId}-unmet`} className="sr-only">
          {unmet.join('. ')}
        </span>
      )}
    </div>
  );

  return (
    <Dialog
      titleId={titleId}
      title={product.name}
      onClose={onClose}
      opener={opener}
      footer={footer}
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
