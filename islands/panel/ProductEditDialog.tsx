// The owner's edit of one product: name, description, price (typed as money, digits from the
// right) and a new picture. A promotion's price shows its rule: at or above the struck-through price
// it ends (src/domain/menu-edit.ts).
import { useRef, useState } from 'react';
import { centsFromMaskedInput, formatBRL, maskCurrencyInput } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import type { ProductEditBody } from '../../src/schemas/api-menu.ts';
import { Button } from '../shared/Button.tsx';
import { Field } from '../shared/Field.tsx';
import { FRAME } from '../shared/dialog-frames.ts';
import { useModal } from '../shared/useModal.ts';
import './i18n.ts';

interface ProductEditDialogProps {
  product: ProductView;
  busy: boolean;
  onBack: () => void;
  onSave: (body: ProductEditBody, picture: File | null) => void;
}

export function ProductEditDialog({ product, busy, onBack, onSave }: ProductEditDialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(product.name);
  const [desc, setDesc] = useState(product.desc);
  const [price, setPrice] = useState(maskCurrencyInput(String(product.price)));
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState('');
  const onKeyDown = useModal({ ref, onClose: onBack, focusOnOpen: () => nameRef.current });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop goes back, as Escape and the cancel button do
    <div
      className={FRAME.card.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onBack();
      }}
    >
      <div ref={ref} role="dialog" aria-modal="true" aria-labelledby="editar-produto-titulo" onKeyDown={onKeyDown} className={FRAME.card.dialog} data-menu-edit>
        <form
          className="flex flex-col gap-4 overflow-y-auto p-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return setError(t('board:menu.nameRequired'));
            setError('');
            onSave({ name, desc, price: centsFromMaskedInput(price) }, picture);
          }}
        >
          <h2 id="editar-produto-titulo" className="m-0 text-lg font-bold">
            {t('board:menu.editTitle')}
          </h2>
          <Field
            id="produto-nome"
            ref={nameRef}
            label={t('board:menu.name')}
            maxLength={160}
            value={name}
            error={error}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
          <label className="flex flex-col gap-1 text-sm font-semibold text-ink" htmlFor="produto-descricao">
            {t('board:menu.desc')}
            <textarea
              id="produto-descricao"
              className="min-h-24 rounded-lg border border-solid border-line bg-card p-3 text-base font-normal text-ink"
              maxLength={2000}
              value={desc}
              onInput={(e) => setDesc((e.target as HTMLTextAreaElement).value)}
            />
          </label>
          <Field
            id="produto-preco"
            label={t('board:menu.price')}
            inputMode="numeric"
            value={price}
            hint={product.promo && product.normal_price !== null ? t('board:menu.promoHint', { normal: formatBRL(product.normal_price) }) : undefined}
            onInput={(e) => setPrice(maskCurrencyInput((e.target as HTMLInputElement).value))}
          />
          <label className="flex flex-col gap-1 text-sm font-semibold text-ink" htmlFor="produto-foto">
            {t('board:menu.picture')}
            <input
              id="produto-foto"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="text-sm font-normal"
              onChange={(e) => setPicture(e.currentTarget.files?.[0] ?? null)}
            />
            <span className="text-xs font-normal text-muted">{t('board:menu.pictureHint')}</span>
          </label>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onBack}>
              {t('board:menu.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-menu-save>
              {t('board:menu.save')}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
