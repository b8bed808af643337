// `npm run feedback` (scripts/feedback.ts, spawned as a real process) against a running server with
// the demo seed: customers send problem reports and suggestions through the API with their session,
// and the establishment lists them on the command line with its API key, newest first, in
// Portuguese, both kinds or one. SQLite only: the CLI talks HTTP, the engines are covered by
// feedback.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi } from '../../src/server/api/app.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { seedDemo } from '../../scripts/lib/seed-demo.ts';
import { readKeysFile } from '../../src/server/services/establishment-keys.ts';
import { API_HEADERS } from './helpers/databases.ts';
import { runScript, serveApi } from './helpers/cli.ts';
import { demoEstablishmentId, demoOrderPayload, registerDemoCustomer } from './helpers/demo-order.ts';

const SLUG = 'mercado-sol-centro';

const runCli = (args: string[], dataDir: string) => runScript('feedback.ts', args, dataDir);

describe('npm run feedback', () => {
  let dataDir: string;
  let db: Database;
  let stopServer: (() => Promise<void>) | undefined;
  let origin: string;
  let estId: string;
  let joana: string;
  let pedro: string;
  let orderNumber: number;
  let clock = Date.parse('2025-03-10T15:00:00Z');

  async function send(token: string, path: 'problem-reports' | 'suggestions', body: unknown): Promise<void> {
    const res = await fetch(`${origin}/api/establishments/${estId}/${path}`, {
      method: 'POST',
      headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'storefront-feedback-cli-'));
    ({ db } = await openDatabase({ databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') }));
    await seedDemo(db, { dataDir });
    // The clock moves a minute at each request, so each message has its own time and 'newest first' is a fact of the test.
    const now = () => {
      clock += 60_000;
      return new Date(clock);
    };
    const served = await serveApi(createApi({ db, engine: 'sqlite', now }));
    origin = served.origin;
    stopServer = served.close;
    estId = await demoEstablishmentId(origin, SLUG);
    joana = await registerDemoCustomer(origin, estId, 'Joana Cliente');
    pedro = await registerDemoCustomer(origin, estId, 'Pedro Cliente');
  }, 60_000);

  afterAll(async () => {
    await stopServer?.();
    await db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says so when no customer has written yet', async () => {
    const all = await runCli(['list', '--establishment', SLUG, '--url', origin], dataDir);
    expect([all.code, all.stdout.trim(), all.stderr]).toEqual([0, 'Nenhuma mensagem de clientes em Mercado Sol — Centro.', '']);
    const reports = await runCli(['list', '-e', SLUG, '--kind', 'report', '--url', origin], dataDir);
    expect(reports.stdout.trim()).toBe('Nenhum problema relatado em Mercado Sol — Centro.');
  });

  it('lists reports and suggestions together, newest first, with who sent each, the topic and the order', async () => {
    const placed = await fetch(`${origin}/api/establishments/${estId}/orders`, {
      method: 'POST',
      headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `Bearer ${joana}`, 'Idempotent-Key': crypto.randomUUID() },
      body: JSON.stringify(await demoOrderPayload(origin, estId)),
    });
    const json = await placed.json();
    expect(placed.status, JSON.stringify(json)).toBe(201);
    orderNumber = json.order.order;
    await send(joana, 'problem-reports', { topic: 'wrong_items', order_id: json._id, message: 'Faltou o pão de queijo.\nO resto veio certo.' });
    await send(pedro, 'suggestions', { message: 'Poderiam vender café em grão.' });
    await send(pedro, 'problem-reports', { topic: 'site', message: 'O mapa não abriu no meu celular.' });

    const { code, stdout, stderr } = await runCli(['list', '--establishment', SLUG, '--url', origin], dataDir);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const blocks = stdout.trim().split('\n\n');
    expect(blocks[0]).toBe('Mercado Sol — Centro: 2 problemas relatados, 1 sugestão');
    expect(blocks[1]).toMatch(
      /^\[Problema\] \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} — Pedro Cliente, \(11\) 9\d{4}-\d{4}, cliente\.[a-z0-9]+@example\.com\nAssunto: Problema no site\n {2}O mapa não abriu no meu celular\.$/,
    );
    expect(blocks[2]).toMatch(/^\[Sugestão\] .* — Pedro Cliente, .*\n {2}Poderiam vender café em grão\.$/);
    expect(blocks[3]).toMatch(
      new RegExp(
        `^\\[Problema\\] .* — Joana Cliente, .*\\nAssunto: Item errado ou faltando · Pedido nº ${orderNumber}\\n {2}Faltou o pão de queijo\\.\\n {2}O resto veio certo\\.$`,
      ),
    );
    // The time is the establishment's (São Paulo, UTC-3): the server's clock runs from 15:00 UTC, a minute a request.
    expect(blocks[3]).toMatch(/\] 10\/03\/2025 1[23]:\d{2}:00 —/);
  });

  it('lists one kind with --kind, and at most --limit messages', async () => {
    const suggestions = await runCli(['list', '-e', SLUG, '--kind', 'suggestion', '--url', origin], dataDir);
    expect(suggestions.code).toBe(0);
    expect(suggestions.stdout).toMatch(/^Mercado Sol — Centro: 1 sugestão\n\n\[Sugestão\]/);
    expect(suggestions.stdout).not.toContain('[Problema]');
    const reports = await runCli(['list', '-e', SLUG, '--kind', 'report', '--url', origin], dataDir);
    expect(reports.stdout.match(/\[Problema\]/g)).toHaveLength(2);
    const one = await runCli(['list', '-e', SLUG, '--limit', '1', '--url', origin], dataDir);
    expect(one.stdout).toMatch(/^Mercado Sol — Centro: 2 problemas relatados, 1 sugestão \(mostrando as 1 mais recentes\)\n\n\[Problema\] .* Pedro Cliente/);
    expect(one.stdout.match(/^\[/gm)).toHaveLength(1);
  });

  it('explains every error in Portuguese with a non-zero exit', async () => {
    const wrongKey = await runCli(['list', '-e', SLUG, '--url', origin, '--key', 'x'.repeat(43)], dataDir);
    expect([wrongKey.code, wrongKey.stderr.trim()]).toEqual([1, `Chave de API inválida para o estabelecimento ${SLUG}.`]);
    const otherKey = await runCli(['list', '-e', SLUG, '--url', origin, '--key', readKeysFile(dataDir)['pizzaria-bella']!], dataDir);
    expect([otherKey.code, otherKey.stderr.trim()]).toEqual([1, `Chave de API inválida para o estabelecimento ${SLUG}.`]);
    const unknown = await runCli(['list', '-e', 'nao-existe', '--url', origin, '--key', 'x'.repeat(43)], dataDir);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'Estabelecimento não encontrado: nao-existe.']);
    const badKind = await runCli(['list', '-e', SLUG, '--kind', 'elogio', '--url', origin], dataDir);
    expect([badKind.code, badKind.stderr.trim()]).toEqual([2, 'Tipo desconhecido: elogio. Use report ou suggestion.']);
    const badLimit = await runCli(['list', '-e', SLUG, '--limit', '500', '--url', origin], dataDir);
    expect(badLimit.code).toBe(1);
    expect(badLimit.stderr).toContain('Pedido inválido ao servidor (invalid_query)');
    const noKeyFile = await runCli(['list', '-e', SLUG, '--url', origin], join(dataDir, 'vazio'));
    expect(noKeyFile.code).toBe(1);
    expect(noKeyFile.stderr).toContain('Nenhuma chave de API para mercado-sol-centro');
    const down = await runCli(['list', '-e', SLUG, '--url', 'http://127.0.0.1:9'], dataDir);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('Não foi possível conectar ao servidor em http://127.0.0.1:9');
    const usage = await runCli([], dataDir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Uso: npm run feedback');
    const noEst = await runCli(['list'], dataDir);
    expect([noEst.code, noEst.stderr.split('\n')[0]]).toEqual([2, 'Informe o estabelecimento: --establishment <slug>']);
  });
});
