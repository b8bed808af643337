// One labelled form field with its hint and error, wired for screen readers (aria-invalid,
// aria-describedby) and for the tests (data-field, data-field-error).
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { hasKey, t } from '../../src/i18n/index.ts';

/** The Portuguese text of an error code (account:errors.<code>), else the API's message, else a generic one. */
export function errorText(code: string | undefined, fallback?: string): string {
  if (!code) return '';
  const key = `account:errors.${code}`;
  if (hasKey(key)) return t(key);
  return fallback || t('account:errors.unknown_error');
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  after?: ReactNode;
  /** The input element (a dialog focuses it first); passed on to the <input> with the other props. */
  ref?: Ref<HTMLInputElement>;
}

export function Field({ id, label, error, hint, after, className, ...input }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`} data-field={input.name}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative flex items-center">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`w-full rounded-lg border border-solid bg-card px-3 py-2.5 text-base text-ink ${error ? 'border-red-600' : 'border-line'}`}
          {...input}
        />
        {after}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="m-0 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="m-0 text-sm text-red-700 dark:text-red-400" data-field-error={input.name}>
          {error}
        </p>
      )}
    </div>
  );
}

export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className="cursor-pointer rounded-lg border-0 bg-brand px-5 py-3 text-base font-semibold text-onbrand hover:bg-branddark disabled:cursor-wait disabled:opacity-70"
    >
      {busy ? t('account:auth.busy') : label}
    </button>
  );
}

export function FormAlert({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="m-0 rounded-lg border border-solid border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-form-error>
      {message}
    </p>
  );
}
