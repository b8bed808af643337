// The consent banner of an establishment's own analytics (docs/privacy.md 'Cookies and third
// parties'): shown on the pages of an establishment that set a GA4 or Meta Pixel id, until the
// customer chooses; 'Recusar' and 'Aceitar' are the same size and the same weight (ANPD's guidance
// on cookies: refusing is as easy as accepting). Nothing of either vendor loads before 'Aceitar'
// (./analytics-tags.ts). The choice is kept per establishment in localStorage, and the footer's
// 'Cookies' link opens the banner again to change it. Loaded as a chunk of its own by
// src/page-scripts/analytics-boot.ts after the first interaction or in idle time, and only on
// such pages. Vanilla DOM styled inline with the establishment's colours, like the reload prompt.
import consentTexts from '../i18n/locales/pt-BR/consent.json';
import { interpolate } from '../i18n/interpolate.ts';
import type { PageAnalyticsIds } from '../schemas/analytics.ts';
import { startTags } from './analytics-tags.ts';
import { readStoreIsland } from './store-island.ts';
import { routes } from '../lib/urls.ts';

export type Consent = 'granted' | 'denied';

export interface ConsentPage {
  /** The establishment's id: the choice is its own. */
  storeId: string;
  storeName: string;
  privacyHref: string;
  ids: PageAnalyticsIds;
}

/** The page's establishment and ids (<html data-store, data-ga4, data-pixel>, src/layouts/StoreLayout.astro). */
export function consentPage(): ConsentPage {
  const { store = '', ga4, pixel } = document.documentElement.dataset;
  return {
    storeId: store,
    storeName: document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content ?? '',
    privacyHref: routes.privacy(readStoreIsland()?.slug ?? ''),
    ids: { ...(ga4 && { ga4 }), ...(pixel && { pixel }) },
  };
}

/** The localStorage key of an establishment's choice. */
export function consentKey(storeId: string): string {
  return `analytics-consent:${storeId}`;
}

export function readConsent(storeId: string): Consent | null {
  try {
    const v = localStorage.getItem(consentKey(storeId));
    return v === 'granted' || v === 'denied' ? v : null;
  } catch {
    return null;
  }
}

function keepConsent(storeId: string, consent: Consent): void {
  try {
    localStorage.setItem(consentKey(storeId), consent);
  } catch {
    // Private mode without storage: the choice holds for this page only.
  }
}

/** Starts the tags when already accepted, shows the banner when nothing was chosen yet. */
export function startConsent(page: ConsentPage = consentPage()): void {
  const consent = readConsent(page.storeId);
  // What was found, for whoever checks the page (its tests): 'granted', 'denied' or 'asked'.
  document.documentElement.dataset.consent = consent ?? 'asked';
  if (consent === 'granted') startTags(page.ids);
  else if (consent === null) showBanner(false, page);
}

/**
 * Shows the banner (once). `focus`: the customer asked for it (the footer's link), so the focus
 * moves to it; shown by itself it takes the focus from nothing.
 */
export function showBanner(focus: boolean, page: ConsentPage = consentPage()): void {
  const existing = document.querySelector<HTMLElement>('[data-consent-banner]');
  if (existing) {
    if (focus) existing.querySelector('button')?.focus();
    return;
  }
  const box = document.createElement('section');
  box.setAttribute('data-consent-banner', '');
  box.setAttribute('aria-labelledby', 'consent-title');
  Object.assign(box.style, {
    position: 'fixed',
    left: '50%',
    bottom: '12px',
    transform: 'translateX(-50%)',
    zIndex: '2147482001',
    width: 'min(34rem, calc(100vw - 24px))',
    boxSizing: 'border-box',
    padding: '14px 16px',
    borderRadius: '12px',
    border: '1px solid var(--c-line, #d4d4d8)',
    background: 'var(--c-card, #fff)',
    color: 'var(--c-ink, #111827)',
    boxShadow: '0 8px 24px rgba(0,0,0,.18)',
    font: 'inherit',
  } satisfies Partial<CSSStyleDeclaration>);

  const title = document.createElement('h2');
  title.id = 'consent-title';
  title.textContent = consentTexts.title;
  Object.assign(title.style, { margin: '0 0 4px', fontSize: '1rem', fontWeight: '700' });

  const text = document.createElement('p');
  text.textContent = `${interpolate(consentTexts.text, { name: page.storeName })} `;
  const privacy = document.createElement('a');
  privacy.href = page.privacyHref;
  privacy.textContent = consentTexts.privacy;
  privacy.style.textDecoration = 'underline';
  privacy.style.color = 'inherit';
  text.append(privacy, '.');
  Object.assign(text.style, { margin: '0 0 12px', fontSize: '.875rem', lineHeight: '1.4' });

  const actions = document.createElement('div');
  Object.assign(actions.style, { display: 'flex', gap: '8px' });
  const choose = (consent: Consent) => {
    keepConsent(page.storeId, consent);
    document.documentElement.dataset.consent = consent;
    box.remove();
    if (consent === 'granted') startTags(page.ids);
    // A refusal after an acceptance takes effect from the next page: a loaded script cannot be unloaded.
  };
  const decline = button(consentTexts.decline);
  decline.setAttribute('data-consent-decline', '');
  decline.addEventListener('click', () => choose('denied'));
  const accept = button(consentTexts.accept);
  accept.setAttribute('data-consent-accept', '');
  accept.addEventListener('click', () => choose('granted'));
  actions.append(decline, accept);

  box.append(title, text, actions);
  document.body.appendChild(box);
  if (focus) decline.focus();
}

/** Both choices alike: same size, same border, same weight, the establishment's ink on its card. */
function button(label: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  Object.assign(b.style, {
    flex: '1 1 0',
    minHeight: '44px',
    padding: '8px 16px',
    borderRadius: '8px',
    font: 'inherit',
    fontSize: '.9375rem',
    fontWeight: '600',
    cursor: 'pointer',
    border: '2px solid var(--c-ink, #111827)',
    background: 'var(--c-card, #fff)',
    color: 'var(--c-ink, #111827)',
  } satisfies Partial<CSSStyleDeclaration>);
  return b;
}
