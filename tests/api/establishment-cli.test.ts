// `npm run establishment` (scripts/establishment.ts, spawned as a real process) against a running
// server: the establishment closes by hand, opens, follows its hours again, becomes unavailable
// with a notice and available again; every change renders its pages again (the server's
// renderer records the request) and the public establishment answer shows it. SQLite only: the
// command talks HTTP, the engines are covered by opening.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi } from '../../src/server/api/app.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { ensureEstablishmentKeys } from '../../src/server/services/establishment-keys.ts';
import { API_HEADERS } from './helpers/databases.ts';
import { runScript, serveApi } from './helpers/cli.ts';
import { estId, loadOrderFixtures } from './helpers/order-fixtures.ts';

const SLUG = 'cantina-centro';
const CENTRO = estId(SLUG);

describe('npm run establishment', () => {
  let dataDir: string;
  let db: Database;
  let stopServer: (() => Promise<void>) | undefined;
  let origin: string;
  const rendered: string[] = [];

  const run = (...args: string[]) => runScript('establishment.ts', [...args, '--url', origin], dataDir);
  const establishment = async () => (await fetch(`${origin}/api/establishments/${CENTRO}`, { headers: API_HEADERS })).json();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'storefront-establishment-cli-'));
    ({ db } = await openDatabase({ databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') }));
    await loadOrderFixtures(db);
    await ensureEstablishmentKeys(db, [{ slug: SLUG, establishmentId: CENTRO }], dataDir);
    // The clock of a Friday at 20:00 in São Paulo, when cantina-centro's hours say open.
    const now = () => new Date('2025-01-03T23:00:00Z');
    const rerender = async (slug: string) => {
      rendered.push(slug);
      return { pages: 12 };
    };
    const served = await serveApi(createApi({ db, engine: 'sqlite', now, rerender }));
    origin = served.origin;
    stopServer = served.close;
  });

  afterAll(async () => {
    await stopServer?.();
    await db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes, opens and gives the establishment back to its hours, in Portuguese, rendering its pages each time', async () => {
    let out = await run('status', '-e', SLUG);
    expect(out.stdout.trim()).toBe('Cantina Centro: aberto agora (segue o horário de funcionamento).');

    out = await run('close', '-e', SLUG);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('Cantina Centro: fechado agora (fechado manualmente).');
    expect(out.stdout).toContain('12 páginas geradas de novo');
    expect(await establishment()).toMatchObject({ open_mode: 'closed', is_open: false });

    out = await run('open', '-e', SLUG);
    expect(out.stdout).toContain('aberto agora (aberto manualmente)');
    out = await run('auto', '-e', SLUG);
    expect(out.stdout).toContain('aberto agora (segue o horário de funcionamento)');
    expect(rendered).toEqual([SLUG, SLUG, SLUG]);
  });

  it('makes the establishment unavailable with its notice and available again', async () => {
    let out = await run('unavailable', '-e', SLUG, '--title', 'Voltamos já', '--desc', 'Cozinha em reforma até segunda.');
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('Indisponível: não recebe pedidos. Aviso: "Voltamos já".');
    expect((await establishment()).preferences).toMatchObject({
      unavailable: true,
      unavailable_title: 'Voltamos já',
      unavailable_desc: 'Cozinha em reforma até segunda.',
    });

    out = await run('available', '-e', SLUG);
    expect(out.stdout).not.toContain('Indisponível');
    expect((await establishment()).preferences.unavailable).toBe(false);
  });

  it('explains a wrong use in Portuguese with exit status 2, and a wrong key with 1', async () => {
    let out = await run('unavailable', '-e', SLUG);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('Informe o título do aviso');
    out = await run('reopen', '-e', SLUG);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('Comando desconhecido: reopen');
    out = await run('close');
    expect(out.code).toBe(2);
    out = await run('close', '-e', SLUG, '--key', 'sk_wrong');
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('Chave de API inválida para o estabelecimento cantina-centro.');
    expect(await establishment()).toMatchObject({ open_mode: 'auto' });
  });
});
