// 'Meus dados' data and actions (./ProfileForm.tsx draws them): the profile read by GET /users/me,
// checked in the browser with the API's rules [R-5.93, R-5.96..R-5.98] and saved by PUT /users/me
// ('Dados salvos!' / 'Não foi possível salvar os dados.' ); the photo uploaded by
// POST /users/me/photo with a preview. Failures follow islands/shared/call-failure.ts: the
// profile is the page's required data.
import { useEffect, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { call, ApiFailure } from '../../src/client/api.ts';
import { setSessionUser, toSessionUser } from '../../src/client/session.ts';
import { toast } from '../../src/client/toast.ts';
import { maskPhone, phoneForApi } from '../../src/domain/phone.ts';
import { maskTaxId, stripTaxId } from '../../src/domain/tax-id.ts';
import { t } from '../../src/i18n/index.ts';
import type { ProfileBody, UserView } from '../../src/schemas/api-accounts.ts';
import { GENDERS } from '../../src/schemas/account-fields.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import { errorText } from './form.tsx';
import { birthdayError, birthdayToIso, documentError, emailError, genderError, isoToBirthday, nameError, phoneError, type FieldErrors } from './rules.ts';

export interface ProfileValues {
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

const ORDER: (keyof ProfileValues)[] = ['name', 'email', 'phone', 'document', 'birthday', 'gender'];
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

function valuesOf(me: UserView): ProfileValues {
  return {
    name: me.name ?? '',
    email: me.email ?? '',
    phone: maskPhone(me.phone ?? ''),
    document: maskTaxId(me.document ?? ''),
    birthday: isoToBirthday(me.birthday),
    gender: me.gender ?? '',
  };
}

function check(v: ProfileValues, timeZone: string): FieldErrors {
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

export interface UseProfile {
  /** The profile as the API last answered it (null while it loads). */
  me: UserView | null;
  /** The profile could not be read (offline or silent): the form offers a retry. */
  loadError: boolean;
  values: ProfileValues | null;
  errors: FieldErrors;
  /** A refusal that names no field ('' when none). */
  alert: string;
  busy: boolean;
  photo: string | null;
  uploading: boolean;
  load(): Promise<void>;
  set(key: keyof ProfileValues, value: string): void;
  submit(event: SubmitEvent): Promise<void>;
  upload(event: ChangeEvent<HTMLInputElement>): Promise<void>;
  verified(user: UserView): void;
}

/** `fieldId(key)` is the id of a field's input (the first one in error gets the focus). */
export function useProfile(establishmentId: string, timeZone: string, fieldId: (key: keyof ProfileValues) => string): UseProfile {
  const [me, setMe] = useState<UserView | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [values, setValues] = useState<ProfileValues | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [photo, setPhoto] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  async function load() {
    setLoadError(false);
    try {
      const data = await call('GET /users/me', { establishmentId });
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

  const set = (key: keyof ProfileValues, value: string) => setValues((v) => (v ? { ...v, [key]: value } : v));

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!values) return;
    const found = check(values, timeZone);
    setErrors(found);
    setAlert('');
    const first = ORDER.find((k) => found[k]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const body: ProfileBody = {
      name: values.name.trim(),
      email: values.email.trim().toLowerCase(),
      phone: phoneForApi(values.phone),
      document: values.document.trim() ? stripTaxId(values.document) : null,
      // Both were checked above (check()): a valid date and one of the genders, never left out here.
      birthday: birthdayToIso(values.birthday, timeZone) ?? undefined,
      gender: GENDERS.find((g) => g === values.gender),
    };
    setBusy(true);
    try {
      const saved = await call('PUT /users/me', { body, establishmentId });
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
      const res = await call('POST /users/me/photo', { body: form, establishmentId });
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

  /** A verification answered the updated user: the form and the session follow it. */
  function verified(user: UserView) {
    setMe(user);
    // Unsaved edits of the other fields stay.
    setValues((v) => (v ? { ...v, phone: maskPhone(user.phone ?? ''), email: user.email ?? '' } : valuesOf(user)));
    setSessionUser(establishmentId, toSessionUser(user));
  }

  return { me, loadError, values, errors, alert, busy, photo, uploading, load, set, submit, upload, verified };
}
