// Per-establishment theme: turns establishment.design into the CSS variables uno.config.ts maps
// its colours to (--c-primary, --c-navbar, ...), light or dark. Tenant colours are used
// as given where they are readable; where a colour would fail WCAG AA (4.5:1 for text) it is
// nudged darker/lighter, and text on the navbar or on brand buttons becomes white or near-black,
// whichever reads better. Only #rrggbb colours reach here (the catalogue schema enforces it).
import type { Design } from '../schemas/catalogue.ts';

type Rgb = [number, number, number];

const WHITE = '#ffffff';
const NEAR_BLACK = '#111114';
/** WCAG AA for normal-size text. */
export const AA = 4.5;
/** What the theme aims for: a little above AA so rounding in checkers never tips it under. */
const TARGET = 4.6;

/** Neutral palettes for the two themes (surface = page, card = panels, ink = text). */
const PALETTES = {
  light: { surface: '#f5f5f7', card: '#ffffff', ink: '#1b1b1f', muted: '#55555f', line: '#dcdce2' },
  dark: { surface: '#121214', card: '#1d1d21', ink: '#f1f1f4', muted: '#b0b0ba', line: '#3a3a42' },
} as const;

function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return (
    '#' +
    [r, g, b]
      .map((c) =>
        Math.round(Math.min(255, Math.max(0, c)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** WCAG relative luminance of a #rrggbb colour. Example: `relativeLuminance('#ffffff') === 1` */
export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex) ?? [0, 0, 0];
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1..21). Example: `contrastRatio('#000000', '#ffffff') === 21` */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The preferred text colour on a background when it reaches AA, else white or near-black, whichever contrasts more.
 * Example: `readableOn('#ffeb3b', '#ffffff') === '#111114'`
 */
export function readableOn(background: string, preferred?: string | null): string {
  if (preferred && parseHex(preferred) && contrastRatio(preferred, background) >= TARGET) return preferred.toLowerCase();
  if (contrastRatio(WHITE, background) >= contrastRatio(NEAR_BLACK, background)) return WHITE;
  // Mid-tone backgrounds: pure black gains the last few hundredths over near-black.
  return contrastRatio(NEAR_BLACK, background) >= TARGET ? NEAR_BLACK : '#000000';
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/**
 * The colour itself when it reads on `background` at AA, else the closest shade towards black
 * (light backgrounds) or white (dark ones) that does.
 * Example: `ensureContrast('#ffeb3b', '#ffffff')` is a dark yellow with contrast >= 4.5
 */
export function ensureContrast(colour: string, background: string, ratio = TARGET): string {
  const rgb = parseHex(colour);
  if (!rgb) return colour;
  if (contrastRatio(colour, background) >= ratio) return toHex(rgb);
  const target: Rgb = relativeLuminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 20; step++) {
    const candidate = toHex(mix(rgb, target, step / 20));
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return toHex(target);
}

export interface ThemeVars {
  '--c-primary': string;
  '--c-darkprimary': string;
  '--c-primaryinverse': string;
  '--c-navbar': string;
  /** Text and icons on the navbar. */
  '--c-onnavbar': string;
  '--c-surface': string;
  '--c-card': string;
  '--c-ink': string;
  '--c-muted': string;
  '--c-line': string;
}

const FALLBACK: Pick<Design, 'navbarcolor' | 'primary' | 'darkprimary' | 'primaryinverse'> = {
  navbarcolor: '#2f2f36',
  primary: '#2f6fdf',
  darkprimary: '#1f4fa8',
  primaryinverse: '#ffffff',
};

/**
 * The CSS variables of a design. `primary` is the brand colour made readable as text on cards
 * (it also fills buttons, with `primaryinverse` on top); in the dark theme the brand fills use
 * darkprimary when it carries text better.
 */
export function themeVars(design: Partial<Design> | null | undefined): ThemeVars {
  const d = { ...FALLBACK, ...(design ?? {}) };
  const theme = d.theme === 'dark' ? 'dark' : 'light';
  const p = PALETTES[theme];
  // Brand text sits on cards and on the page background alike: readable on both.
  const primary = ensureContrast(ensureContrast(d.primary, p.card), p.surface);
  const primaryinverse = readableOn(primary, d.primaryinverse);
  // Same for brand fills: text on them must read too (the fill is shaded, never the text).
  const brandFill = ensureContrast(primary, primaryinverse);
  const darkOnInverse = ensureContrast(d.darkprimary, primaryinverse);
  const navbarGiven = parseHex(d.navbarcolor) ? d.navbarcolor.toLowerCase() : FALLBACK.navbarcolor;
  const onnavbar = readableOn(navbarGiven, d.primaryinverse);
  // A mid-grey navbar can defeat both white and black text: then the bar itself is shaded.
  const navbar = ensureContrast(navbarGiven, onnavbar);
  return {
    '--c-primary': brandFill,
    '--c-darkprimary': darkOnInverse,
    '--c-primaryinverse': primaryinverse,
    '--c-navbar': navbar,
    '--c-onnavbar': onnavbar,
    '--c-surface': p.surface,
    '--c-card': p.card,
    '--c-ink': p.ink,
    '--c-muted': p.muted,
    '--c-line': p.line,
  };
}

/** The neutral theme of pages outside any establishment (picker, errors). */
export function neutralThemeVars(): ThemeVars {
  return themeVars(null);
}

/** `:root{--c-primary:#...;...}` for a <style> element; values are validated hex colours. */
export function themeCss(vars: ThemeVars, colorScheme: 'light' | 'dark' = 'light'): string {
  const body = Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  return `:root{${body};color-scheme:${colorScheme}}`;
}

/** Whether a design asks for the dark theme. */
export function isDark(design: Partial<Design> | null | undefined): boolean {
  return design?.theme === 'dark';
}
