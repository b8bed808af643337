// Every refusal code of src/schemas/refusal-codes.ts has its Portuguese text in each place its group
// is said (islands/shared/refusal-messages.ts): checked on the locale files as they are read at run time,
// and, for the type checker's own check, proven to fail on a catalogue that lacks a text or has a stray one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { typeErrors } from './helpers/type-errors.ts';
import { REFUSAL_MESSAGES } from '../../islands/shared/refusal-messages.ts';
import { REFUSALS, SPEC_ONLY_ORDER_REFUSALS } from '../../src/schemas/refusal-codes.ts';

function textsAt(place: string): Record<string, unknown> {
  const [ns, path] = place.split(':') as [string, string];
  let node: unknown = JSON.parse(readFileSync(new URL(`../../src/i18n/locales/pt-BR/${ns}.json`, import.meta.url), 'utf8'));
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  return node as Record<string, unknown>;
}

describe('refusal messages', () => {
  for (const [group, places] of Object.entries(REFUSAL_MESSAGES)) {
    for (const place of places) {
      it(`every ${group} code has a text at ${place}`, () => {
        const texts = textsAt(place);
        const missing = REFUSALS[group as keyof typeof REFUSALS].filter((code) => typeof texts[code] !== 'string' || (texts[code] as string).trim() === '');
        expect(missing).toEqual([]);
      });
    }
  }

  it("the spec's codes of a send that this API does not answer have the checkout's text too", () => {
    const texts = textsAt('checkout:errors');
    expect(SPEC_ONLY_ORDER_REFUSALS.filter((c) => typeof texts[c] !== 'string')).toEqual([]);
  });

  it('the type check fails, naming it, on a code without a text and on a text without a code', () => {
    const checks = new URL('../../islands/shared/refusal-messages.ts', import.meta.url).pathname;
    const errors = typeErrors([
      `import type { Nothing, WithoutCode, WithoutMessage } from '${checks}';`,
      `type Codes = { orders: 'price_changed' | 'pix_expired' };`,
      `type Places = { orders: readonly ['x:errors'] };`,
      `type Texts = { 'x:errors': 'price_changed' | 'generic' | 'stray_code' };`,
      `export type Complete = Nothing<WithoutMessage<{ orders: 'price_changed' }, Places, Texts>>;`,
      `export type Declared = Nothing<WithoutCode<{ 'x:errors': 'price_changed' | 'generic' }, 'price_changed', { 'x:errors': 'generic' }>>;`,
      `export type NoText = Nothing<WithoutMessage<Codes, Places, Texts>>;`,
      `export type NoCode = Nothing<WithoutCode<Texts, 'price_changed' | 'pix_expired', { 'x:errors': 'generic' }>>;`,
    ]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^7: Type '"pix_expired"' does not satisfy the constraint 'never'/);
    expect(errors[1]).toMatch(/^8: Type '"stray_code"' does not satisfy the constraint 'never'/);
  }, 60_000);
});
