// 'Meus dados': the profile form checked in the browser with the API's rules
// [R-5.93, R-5.96..R-5.98] and saved by PUT /users/me ('Dados salvos!' / 'Não foi possível salvar
// os dados.' [R-8.62, R-8.63]); the photo is uploaded by POST /users/me/photo with a preview
// its data and actions are ./useProfile.ts. The password is changed in 'Configurações'
// (./PasswordForm.tsx). Its pieces (the photo, the gender select, the load states) are ./profile-parts.tsx.
import { useId } from 'react';
import { maskPhone } from '../../src/domain/phone.ts';
import { maskTaxId, TAX_ID_MAX_MASKED_LENGTH } from '../../src/domain/tax-id.ts';
import { t } from '../../src/i18n/index.ts';
import { SubmitButton } from './form.tsx';
import { Field, FormAlert } from '../shared/Field.tsx';
import { maskDate } from './rules.ts';
import { GenderField, ProfileLoadError, ProfileLoading, ProfilePhoto } from './profile-parts.tsx';
import { ContactVerification } from './ContactVerification.tsx';
import { useProfile } from './useProfile.ts';

/** `timeZone` is the establishment's: a birthday is judged by its calendar, as the API judges it. */
export function ProfileForm({ establishmentId, timeZone }: { establishmentId: string; timeZone: string }) {
  const uid = useId();
  const { me, loadError, values, errors, alert, busy, photo, uploading, load, set, submit, upload, verified } = useProfile(
    establishmentId,
    timeZone,
    (key) => `${uid}-${key}`,
  );

  if (loadError) return <ProfileLoadError onRetry={() => void load()} />;
  if (!me || !values) return <ProfileLoading />;

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-profile-form>
        <ProfilePhoto id={`${uid}-photo`} name={me.name} photo={photo} uploading={uploading} onFile={upload} credits={me.credits ?? 0} />
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
          <GenderField id={`${uid}-gender`} value={values.gender} error={errors.gender} onChange={(v) => set('gender', v)} />
        </div>
        <div>
          <SubmitButton busy={busy} label={t('account:profile.save')} />
        </div>
      </form>
      <ContactVerification establishmentId={establishmentId} user={me} onUser={verified} />
    </div>
  );
}
