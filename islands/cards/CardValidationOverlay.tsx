// A card's validation steps as an overlay on top of the checkout [R-2.114] (./CardSelector.tsx):
// the checkout stays as it was underneath, and the final steps close the overlay.
import { t } from '../../src/i18n/index.ts';
import { routes } from '../../src/lib/urls.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { Button } from '../shared/Button.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import type { SupportContact } from './BlacklistNotice.tsx';
import { CardValidation } from './CardValidation.tsx';
import type { Validating } from './useCardSelector.ts';
import type { ValidationStep } from './validation-flow.ts';
import './i18n.ts';

interface CardValidationOverlayProps {
  titleId: string;
  validating: Validating;
  establishmentId: string;
  userId: string;
  slug: string;
  attemptsLeft: number | null;
  support: SupportContact;
  onClose: () => void;
  onCard: (card: CardView) => void;
  onStep: (step: ValidationStep, card: CardView) => void;
  onDeclined: () => void;
}

export function CardValidationOverlay(props: CardValidationOverlayProps) {
  const { titleId, validating, establishmentId, userId, slug, attemptsLeft, support, onClose, onCard, onStep, onDeclined } = props;
  return (
    <Dialog
      titleId={titleId}
      title={t('cards:selector.validationTitle')}
      onClose={onClose}
      opener={validating.opener}
      hook={{ 'data-card-validation-overlay': validating.step }}
    >
      <div className="p-4">
        <CardValidation
          establishmentId={establishmentId}
          userId={userId}
          card={validating.card}
          step={validating.step}
          attemptsLeft={attemptsLeft}
          support={support}
          heading="h3"
          accountHref={routes.account(slug)}
          onCard={onCard}
          onStep={onStep}
          onDeclined={onDeclined}
          actions={(end) => (
            <Button onClick={onClose} data-card-validation-done>
              {end === 'confirmed' ? t('cards:steps.confirmed.continue') : t('cards:steps.close')}
            </Button>
          )}
        />
      </div>
    </Dialog>
  );
}
