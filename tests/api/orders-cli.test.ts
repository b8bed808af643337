// The establishment's side for real: the demo seed gives every establishment an API key (only its
// SHA-256 in the database, the plain key in $DATA_DIR/establishment-keys.json, 0600), and
// `npm run orders` (scripts/orders.ts, spawned as a real process) lists, confirms, completes and
// cancels orders over HTTP against a running server; the customer's order view then shows the
// new status. SQLite only: the CLI talks HTTP, the engines are covered by orders.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi } from '../../src/server/api/app.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { seedDemo } from '../../scripts/lib/seed-demo.ts';
import { hashApiKey, keysFilePath, readKeysFile } from '../../src/server/services/establishment-keys.ts';
import { API_HEADERS } from './helpers/databases.ts';
import { runScript, serveApi } from './helpers/cli.ts';
import { demoEstablishmentId, demoOrderPayload, registerDemoCustomer } from './helpers/demo-order.ts';

const SLUG = 'mercado-sol-centro';

const runCli = (args: string[], dataDir: string) => runScript('orders.ts', args, dataDir);

describe('establishment API keys and npm run orders', () => {
  let dataDir: string;
  let db: Database;
  let stopServer: (() => Promise<void>) | undefined;
  let origin: string;
  let estId: string;
  let token: string;
  const placed: { _id: string; order: number }[] = [];

  async function placeDemoOrder(): Promise<{ _id: string; order: number }> {
    const res = await fetch(`${origin}/api/establishments/${estId}/orders`, {
      method: 'POST',
      headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotent-Key': crypto.randomUUID() },
      body: JSON.stringify(await demoOrderPayload(origin, estId)),
    });
    const json = await res.json();
    expect(res.status, JSON.stringify(json)).toBe(201);
    return { _id: json._id, order: json.order.order };
  }

  async function customerView(orderId: string): Promise<any> {
    const res = await fetch(`${origin}/api/establishments/${estId}/orders/${orderId}`, { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
    return res.json();
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'storefront-orders-cli-'));
    ({ db } = await openDatabase({ databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') }));
    await seedDemo(db, { dataDir });
    const served = await serveApi(createApi({ db, engine: 'sqlite' }));
    origin = served.origin;
    stopServer = served.close;
    estId = await demoEstablishmentId(origin, SLUG);
    token = await registerDemoCustomer(origin, estId, 'Joana Cliente');
    placed.push(await placeDemoOrder(), await placeDemoOrder());
  }, 60_000);

  afterAll(async () => {
    await stopServer?.();
    await db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the seed writes one key per demo establishment to establishment-keys.json (0600), storing only SHA-256 hashes', async () => {
    const file = keysFilePath(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const keys = readKeysFile(dataDir);
    expect(Object.keys(keys).sort()).toEqual(['mercado-sol-centro', 'mercado-sol-norte', 'mercado-sol-praia', 'pizzaria-bella']);
    for (const key of Object.values(keys)) expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db.selectFrom('establishment_api_keys').select(['key_hash', 'establishment_id']).execute();
    expect(rows.map((r) => r.key_hash).sort()).toEqual(Object.values(keys).map(hashApiKey).sort());
    expect(rows.find((r) => r.key_hash === hashApiKey(keys[SLUG]!))!.establishment_id).toBe(estId);

    // Re-seeding keeps every key (scripts already using one keep working).
    await seedDemo(db, { dataDir });
    expect(readKeysFile(dataDir)).toEqual(keys);
    expect(await db.selectFrom('establishment_api_keys').select('key_hash').execute()).toHaveLength(4);
  }, 60_000);

  it('lists the orders as a table in Portuguese', async () => {
    const { code, stdout, stderr } = await runCli(['list', '--establishment', SLUG, '--url', origin], dataDir);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Mercado Sol — Centro: 2 pedidos/);
    expect(stdout).toContain('Nº  Situação  Criado em');
    const lines = stdout.trim().split('\n');
    // Newest first.
    // Not evaluated yet: '-' in the Avaliação column.
    expect(lines[3]).toMatch(
      new RegExp(`^${placed[1]!.order}\\s+Recebido\\s+\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2}\\s+Retirada\\s+-\\s+Joana Cliente\\s+-\\s+R\\$`),
    );
    expect(lines[4]).toMatch(new RegExp(`^${placed[0]!.order}\\s+Recebido`));
  });

  it('confirms by order number and the customer’s order view shows it', async () => {
    const { code, stdout } = await runCli(['confirm', String(placed[0]!.order), '-e', SLUG, '--url', origin], dataDir);
    expect([code, stdout.trim()]).toEqual([0, `Pedido nº ${placed[0]!.order} confirmado.`]);
    expect((await customerView(placed[0]!._id)).status).toBe('confirmed');
  });

  it('moves a pickup through the kitchen’s steps, and refuses to dispatch it saying it is not a delivery', async () => {
    const n = placed[0]!.order;
    const prepared = await runCli(['prepare', String(n), '-e', SLUG, '--url', origin], dataDir);
    expect([prepared.code, prepared.stdout.trim()]).toEqual([0, `Pedido nº ${n} em preparo.`]);
    const dispatched = await runCli(['dispatch', String(n), '-e', SLUG, '--url', origin], dataDir);
    expect([dispatched.code, dispatched.stderr.trim()]).toEqual([1, `Não é possível marcar como saiu para entrega o pedido nº ${n}: ele não é de entrega.`]);
    const ready = await runCli(['ready', String(n), '-e', SLUG, '--url', origin], dataDir);
    expect([ready.code, ready.stdout.trim()]).toEqual([0, `Pedido nº ${n} pronto.`]);
    expect(await customerView(placed[0]!._id)).toMatchObject({ status: 'confirmed', step: 'ready' });
    const list = await runCli(['list', '-e', SLUG, '--url', origin], dataDir);
    expect(list.stdout).toMatch(new RegExp(`\\n${n}\\s+Pronto\\s`));
  });

  it('completes by order id, and refuses a transition the status does not allow (exit 1)', async () => {
    const done = await runCli(['complete', placed[0]!._id, '-e', SLUG, '--url', origin], dataDir);
    expect([done.code, done.stdout.trim()]).toEqual([0, `Pedido nº ${placed[0]!.order} concluído.`]);
    const refused = await runCli(['cancel', String(placed[0]!.order), '-e', SLUG, '--url', origin], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(`Não é possível cancelar o pedido nº ${placed[0]!.order}: a situação dele é “Concluído”.`);
  });

  it('shows the customer’s evaluation: its total in the list, the four ratings with `show`, and `--evaluated` lists only evaluated orders', async () => {
    const notYet = await runCli(['show', String(placed[0]!.order), '-e', SLUG, '--url', origin], dataDir);
    expect(notYet.code).toBe(0);
    expect(notYet.stdout).toContain(`Pedido nº ${placed[0]!.order} — Concluído`);
    expect(notYet.stdout).toContain('Avaliação: o cliente ainda não avaliou este pedido.');

    const res = await fetch(`${origin}/api/establishments/${estId}/orders/${placed[0]!._id}/evaluate`, {
      method: 'PUT',
      headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ packing: 5, delivery: 4, product: 5, deadline: 3 }),
    });
    expect(res.status).toBe(200);

    const list = await runCli(['list', '-e', SLUG, '--url', origin], dataDir);
    expect(list.stdout).toMatch(new RegExp(`\\n${placed[0]!.order}\\s+Concluído\\s.*Joana Cliente\\s+17/20\\s+R\\$`));
    const evaluated = await runCli(['list', '--evaluated', '-e', SLUG, '--url', origin], dataDir);
    expect(evaluated.stdout).toMatch(/: 1 pedido\n/);
    expect(evaluated.stdout).not.toMatch(new RegExp(`\\n${placed[1]!.order}\\s`));

    const show = await runCli(['show', placed[0]!._id, '-e', SLUG, '--url', origin], dataDir);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('Cliente: Joana Cliente (');
    expect(show.stdout).toMatch(/Avaliação: 17\/20, em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\n/);
    // A pickup order: 'delivery' is the handing over at the counter.
    expect(show.stdout).toMatch(/ {2}Embalagem\s+5\/5\n {2}Retirada\/atendimento\s+4\/5\n {2}Produto\s+5\/5\n {2}Prazo\s+3\/5/);
  });

  it('cancels with a reason', async () => {
    const { code, stdout } = await runCli(['cancel', String(placed[1]!.order), '-e', SLUG, '--reason', 'Produto em falta', '--url', origin], dataDir);
    expect([code, stdout.trim()]).toEqual([0, `Pedido nº ${placed[1]!.order} cancelado.`]);
    expect(await customerView(placed[1]!._id)).toMatchObject({
      status: 'canceled',
      cancellation_type: 'establishment',
      cancellation_reason: 'Produto em falta',
    });
  });

  it('gives and takes store credit from a customer by e-mail with a reason the customer reads in their statement', async () => {
    const me = await fetch(`${origin}/api/users/me`, { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
    const { email } = (await me.json()) as { email: string };
    const given = await runCli(['credits', email, '12,50', '--reason', 'Pedido chegou frio', '-e', SLUG, '--url', origin], dataDir);
    expect([given.code, given.stdout.trim()]).toEqual([0, 'Dados R$\u00a012,50 de créditos a Joana Cliente. Saldo agora: R$\u00a012,50.']);
    const taken = await runCli(['credits', email, '-2,50', '--reason', 'Ajuste', '-e', SLUG, '--url', origin], dataDir);
    expect([taken.code, taken.stdout.trim()]).toEqual([0, 'Tirados R$\u00a02,50 de créditos a Joana Cliente. Saldo agora: R$\u00a010,00.']);
    const statement = await fetch(`${origin}/api/users/me/credits/entries`, { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
    expect(((await statement.json()) as { entries: { amount: number; note: string }[] }).entries.map((e) => [e.amount, e.note])).toEqual(
      expect.arrayContaining([
        [1250, 'Pedido chegou frio'],
        [-250, 'Ajuste'],
      ]),
    );
    const tooMuch = await runCli(['credits', email, '-100', '--reason', 'Ajuste', '-e', SLUG, '--url', origin], dataDir);
    expect([tooMuch.code, tooMuch.stderr.trim()]).toEqual([1, 'O cliente não tem créditos suficientes para tirar R$\u00a0100,00.']);
    const nobody = await runCli(['credits', 'ninguem@example.com', '5', '--reason', 'x', '-e', SLUG, '--url', origin], dataDir);
    expect([nobody.code, nobody.stderr.trim()]).toEqual([1, 'Cliente ninguem@example.com não encontrado (informe o e-mail, o telefone ou o id da conta).']);
    const noReason = await runCli(['credits', email, '5', '-e', SLUG, '--url', origin], dataDir);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('Informe o motivo');
  });

  it('lists the coupons with their uses left and switches one off and on by its code', async () => {
    const list = await runCli(['coupons', '-e', SLUG, '--url', origin], dataDir);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^Mercado Sol — Centro: 5 cupons/);
    expect(list.stdout).toMatch(/\nULTIMA1\s+R\$\u00a05,00\s+-\s+1\s+ativo\n/);
    expect(list.stdout).toMatch(/\nPAUSADO\s+R\$\u00a010,00\s+-\s+sem limite\s+desativado/);
    // Its window ended in 2020: switched on, yet no customer can use it.
    expect(list.stdout).toMatch(/\nVERAO2020\s+20%\s+-\s+sem limite\s+expirado\n/);
    const off = await runCli(['coupon-off', 'bem vindo10', '-e', SLUG, '--url', origin], dataDir);
    expect([off.code, off.stdout.trim()]).toEqual([0, 'Cupom BEMVINDO10 desativado.']);
    const check = () =>
      fetch(`${origin}/api/establishments/${estId}/coupons/check`, {
        method: 'POST',
        headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ code: 'BEMVINDO10' }),
      });
    expect((await check()).status).toBe(403);
    const on = await runCli(['coupon-on', 'BEMVINDO10', '-e', SLUG, '--url', origin], dataDir);
    expect([on.code, on.stdout.trim()]).toEqual([0, 'Cupom BEMVINDO10 ativado.']);
    expect((await check()).status).toBe(200);
    const unknown = await runCli(['coupon-on', 'NAOHA', '-e', SLUG, '--url', origin], dataDir);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, `Cupom NAOHA não encontrado em ${SLUG}.`]);
  });

  it('tells a Pix order not paid yet from one to prepare, and refuses to confirm it saying it awaits the payment', async () => {
    const res = await fetch(`${origin}/api/establishments/${estId}/orders`, {
      method: 'POST',
      headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotent-Key': crypto.randomUUID() },
      body: JSON.stringify({ ...(await demoOrderPayload(origin, estId)), payment_type: 'pix', payment_method_id: null }),
    });
    expect(res.status).toBe(201);
    const pix = (await res.json()).order as { _id: string; order: number };

    const list = await runCli(['list', '-e', SLUG, '--url', origin], dataDir);
    expect(list.stdout).toMatch(new RegExp(`\\n${pix.order}\\s+Aguardando Pix\\s.*Joana Cliente\\s+-\\s+R\\$\\s?[\\d.,]+\\s+Pix, aguardando pagamento\\n`));
    // A paid-at-pickup order says how it is paid.
    expect(list.stdout).toMatch(new RegExp(`\\n${placed[0]!.order}\\s+Concluído\\s.*Na retirada: \\S`));
    const show = await runCli(['show', String(pix.order), '-e', SLUG, '--url', origin], dataDir);
    expect(show.stdout).toContain(`Pedido nº ${pix.order} — Aguardando Pix\n`);
    expect(show.stdout).toContain('Pagamento: Pix, aguardando pagamento\n');

    const confirm = await runCli(['confirm', String(pix.order), '-e', SLUG, '--url', origin], dataDir);
    expect([confirm.code, confirm.stderr.trim()]).toEqual([
      1,
      `Não é possível confirmar o pedido nº ${pix.order}: ele aguarda o pagamento do Pix. Confirme-o quando o pagamento chegar (ou cancele-o).`,
    ]);
    expect((await customerView(pix._id)).status).toBe('registered');
  });

  it('explains every error in Portuguese with a non-zero exit', async () => {
    const wrongKey = await runCli(['list', '-e', SLUG, '--url', origin, '--key', 'x'.repeat(43)], dataDir);
    expect([wrongKey.code, wrongKey.stderr.trim()]).toEqual([1, `Chave de API inválida para o estabelecimento ${SLUG}.`]);
    const otherKey = await runCli(['list', '-e', SLUG, '--url', origin, '--key', readKeysFile(dataDir)['pizzaria-bella']!], dataDir);
    expect(otherKey.code).toBe(1);
    const unknown = await runCli(['list', '-e', 'nao-existe', '--url', origin, '--key', 'x'.repeat(43)], dataDir);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'Estabelecimento não encontrado: nao-existe.']);
    const noOrder = await runCli(['confirm', '99999', '-e', SLUG, '--url', origin], dataDir);
    expect([noOrder.code, noOrder.stderr.trim()]).toEqual([1, `Pedido nº 99999 não encontrado em ${SLUG}.`]);
    const noKeyFile = await runCli(['list', '-e', SLUG, '--url', origin], join(dataDir, 'vazio'));
    expect(noKeyFile.code).toBe(1);
    expect(noKeyFile.stderr).toContain('Nenhuma chave de API para mercado-sol-centro');
    const down = await runCli(['list', '-e', SLUG, '--url', 'http://127.0.0.1:9'], dataDir);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('Não foi possível conectar ao servidor em http://127.0.0.1:9');
    const usage = await runCli([], dataDir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Uso: npm run orders');
  });
});
