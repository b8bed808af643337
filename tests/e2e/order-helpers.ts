// Orders at Mercado Sol Centro (open 24 h) for the end-to-end specs of the order page, the account's
// order list and what follows an order (evaluation, WhatsApp updates): a customer made through the
// API, an order placed with its session, the establishment acting through `npm run orders`
// (scripts/orders.ts with the key the seed wrote to the e2e data folder), the order page opened.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { OrderVariationPick, OrderView, PlaceOrderAnswer } from '../../src/schemas/api-orders.ts';
import type { OrderVariationView, ProductsAnswer } from '../../src/schemas/views.ts';
import { API_HEADERS, newCustomer, registerCustomer, saveSantosAddress, storeId } from './helpers.ts';

export const SLUG = 'mercado-sol-centro';
export const PRODUCT = 'Pão Francês (10 unidades)';
const port = Number(process.env.E2E_PORT ?? 4399);
/** tests/e2e/server.ts's data folder (the seed wrote establishment-keys.json there). */
const dataDir = join(tmpdir(), `storefront-e2e-${port}`);

/** A new customer through the API; returns its session token. */
export async function register(request: APIRequestContext, info: TestInfo, name = 'Carla Pedido Teste'): Promise<string> {
  return (await registerCustomer(request, SLUG, newCustomer(info, name))).token;
}

export const bearer = (token: string) => ({ ...API_HEADERS, Authorization: `Bearer ${token}` });

/** The required order variations answered with each group's first option. */
async function orderVariationPicks(request: APIRequestContext): Promise<OrderVariationPick[]> {
  const establishmentId = await storeId(request, SLUG);
  const res = await request.get(`/api/establishments/${establishmentId}/order-variations?active=true`, { headers: API_HEADERS });
  const groups = (await res.json()) as OrderVariationView[];
  return groups.filter((g) => g.min > 0).map((g) => ({ _id: g._id, item_id: g.items[0]!._id, qnt: 1 }));
}

async function productId(request: APIRequestContext): Promise<string> {
  const establishmentId = await storeId(request, SLUG);
  const res = await request.get(`/api/establishments/${establishmentId}/products?q=${encodeURIComponent(PRODUCT)}&limit=20`, { headers: API_HEADERS });
  return ((await res.json()) as ProductsAnswer).items.find((p) => p.name === PRODUCT)!._id;
}

/** Places a pickup order paid in cash with change and a CPF on the receipt (or a delivery order to a new address). */
export async function placeOrder(
  request: APIRequestContext,
  token: string,
  opts: { delivery?: boolean; note?: string; scheduledAt?: string } = {},
): Promise<OrderView> {
  const establishmentId = await storeId(request, SLUG);
  let addressId: string | null = null;
  if (opts.delivery) {
    addressId = await saveSantosAddress(request, token);
  }
  const res = await request.post(`/api/establishments/${establishmentId}/orders`, {
    headers: { ...bearer(token), 'Idempotent-Key': randomUUID() },
    data: {
      delivery_type: opts.delivery ? 'delivery' : 'pickup',
      payment_type: 'offline',
      platform: 'web',
      products: [{ id: await productId(request), qnt: 4, note: 'Bem assadinhos', variations: [] }],
      order_variations: await orderVariationPicks(request),
      note: opts.note ?? '',
      use_credits: false,
      coupon_id: null,
      achievement_id: null,
      scheduled_at: opts.scheduledAt ?? null,
      tax_receipt: true,
      tax_id: '529.982.247-25',
      payment_payback: 10000,
      payment_method_id: 'dinheiro',
      address_id: addressId,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as PlaceOrderAnswer).order;
}

/** `npm run orders -- <command> <n> --establishment mercado-sol-centro` against the e2e server. */
export function ordersCli(info: TestInfo, ...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/orders.ts', ...args, '--establishment', SLUG, '--url', info.project.use.baseURL!], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

export async function openOrder(page: Page, id: string) {
  const res = await page.goto(`/${SLUG}/pedido/${id}`);
  await expect(page.locator('[data-order-page][data-hydrated]')).toBeVisible();
  return res!;
}
