// The account forms' pieces: an error code's Portuguese text and the submit button.
import { hasKey, t } from '../../src/i18n/index.ts';
import { Button } from '../shared/Button.tsx';

/** The Portuguese text of an error code (account:errors.<code>), else the API's message, else a generic one. */
export function errorText(code: string | undefined, fallback?: string): string {
  if (!code) return '';
  const key = `account:errors.${code}`;
  if (hasKey(key)) return t(key);
  return fallback || t('account:errors.unknown_error');
}

/** A form's submit: 'Aguarde…' while the request runs. */
export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <Button type="submit" size="large" loading={busy}>
      {busy ? t('account:auth.busy') : label}
    </Button>
  );
}
