// Ordering at the table end to end, on a phone and a desktop (docs/api.md 'Tables'): a shop of its
// own per test that serves at its tables. The owner adds a table in the panel's 'Mesas' tab and
// sees its QR code; a customer opens the QR code's address, sees 'Mesa N', is offered only
// 'Consumir no local' with no schedule and no address, and sends the order; it reaches the order
// screen marked with its table and grouped in the table's open tab, which 'Fechar mesa' closes. A
// QR code whose key was renewed is refused with the Portuguese words asking to scan it again, and
// 'Sair da mesa' gives the customer the other types back.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { expect, test, type BrowserContext, type APIRequestContext, type TestInfo } from './fixtures.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createStaffMember } from '../../src/server/services/staff.ts';
import type { TableView } from '../../src/schemas/api-tables.ts';
import { axeProblems } from './panel-helpers.ts';
import { API_HEADERS, checkoutFromOpenPage, importCatalogue, logIn, newCustomer, registerCustomer, shopCatalogue } from './helpers.ts';

const dataDir = join(tmpdir(), `storefront-e2e-${Number(process.env.E2E_PORT ?? 4399)}`);
const OWNER_PASSWORD = 'bar-dono-senha-1';

/** A bar of its own for the test and project: pickup, delivery and consumption on the premises, cash at the counter. */
async function barFor(info: TestInfo): Promise<string> {
  const slug = `bar-da-mesa-${info.project.name}-${info.line}`;
  const catalogue = shopCatalogue(slug, 'Bar da Mesa', { _id: 'bebidas', name: 'Bebidas' }, [
    { _id: 'chopp', name: 'Chopp Claro', desc: '300 ml.', price: 1400 },
    { _id: 'porcao', name: 'Porção de Fritas', desc: 'Para dois.', price: 2800 },
  ]);
  const products = catalogue.categories[0]!.products.map((p) => ({ ...p, delivery_type: ['delivery', 'pickup', 'local'] }));
  const preferences = {
    ...catalogue.establishment.preferences,
    delivery_type: ['delivery', 'pickup', 'local'],
    max_days_scheduling: 2,
    pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro' }],
  };
  await importCatalogue({ ...catalogue, establishment: { ...catalogue.establishment, preferences }, categories: [{ ...catalogue.categories[0]!, products }] });
  return slug;
}

