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
import { estId, loadOrderFixtures, productId } from './helpers/order-fixtures.ts';

const SLUG = 'cantina-centro';
const CENTRO = estId(SLUG);

// Each test starts the command several times (a few seconds each on a loaded machine): 60 s a test.
describe('npm run establishment', { timeout: 60_000 }, () => {
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
    expect(out.stdout.trim()).toBe(
      'Cantina Centro: aberto agora (segue o horário de funcionamento).\nCapacidade da cozinha (pedidos a cada 15 minutos): entrega sem limite, retirada sem limite, consumo no local sem limite.',
    );

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

  it('lists the customers blocked by the card validation and gives one back their attempts, named by e-mail or phone', async () => {
    const register = async (email: string, phone: string) => {
      const res = await fetch(`${origin}/api/auth/register`, {
        method: 'POST',
        headers: { ...API_HEADERS, 'Content-Type': 'application/json' },
        body: JSON.stringify({ establishment_id: CENTRO, name: 'Cliente Bloqueada', email, phone, password: 'segr3do' }),
      });
      expect(res.status).toBe(201);
      const token = res.headers
        .getSetCookie()
        .find((c) => c.startsWith(`sid_${CENTRO}=`))!
        .split(';')[0]!
        .split('=')[1]!;
      return { id: ((await res.json()) as { user: { _id: string } }).user._id, token };
    };
    let out = await run('card-holders', '-e', SLUG);
    expect(out.stdout.trim()).toBe('Nenhum cliente bloqueado na validação de cartão.');
    const ana = await register('ana.bloqueada@example.com', '11987001122');
    const bia = await register('bia.bloqueada@example.com', '11987003344');
    // Both typed the wrong amount 3 times (what card-verification.test.ts does through the API).
    for (const who of [ana, bia]) {
      await db
        .insertInto('card_holders')
        .values({ user_id: who.id, wrong_tries: 3, blocked_at: '2025-01-03T22:00:00.000Z', updated_at: '2025-01-03T22:00:00.000Z' })
        .execute();
    }
    out = await run('card-holders', '-e', SLUG);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('2 cliente(s) bloqueado(s) na validação de cartão:');
    expect(out.stdout).toContain('Cliente Bloqueada · ana.bloqueada@example.com · (11) 98700-1122 · bloqueado em 03/01/2025, 19:00');

    out = await run('unblock-card-holder', 'ANA.Bloqueada@example.com', '-e', SLUG);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout.trim()).toBe('Cliente Bloqueada (ana.bloqueada@example.com) pode validar cartões de novo: 3 tentativas.');
    out = await run('unblock-card-holder', '+55 (11) 98700-3344', '-e', SLUG);
    expect(out.code, out.stderr).toBe(0);
    const blacklist = async (token: string) =>
      (await fetch(`${origin}/api/users/me/blacklist`, { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } })).json();
    expect(await blacklist(ana.token)).toEqual({ blocked: false, attempts_left: 3 });
    expect(await blacklist(bia.token)).toEqual({ blocked: false, attempts_left: 3 });

    out = await run('unblock-card-holder', 'ninguem@example.com', '-e', SLUG);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('Nenhum cliente bloqueado com ninguem@example.com.');
    out = await run('unblock-card-holder', '-e', SLUG);
    expect(out.code).toBe(2);
  });

  it('marks a product, and one option of a product, sold out and back by name, rendering the pages each time', async () => {
    const product = async (key: string) =>
      (await fetch(`${origin}/api/establishments/${CENTRO}/products/${productId(SLUG, key)}`, { headers: API_HEADERS })).json();
    rendered.length = 0;
    let out = await run('sold-out', 'refrigerante lata', '-e', SLUG);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('Refrigerante Lata: esgotado.');
    expect(out.stdout).toContain('12 páginas geradas de novo');
    expect((await product('refrigerante')).sold_out).toBe(true);

    out = await run('available', 'Refrigerante Lata', '-e', SLUG);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('Refrigerante Lata: à venda.');
    expect((await product('refrigerante')).sold_out).toBe(false);

    out = await run('sold-out', 'Margherita', '--item', 'grande', '-e', SLUG);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('Margherita, Tamanho: Grande: esgotado.');
    const grande = (p: { variations: { _id: string; items: { _id: string; sold_out?: boolean }[] }[] }) =>
      p.variations.find((g) => g._id === 'tamanho')?.items.find((i) => i._id === 'grande');
    expect(grande(await product('margherita'))?.sold_out).toBe(true);
    out = await run('available', 'Margherita', '--item', 'Tamanho/Grande', '-e', SLUG);
    expect(out.code, out.stderr).toBe(0);
    expect(grande(await product('margherita'))?.sold_out).toBeUndefined();
    expect(rendered).toEqual([SLUG, SLUG, SLUG, SLUG]);

    out = await run('sold-out', 'Lasanha', '-e', SLUG);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('Produto não encontrado: Lasanha.');
    out = await run('sold-out', 'Margherita', '--item', 'Calabresa', '-e', SLUG);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('Margherita não tem a opção Calabresa.');
    out = await run('sold-out', '-e', SLUG);
    expect(out.code).toBe(2);
    // Alone, 'available' is still the store's: it takes orders again.
    out = await run('available', '-e', SLUG);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('Cantina Centro:');
  });

  it('shows and caps the orders the kitchen takes in each 15-minute slot, per delivery type, checked before anything is sent', async () => {
    rendered.length = 0;
    let out = await run('capacity', '-e', SLUG, '--delivery', '5', '--pickup', '3');
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('Cantina Centro: Capacidade da cozinha (pedidos a cada 15 minutos): entrega 5, retirada 3, consumo no local sem limite.');
    expect(out.stdout).toContain('12 páginas geradas de novo');
    expect((await establishment()).preferences.slot_capacity).toEqual({ delivery: 5, pickup: 3 });

    out = await run('capacity', '-e', SLUG, '--pickup', 'none');
    expect(out.stdout).toContain('entrega 5, retirada sem limite, consumo no local sem limite.');
    out = await run('capacity', '-e', SLUG);
    expect(out.stdout.trim()).toBe(
      'Cantina Centro: Capacidade da cozinha (pedidos a cada 15 minutos): entrega 5, retirada sem limite, consumo no local sem limite.',
    );
    out = await run('status', '-e', SLUG);
    expect(out.stdout).toContain('entrega 5, retirada sem limite');
    expect(rendered).toEqual([SLUG, SLUG]);
  });

  it('refuses a cap that is not a whole number from 1 to 999 or none, and the caps with another command, sending nothing', async () => {
    rendered.length = 0;
    let out = await run('capacity', '-e', SLUG, '--delivery', '5');
    for (const wrong of ['0', '1000', '2,5', 'muitos', '']) {
      out = await run('capacity', '-e', SLUG, '--delivery', wrong);
      expect(out.code, wrong).toBe(2);
      expect(out.stderr).toContain('use um número inteiro de 1 a 999, ou none para não limitar.');
    }
    out = await run('close', '-e', SLUG, '--delivery', '4');
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('--delivery, --pickup e --local só valem com capacity.');
    expect((await establishment()).preferences.slot_capacity).toEqual({ delivery: 5 });
    expect(rendered).toEqual([SLUG]);
  });
  it("shows, sets and removes the establishment's analytics ids, refusing any other shape before anything is sent", async () => {
    rendered.length = 0;
    let out = await run('analytics', '-e', SLUG, '--ga4', 'G-4BX9K2LMQ7', '--pixel', '123456789012345');
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('Cantina Centro: Google Analytics 4: G-4BX9K2LMQ7 · Meta Pixel: 123456789012345.');
    expect(out.stdout).toContain('12 páginas geradas de novo');
    out = await run('analytics', '-e', SLUG, '--pixel', 'none');
    expect(out.stdout).toContain('Google Analytics 4: G-4BX9K2LMQ7 · Meta Pixel: nenhum.');
    out = await run('analytics', '-e', SLUG);
    expect(out.stdout.trim()).toBe('Cantina Centro: Google Analytics 4: G-4BX9K2LMQ7 · Meta Pixel: nenhum.');

    out = await run('analytics', '-e', SLUG, '--ga4', 'UA-1234-1');
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('--ga4 "UA-1234-1": use o id de medição do GA4');
    out = await run('analytics', '-e', SLUG, '--pixel', '12ab');
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('use o id do Meta Pixel, de 6 a 20 dígitos');
    out = await run('close', '-e', SLUG, '--ga4', 'G-4BX9K2LMQ7');
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('--ga4 e --pixel só valem com analytics.');
    expect((await establishment()).preferences).toMatchObject({ ga4_measurement_id: 'G-4BX9K2LMQ7' });
    expect((await establishment()).preferences).not.toHaveProperty('meta_pixel_id');
    expect(rendered).toEqual([SLUG, SLUG]);
  });
});
