// One labelled text field with its hint and error, wired for screen readers (aria-invalid,
// aria-describedby) and for the tests (a data attribute naming the field and its error).
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** The error's Portuguese text; while set the input is aria-invalid and described by it. */
  error?: string;
  hint?: string;
  /**
   * muted: a help text that gives way to the error; warning: a caution (amber) that stays beside
   * the error, e.g. a CEP the map could not confirm.
   */
  hintTone?: 'muted' | 'warning';
  /** An attribute set on the hint, for the tests (e.g. 'data-address-cep-hint'). */
  hintHook?: string;
  /** The attributes naming the field and its error for the tests: data-field / data-field-error unless told. */
  hooks?: { field: string; error: string };
  /** Beside the input (a button to show a password, a tick). */
  after?: ReactNode;
  /** The input element (a dialog focuses it first); passed on to the <input> with the other props. */
  ref?: Ref<HTMLInputElement>;
}

const DEFAULT_HOOKS = { field: 'data-field', error: 'data-field-error' };

export function Field({ id, label, error, hint, hintTone = 'muted', hintHook, hooks = DEFAULT_HOOKS, after, className, ...input }: FieldProps) {
  const showHint = Boolean(hint) && (hintTone === 'warning' || !error);
  const describedBy = [showHint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`} {...{ [hooks.field]: input.name }}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative flex items-center gap-2">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`w-full min-w-0 rounded-lg border border-solid px-3 py-2.5 text-base text-ink disabled:opacity-60 ${input.readOnly ? 'bg-surface' : 'bg-card'} ${error ? 'border-red-600' : 'border-line'}`}
          {...input}
        />
        {after}
      </div>
      {showHint && (
        <p
          id={`${id}-hint`}
          className={`m-0 text-xs ${hintTone === 'warning' ? 'text-amber-800 dark:text-amber-300' : 'text-muted'}`}
          {...(hintHook ? { [hintHook]: '' } : {})}
        >
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="m-0 text-sm text-red-700 dark:text-red-400" {...{ [hooks.error]: input.name }}>
          {error}
        </p>
      )}
    </div>
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
