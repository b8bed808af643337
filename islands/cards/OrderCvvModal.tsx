// The CVV asked right before an order paid by card is sent [R-2.84..R-2.86]: the CVV modal named
// after the card chosen in the checkout. Loaded by the checkout only when the order is paid by card.
import type { CardBrand } from '../../src/domain/card.ts';
import type { DraftPaymentCard } from '../../src/schemas/draft.ts';
import { cardName } from './CardLabel.tsx';
import { CvvModal } from './CvvModal.tsx';

export default function OrderCvvModal({
  card,
  onCancel,
  onConfirm,
}: {
  card: DraftPaymentCard;
  onCancel: () => void;
  onConfirm: (cvv: string) => Promise<string | null>;
}) {
  const last4 = card.display_number?.match(/(\d{4})\s*$/)?.[1] ?? '';
  return (
    <CvvModal
      brand={(card.brand as CardBrand | undefined) ?? null}
      cardName={cardName({ brand: card.brand as CardBrand, last4 })}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
