// `npm run open-delivery` (scripts/open-delivery.ts, spawned as a real process) on the database of
// DATA_DIR: creates an establishment's Open Delivery credential and prints the secret once (the
// token route takes it, the database holds only its hash), lists, and revokes it (its token stops
// working at once). SQLite only: the script opens the database the way the server does, and the
// same repository code is exercised on PostgreSQL by tests/api/open-delivery.test.ts.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { createApi, type ApiApp } from '../../src/server/api/app.ts';
import { estId, loadOrderFixtures } from './helpers/order-fixtures.ts';
import { odCall, type Fetcher } from './helpers/open-delivery.ts';

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'open-delivery.ts');

describe('npm run open-delivery', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-od-cli-'));
  let db: Database;
  let app: ApiApp;
  let fetcher: Fetcher;
  beforeAll(async () => {
    db = (await openDatabase({ databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') })).db;
    await loadOrderFixtures(db);
    app = createApi({ db, engine: 'sqlite' });
    fetcher = async (path, init) => app.request(path, init);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [SCRIPT, ...args],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 20_000 },
        (err, stdout, stderr) => {
          resolve({ code: err ? Number((err as { code?: unknown }).code) || 1 : 0, stdout, stderr });
        },
      );
    });
  const tokenFor = (clientId: string, clientSecret: string) =>
    odCall(fetcher, 'POST', '/oauth/token', { form: { client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' } });

  it('creates a credential, prints its secret once, lists it and revokes it', async () => {
    const created = await run('create', '--establishment', 'cantina-centro');
    expect(created.code, created.stderr).toBe(0);
    const clientId = /client_id: (\S+)/.exec(created.stdout)?.[1];
    const secret = /client_secret: (\S+)/.exec(created.stdout)?.[1];
    expect(clientId && secret).toBeTruthy();
    const stored = await db.selectFrom('od_clients').selectAll().where('client_id', '=', clientId!).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ establishment_id: estId('cantina-centro'), revoked_at: null, webhook_secret: null });
    expect(JSON.stringify(stored)).not.toContain(secret!);

    const token = await tokenFor(clientId!, secret!);
    expect(token.status).toBe(200);
    const bearer = (token.body as { access_token: string }).access_token;

    const listed = await run('list', '--establishment', 'cantina-centro');
    expect(listed.stdout).toContain(`${clientId}`);
    expect(listed.stdout).toContain('ativa');
    expect(listed.stdout).not.toContain(secret!);

    const revoked = await run('revoke', '--establishment', 'cantina-centro', '--client', clientId!);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await odCall(fetcher, 'GET', '/v1/events:polling', { token: bearer })).status).toBe(401);
    expect((await tokenFor(clientId!, secret!)).status).toBe(401);
    expect((await run('revoke', '--establishment', 'cantina-centro', '--client', clientId!)).code).toBe(1);
  });

  it('refuses an unknown establishment and a missing command, in Portuguese', async () => {
    const unknown = await run('create', '--establishment', 'nao-existe');
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'Estabelecimento não encontrado: nao-existe']);
    const none = await run('--establishment', 'cantina-centro');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Uso: npm run open-delivery');
  });
});
