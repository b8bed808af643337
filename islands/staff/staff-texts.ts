// A code's Portuguese for the panel's forms: a refusal of the staff routes, else a form's own check,
// else the request refusals' generic words.
import './i18n.ts';
import { ApiFailure } from '../../src/client/api.ts';
import { hasKey, t } from '../../src/i18n/index.ts';

export function staffErrorText(code: string): string {
  for (const key of [`staff:refusals.${code}`, `staff:page.${code}`]) if (hasKey(key)) return t(key);
  return t('staff:page.unknown_error');
}

/** The Portuguese of what a call threw. */
export function failureText(err: unknown): string {
  return staffErrorText(err instanceof ApiFailure ? err.code : 'unknown_error');
}

/** Where the panel's pages are, for an establishment's slug. */
export const panelPaths = {
  home: (slug: string) => `/${slug}/painel`,
  login: (slug: string, email?: string) => `/${slug}/painel/entrar${email ? `?email=${encodeURIComponent(email)}` : ''}`,
};

/** A plausible e-mail address, checked before the API is asked. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim());
