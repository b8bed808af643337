// The row of payment types [R-2.93..R-2.96]: online (where the preferences enable it), the offline
// one named for the delivery type (when it has methods) and Pix (where enabled).
import { t } from '../../src/i18n/index.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import './i18n.ts';

interface PaymentTypeButtonsProps {
  draft: Draft;
  hasOnline: boolean;
  hasOffline: boolean;
  hasPix: boolean;
  /** The id of the Pix note the Pix button is described by while chosen. */
  pixNote: string;
  choose: (changes: Partial<Draft>) => void;
  onPaymentInfo: () => void;
}

function offlineLabel(type: Draft['delivery_type']): string {
  return type === 'delivery'
    ? t('checkout:payment.onDelivery')
    : type === 'local'
      ? t('checkout:payment.onLocal')
      : type === 'pickup'
        ? t('checkout:payment.onPickup')
        : t('checkout:payment.offline');
}

function typeClass(pressed: boolean): string {
  return `h-11 cursor-pointer rounded-lg border border-solid px-4 text-sm font-semibold ${pressed ? 'border-brand bg-brand text-onbrand' : 'border-line bg-transparent text-ink hover:bg-surface'}`;
}

export function PaymentTypeButtons({ draft, hasOnline, hasOffline, hasPix, pixNote, choose, onPaymentInfo }: PaymentTypeButtonsProps) {
  const online = draft.payment_type === 'online';
  const offline = draft.payment_type === 'offline';
  const pix = draft.payment_type === 'pix';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of choice buttons, not a form section (fieldset)
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('checkout:payment.title')}>
      {hasOnline && (
        <button
          type="button"
          aria-pressed={online}
          className={typeClass(online)}
          onClick={() => {
            // The chosen card (if any) stays: coming back to online keeps it.
            if (!online) choose({ payment_type: 'online', payment_method: null, change: null });
          }}
          data-pay-online
        >
          {t('checkout:payment.online')}
        </button>
      )}
      {hasOffline && (
        <button
          type="button"
          aria-pressed={offline}
          className={typeClass(offline)}
          onClick={() => {
            // A card belongs to online payment only.
            if (!offline) choose({ payment_type: 'offline', payment_method: null, change: null, payment_card: null });
          }}
          data-pay-offline
        >
          {offlineLabel(draft.delivery_type)}
        </button>
      )}
      {hasPix && (
        <button
          type="button"
          aria-pressed={pix}
          aria-describedby={pix ? pixNote : undefined}
          className={typeClass(pix)}
          onClick={() => {
            // Pix takes no card and no offline method (spec section 4 'Payment type').
            if (pix) return;
            choose({ payment_type: 'pix', payment_method: null, change: null, payment_card: null });
            onPaymentInfo();
          }}
          data-pay-pix
        >
          {t('checkout:payment.pix')}
        </button>
      )}
    </div>
  );
}
