// @ts-check
// Every catalogue page is rendered on demand by Astro and then stored as precompressed static
// files (at build time for every establishment, on first request for those added later); see
// docs/architecture.md. Hence `output: 'server'` and no Astro prerendering.
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import UnoCSS from '@unocss/astro';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pickPageScriptTexts } from './src/i18n/page-script-texts.ts';

/** Writes islands/generated/islands.css before every build, dev server or check (see uno.config.ts). */
const islandsCss = {
  name: 'islands-css',
  hooks: {
    'astro:config:setup': async () => {
      const { writeIslandsCss } = await import('./scripts/lib/islands-css.ts');
      await writeIslandsCss(fileURLToPath(new URL('.', import.meta.url)));
    },
  },
};

/** Bundles the stores' service worker into the client folder once the build is done (scripts/lib/service-worker-build.ts). */
const serviceWorker = {
  name: 'service-worker',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': async ({ dir }) => {
      const { buildServiceWorker } = await import('./scripts/lib/service-worker-build.ts');
      await buildServiceWorker(fileURLToPath(new URL('.', import.meta.url)), fileURLToPath(dir));
    },
  },
};

/** @param {string} ns */
const locale = (ns) => JSON.parse(readFileSync(new URL(`./src/i18n/locales/pt-BR/${ns}.json`, import.meta.url), 'utf8'));

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [islandsCss, serviceWorker, UnoCSS({ injectReset: false }), react({ include: ['**/islands/**'] })],
  // Inline the (small) stylesheet so the first paint needs no second request.
  build: { inlineStylesheets: 'always', format: 'directory' },
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
  server: { port: 4321 },
  vite: {
    // Small scripts (the enhancement loader) are inlined into the page: one request fewer.
    build: {
      assetsInlineLimit: 4096,
      // The panel's islands share the API client, money and the dialogs with the storefront's;
      // left to itself the bundler split each shared piece into a file of its own, and a catalogue
      // page fetched 6 files more (5.2 KB more JS, one file more on its first scripts' path). These
      // groups keep each piece with what the storefront loads it with (docs/benchmarks.md).
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'money', test: /[\\/]src[\\/](client[\\/]api|i18n[\\/]interpolate|domain[\\/]money)\.ts$/ },
              { name: 'Dialog', test: /[\\/]islands[\\/]shared[\\/](Button|ConfirmDialog|Dialog)\.tsx$/ },
            ],
          },
        },
      },
    },
    // The page scripts' texts (src/page-scripts/texts.ts), picked from the locale files.
    define: { __PAGE_SCRIPT_TEXTS__: JSON.stringify(pickPageScriptTexts({ account: locale('account'), common: locale('common'), layout: locale('layout') })) },
    ssr: { external: ['better-sqlite3', 'pg'] },
  },
});
