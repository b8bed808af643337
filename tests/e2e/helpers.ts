// What the end-to-end tests share: the establishment ids of the demo seed, new customers made
// through the real accounts API, putting a session in the browser as the login response does, and
// the header's greeting of a logged-in customer.
// Every test makes its own customer (an e-mail and a phone unique per worker, test and time), so
// tests never depend on each other's state.
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { AuthAnswer } from '../../src/schemas/api-accounts.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_HEADERS as REQUIRED_HEADERS } from '../../src/schemas/api-headers.ts';
import { fromBase64Url, seal } from '../../src/lib/sealed-box.ts';
import { cardSealContext, cvvSealContext, type CardView } from '../../src/schemas/api-cards.ts';
import type { EncryptionKeyAnswer } from '../../src/schemas/sealed-box.ts';
import type { ProductsAnswer } from '../../src/schemas/views.ts';

/** The headers every API call carries, asking for JSON. */
export const API_HEADERS = { ...REQUIRED_HEADERS, Accept: 'application/json' } as const;

/** The phone layout (the mobile project's 390 px) rather than the desktop one. */
export const isMobile = (page: Page): boolean => (page.viewportSize()?.width ?? 1280) < 768;

/** The header greets the logged-in customer by first name: in the burger on a phone, in the top bar on a desktop. */
export async function expectGreeting(page: Page, first: string): Promise<void> {
  if (isMobile(page)) {
    await page.locator('[data-burger] summary').click();
    await expect(page.locator('[data-burger-user] [data-user-greeting]')).toHaveText(`Olá, ${first}`);
    await page.locator('[data-burger] summary').click();
  } else {
    await expect(page.locator('[data-user-menu] [data-user-greeting]')).toHaveText(`Olá, ${first}`);
  }
}

const ids = new Map<string, string>();

/** The establishment id behind a demo slug, as its home page publishes it (data-store). */
export async function storeId(request: APIRequestContext, slug: string): Promise<string> {
  const known = ids.get(slug);
  if (known) return known;
  const html = await (await request.get(`/${slug}/`)).text();
  const id = /data-store="([^"]+)"/.exec(html)?.[1];
  if (!id) throw new Error(`no data-store on /${slug}/`);
  ids.set(slug, id);
  return id;
}

let serial = 0;

export interface NewCustomer {
  name: string;
  email: string;
  /** 11 digits, a São Paulo mobile: 11 9 8xxxxxxx. */
  phone: string;
  /** The phone as the form masks it: '(11) 98xxx-xxxx'. */
  maskedPhone: string;
  password: string;
  /**
   * The customer's own client address, sent as X-Forwarded-For (the server believes it from
   * loopback, a trusted proxy): the per-address limits on logins, registrations and code sends then
   * count each customer apart, as they would for customers on their own lines.
   */
  address: string;
}

/** A customer no test has used: its e-mail and phone are distinct per worker, test and time. */
export function newCustomer(info: TestInfo, name = 'Joana Pereira Souza'): NewCustomer {
  serial += 1;
  const stamp = `${Date.now().toString(36)}${info.workerIndex}${serial}${Math.floor(Math.random() * 1e4)}`;
  const tail = String((Date.now() * 7 + info.workerIndex * 1_000_003 + serial * 7919 + Math.floor(Math.random() * 1e6)) % 10_000_000).padStart(7, '0');
  const local = name
    .split(' ')[0]!
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
  return {
    name,
    email: `${local}.${stamp}@example.com`,
    phone: `1198${tail}`,
    maskedPhone: `(11) 98${tail.slice(0, 3)}-${tail.slice(3)}`,
    password: 'segr3do',
    // A /64 of the documentation prefix per worker and customer (the limits count IPv6 by /64).
    address: `2001:db8:${(info.workerIndex + 1).toString(16)}:${(serial % 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::1`,
  };
}

export interface Registered {
  establishmentId: string;
  userId: string;
  /** The session token the register call set in its cookie. */
  token: string;
  customer: NewCustomer;
}

