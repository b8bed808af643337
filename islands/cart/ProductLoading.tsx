// The add-product modal before its product has come (./AddProductModal.tsx): a spinner, or why it
// could not load ('not found', or a failure with 'Tentar de novo').
import { t } from '../../src/i18n/index.ts';
import { Dialog } from '../shared/Dialog.tsx';
import type { ProductFailure } from './useProduct.ts';

export interface ProductLoadingProps {
  productId: string;
  titleId: string;
  failure: ProductFailure | null;
  opener: HTMLElement | null;
  onClose: () => void;
  onRetry: () => void;
}

export function ProductLoading({ productId, titleId, failure, opener, onClose, onRetry }: ProductLoadingProps) {
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
            <button type="button" className="cursor-pointer rounded-lg border-none bg-brand px-4 py-2 font-semibold text-onbrand" onClick={onRetry}>
              {t('cart:retry')}
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}
