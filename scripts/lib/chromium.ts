// The Chromium every browser run uses (end-to-end tests, Lighthouse and cart benchmarks): Debian's,
// installed with apt-get on a fresh machine that lacks it, so `npm test` and `npm run bench:*`
// need no browser download from outside the Debian mirrors.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Installs Debian's chromium when CHROMIUM_PATH is absent; returns whether it is there afterwards. */
export function ensureChromium(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  console.log('→ Instalando o Chromium do Debian (apt-get)…');
  const run = (args: string[]) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['update', '-qq']);
  const installed = run(['install', '-y', '-qq', 'chromium']).status === 0 && existsSync(CHROMIUM_PATH);
  if (!installed) console.error('✗ Não foi possível instalar o Chromium; as execuções no navegador vão falhar.');
  return installed;
}