/** Registers `customer` with the establishment through the API (a context of its own, so the browser stays a visitor). */
export async function registerCustomer(request: APIRequestContext, slug: string, customer: NewCustomer): Promise<Registered> {
  const establishmentId = await storeId(request, slug);
  const res = await request.post('/api/auth/register', {
    headers: { ...API_HEADERS, 'X-Forwarded-For': customer.address },
    data: { establishment_id: establishmentId, name: customer.name, email: customer.email, phone: customer.phone, password: customer.password },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { user } = (await res.json()) as AuthAnswer;
  const sid = res.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`sid_${establishmentId}=`));
  if (!sid) throw new Error('the register call set no session cookie');
  const token = decodeURIComponent(sid.value.split(';')[0]!.split('=')[1]!);
  return { establishmentId, userId: user._id, token, customer };
}

/** Puts a session in the browser as the login response would: the HttpOnly cookie and the readable hint. */
export async function useSession(context: BrowserContext, establishmentId: string, token: string): Promise<void> {
  const url = test.info().project.use.baseURL!;
  await context.addCookies([
    { name: `sid_${establishmentId}`, value: token, url, httpOnly: true, sameSite: 'Lax' },
    { name: `sf_auth_${establishmentId}`, value: '1', url, sameSite: 'Lax' },
  ]);
}

/** The browser's requests come from the customer's own address from now on (NewCustomer.address). */
export async function actFrom(context: BrowserContext, customer: NewCustomer): Promise<void> {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': customer.address });
}

/** A new customer of the establishment, logged in in the browser (which acts from the customer's address). */
export async function logIn(context: BrowserContext, request: APIRequestContext, slug: string, info: TestInfo, name?: string): Promise<Registered> {
  const registered = await registerCustomer(request, slug, newCustomer(info, name));
  // biome-ignore lint/correctness/useHookAtTopLevel: useSession is this module's cookie helper, not a React hook
  await useSession(context, registered.establishmentId, registered.token);
  await actFrom(context, registered.customer);
  return registered;
}

/**
 * Imports a catalogue (the exchange format, docs/catalogue-format.md) as the import command does,
 * with the command's own code (scripts/lib/import-catalogue.ts: the same validation and write into
 * the end-to-end server's database, tests/e2e/server.ts), then asks the running server to re-render
 * that establishment's pages, which also drops what the server holds in memory of its catalogue.
 * Run in the test's own process: the command's start (its schemas built anew, seconds on a busy
 * machine) is paid once per worker, not once per import. The command itself is run by
 * runCatalogueImport (tests/e2e/tenant-content.spec.ts) and by tests/e2e/search.spec.ts.
 */
