// Utility classes; theme colours are CSS variables set per establishment in the page head.
// The stylesheet inlined into every page holds only what src/ uses. The React islands load, with
// them, a complete sheet of src/ and islands/ utilities (scripts/lib/islands-css.ts): a superset
// in the same order, so loaded later it overrides nothing it should not.
import { defineConfig, presetWind3 } from 'unocss';

export default defineConfig({
  presets: [presetWind3({ preflight: 'on-demand' })],
  content: {
    filesystem: ['src/**/*.{astro,ts,tsx}'],
    pipeline: { exclude: [/[\\/]node_modules[\\/]/, /[\\/]islands[\\/]/] },
  },
  theme: {
    colors: {
      brand: 'var(--c-primary)',
      branddark: 'var(--c-darkprimary)',
      onbrand: 'var(--c-primaryinverse)',
      navbar: 'var(--c-navbar)',
      surface: 'var(--c-surface)',
      card: 'var(--c-card)',
      ink: 'var(--c-ink)',
      muted: 'var(--c-muted)',
      line: 'var(--c-line)',
    },
    breakpoints: { md: '768px', lg: '1024px' },
  },
});
