// The pieces of 'Meus dados' (./ProfileForm.tsx): the profile that could not load (with a retry)
// or is loading, the photo with its upload and the credit balance, and the gender select.
import type { ChangeEvent } from 'react';
import { formatBRL, normalizeSpaces } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { GENDERS } from './rules.ts';

export function ProfileLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3" data-profile-load-error>
      <p role="alert" className="m-0 text-ink">
        {t('account:profile.loadFailed')}
      </p>
      <button type="button" onClick={onRetry} className="cursor-pointer rounded-lg border border-solid border-line bg-card px-4 py-2 font-semibold text-ink">
        {t('account:profile.retry')}
      </button>
    </div>
  );
}

export function ProfileLoading() {
  return (
    <p className="m-0 text-muted" aria-busy="true" data-profile-loading>
      {t('account:page.loading')}
    </p>
  );
}

/** Up to two initials of the name, shown while there is no photo. */
function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
}

export interface ProfilePhotoProps {
  /** The file input's id. */
  id: string;
  name: string;
  /** The photo's address (or the preview being uploaded); null: the initials. */
  photo: string | null;
  uploading: boolean;
  onFile: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The credit balance in centavos. */
  credits: number;
}

export function ProfilePhoto({ id, name, photo, uploading, onFile, credits }: ProfilePhotoProps) {
  return (
    <div className="flex items-center gap-4">
      <div
        className="flex h-20 w-20 flex-none items-center justify-center overflow-hidden rounded-full bg-surface text-2xl font-bold text-muted"
        data-profile-photo
      >
        {photo ? (
          <img src={photo} alt={t('account:profile.photo')} width={80} height={80} className="h-full w-full object-cover" />
        ) : (
          <span aria-hidden="true">{initialsOf(name)}</span>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label
          htmlFor={id}
          className="w-max cursor-pointer rounded-lg border border-solid border-line bg-card px-3 py-2 text-sm font-semibold text-ink hover:bg-surface"
        >
          {uploading ? t('account:profile.photoUploading') : t('account:profile.photoChange')}
        </label>
        <input id={id} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" onChange={onFile} disabled={uploading} data-photo-input />
        <p className="m-0 text-sm text-muted" data-profile-credits>
          {t('account:profile.credits', { amount: normalizeSpaces(formatBRL(credits)) })}
        </p>
      </div>
    </div>
  );
}

export function GenderField({ id, value, error, onChange }: { id: string; value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <div className="flex flex-col gap-1" data-field="gender">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {t('account:profile.gender')}
      </label>
      <select
        id={id}
        name="gender"
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`w-full rounded-lg border border-solid bg-card px-3 py-2.5 text-base text-ink ${error ? 'border-red-600' : 'border-line'}`}
      >
        <option value="">{t('account:profile.genderChoose')}</option>
        {GENDERS.map((g) => (
          <option key={g} value={g}>
            {t(`account:profile.genders.${g}`)}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="m-0 text-sm text-red-700" data-field-error="gender">
          {error}
        </p>
      )}
    </div>
  );
}
