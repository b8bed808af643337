// Utility classes; theme colours are CSS variables set per establishment in the page head.
import { defineConfig, presetWind3 } from 'unocss';

export default defineConfig({
  presets: [presetWind3()],
  content: {
    filesystem: ['src/**/*.{astro,ts,tsx}', 'islands/**/*.{ts,tsx}'],
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
