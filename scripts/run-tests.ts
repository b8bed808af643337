// `npm test`: the static checks (Biome's formatter and linter, the type checker), then every suite
// (unit, API on SQLite and PostgreSQL, end-to-end in Chromium), then one closing line
// `N passed, N failed` summing them all (each static check counts as one). Installs Chromium from Debian when absent
// and starts the local PostgreSQL cluster when it is down.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './lib/chromium.ts';

const only = process.argv[2]; // optional: checks | unit | api | e2e
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();

function sh(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    const answer = (open: boolean) => {
      s.destroy();
      resolve(open);
    };
    s.once('connect', () => answer(true));
    s.once('error', () => answer(false));
    s.setTimeout(1500, () => answer(false));
  });
}

async function ensurePostgres(): Promise<void> {
  if (await portOpen(5432)) return;
  console.log('→ PostgreSQL parado: iniciando o cluster local…');
  try {
    for (const version of readdirSync('/etc/postgresql')) sh('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  } catch {
    /* no local cluster: the PostgreSQL tests will say so */
  }
}

/** One static check: passed when the command exits 0. */
function check(name: string, cmd: string, args: string[]): void {
  console.log(`→ ${name}`);
  const r = sh(cmd, args);
  if (r.status === 0) totals.passed++;
  else {
    console.error(`✗ ${name} falhou`);
    totals.failed++;
  }
}

// A skipped test fails the run unless tests/declared-skips.json names it with the reason: a skip
// guard that outlives its reason ('not merged yet') would otherwise hide a test for good.
const declaredSkips = (JSON.parse(readFileSync('tests/declared-skips.json', 'utf8')) as { skips: { test: string; why: string }[] }).skips;

function judgeSkips(suite: string, titles: string[]): void {
  for (const title of titles) {
    if (declaredSkips.some((d) => title.includes(d.test))) totals.skipped++;
    else {
      console.error(`✗ teste pulado sem declaração (${suite}): ${title}`);
      totals.failed++;
    }
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites?: number;
  testResults: { assertionResults: { fullName: string; status: string }[] }[];
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; tests: { projectName: string; status: string }[] }[];
  suites?: PlaywrightSuite[];
}

/** The full titles of the skipped tests of a Playwright JSON report, project first. */
function playwrightSkipped(suites: PlaywrightSuite[], path: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const here = [...path, suite.title];
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests.filter((t) => t.status === 'skipped').map((t) => `[${t.projectName}] ${[...here, spec.title].join(' › ')}`),
    );
    return [...own, ...playwrightSkipped(suite.suites ?? [], here)];
  });
}

function vitest(project: 'unit' | 'api'): void {
  const out = join(mkdtempSync(join(tmpdir(), 'vitest-')), 'report.json');
  sh('vitest', ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${out}`]);
  if (!existsSync(out)) {
    console.error(`✗ vitest (${project}) não produziu relatório`);
    totals.failed++;
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8')) as VitestReport;
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
  const skipped = r.testResults.flatMap((file) =>
    file.assertionResults.filter((a) => ['skipped', 'pending', 'todo'].includes(a.status)).map((a) => a.fullName),
  );
  judgeSkips(project, skipped);
}

function playwright(): void {
  const build = sh(process.execPath, ['scripts/build.ts', '--assets-only']);
  if (build.status !== 0) {
    console.error('✗ astro build falhou: testes de ponta a ponta não executados');
    totals.failed++;
    return;
  }
  const out = join(mkdtempSync(join(tmpdir(), 'pw-')), 'report.json');
  sh('playwright', ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out, PW_REPORTERS: 'list,json' });
  if (!existsSync(out)) {
    console.error('✗ Playwright não produziu relatório');
    totals.failed++;
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8')) as { stats: { expected: number; unexpected: number; flaky?: number }; suites: PlaywrightSuite[] };
  totals.passed += r.stats.expected + (r.stats.flaky ?? 0);
  totals.failed += r.stats.unexpected;
  judgeSkips('e2e', playwrightSkipped(r.suites));
}

if (!only || only === 'checks') {
  check('biome ci (formatação e lint)', 'biome', ['ci', '--error-on-warnings', '.']);
  // astro check type-checks the whole tsconfig.json project (src, islands, scripts, tests: .ts and
  // .tsx, with the same strict options) besides the .astro files, and reports what tsc reports
  // (checked with a wrong assignment, an enum under erasableSyntaxOnly and a bad JSX prop in a test
  // file: the same four errors). Running tsc after it type-checked everything a second time, 1–3
  // minutes on a 2-core machine; `tsc --noEmit -p tsconfig.json` stays the quick check by hand.
  check('astro check (tipos de todo o projeto: .astro, .ts, .tsx)', 'astro', ['check']);
}
if (!only || only === 'unit') vitest('unit');
if (!only || only === 'api') {
  await ensurePostgres();
  vitest('api');
}
if (!only || only === 'e2e') {
  ensureChromium();
  playwright();
}

console.log(`\n(${Math.round((Date.now() - started) / 1000)} s)`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed ? 1 : 0);
