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
    headers: API_HEADERS,
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

/** A new customer of the establishment, logged in in the browser. */
export async function logIn(context: BrowserContext, request: APIRequestContext, slug: string, info: TestInfo, name?: string): Promise<Registered> {
  const registered = await registerCustomer(request, slug, newCustomer(info, name));
  // biome-ignore lint/correctness/useHookAtTopLevel: useSession is this module's cookie helper, not a React hook
  await useSession(context, registered.establishmentId, registered.token);
  return registered;
}

/**
 * Imports a catalogue (the exchange format, docs/catalogue-format.md) with the import command, as
 * an establishment does, into the end-to-end server's data folder (tests/e2e/server.ts); the
 * command then asks the running server to re-render that establishment's pages, which also drops
 * what the server holds in memory of its catalogue.
 */
export function importCatalogue(catalogue: object): void {
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
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout, 'the running server took the change').toContain('re-rendered by the server');
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
