// 'Meus dados': the profile form checked in the browser with the API's rules
// [R-5.93, R-5.96..R-5.98] and saved by PUT /users/me ('Dados salvos!' / 'Não foi possível salvar
// os dados.' [R-8.62, R-8.63]); the photo is uploaded by POST /users/me/photo with a preview
// . The password is changed in 'Configurações' (./PasswordForm.tsx).
// Failures follow islands/shared/call-failure.ts: the profile is the page's required data.
import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { api, ApiFailure } from '../../src/client/api.ts';
import { setSessionUser, toSessionUser } from '../../src/client/session.ts';
import { toast } from '../../src/client/toast.ts';
import { formatBRL, normalizeSpaces } from '../../src/domain/money.ts';
import { maskPhone, phoneForApi } from '../../src/domain/phone.ts';
import { maskTaxId, stripTaxId, TAX_ID_MAX_MASKED_LENGTH } from '../../src/domain/tax-id.ts';
import { t } from '../../src/i18n/index.ts';
import type { PhotoAnswer, UserView } from '../../src/schemas/api-accounts.ts';
import { SubmitButton, errorText } from './form.tsx';
import { Field, FormAlert } from '../shared/Field.tsx';
import {
  GENDERS,
  birthdayError,
  birthdayToIso,
  documentError,
  emailError,
  genderError,
  isoToBirthday,
  maskDate,
  nameError,
  phoneError,
  type FieldErrors,
} from './rules.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import { ContactVerification } from './ContactVerification.tsx';

interface Values {
  name: string;
  email: string;
  phone: string;
  document: string;
  birthday: string;
  gender: string;
}

const LOAD: CallPolicy = { call: 'GET /users/me (profile)', role: 'required' };
/** Any answered refusal says 'not saved'; the fields it names are marked too. */
const SAVE: CallPolicy = { call: 'PUT /users/me', role: 'action', catalogue: (f) => (f.status > 0 ? { key: 'account:profile.notSaved' } : null) };
const PHOTO: CallPolicy = {
  call: 'POST /users/me/photo',
  role: 'action',
  catalogue: (f) =>
    f.status === 413
      ? { key: 'account:profile.photoTooBig' }
      : f.status === 415
        ? { key: 'account:profile.photoType' }
        : f.status > 0
          ? { key: 'account:profile.photoFailed' }
          : null,
};

const ORDER: (keyof Values)[] = ['name', 'email', 'phone', 'document', 'birthday', 'gender'];
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

function valuesOf(me: UserView): Values {
  return {
    name: me.name ?? '',
    email: me.email ?? '',
    phone: maskPhone(me.phone ?? ''),
    document: maskTaxId(me.document ?? ''),
    birthday: isoToBirthday(me.birthday),
    gender: me.gender ?? '',
  };
}

function check(v: Values, timeZone: string): FieldErrors {
  const codes: Record<string, string | null | undefined> = {
    name: nameError(v.name),
    email: emailError(v.email),
    phone: phoneError(v.phone),
    document: documentError(v.document),
    birthday: birthdayError(v.birthday, timeZone),
    gender: genderError(v.gender),
  };
  const out: FieldErrors = {};
  for (const [k, code] of Object.entries(codes)) if (code) out[k] = errorText(code);
  return out;
}

