// 'Meus dados': the profile form checked in the browser with the API's rules
// [R-5.93, R-5.96..R-5.98] and saved by PUT /users/me ('Dados salvos!' / 'Não foi possível salvar
// os dados.' [R-8.62, R-8.63]); the photo is uploaded by POST /users/me/photo with a preview
// its data and actions are ./useProfile.ts. The password is changed in 'Configurações'
// (./PasswordForm.tsx).
import { useId, useRef } from 'react';
import { formatBRL, normalizeSpaces } from '../../src/domain/money.ts';
import { maskPhone } from '../../src/domain/phone.ts';
import { maskTaxId, TAX_ID_MAX_MASKED_LENGTH } from '../../src/domain/tax-id.ts';
import { t } from '../../src/i18n/index.ts';
import { SubmitButton } from './form.tsx';
import { Field, FormAlert } from '../shared/Field.tsx';
import { GENDERS, maskDate } from './rules.ts';
import { ContactVerification } from './ContactVerification.tsx';
import { useProfile } from './useProfile.ts';

/** `timeZone` is the establishment's: a birthday is judged by its calendar, as the API judges it. */
export function ProfileForm({ establishmentId, timeZone }: { establishmentId: string; timeZone: string }) {
  const uid = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const { me, loadError, values, errors, alert, busy, photo, uploading, load, set, submit, upload, verified } = useProfile(
    establishmentId,
    timeZone,
    (key) => `${uid}-${key}`,
  );

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

  const initials = me.name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase())
    .slice(0, 2)
    .join('');

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
