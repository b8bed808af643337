// The Portuguese of what src/domain answers. The domain returns codes with their parameters and
// never a sentence; the islands and pages show them through these functions, whose texts are the
// locale's (src/i18n/locales/pt-BR/*.json). One function per kind of answer.
import type { VariationProblem } from '../domain/variation-pricing.ts';
import { t } from './index.ts';

/**
 * The message of a variation problem (decisions #25: check 'Escolha no mínimo {min} opção de
 * {name}', addremove 'Escolha no mínimo {min} {name}').
 * Example: `variationProblemText({ code: 'below_min', groupId: 'g', name: 'Sabores', layout: 'check', min: 1 }) === 'Escolha no mínimo 1 opção de Sabores'`
 */
export function variationProblemText(problem: VariationProblem): string {
  switch (problem.code) {
    case 'below_min':
      return t(`cart:picks.below_min_${problem.layout}`, { min: problem.min, name: problem.name });
    case 'above_max':
      return problem.layout === 'check'
        ? t('cart:picks.above_max_check', { count: problem.max, name: problem.name })
        : t('cart:picks.above_max_addremove', { max: problem.max, name: problem.name });
    case 'picked_twice':
    case 'unknown_item':
      return t(`cart:picks.${problem.code}`, { name: problem.name });
    case 'unknown_group':
    case 'invalid_quantity':
      return t(`cart:picks.${problem.code}`);
  }
}
