// What a refused one-tap action of the panel says (islands/panel/panel-failure.ts): unlike the
// storefront's policy, a 400 or a 409 is not silent, since the panel's switches have no form to say
// it in; a staff refusal says its own words; a lost connection keeps the generic network line. The
// browser side (the toast, the switch put back) is tests/e2e/panel-sold-out.spec.ts.
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/client/api.ts';
import { failureOutcome } from '../../islands/shared/call-failure.ts';
import { panelAction } from '../../islands/panel/panel-failure.ts';
import { t } from '../../src/i18n/index.ts';

const policy = panelAction('PUT .../sold-out', { key: 'board:menu.soldOutFailed', params: { name: 'Banana Prata' } });
const said = (failure: ApiFailure) => {
  const outcome = failureOutcome(failure, policy);
  return outcome.kind === 'toast' ? t(outcome.message.key, outcome.message.params) : outcome.kind;
};

describe("a panel action's refusal", () => {
  it('says a staff refusal in its own words', () => {
    expect(said(new ApiFailure(403, 'staff_not_allowed'))).toBe('Sua função na equipe não permite esta ação.');
    expect(said(new ApiFailure(401, 'staff_session_required'))).toBe('Sua sessão do painel terminou. Entre de novo.');
  });

  it("says the action's own line for any other refusal, a 400 and a 409 included", () => {
    for (const failure of [new ApiFailure(404, 'product_not_found'), new ApiFailure(400, 'invalid_body'), new ApiFailure(409, 'write_conflict')])
      expect(said(failure)).toBe('Não foi possível mudar Banana Prata: nada foi alterado.');
  });

  it('keeps the network line for a lost connection', () => {
    expect(failureOutcome(new ApiFailure(0, 'network_error'), policy)).toEqual({ kind: 'toast', message: { key: 'errors:api.network_error' } });
  });
});