export async function importCatalogue(catalogue: object): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 4399);
  const dataDir = join(tmpdir(), `storefront-e2e-${port}`);
  const { importCatalogue: write, requestRerender } = await import('../../scripts/lib/import-catalogue.ts');
  const { openDatabase } = await import('../../src/server/db/database.ts');
  const { db } = await openDatabase({ databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') });
  let slug: string;
  try {
    const imported = await write(db, catalogue);
    if (!imported.ok) throw new Error(`catalogue not imported:\n${imported.problems.map((p) => `${p.path}: ${p.message}`).join('\n')}`);
    slug = imported.slug;
  } finally {
    await db.destroy();
  }
  const rerender = await requestRerender(slug, { origin: `http://localhost:${port}`, dataDir });
  expect(rerender, 'the running server took the change').toMatchObject({ status: 'done' });
}

/** The import command's run on a catalogue, whatever its outcome: its exit status and what it printed. */
export function runCatalogueImport(catalogue: object): { status: number | null; stdout: string; stderr: string } {
  const port = Number(process.env.E2E_PORT ?? 4399);
  const dir = mkdtempSync(join(tmpdir(), 'import-'));
  try {
    const file = join(dir, 'catalogue.json');
    writeFileSync(file, JSON.stringify(catalogue));
    const imported = spawnSync(process.execPath, ['scripts/catalogue-import.ts', file], {
      env: {
        ...process.env,
        DATA_DIR: join(tmpdir(), `storefront-e2e-${port}`),
        PORT: String(port),
        PUBLIC_ORIGIN: `http://localhost:${port}`,
        DATABASE_URL: '',
      },
      encoding: 'utf8',
    });
    return { status: imported.status, stdout: imported.stdout, stderr: imported.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ShopProduct {
  _id: string;
  name: string;
  desc?: string;
  price: number;
}

/**
 * The catalogue (exchange format) of a small shop in São Paulo, open all day every day, with one
 * category: for tests that import an establishment of their own while the server runs.
 */
export function shopCatalogue(slug: string, name: string, category: { _id: string; name: string }, products: ShopProduct[]) {
  return {
    company: { slug, name },
    establishment: {
      slug,
      name,
      kind: 'Store',
      phone: '1130304040',
      address: { street: 'Rua Augusta', number: '1200', neighborhood: 'Consolação', city: 'São Paulo', state: 'SP', lng_lat: [-46.6571, -23.5558] },
      design: { theme: 'light', navbarcolor: '#1f4e79', primary: '#1f4e79', darkprimary: '#163a5a', primaryinverse: '#ffffff' },
      preferences: { title: name, desc: `${name}, loja de bairro.`, delivery_type: ['delivery', 'pickup'] },
      office_hours: [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 0, stop_at: 2400 })),
    },
    categories: [{ ...category, products }],
  };
}

/** Saves '<street>, 481' in Santos (inside Mercado Sol Centro's delivery radius) for the customer through the API; answers its id. */
export async function saveSantosAddress(request: APIRequestContext, token: string, street = 'Rua Amador Bueno'): Promise<string> {
  const saved = await request.post('/api/users/me/addresses', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
    data: {
      lat: -23.93667,
      lng: -46.333,
      street,
      number: '481',
      complement: null,
      neighborhood: 'Centro',
      city: 'Santos',
      state: 'SP',
      country: 'BR',
      ref: 'Prédio amarelo',
      place: 'house',
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return ((await saved.json()) as { _id: string })._id;
}

/** Taps the first card's 'Adicionar <name> ao pedido' and answers the product modal once it is ready. */
export async function openProductModal(page: Page, name: string): Promise<Locator> {
  await page
    .getByRole('button', { name: `Adicionar ${name} ao pedido`, exact: true })
    .first()
    .click();
  const modal = page.getByRole('dialog', { name });
  await expect(modal).toHaveAttribute('data-state', 'ready');
  return modal;
}

/**
 * From the store's home with an empty cart to the checkout: one `product` added through its modal,
 * the cart's 'Finalizar pedido', the extras answered with the first option of each group when the
 * store asks for them. Answers the checkout once it shows.
 */
export async function openCheckoutWith(page: Page, slug: string, product: string): Promise<Locator> {
  await page.goto(`/${slug}/`);
  return checkoutFromOpenPage(page, product);
}

/** openCheckoutWith from the store page already open (one opened at a table's QR code, say). */
export async function checkoutFromOpenPage(page: Page, product: string): Promise<Locator> {
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  const add = await openProductModal(page, product);
  await add.locator('[data-add-submit]').click();
  await expect(add).toBeHidden();
  await page.locator(isMobile(page) ? '[data-cart-bar-button]' : '[data-cart-button]').click();
  await page.locator('[data-cart-modal] [data-cart-checkout]').click();
  const extras = page.locator('[data-checkout-extras]');
  const checkout = page.locator('[data-checkout="customer"]');
  await expect(extras.or(checkout)).toBeVisible();
  if (await extras.isVisible()) {
    for (const group of await extras.locator('[data-variation-group]').all()) await group.locator('[data-variation-item] input').first().check();
    await extras.locator('[data-extras-continue]').click();
  }
  await expect(checkout).toBeVisible();
  return checkout;
}

/** The id of the establishment's product with exactly this name, read through the API as a client would. */
export async function productIdByName(request: APIRequestContext, establishmentId: string, name: string): Promise<string> {
  const res = await request.get(`/api/establishments/${establishmentId}/products?q=${encodeURIComponent(name)}&limit=50`, { headers: API_HEADERS });
  const found = ((await res.json()) as ProductsAnswer).items.find((p) => p.name === name);
  if (!found) throw new Error(`product not found: ${name}`);
  return found._id;
}

/**
 * Mercado Sol Centro's checkout with one of `product` in the cart, as a customer reaches it: the
 * product's page, 'Adicionar', the cart's 'Finalizar pedido', then the extras (no bag, a similar
 * product if it is missing). How the order is received is not chosen yet.
 */
export async function mercadoSolCheckout(page: Page, request: APIRequestContext, establishmentId: string, product: string): Promise<Locator> {
  const id = await productIdByName(request, establishmentId, product);
  await page.goto(`/mercado-sol-centro/produto/${id}`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await page.locator(`[data-add-product="${id}"]`).first().click();
  const modal = page.getByRole('dialog', { name: product });
  await expect(modal).toHaveAttribute('data-state', 'ready');
  await modal.locator('[data-add-submit]').click();
  await expect(modal).toBeHidden();
  await page.locator(isMobile(page) ? '[data-cart-bar-button]' : '[data-cart-button]').click();
  await page.getByRole('dialog', { name: 'Meu carrinho' }).getByRole('button', { name: 'Finalizar pedido' }).click();
  const extras = page.getByRole('dialog', { name: 'Complete o seu pedido' });
  await extras.getByRole('radio', { name: 'Sem sacola (levo minha ecobag)' }).check();
  await extras.getByRole('radio', { name: 'Substituir por um similar' }).check();
  await extras.getByRole('button', { name: 'Continuar' }).click();
  const checkout = page.locator('[data-checkout="customer"]');
  await expect(checkout).toBeVisible();
  return checkout;
}

/** Mercado Sol Centro's checkout with its olive oil to pick up (Mercado Sol Centro takes online payment and Pix). */
export const PICKUP_PRODUCT = 'Azeite de Oliva Extravirgem (500 ml)';
export async function mercadoSolPickupCheckout(page: Page, request: APIRequestContext, establishmentId: string): Promise<Locator> {
  const checkout = await mercadoSolCheckout(page, request, establishmentId, PICKUP_PRODUCT);
  await checkout.getByRole('radio', { name: /Retirar no local/ }).check();
  return checkout;
}

/** One message of the development outbox (/dev/caixa-de-saida): its channel ('sms', 'email', 'card-statement'...), recipient and text. */
export interface OutboxMessage {
  channel: string;
  recipient: string;
  text: string;
}

const decodeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** The outbox's messages, newest first, as its page lists them (read over HTTP, no browser tab). */
export async function outboxMessages(request: APIRequestContext): Promise<OutboxMessage[]> {
  const html = await (await request.get('/dev/caixa-de-saida')).text();
  const messages: OutboxMessage[] = [];
  for (const [, channel, body] of html.matchAll(/<li[^>]*data-channel="([^"]+)"[^>]*>([\s\S]*?)<\/li>/g)) {
    const recipient = /data-outbox-recipient[^>]*>([^<]*)</.exec(body!)?.[1] ?? '';
    const text = /data-outbox-text[^>]*>([^<]*)</.exec(body!)?.[1] ?? '';
    messages.push({ channel: channel!, recipient: decodeHtml(recipient), text: decodeHtml(text) });
  }
  return messages;
}

/** The newest 4-digit code the outbox holds for a recipient on a channel. */
export async function outboxCode(request: APIRequestContext, recipient: string, channel: 'sms' | 'email'): Promise<string> {
  const code = (await outboxMessages(request)).find((m) => m.channel === channel && m.recipient === recipient)?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no ${channel} code to ${recipient} in the outbox`);
  return code;
}

/** Verifies the customer's phone, then e-mail, through the API with the codes of the outbox (as the drawer and the e-mail block do). */
export async function verifyContacts(request: APIRequestContext, registered: Registered, which: 'phone' | 'both' = 'both'): Promise<void> {
  const headers = { ...API_HEADERS, Authorization: `Bearer ${registered.token}`, 'X-Forwarded-For': registered.customer.address };
  const { phone, email } = registered.customer;
  const send = await request.put('/api/users/me/generate_code_validate_phone', { headers, data: { phone, method: 'sms' } });
  expect(send.status(), await send.text()).toBe(200);
  const phoneCode = await outboxCode(request, `+55${phone}`, 'sms');
  const phoneOk = await request.put('/api/users/me/validate_phone', { headers, data: { phone, code: phoneCode } });
  expect(phoneOk.status(), await phoneOk.text()).toBe(200);
  if (which === 'phone') return;
  const mail = await request.post('/api/users/email/validate/create', { headers, data: { email } });
  expect(mail.status(), await mail.text()).toBe(200);
  const mailCode = await outboxCode(request, email, 'email');
  const mailOk = await request.put('/api/users/email/validate', { headers, data: { email, code: mailCode } });
  expect(mailOk.status(), await mailOk.text()).toBe(200);
}

/** A new customer logged in in the browser, with the phone and the e-mail verified (what saving a card needs). */
export async function logInVerified(context: BrowserContext, request: APIRequestContext, slug: string, info: TestInfo, name?: string): Promise<Registered> {
  const registered = await logIn(context, request, slug, info, name);
  await verifyContacts(request, registered);
  return registered;
}

function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A Visa number of the sandbox acquirer that no other test uses, whose charge is captured
 * (docs/payments.md 'Test cards': the two digits before the check digit are not 51, 59, 96 or
 * 91), so its statement line in the outbox is this test's alone. Answers it masked as typed.
 */
export function capturedTestCard(): { number: string; last4: string } {
  for (;;) {
    const body = `400000${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    if (['51', '59', '96', '91'].includes(body.slice(13, 15))) continue;
    const digits = `${body}${luhnCheckDigit(body)}`;
    return { number: digits.replace(/(\d{4})(?=\d)/g, '$1 '), last4: digits.slice(-4) };
  }
}

/** The amount of the newest validation charge to a card ending in `last4`, from its statement line ('Compra aprovada R$ 0,37 …'): the masked reais and the centavos. */
export async function chargedAmount(request: APIRequestContext, last4: string): Promise<{ reais: string; cents: number }> {
  const line = (await outboxMessages(request)).find(
    (m) => m.channel === 'card-statement' && m.recipient.endsWith(last4) && m.text.startsWith('Compra aprovada'),
  );
  const reais = line?.text.match(/R\$\s([\d.]+,\d{2})/)?.[1];
  if (!reais) throw new Error(`no charge to •••• ${last4} in the outbox`);
  return { reais, cents: Number(reais.replace(/\./g, '').replace(',', '')) };
}

/**
 * Saves a card for the customer through the API, sealed as the storefront seals it (for tests whose
 * subject is what follows a save): a valid CPF of its own, December of a far year, CVV 123. The
 * holder's name may choose the sandbox's outcome of the card's purchases ('FUND DA SILVA':
 * docs/payments.md 'Test cards').
 */
export async function saveCardByApi(request: APIRequestContext, registered: Registered, number: string, holder = 'Maria da Silva'): Promise<CardView> {
  const key = (await (await request.get('/api/cards/encryption-key', { headers: API_HEADERS })).json()) as EncryptionKeyAnswer;
  const card = { number, security_code: '123', due_month: 12, due_year: 2031, holder, payment_card_document: uniqueCpf() };
  const box = seal(JSON.stringify(card), { kid: key.kid, publicKey: fromBase64Url(key.public_key) }, cardSealContext(registered.userId));
  const res = await request.post('/api/v2/cards/verification', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${registered.token}` },
    data: { card: box },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CardView;
}

/** POST /api/cards/purchase-verification with the CVV 123 sealed as the storefront seals it: the validation charge, through the API. */
export async function startValidationByApi(request: APIRequestContext, registered: Registered, cardId: string) {
  const key = (await (await request.get('/api/cards/encryption-key', { headers: API_HEADERS })).json()) as EncryptionKeyAnswer;
  const cvv = seal('123', { kid: key.kid, publicKey: fromBase64Url(key.public_key) }, cvvSealContext(registered.userId));
  return request.post('/api/cards/purchase-verification', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${registered.token}` },
    data: { card: { _id: cardId, security_code: cvv } },
  });
}

/**
 * A card saved and validated through the API as a customer validates one: the micro-charge with
 * the CVV sealed as the storefront seals it, then the amount read on the statement in the outbox.
 */
export async function verifiedCardByApi(request: APIRequestContext, registered: Registered, number: string, holder?: string): Promise<CardView> {
  const saved = await saveCardByApi(request, registered, number, holder);
  const started = await startValidationByApi(request, registered, saved._id);
  expect(started.status(), await started.text()).toBe(201);
  const { cents } = await chargedAmount(request, saved.last4);
  const confirmed = await request.put(`/api/cards/verification/${saved._id}`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${registered.token}` },
    data: { amount: cents },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return (await confirmed.json()) as CardView;
}

/**
 * A valid CPF no other test uses, masked ('###.###.###-##'): the card holder blacklist also goes by
 * the holder's document, so tests that share one would block each other.
 */
export function uniqueCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    if (base.every((d) => d === base[0])) continue;
    const digit = (ds: number[]) => {
      const sum = ds.reduce((acc, d, i) => acc + d * (ds.length + 1 - i), 0);
      const rest = (sum * 10) % 11;
      return rest === 10 ? 0 : rest;
    };
    const d1 = digit(base);
    const d2 = digit([...base, d1]);
    const all = [...base, d1, d2].join('');
    return `${all.slice(0, 3)}.${all.slice(3, 6)}.${all.slice(6, 9)}-${all.slice(9)}`;
  }
}
