// A deployment that forgets a setting refuses to start, naming each missing piece, instead of
// falling back to a sandbox or an outbox (src/server/deployment.ts, checked by startServer before
// anything listens). The real server entry point (src/server/main.ts) on the demo's data, whose
// establishments take cards and Pix, on SQLite and on PostgreSQL.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { seedDemo } from '../../scripts/lib/seed-demo.ts';
import { createPgDatabase, ENGINES } from './helpers/databases.ts';

const MAIN = join(import.meta.dirname, '../../src/server/main.ts');

/** Every setting the server reads, emptied, over this process's environment: a machine that set none of them. */
const UNSET = Object.fromEntries(
  [
    'VITRINE_MODE',
    'NODE_ENV',
    'HOST',
    'DEMO_PUBLIC',
    'INTERNAL_TOKEN',
    'PUBLIC_ORIGIN',
    'PAYMENT_GATEWAY',
    'MERCADOPAGO_ACCESS_TOKEN',
    'SEALED_BOX_SECRET_KEY',
    'PIX_PSP',
    'PIX_PSP_URL',
    'PIX_CLIENT_ID',
    'PIX_CLIENT_SECRET',
    'PIX_KEY',
    'PIX_WEBHOOK_SECRET',
    'ZENVIA_API_TOKEN',
    'ZENVIA_SMS_FROM',
    'SMTP_URL',
    'ONE_TIME_CODE_SECRET',
  ].map((name) => [name, '']),
);

function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...UNSET, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not exit: ${stdout} ${stderr}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

for (const engine of ENGINES) {
  describe(`a production start [${engine}]`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-deploy-'));
    let env: Record<string, string> = {};
    let drop = async () => {};
    beforeAll(async () => {
      let databaseUrl = '';
      if (engine === 'postgres') {
        const pg = await createPgDatabase('storefront_deploy');
        databaseUrl = pg.url;
        drop = pg.drop;
      }
      const { db } = await openDatabase({ databaseUrl, sqliteFile: join(dir, 'storefront.sqlite') });
      await seedDemo(db);
      await db.destroy();
      env = { DATA_DIR: dir, PAGES_DIR: join(dir, 'pages'), DATABASE_URL: databaseUrl, DIST_DIR: join(dir, 'no-build') };
    }, 60_000);
    afterAll(async () => {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('without any setting exits non-zero and names every missing piece, the demo sandboxes taking nothing', async () => {
      const run = await runServer(env);
      expect(run.code).toBe(1);
      for (const name of [
        'INTERNAL_TOKEN',
        'PUBLIC_ORIGIN',
        'PAYMENT_GATEWAY=mercadopago and MERCADOPAGO_ACCESS_TOKEN',
        'SEALED_BOX_SECRET_KEY',
        'PIX_PSP_URL',
        'PIX_WEBHOOK_SECRET',
        'ZENVIA_API_TOKEN',
        'SMTP_URL',
        'ONE_TIME_CODE_SECRET',
      ])
        expect(run.stderr).toContain(name);
      // Which establishments need them.
      expect(run.stderr).toContain('online card payment is on at mercado-sol-centro');
      expect(run.stdout).not.toContain('no ar');
    }, 40_000);

    it('NODE_ENV alone changes nothing: development is not a mode, and the sandboxes are refused by name', async () => {
      const run = await runServer({ ...env, NODE_ENV: 'development', PAYMENT_GATEWAY: 'sandbox', PIX_PSP: 'sandbox' });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('PAYMENT_GATEWAY=sandbox');
      expect(run.stderr).toContain('PIX_PSP=sandbox');
    }, 40_000);

    it('the demo refuses to listen beyond loopback unless DEMO_PUBLIC=1 says so', async () => {
      const run = await runServer({ ...env, VITRINE_MODE: 'demo', HOST: '0.0.0.0' });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('DEMO_PUBLIC=1');
    }, 40_000);

    it('an unknown mode is refused', async () => {
      const run = await runServer({ ...env, VITRINE_MODE: 'staging' });
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain("VITRINE_MODE=staging: use 'demo' or 'production'");
    }, 40_000);
  });
}
