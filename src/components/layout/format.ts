// Small display helpers shared by the layout components (server-side only).
import type { Address } from '../../schemas/catalogue.ts';
import { t } from '../../i18n/index.ts';
import { maskPhone } from '../../domain/phone.ts';

/** 'Rua Harmonia, 512 - Casa 2' */
export function addressLine(a: Address): string {
  const line = t('layout:address.line', { street: a.street, number: a.number });
  return a.complement ? line + t('layout:address.complement', { complement: a.complement }) : line;
}

/** 'Vila Madalena, São Paulo - SP' */
export function addressArea(a: Pick<Address, 'neighborhood' | 'city' | 'state'>): string {
  return t('layout:address.area', { neighborhood: a.neighborhood, city: a.city, state: a.state });
}

/** '(11) 3812-4455' */
export function displayPhone(phone: string): string {
  return maskPhone(phone);
}

/** A tel: href with the country code. */
export function phoneHref(phone: string): string {
  return `tel:+55${phone.replace(/\D/g, '')}`;
}

/** An absolute URL from a path or URL, against an origin. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return origin.replace(/\/$/, '') + (pathOrUrl.startsWith('/') ? '' : '/') + pathOrUrl;
}
