// `npm run build`: the Astro build, then every active establishment's catalogue pages rendered
// once and stored as precompressed static files (dist/pages). Prints and records build time and
// pages per second (docs/benchmarks.md quotes them).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '../src/server/config.ts';
import { listEstablishments } from '../src/server/db/catalogue-repo.ts';

const started = performance.now();
const astro = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], { stdio: 'inherit' });
if (astro.status !== 0) process.exit(astro.status ?? 1);
const { precompressFolder } = await import('./lib/precompress.ts');
const compressed = await precompressFolder(join(config.distDir, 'client'));
const astroMs = performance.now() - started;
if (process.argv.includes('--assets-only')) {
  console.log(`✓ Build: Astro + ${compressed} arquivos pré-comprimidos em ${(astroMs / 1000).toFixed(1)} s`);
  process.exit(0);
}

// Imported after the build: main.ts loads dist/server/entry.mjs.
const { startServer } = await import('../src/server/main.ts');
// Only to render the pages: no money jobs, no webhook at the PSP.
const server = await startServer({ port: 0, host: '127.0.0.1', background: false });
const pagesStarted = performance.now();
let pages = 0;
const establishments = await listEstablishments(server.db, { activeOnly: true });
for (const e of establishments) {
  const r = await server.rerender(e.slug_area);
  pages += r.pages;
}
const pagesMs = performance.now() - pagesStarted;
await server.close();

const report = {
  astro_build_ms: Math.round(astroMs),
  static_pages: pages,
  static_pages_ms: Math.round(pagesMs),
  pages_per_second: pages ? Math.round((pages / pagesMs) * 1000 * 10) / 10 : 0,
  establishments: establishments.length,
  at: new Date().toISOString(),
};
mkdirSync(config.distDir, { recursive: true });
writeFileSync(join(config.distDir, 'build-report.json'), JSON.stringify(report, null, 2));
console.log(
  `✓ Build: Astro ${(astroMs / 1000).toFixed(1)} s; ${pages} páginas estáticas de ${establishments.length} estabelecimentos em ${(pagesMs / 1000).toFixed(1)} s (${report.pages_per_second} páginas/s)`,
);