/** `timeZone` is the establishment's: a birthday is judged by its calendar, as the API judges it. */
export function ProfileForm({ establishmentId, timeZone }: { establishmentId: string; timeZone: string }) {
  const uid = useId();
  const [me, setMe] = useState<UserView | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [photo, setPhoto] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  async function load() {
    setLoadError(false);
    try {
      const data = await api<UserView>('/users/me', { establishmentId });
      setMe(data);
      setValues(valuesOf(data));
      setPhoto(data.photo);
    } catch (err) {
      // A 401 is the session's (back to the login form); offline or silent, a retry here.
      const outcome = reportFailure(err, LOAD);
      if (outcome.kind === 'toast' || outcome.kind === 'silent') setLoadError(true);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the profile loads once, on mount; a retry calls load() itself
  useEffect(() => {
    void load();
  }, []);

  if (loadError) {
    return (
      <div className="flex flex-col items-start gap-3" data-profile-load-error>
        <p role="alert" className="m-0 text-ink">
          {t('account:profile.loadFailed')}
        </p>
        <button
          type="button"
          onClick={() => void load()}
          className="cursor-pointer rounded-lg border border-solid border-line bg-card px-4 py-2 font-semibold text-ink"
        >
          {t('account:profile.retry')}
        </button>
      </div>
    );
  }
  if (!me || !values)
    return (
      <p className="m-0 text-muted" aria-busy="true" data-profile-loading>
        {t('account:page.loading')}
      </p>
    );

  const set = (key: keyof Values, value: string) => setValues((v) => (v ? { ...v, [key]: value } : v));

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!values) return;
    const found = check(values, timeZone);
    setErrors(found);
    setAlert('');
    const first = ORDER.find((k) => found[k]);
    if (first) {
      document.getElementById(`${uid}-${first}`)?.focus();
      return;
    }
    const body: Record<string, unknown> = {
      name: values.name.trim(),
      email: values.email.trim().toLowerCase(),
      phone: phoneForApi(values.phone),
      document: values.document.trim() ? stripTaxId(values.document) : null,
      birthday: birthdayToIso(values.birthday, timeZone),
      gender: values.gender,
    };
    setBusy(true);
    try {
      const saved = await api<UserView>('/users/me', { method: 'PUT', body, establishmentId });
      setMe(saved);
      setValues(valuesOf(saved));
      setSessionUser(establishmentId, toSessionUser(saved));
      toast(t('account:profile.saved'), { kind: 'success' });
    } catch (err) {
      if (reportFailure(err, SAVE).kind === 'session_ended') return;
      if (err instanceof ApiFailure) {
        const fieldErrors: FieldErrors = {};
        for (const f of err.fields ?? []) fieldErrors[f.path.split('.')[0] ?? f.path] ??= errorText(f.code, f.message);
        if (err.code === 'email_taken') fieldErrors.email = errorText(err.code);
        if (err.code === 'phone_taken') fieldErrors.phone = errorText(err.code);
        setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0 && err.status > 0) setAlert(errorText(err.code));
      }
    } finally {
      setBusy(false);
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // What the server takes (JPEG, PNG, WebP): anything else is refused here, before it is sent.
    if (!/^image\/(jpeg|png|webp)$/.test(file.type)) {
      toast(t('account:profile.photoType'), { kind: 'error' });
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      toast(t('account:profile.photoTooBig'), { kind: 'error' });
      return;
    }
    const before = photo;
    const preview = URL.createObjectURL(file);
    setPhoto(preview);
    setUploading(true);
    const form = new FormData();
    form.append('file', file);
    try {
      const res = await api<PhotoAnswer>('/users/me/photo', { method: 'POST', body: form, establishmentId });
      const updated: UserView = { ...me!, photo: res.photo, photo_sizes: res.photo_sizes };
      setMe(updated);
      setPhoto(updated.photo);
      setSessionUser(establishmentId, toSessionUser(updated));
      toast(t('account:profile.photoSaved'), { kind: 'success' });
    } catch (err) {
      setPhoto(before);
      reportFailure(err, PHOTO);
    } finally {
      URL.revokeObjectURL(preview);
      setUploading(false);
    }
  }

  const initials = me.name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase())
    .slice(0, 2)
    .join('');

  /** A verification answered the updated user: the form and the session follow it. */
  function verified(user: UserView) {
    setMe(user);
    // Unsaved edits of the other fields stay.
    setValues((v) => (v ? { ...v, phone: maskPhone(user.phone ?? ''), email: user.email ?? '' } : valuesOf(user)));
    setSessionUser(establishmentId, toSessionUser(user));
  }

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-profile-form>
        <div className="flex items-center gap-4">
          <div
            className="flex h-20 w-20 flex-none items-center justify-center overflow-hidden rounded-full bg-surface text-2xl font-bold text-muted"
            data-profile-photo
          >
            {photo ? (
              <img src={photo} alt={t('account:profile.photo')} width={80} height={80} className="h-full w-full object-cover" />
            ) : (
              <span aria-hidden="true">{initials}</span>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <label
              htmlFor={`${uid}-photo`}
              className="w-max cursor-pointer rounded-lg border border-solid border-line bg-card px-3 py-2 text-sm font-semibold text-ink hover:bg-surface"
            >
              {uploading ? t('account:profile.photoUploading') : t('account:profile.photoChange')}
            </label>
            <input
              ref={fileRef}
              id={`${uid}-photo`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              onChange={upload}
              disabled={uploading}
              data-photo-input
            />
            <p className="m-0 text-sm text-muted" data-profile-credits>
              {t('account:profile.credits', { amount: normalizeSpaces(formatBRL(me.credits ?? 0)) })}
            </p>
          </div>
        </div>
        <FormAlert message={alert} />
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            id={`${uid}-name`}
            name="name"
            label={t('account:profile.name')}
            autoComplete="name"
            value={values.name}
            error={errors.name}
            maxLength={200}
            onChange={(e) => set('name', e.target.value)}
          />
          <Field
            id={`${uid}-email`}
            name="email"
            type="email"
            label={t('account:profile.email')}
            autoComplete="email"
            autoCapitalize="none"
            value={values.email}
            error={errors.email}
            maxLength={254}
            onChange={(e) => set('email', e.target.value)}
          />
          <Field
            id={`${uid}-phone`}
            name="phone"
            type="tel"
            inputMode="numeric"
            label={t('account:profile.phone')}
            autoComplete="tel-national"
            placeholder={t('account:auth.phonePlaceholder')}
            value={values.phone}
            error={errors.phone}
            maxLength={15}
            onChange={(e) => set('phone', maskPhone(e.target.value))}
          />
          <Field
            id={`${uid}-document`}
            name="document"
            label={t('account:profile.document')}
            placeholder={t('account:profile.documentPlaceholder')}
            value={values.document}
            error={errors.document}
            maxLength={TAX_ID_MAX_MASKED_LENGTH}
            autoCapitalize="characters"
            onChange={(e) => set('document', maskTaxId(e.target.value))}
          />
          <Field
            id={`${uid}-birthday`}
            name="birthday"
            inputMode="numeric"
            label={t('account:profile.birthday')}
            placeholder={t('account:profile.birthdayPlaceholder')}
            autoComplete="bday"
            value={values.birthday}
            error={errors.birthday}
            maxLength={10}
            required
            onChange={(e) => set('birthday', maskDate(e.target.value))}
          />
          <div className="flex flex-col gap-1" data-field="gender">
            <label htmlFor={`${uid}-gender`} className="text-sm font-semibold text-ink">
              {t('account:profile.gender')}
            </label>
            <select
              id={`${uid}-gender`}
              name="gender"
              value={values.gender}
              required
              aria-invalid={errors.gender ? true : undefined}
              aria-describedby={errors.gender ? `${uid}-gender-error` : undefined}
              onChange={(e) => set('gender', e.target.value)}
              className={`w-full rounded-lg border border-solid bg-card px-3 py-2.5 text-base text-ink ${errors.gender ? 'border-red-600' : 'border-line'}`}
            >
              <option value="">{t('account:profile.genderChoose')}</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`account:profile.genders.${g}`)}
                </option>
              ))}
            </select>
            {errors.gender && (
              <p id={`${uid}-gender-error`} className="m-0 text-sm text-red-700" data-field-error="gender">
                {errors.gender}
              </p>
            )}
          </div>
        </div>
        <div>
          <SubmitButton busy={busy} label={t('account:profile.save')} />
        </div>
      </form>
      <ContactVerification establishmentId={establishmentId} user={me} onUser={verified} />
    </div>
  );
}
