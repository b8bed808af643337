// No card number or CVV rests anywhere (decisions.md 'Card data'): the card journeys run end to end
// in the browser against a server of this test's own (node src/server/main.ts, its output captured),
// once on the embedded SQLite and once on PostgreSQL: a card added in the wallet and validated with
// the amount of its statement line, a declined card, and the CVV typed for each charge. Then every
// place a card could rest is searched for the numbers and the CVVs typed: what crossed the network
// in clear, the browser's storage (localStorage, sessionStorage, IndexedDB, cookies), the server's
// logs, the development outbox, every file of the data folder (the SQLite database, its WAL, the
// keys, the stored pages), and for PostgreSQL the database's own files on disk and its write-ahead
// log after a checkpoint, and every row of every table. Desktop only (playwright.config.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './fixtures.ts';
import { createPgDatabase } from '../api/helpers/databases.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { importCatalogue } from '../../scripts/lib/import-catalogue.ts';
import { API_HEADERS, capturedTestCard, uniqueCpf } from './helpers.ts';
import { groceryCatalogue } from './live-helpers.ts';

test.describe.configure({ mode: 'serial' });

const SLUG = 'quitanda-cartao-em-repouso';
const BASE_PORT = Number(process.env.E2E_PORT ?? 4399) + 80;

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

/** The secrets typed: the numbers as digits and as typed, their first 12 digits, and the CVVs next to a key or in quotes. */
function needles(cards: { number: string; cvv: string }[]): { label: string; bytes: Buffer }[] {
  return cards.flatMap(({ number, cvv }) => {
    const digits = number.replace(/\D/g, '');
    return [
      { label: `number ${digits}`, bytes: Buffer.from(digits) },
      { label: `number as typed ${number}`, bytes: Buffer.from(number) },
      { label: `first 12 digits of ${digits}`, bytes: Buffer.from(digits.slice(0, 12)) },
      { label: `CVV ${cvv} quoted`, bytes: Buffer.from(`"${cvv}"`) },
      { label: `CVV ${cvv} as security_code`, bytes: Buffer.from(`security_code":"${cvv}`) },
      { label: `CVV ${cvv} as cvv`, bytes: Buffer.from(`cvv":"${cvv}`) },
    ];
  });
}

/** Which needles a blob holds, named by where it was found. */
function found(where: string, blob: Buffer | string, search: { label: string; bytes: Buffer }[]): string[] {
  const buffer = typeof blob === 'string' ? Buffer.from(blob) : blob;
  return search.filter((n) => buffer.includes(n.bytes)).map((n) => `${n.label} in ${where}`);
}

class OwnServer {
  readonly logs: string[] = [];
  private child: ChildProcess | null = null;
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl: string;
  constructor(port: number, dataDir: string, databaseUrl: string) {
    this.port = port;
    this.dataDir = dataDir;
    this.databaseUrl = databaseUrl;
  }

