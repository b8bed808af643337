// The one error policy of the islands (islands/shared/call-failure.ts): what a failed call shows,
// decided from the failure and what the call is to its screen. The browser side of each rule
// (the toast, the silence, the error page, the login) is proven in tests/e2e/call-failures.spec.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/client/api.ts';
import { failureOutcome, loadRefusalTexts, SILENT_MESSAGES, type CallPolicy } from '../../islands/shared/call-failure.ts';
import { t } from '../../src/i18n/index.ts';
import { ADDRESS_CALLS } from '../../islands/address/address-api.ts';
import { REQUEST_REFUSALS, STOREFRONT_REFUSALS } from '../../src/schemas/refusal-codes.ts';

const action: CallPolicy = { call: 'DELETE /users/me/addresses/{id}', role: 'action', fallback: { key: 'address:picker.removeFailed' } };
const required: CallPolicy = { call: 'GET /establishments/{id}/orders/{orderId}', role: 'required' };
const background: CallPolicy = { call: 'GET /establishments/{id}/orders/{orderId} (poll)', role: 'background' };
const inPlace: CallPolicy = { call: 'GET /users/me/addresses', role: 'in_place' };

const abort = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });

describe('what a failed call shows', () => {
  beforeAll(loadRefusalTexts);

  it('shows nothing for a call the island itself gave up', () => {
    for (const policy of [action, required, background]) expect(failureOutcome(abort, policy)).toEqual({ kind: 'aborted' });
  });

  it('leaves a 401 that ends the session to the session (the login), whatever the call', () => {
    for (const policy of [action, required, background, inPlace]) {
      expect(failureOutcome(new ApiFailure(401, 'unauthorized'), policy)).toEqual({ kind: 'session_ended' });
    }
    // A 401 with another code is that call's own answer (a wrong password), not the end of a session.
    expect(failureOutcome(new ApiFailure(401, 'invalid_credentials'), action).kind).toBe('toast');
  });

  it("shows the call's own catalogue entry before any other rule, silent cases included", () => {
    const fee: CallPolicy = {
      call: 'POST /delivery_tax',
      role: 'action',
      catalogue: (f) => (f.code === 'no_delivery_tax_found' ? { key: 'address:picker.outsideRadius' } : null),
    };
    expect(failureOutcome(new ApiFailure(404, 'no_delivery_tax_found'), fee)).toEqual({ kind: 'toast', message: { key: 'address:picker.outsideRadius' } });
  });

  it('keeps the silent messages, the statuses 400 and 409 and the silent calls of section 8 silent', () => {
    for (const message of SILENT_MESSAGES) expect(failureOutcome(new ApiFailure(403, message), action), message).toEqual({ kind: 'silent' });
    expect(failureOutcome(new ApiFailure(400, 'invalid_body'), action)).toEqual({ kind: 'silent' });
    expect(failureOutcome(new ApiFailure(409, 'write_conflict'), action)).toEqual({ kind: 'silent' });
    // Silent for the page's own data too: no error page for them.
    expect(failureOutcome(new ApiFailure(409, 'write_conflict'), required)).toEqual({ kind: 'silent' });
    const couponCheck: CallPolicy = { call: 'POST /establishments/{id}/coupons/check', role: 'action', silentCall: true };
    expect(failureOutcome(new ApiFailure(500, 'internal_error'), couponCheck)).toEqual({ kind: 'silent' });
    expect(SILENT_MESSAGES.size).toBe(9);
    expect(failureOutcome(new ApiFailure(404, 'pix_not_found'), required)).toEqual({ kind: 'silent' });
  });

  it("sends a failure of the page's required data to the error page, except offline", () => {
    expect(failureOutcome(new ApiFailure(500, 'internal_error'), required)).toEqual({ kind: 'error_page' });
    expect(failureOutcome(new ApiFailure(503, 'unknown_error'), required)).toEqual({ kind: 'error_page' });
    expect(failureOutcome(new TypeError('x is undefined'), required)).toEqual({ kind: 'error_page' });
    expect(failureOutcome(new ApiFailure(0, 'network_error'), required)).toEqual({ kind: 'toast', message: { key: 'errors:api.network_error' } });
  });

  it('only logs the failure of a call made without being asked, or one the island shows in place [R-8.85]', () => {
    expect(failureOutcome(new ApiFailure(500, 'internal_error'), background)).toEqual({ kind: 'logged' });
    expect(failureOutcome(new ApiFailure(0, 'network_error'), background)).toEqual({ kind: 'logged' });
    expect(failureOutcome(new ApiFailure(500, 'internal_error'), inPlace)).toEqual({ kind: 'logged' });
  });

  it("gives an action the catalogue's message for its code, else the call's own, else the generic one", () => {
    expect(failureOutcome(new ApiFailure(413, 'payload_too_large'), action)).toEqual({ kind: 'toast', message: { key: 'refusals:api.payload_too_large' } });
    expect(failureOutcome(new ApiFailure(500, 'made_up_code'), action)).toEqual({ kind: 'toast', message: { key: 'address:picker.removeFailed' } });
    expect(failureOutcome(new ApiFailure(500, 'made_up_code'), { call: 'x', role: 'action' })).toEqual({
      kind: 'toast',
      message: { key: 'errors:api.generic' },
    });
    expect(failureOutcome(new ApiFailure(0, 'network_error'), action)).toEqual({ kind: 'toast', message: { key: 'errors:api.network_error' } });
    // Every message the policy can pick exists in Portuguese.
    for (const key of ['errors:api.generic', 'errors:api.network_error', 'refusals:api.payload_too_large', 'refusals:api.internal_error'] as const) {
      expect(t(key)).not.toBe(key.split(':')[1]);
    }
  });

  it('gives every code declared for any call or for the storefront its own message, not the generic one', () => {
    const asked: CallPolicy = { call: 'x', role: 'action' };
    for (const code of [...REQUEST_REFUSALS, ...STOREFRONT_REFUSALS]) {
      const outcome = failureOutcome(new ApiFailure(502, code), asked);
      if (outcome.kind !== 'toast') continue; // a silent case of section 8
      expect(outcome.message.key, code).toBe(`refusals:api.${code}`);
      expect(t(outcome.message.key), code).not.toBe(t('errors:api.generic'));
    }
    const pix = failureOutcome(new ApiFailure(502, 'pix_psp_offline'), asked);
    expect(pix.kind === 'toast' && t(pix.message.key)).toBe('O Pix está fora do ar no momento. Tente novamente em instantes.');
  });

  it("tells the customer searching an address, in Portuguese, that they or everyone are asking too often, rather than the search's own failure", () => {
    for (const [status, code] of [
      [429, 'too_many_geo_requests'],
      [503, 'geocoder_busy'],
    ] as const) {
      const outcome = failureOutcome(new ApiFailure(status, code), ADDRESS_CALLS.search);
      expect(outcome).toEqual({ kind: 'toast', message: { key: `refusals:api.${code}` } });
      expect(t(`refusals:api.${code}`)).toMatch(/busca/i);
    }
  });
});
