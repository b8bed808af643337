// The web app manifest of a store (/<slug>/manifest.webmanifest, src/pages/[slug]/manifest.webmanifest.ts):
// the store on a phone's home screen opens as its own app, on its own scope /<slug>/, in its own
// colours (src/lib/theme.ts), with PNG icons made from its logo (src/server/app-icons.ts).
// docs/offline.md.
import type { Design } from '../schemas/catalogue.ts';
import { themeVars } from './theme.ts';

/** The icon sides the manifest lists: Chrome's install needs one of at least 144 px; 192 and 512 are what launchers and splash screens use. */
export const APP_ICON_SIZES = [192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];
/** 'any': the logo as it is on white; 'maskable': inside the 80 % safe zone, for launchers that cut their own shape. */
export type AppIconPurpose = 'any' | 'maskable';

/** An icon's URL. Example: `appIconPath('loja', 192, 'any') === '/loja/icone-192.png'` */
export function appIconPath(slug: string, size: AppIconSize, purpose: AppIconPurpose): string {
  return `/${slug}/icone-${size}${purpose === 'maskable' ? '-maskable' : ''}.png`;
}

/** What an icon URL's last part asks for, or null. Example: `parseAppIconName('512-maskable')` is `{ size: 512, purpose: 'maskable' }` */
export function parseAppIconName(name: string): { size: AppIconSize; purpose: AppIconPurpose } | null {
  const m = /^(\d+)(-maskable)?$/.exec(name);
  const size = Number(m?.[1]) as AppIconSize;
  if (!m || !APP_ICON_SIZES.includes(size)) return null;
  return { size, purpose: m[2] ? 'maskable' : 'any' };
}

/** A launcher shows about 12 characters under an icon: the name when it fits, else its first words that do. Example: `shortName('Pizzaria Bella Centro') === 'Pizzaria'` */
export function shortName(name: string): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length <= 12) return clean;
  let out = '';
  for (const word of clean.split(' ')) {
    const next = out ? `${out} ${word}` : word;
    if (next.length > 12) break;
    out = next;
  }
  return out || clean.slice(0, 12);
}

export interface AppManifest {
  id: string;
  name: string;
  short_name: string;
  lang: 'pt-BR';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: AppIconPurpose }[];
}

/** The manifest of one store. */
export function appManifest(store: { slug: string; name: string; design: Partial<Design> | null | undefined }): AppManifest {
  const vars = themeVars(store.design);
  const scope = `/${store.slug}/`;
  return {
    id: scope,
    name: store.name,
    short_name: shortName(store.name),
    lang: 'pt-BR',
    start_url: scope,
    scope,
    display: 'standalone',
    // The bar's colour, as the page's <meta name="theme-color"> (src/components/layout/BaseHead.astro).
    theme_color: vars['--c-navbar'],
    background_color: vars['--c-surface'],
    icons: APP_ICON_SIZES.flatMap((size) =>
      (['any', 'maskable'] as const).map((purpose) => ({
        src: appIconPath(store.slug, size, purpose),
        sizes: `${size}x${size}`,
        type: 'image/png' as const,
        purpose,
      })),
    ),
  };
}
