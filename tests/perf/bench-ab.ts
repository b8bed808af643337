// `npm run bench:ab -- <git-ref> [/path ...]`: the same pages as built at <git-ref> (A) and as in
// this working tree (B), audited by Lighthouse (mobile preset, simulated throttling) in turn, run
// after run (BENCH_RUNS, default 7), so a slow spell of this shared machine lands on both; prints
// the median score, LCP and TBT of each and their ratio. A is checked out in a git worktree under
// the system's temp dir and built there (node_modules shared with this tree); each side serves its
// own freshly seeded data folder. Prints only; not part of `npm test`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { audit, launchChrome, median, type AuditRun } from './bench-setup.ts';

const [ref, ...rest] = process.argv.slice(2);
if (!ref) throw new Error('usage: npm run bench:ab -- <git-ref> [/path ...]');
const paths = rest.length > 0 ? rest : ['/hiper-demo/'];
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7) || 7);
const here = join(import.meta.dirname, '../..');
const node = process.execPath;

const sha = execFileSync('git', ['rev-parse', '--short', ref], { cwd: here, encoding: 'utf8' }).trim();
const worktree = join(tmpdir(), `storefront-ab-${sha}`);
if (!existsSync(worktree)) {
  execFileSync('git', ['worktree', 'add', '--detach', worktree, sha], { cwd: here, stdio: 'inherit' });
  symlinkSync(join(here, 'node_modules'), join(worktree, 'node_modules'));
}
if (!existsSync(join(worktree, 'dist'))) execFileSync(node, ['scripts/bootstrap.mjs', 'build'], { cwd: worktree, stdio: 'inherit' });

function serve(root: string, name: string): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(node, [join(here, 'tests/perf/ab-serve.ts'), ...paths], {
    cwd: root,
    env: { ...process.env, AB_ROOT: root, AB_DATA_NAME: `storefront-ab-data-${name}-${process.pid}` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} server exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{"origin"')) resolve({ origin: (JSON.parse(line) as { origin: string }).origin, child });
    });
  });
}
const a = await serve(worktree, `a-${sha}`);
const b = await serve(here, 'b-worktree');

const chrome = await launchChrome();
for (const path of paths) {
  const runs: Record<'a' | 'b', AuditRun[]> = { a: [], b: [] };
  for (let i = 0; i < RUNS; i++) {
    // Which side goes first alternates, so neither always follows the other.
    const order = i % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    for (const side of order) runs[side].push(await audit(chrome.port, (side === 'a' ? a.origin : b.origin) + path));
  }
  const m = (side: 'a' | 'b', k: 'score' | 'lcp' | 'tbt' | 'benchmarkIndex') => median(runs[side].map((r) => r[k]));
  console.log(`\n${path}, ${RUNS} runs each (median; every run in brackets)`);
  for (const side of ['a', 'b'] as const) {
    const label = side === 'a' ? `A ${sha}` : 'B working tree';
    console.log(
      `  ${label.padEnd(16)} score ${m(side, 'score')}  LCP ${Math.round(m(side, 'lcp'))} ms [${runs[side].map((r) => Math.round(r.lcp)).join(' ')}]  TBT ${Math.round(m(side, 'tbt'))} ms [${runs[side].map((r) => Math.round(r.tbt)).join(' ')}]  CPU index ${Math.round(m(side, 'benchmarkIndex'))}`,
    );
  }
  console.log(`  B/A: LCP ${(m('b', 'lcp') / m('a', 'lcp')).toFixed(2)}x, TBT ${(m('b', 'tbt') / Math.max(1, m('a', 'tbt'))).toFixed(2)}x`);
}
await chrome.kill();
a.child.kill();
b.child.kill();
// The data folders are named after this process, so two runs at once (several engineers share the
// machine) never wipe each other's; each run removes its own.
for (const name of [`a-${sha}`, 'b-worktree']) rmSync(join(tmpdir(), `storefront-ab-data-${name}-${process.pid}`), { recursive: true, force: true });
process.exit(0);
