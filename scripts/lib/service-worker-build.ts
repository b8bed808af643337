// Bundles the stores' service worker (src/service-worker/sw.ts, plain TypeScript and the domain's
// pure rules) into dist/client/sw.js, one minified file with no import left: the server answers it
// as /<slug>/sw.js for each store (src/server/serve-files.ts). Called by astro.config.mjs once the
// Astro build is done, so `astro build` and scripts/build.ts both make it; rolldown is the bundler
// Vite itself runs on.
import { join } from 'node:path';
import { build } from 'rolldown';

export const SERVICE_WORKER_FILE = 'sw.js';

export async function buildServiceWorker(root: string, clientDir: string): Promise<void> {
  await build({
    input: join(root, 'src/service-worker/sw.ts'),
    platform: 'browser',
    write: true,
    output: { file: join(clientDir, SERVICE_WORKER_FILE), format: 'iife', minify: true },
  });
}
