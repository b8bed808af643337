// The pieces both account-page forms share: what a form needs to post by itself, its hidden fields,
// the password field with its show/hide toggle, and how a login and the API's field problems are read.
import { useState } from 'react';
import type { ApiFailure } from '../../src/client/api.ts';
import { phoneForApi } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import { Field } from '../shared/Field.tsx';
import { errorText } from './form.tsx';
import type { FieldErrors } from './rules.ts';

/** What each form needs to post by itself: where to, the establishment and the way back. */
export interface FormTarget {
  establishmentId: string;
  returnTo: string | null;
  /** The refusal's code the page came back with, when this is the form that was refused. */
  initialError: string | null;
  /** The referral code of the link the visitor came through ('' when none): the registration sends it. */
  referral: string;
}

/** The fields a plain browser post adds to the visible ones (the registration's also the referral code). */
export function HiddenFields({ establishmentId, returnTo, referral }: Pick<FormTarget, 'establishmentId' | 'returnTo'> & { referral?: string }) {
  return (
    <>
      <input type="hidden" name="establishment_id" value={establishmentId} />
      {returnTo && <input type="hidden" name="voltar" value={returnTo} />}
      {referral && <input type="hidden" name="referral_code" value={referral} />}
    </>
  );
}

export function loginValue(raw: string): string {
  const v = raw.trim();
  return v.includes('@') ? v.toLowerCase() : phoneForApi(v);
}

/** Field problems from a 400 invalid_body, keyed by field path, in Portuguese. */
export function fieldErrorsOf(err: ApiFailure): FieldErrors {
  const out: FieldErrors = {};
  for (const f of err.fields ?? []) {
    const key = f.path.split('.')[0] ?? f.path;
    out[key] ??= errorText(f.code, f.message);
  }
  return out;
}

export function PasswordField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  autoComplete: string;
  onChange: (v: string) => void;
}) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      id={props.id}
      name={props.name}
      label={props.label}
      type={shown ? 'text' : 'password'}
      value={props.value}
      error={props.error}
      hint={props.hint}
      autoComplete={props.autoComplete}
      maxLength={200}
      onChange={(e) => props.onChange(e.target.value)}
      className=""
      after={
        <button
          type="button"
          onClick={() => setShown(!shown)}
          aria-pressed={shown}
          className="absolute right-1 cursor-pointer rounded-md border-0 bg-transparent px-2 py-1 text-xs font-semibold text-brand"
        >
          {shown ? t('account:auth.hidePassword') : t('account:auth.showPassword')}
        </button>
      }
    />
  );
}