  get origin(): string {
    return `http://localhost:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: 'localhost',
        DATABASE_URL: this.databaseUrl,
        DATA_DIR: this.dataDir,
        PAGES_DIR: join(this.dataDir, 'pages'),
        PUBLIC_ORIGIN: this.origin,
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => this.logs.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => this.logs.push(d.toString()));
    this.child = child;
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${this.origin}/api/health`)).ok) return;
      } catch {
        /* not up yet */
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server on ${this.port} did not start:\n${this.logs.join('')}`);
  }

  stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

/** A greengrocer that takes online payment. */
function onlineShop() {
  const catalogue = groceryCatalogue(SLUG, 600);
  return { ...catalogue, establishment: { ...catalogue.establishment, preferences: { ...catalogue.establishment.preferences, has_online_payment: true } } };
}

async function outboxTexts(request: APIRequestContext, origin: string): Promise<string> {
  return (await request.get(`${origin}/dev/caixa-de-saida`)).text();
}

async function outboxCodeAt(request: APIRequestContext, origin: string, recipient: string): Promise<string> {
  const html = await outboxTexts(request, origin);
  for (const [, body] of html.matchAll(/<li[^>]*data-channel="[^"]+"[^>]*>([\s\S]*?)<\/li>/g)) {
    const to = /data-outbox-recipient[^>]*>([^<]*)</
      .exec(body!)?.[1]
      ?.replace(/&#x2B;|&#43;/g, '+')
      .trim();
    const text = /data-outbox-text[^>]*>([^<]*)</.exec(body!)?.[1] ?? '';
    const code = text.match(/\b(\d{4})\b/)?.[1];
    if (to === recipient && code) return code;
  }
  throw new Error(`no code to ${recipient} in the outbox of ${origin}`);
}

/** A customer of the shop on `origin`, phone and e-mail verified, logged in in the browser. */
async function verifiedCustomerOn(request: APIRequestContext, context: BrowserContext, origin: string, establishmentId: string) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const phone = `1198${String(Date.now()).slice(-7)}`;
  const email = `repouso.${stamp}@example.com`;
  const res = await request.post(`${origin}/api/auth/register`, {
    headers: API_HEADERS,
    data: { establishment_id: establishmentId, name: 'Rita Repouso', email, phone, password: 'segr3do' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = decodeURIComponent(/sid_[^=]+=([^;]+)/.exec(res.headers()['set-cookie'] ?? '')![1]!);
  const headers = { ...API_HEADERS, Authorization: `Bearer ${token}` };
  expect((await request.put(`${origin}/api/users/me/generate_code_validate_phone`, { headers, data: { phone, method: 'sms' } })).status()).toBe(200);
  const smsCode = await outboxCodeAt(request, origin, `+55${phone}`);
  expect((await request.put(`${origin}/api/users/me/validate_phone`, { headers, data: { phone, code: smsCode } })).status()).toBe(200);
  expect((await request.post(`${origin}/api/users/email/validate/create`, { headers, data: { email } })).status()).toBe(200);
  const mailCode = await outboxCodeAt(request, origin, email);
  expect((await request.put(`${origin}/api/users/email/validate`, { headers, data: { email, code: mailCode } })).status()).toBe(200);
  await context.addCookies([
    { name: `sid_${establishmentId}`, value: token, url: origin, httpOnly: true, sameSite: 'Lax' },
    { name: `sf_auth_${establishmentId}`, value: '1', url: origin, sameSite: 'Lax' },
  ]);
}

/** Adds a card in the wallet's drawer and starts its validation with the CVV; answers the statement's amount (or null when the charge was refused). */
async function addAndCharge(
  page: Page,
  request: APIRequestContext,
  origin: string,
  card: { number: string; last4: string; cvv: string },
): Promise<string | null> {
  await page.goto(`${origin}/${SLUG}/minha-conta/carteira`);
  const wallet = page.locator('[data-wallet]');
  await expect(wallet).toHaveAttribute('data-wallet-status', 'ready');
  await wallet.getByRole('button', { name: 'Adicionar cartão' }).click();
  const drawer = page.getByRole('dialog', { name: 'Meus Cartões' });
  await drawer.getByLabel('Número do cartão').fill(card.number);
  await drawer.getByLabel('Nome do titular').fill('rita repouso');
  await drawer.getByLabel('Validade (mm/aa)').fill('1231');
  await drawer.getByLabel('Código de segurança').fill(card.cvv);
  await drawer.getByLabel('CPF/CNPJ do titular').fill(uniqueCpf());
  await drawer.getByRole('button', { name: 'Salvar novo cartão' }).click();
  const step = page.locator('[data-card-step-page][data-hydrated]');
  await expect(step.locator('[data-card-step="start"]')).toBeVisible();
  await step.getByRole('button', { name: 'Iniciar validação' }).click();
  const cvv = page.getByRole('dialog', { name: 'Informar CVV' });
  await cvv.getByLabel('CVV').fill(card.cvv);
  await cvv.getByRole('button', { name: 'Confirmar' }).click();
  await expect(cvv).toBeHidden();
  const outcome = step.locator('[data-card-step="amount"], [data-card-declined]');
  await expect(outcome.first()).toBeVisible();
  if (!(await step.locator('[data-card-step="amount"]').isVisible())) return null;
  const line = (await outboxTexts(request, origin)).match(new RegExp(`•••• ${card.last4}[\\s\\S]*?Compra aprovada R\\$\\s([\\d.]+,\\d{2})`));
  return line?.[1] ?? null;
}

for (const engine of ['sqlite', 'postgres'] as const) {
  test(`no card number or CVV rests anywhere after the card journeys, on ${engine}`, async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const dataDir = mkdtempSync(join(tmpdir(), `card-at-rest-${engine}-`));
    let databaseUrl = '';
    let drop: () => Promise<void> = async () => {};
    if (engine === 'postgres') ({ url: databaseUrl, drop } = await createPgDatabase('storefront_card_at_rest'));
    const server = new OwnServer(BASE_PORT + (engine === 'sqlite' ? 0 : 1), dataDir, databaseUrl);
    try {
      const { db } = await openDatabase(engine === 'sqlite' ? { databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') } : { databaseUrl });
      let establishmentId = '';
      try {
        const imported = await importCatalogue(db, onlineShop());
        if (!imported.ok) throw new Error(JSON.stringify(imported.problems));
        establishmentId = imported.establishmentId;
      } finally {
        await db.destroy();
      }
      await server.start();
      await verifiedCustomerOn(request, context, server.origin, establishmentId);

      // What leaves the browser in clear is recorded, to be searched too.
      const sent: string[] = [];
      page.on('request', (r) => sent.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`));

      const good = { ...capturedTestCard(), cvv: '739' };
      const declined = { number: '4000 0000 0000 0515', last4: '0515', cvv: '846' };
      const amount = await addAndCharge(page, request, server.origin, good);
      expect(amount, 'the validation charge of the good card').not.toBeNull();
      const step = page.locator('[data-card-step-page][data-hydrated]');
      await step.getByLabel('Valor cobrado (R$)').pressSequentially(amount!.replace(/\D/g, '').replace(/^0+/, ''));
      await step.getByRole('button', { name: 'Validar cartão' }).click();
      await expect(step.getByRole('heading', { level: 1 })).toHaveText('Cartão validado com sucesso');
      expect(await addAndCharge(page, request, server.origin, declined), 'the declined card is not charged').toBeNull();

      const search = needles([good, declined]);
      const problems: string[] = [];
      problems.push(...found('what the browser sent', sent.join('\n'), search));
      const storage = await context.storageState({ indexedDB: true });
      problems.push(...found('the browser storage', JSON.stringify(storage), search));
      const session = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
      problems.push(...found('sessionStorage', session, search));
      problems.push(...found('the development outbox', await outboxTexts(request, server.origin), search));

      await server.stop();
      problems.push(...found("the server's logs", server.logs.join(''), search));
      for (const file of filesUnder(dataDir)) problems.push(...found(file, readFileSync(file), search));

      if (engine === 'postgres') {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          const tables = await client.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'");
          for (const { table_name } of tables.rows) {
            const rows = await client.query(`select t::text as row from "${table_name}" t`);
            problems.push(...found(`table ${table_name}`, rows.rows.map((r) => r.row).join('\n'), search));
          }
          await client.query('checkpoint');
          const dir = (await client.query<{ data_directory: string }>('show data_directory')).rows[0]!.data_directory;
          const oid = (await client.query<{ oid: number }>('select oid from pg_database where datname = current_database()')).rows[0]!.oid;
          const since = Date.now() - 10 * 60 * 1000;
          const pgFiles = [...filesUnder(join(dir, 'base', String(oid))), ...filesUnder(join(dir, 'pg_wal')).filter((f) => statSync(f).mtimeMs >= since)];
          expect(pgFiles.length, `PostgreSQL's files under ${dir}`).toBeGreaterThan(0);
          for (const file of pgFiles) problems.push(...found(file, readFileSync(file), search));
        } finally {
          await client.end();
        }
      }
      expect(problems).toEqual([]);
      // The search finds what it looks for, as the card payload would read in clear.
      expect(found('a control', `{"number":"${good.number.replace(/\D/g, '')}","security_code":"739"}`, search)).toHaveLength(4);
    } finally {
      await server.stop();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