/** The shop's owner, made as the seed makes one, logged in to the panel in `context`; answers the establishment's id. */
async function ownerIn(context: BrowserContext, request: APIRequestContext, slug: string, info: TestInfo): Promise<string> {
  const establishmentId = (await registerCustomer(request, slug, newCustomer(info))).establishmentId;
  const email = `dono.${info.project.name}.${info.line}.${info.retry}@bar.example`;
  const { db } = await openDatabase({ databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') });
  try {
    await createStaffMember(db, { establishmentId, email, name: 'Dono do Bar', role: 'owner', password: OWNER_PASSWORD }, new Date());
  } finally {
    await db.destroy();
  }
  const login = await context.request.post('/api/staff/login', {
    headers: API_HEADERS,
    data: { establishment_id: establishmentId, email, password: OWNER_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  return establishmentId;
}

/** The tables as the panel reads them (the owner's session in `context`). */
async function tablesOf(context: BrowserContext, establishmentId: string): Promise<TableView[]> {
  const res = await context.request.get(`/api/establishments/${establishmentId}/tables`, {
    headers: { ...API_HEADERS, Caller: 'staff' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { tables: TableView[] }).tables;
}

test("the owner adds a table; its QR code's customer orders to consume there, and the order reaches the screen in the table's tab until 'Fechar mesa'", async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(90_000);
  const slug = await barFor(info);
  const establishmentId = await ownerIn(context, request, slug, info);

  // The owner adds table 7 in the 'Mesas' tab and sees its QR code on the sheet.
  await page.goto(`/${slug}/painel#mesas`);
  const tables = page.locator('[data-tables]');
  await expect(tables.getByRole('heading', { name: 'Mesas' })).toBeVisible();
  await expect(tables.getByText('Nenhuma mesa ainda.')).toBeVisible();
  await tables.getByLabel('Número da mesa').fill('7');
  await tables.getByRole('button', { name: 'Adicionar mesa' }).click();
  await expect(tables.locator('[data-tables-status]')).toHaveText('Mesa 7 adicionada.');
  const row = tables.locator('[data-table-row="7"]');
  await expect(row).toContainText('Mesa 7');
  await expect(row).toContainText('Sem conta aberta');
  const card = tables.locator('[data-qr-sheet] [data-qr-card="7"]');
  await expect(card).toContainText('Mesa 7');
  await expect(card).toContainText('Bar da Mesa');
  await expect(card.locator('svg')).toHaveCount(1);
  expect(await axeProblems(page, '[data-tables]')).toEqual([]);
  const [seven] = await tablesOf(context, establishmentId);
  const url = await row.locator('[data-table-link]').textContent();
  expect(url).toBe(new URL(`/${slug}/#mesa=7&chave=${seven!.key}`, page.url()).href);

  // The customer, in a tab of their own (the panel's session does not stand for a customer's), opens the QR code's address.
  await logIn(context, request, slug, info, 'Rita da Mesa');
  const customer = await context.newPage();
  try {
    await customer.goto(url!);
    const banner = customer.locator('[data-table-banner]');
    await expect(banner).toContainText('Mesa 7');
    await expect(banner.getByRole('link', { name: 'Sair da mesa' })).toBeVisible();
    // The key left the address bar; the table stays for the tab's session.
    await expect.poll(() => new URL(customer.url()).hash).toBe('');

    const checkout = await checkoutFromOpenPage(customer, 'Chopp Claro');
    await expect(checkout.locator('[data-checkout-table]')).toContainText('Mesa 7');
    const types = checkout.getByRole('radio');
    await expect(types).toHaveCount(1);
    await expect(checkout.getByRole('radio', { name: /Consumir no local/ })).toBeChecked();
    await expect(checkout.getByRole('radio', { name: /Entrega/ })).toHaveCount(0);
    await expect(checkout.getByRole('radio', { name: /Retirar no local/ })).toHaveCount(0);
    await expect(checkout.locator('[data-section="schedule"]')).toHaveCount(0);
    await expect(checkout.locator('[data-section="address"]')).toHaveCount(0);
    await checkout.getByRole('button', { name: 'Pagar no local' }).click();
    await checkout.getByLabel('Forma de pagamento').selectOption({ label: 'Dinheiro' });
    await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
    await customer.waitForURL(new RegExp(`/${slug}/pedido/[^/]+$`), { timeout: 15_000 });
  } finally {
    await customer.close();
  }

  // A second order of the table, through the API, joins the same tab.
  const other = await registerCustomer(request, slug, newCustomer(info, 'Caio da Mesa'));
  const products = (await (await request.get(`/api/establishments/${establishmentId}/products?limit=10`, { headers: API_HEADERS })).json()) as {
    items: { _id: string; name: string }[];
  };
  const fries = products.items.find((p) => p.name === 'Porção de Fritas')!._id;
  const second = await request.post(`/api/establishments/${establishmentId}/orders`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${other.token}`, 'Idempotent-Key': randomUUID(), 'X-Forwarded-For': other.customer.address },
    data: {
      delivery_type: 'local',
      payment_type: 'offline',
      platform: 'web',
      products: [{ id: fries, qnt: 1 }],
      payment_method_id: 'dinheiro',
      table: { number: 7, key: seven!.key },
    },
  });
  expect(second.status(), await second.text()).toBe(201);

  // The order screen: each card says its table, and the tab groups them.
  await page.getByRole('tab', { name: 'Pedidos' }).click();
  await expect(page.locator('[data-board-table="7"]')).toHaveCount(2);
  const tab = page.locator('[data-open-tab="7"]');
  await expect(tab.locator('[data-open-tab-summary]')).toHaveText('Mesa 7 · 2 pedidos · R$\u00a042,00');
  expect(await axeProblems(page, '[data-open-tabs]')).toEqual([]);
  await tab.getByRole('button', { name: 'Fechar mesa 7' }).click();
  await expect(page.getByText('Mesa 7 fechada.')).toBeVisible();
  await expect(tab).toHaveCount(0);
  // The orders keep their table; the tab is closed on the server too.
  await expect(page.locator('[data-board-table="7"]')).toHaveCount(2);
  expect((await tablesOf(context, establishmentId))[0]!.open_tab).toBeNull();
});

test("a QR code whose key was renewed is refused with the words to scan it again; 'Sair da mesa' gives the other types back", async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(90_000);
  const slug = await barFor(info);
  const establishmentId = await ownerIn(context, request, slug, info);
  const added = await context.request.post(`/api/establishments/${establishmentId}/tables`, {
    headers: { ...API_HEADERS, Caller: 'staff' },
    data: { number: 3 },
  });
  expect(added.status(), await added.text()).toBe(201);
  const old = (await added.json()) as TableView;

  await logIn(context, request, slug, info, 'Beto Atrasado');
  await page.goto(`/${slug}/#mesa=3&chave=${old.key}`);
  await expect(page.locator('[data-table-banner]')).toContainText('Mesa 3');
  // Meanwhile the owner renews the table's key (a new QR code is printed).
  const renewed = await context.request.post(`/api/establishments/${establishmentId}/tables/3/key`, { headers: { ...API_HEADERS, Caller: 'staff' } });
  expect(renewed.status()).toBe(200);

  const checkout = await checkoutFromOpenPage(page, 'Chopp Claro');
  await checkout.getByRole('button', { name: 'Pagar no local' }).click();
  await checkout.getByLabel('Forma de pagamento').selectOption({ label: 'Dinheiro' });
  await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
  await expect(page.getByText('Não reconhecemos esta mesa. Escaneie de novo o QR code da mesa para fazer o pedido.')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/${slug}/`);

  // Leaving the table: the other types are offered again, and the banner goes; 'Consumir no local'
  // is ordered from a table's QR code only, at an establishment with tables.
  await checkout.getByRole('button', { name: 'Sair da mesa' }).click();
  await expect(checkout.locator('[data-checkout-table]')).toHaveCount(0);
  await expect(checkout.getByRole('radio', { name: /Retirar no local/ })).toBeVisible();
  await expect(checkout.getByRole('radio', { name: /Entrega/ })).toBeVisible();
  await expect(checkout.getByRole('radio', { name: /Consumir no local/ })).toHaveCount(0);
  await expect(page.locator('[data-table-banner]')).toHaveCount(0);
});
