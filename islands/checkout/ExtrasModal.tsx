// The extras modal: the establishment's active order variations (bags, cutlery, what to
// do when a product is missing), chosen with the same controls and rules as a product's
// variations — check min 1 max 1 as radios, other check groups as checkboxes that disable at max,
// addremove groups as steppers — and 'Continuar' disabled with the decisions #25
// messages while a minimum is unmet [R-5.87..R-5.90]. The picks go to the draft on 'Continuar'.
import { useId, useMemo, useState } from 'react';
import { unmetVariationGroups } from '../../src/domain/variation-pricing.ts';
import { t } from '../../src/i18n/index.ts';
import { variationProblemText } from '../../src/i18n/messages.ts';
import type { OrderVariationView } from '../../src/schemas/views.ts';
import type { CartStore } from '../stores/cart.ts';
import { useSignalValue } from '../cart/hooks.ts';
import { VariationGroup } from '../cart/VariationGroup.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import { orderVariationEntries, selectionsFromEntries, type Selections } from './model.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

export function ExtrasModal({
  store,
  groups,
  opener,
  onClose,
  onContinue,
}: {
  store: CartStore;
  groups: OrderVariationView[];
  opener: HTMLElement | null;
  onClose: () => void;
  onContinue: () => void;
}) {
  const draft = useSignalValue(store.draft);
  const [selections, setSelections] = useState<Selections>(() => selectionsFromEntries(draft.order_variations));
  const titleId = useId();
  const unmet = useMemo(() => unmetVariationGroups(groups, selections), [groups, selections]);

  const submit = () => {
    if (unmet.length > 0) return;
    store.setOrderVariations(orderVariationEntries(groups, selections));
    onContinue();
  };

  const footer = (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-2">
      {unmet.length > 0 && (
        <div className="rounded-lg bg-surface px-3 py-2 text-sm" id={`${titleId}-unmet`} data-unmet>
          <p className="m-0 font-semibold">{t('checkout:extras.unmet')}</p>
          <ul className="m-0 list-disc pl-5">
            {unmet.map((m) => (
              <li key={m.groupId} data-unmet-message>
                {variationProblemText(m)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Button
        size="bar"
        className="w-full"
        disabled={unmet.length > 0}
        aria-describedby={unmet.length > 0 ? `${titleId}-unmet` : undefined}
        onClick={submit}
        data-extras-continue
      >
        {t('checkout:extras.continue')}
      </Button>
    </div>
  );

  return (
    <Dialog
      fullScreen
      titleId={titleId}
      title={t('checkout:extras.title')}
      onClose={onClose}
      opener={opener}
      footer={footer}
      hook={{ 'data-checkout-extras': '' }}
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
        <p className="m-0 text-sm text-muted">{t('checkout:extras.intro')}</p>
        {groups.map((group) => (
          <VariationGroup
            key={group._id}
            group={group}
            picks={selections[group._id] ?? []}
            onChange={(next) => setSelections((s) => ({ ...s, [group._id]: next }))}
            inputPrefix="extra"
          />
        ))}
      </div>
    </Dialog>
  );
}
