#!/usr/bin/env node
// Entry point of `npm start`, `npm test` and `npm run build`. It runs on whatever Node the machine
// has (Node 20 on a fresh machine), so it is plain JavaScript: it installs what is missing, then
// hands over to the project's pinned Node 24 (node_modules/.bin/node, from the `node`
// devDependency) for everything else.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const node24 = join(root, 'node_modules', '.bin', 'node');
const command = process.argv[2];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function mustRun(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} falhou (código ${status})`);
    process.exit(status);
  }
}

function mtime(p) {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

/** npm install when node_modules is missing or older than package.json / package-lock.json. */
function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const stale = !existsSync(node24) || mtime(marker) < Math.max(mtime(join(root, 'package.json')), mtime(join(root, 'package-lock.json')));
  if (stale) {
    console.log('→ Instalando dependências (npm install)…');
    mustRun('npm', ['install', '--no-audit', '--no-fund'], { env: { ...process.env, npm_config_update_notifier: 'false' } });
  }
  const version = spawnSync(node24, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  if (Number(version.split('.')[0]) < 22) {
    console.error(`✗ O Node do projeto (${node24}) é ${version}; é preciso >= 22.`);
    process.exit(1);
  }
}

/** Runs a project script on the pinned Node, with node_modules/.bin first on PATH. */
function node(args, extraEnv = {}) {
  const env = { ...process.env, ...extraEnv, PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}` };
  return run(node24, args, { env });
}

ensureInstalled();

switch (command) {
  case 'build':
    process.exit(node(['scripts/build.ts']));
    break;
  case 'start': {
    // `npm start` is the demo: the sandbox acquirer and Pix PSP, the outbox senders and page, on
    // loopback (src/server/config.ts 'mode'). A real deployment runs the server without it.
    const demo = { VITRINE_MODE: 'demo' };
    if (node(['scripts/seed.ts'], demo) !== 0) process.exit(1);
    if (node(['scripts/build.ts'], demo) !== 0) process.exit(1);
    const env = { ...process.env, ...demo, PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}` };
    const child = spawn(node24, ['src/server/main.ts'], { stdio: 'inherit', cwd: root, env });
    for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
    child.on('exit', (code) => process.exit(code ?? 0));
    break;
  }
  case 'test':
    process.exit(node(['scripts/run-tests.ts', ...process.argv.slice(3)]));
    break;
  default:
    console.error('uso: node scripts/bootstrap.mjs start|test|build');
    process.exit(2);
}
