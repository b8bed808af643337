// What the live-updates specs share (live-updates.spec.ts on the end-to-end server,
// live-servers.spec.ts on two servers of their own): a greengrocer's catalogue, the cart, an order
// placed and moved through the API of a given server, and waiting for the page's socket.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { PlaceOrderAnswer } from '../../src/schemas/api-orders.ts';
import { API_HEADERS, openProductModal, shopCatalogue } from './helpers.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';

/** tests/e2e/server.ts's data folder. */
const dataDir = join(tmpdir(), `storefront-e2e-${Number(process.env.E2E_PORT ?? 4399)}`);

/** A greengrocer's catalogue (Banana Prata at `bananaPrice` centavos, Maçã Gala), open all day, paid in cash at pickup. */
export function groceryCatalogue(slug: string, bananaPrice: number) {
  const catalogue = shopCatalogue(slug, 'Quitanda Ao Vivo', { _id: 'frutas', name: 'Frutas' }, [
    { _id: 'banana', name: 'Banana Prata', desc: 'A dúzia.', price: bananaPrice },
    { _id: 'maca', name: 'Maçã Gala', desc: 'O quilo.', price: 990 },
  ]);
  const preferences = { ...catalogue.establishment.preferences, pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro' }] };
  return { ...catalogue, establishment: { ...catalogue.establishment, preferences } };
}

/** Waits until the page's live-updates socket is open (src/client/live.ts marks <html data-live>). */
export async function liveConnected(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 15_000 });
}

/** Adds one Banana Prata to the cart through its product modal. */
export async function addBanana(page: Page): Promise<void> {
  const modal = await openProductModal(page, 'Banana Prata');
  await modal.locator('[data-add-submit]').click();
  await expect(modal).toBeHidden();
  await expect(page.locator('[data-cart-badge]')).toHaveText('1');
}

/** Places a pickup order of two Banana Prata paid in cash through the server at `origin` ('' = the test's own); answers its id. */
export async function placeGroceryOrder(request: APIRequestContext, origin: string, establishmentId: string, token: string): Promise<string> {
  const products = await request.get(`${origin}/api/establishments/${establishmentId}/products?limit=10`, { headers: API_HEADERS });
  const banana = ((await products.json()) as { items: { _id: string; name: string }[] }).items.find((p) => p.name === 'Banana Prata')!;
  const res = await request.post(`${origin}/api/establishments/${establishmentId}/orders`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}`, 'Idempotent-Key': randomUUID() },
    data: { delivery_type: 'pickup', payment_type: 'offline', platform: 'web', products: [{ id: banana._id, qnt: 2 }], payment_method_id: 'dinheiro' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as PlaceOrderAnswer)._id;
}

/** Moves an order's status as the establishment (its API key) through the server at `origin`. */
export async function setOrderStatus(
  request: APIRequestContext,
  origin: string,
  establishmentId: string,
  orderId: string,
  status: string,
  apiKey: string,
): Promise<void> {
  const res = await request.put(`${origin}/api/establishments/${establishmentId}/orders/${orderId}/status`, {
    headers: { ...API_HEADERS, Authorization: `ApiKey ${apiKey}` },
    data: { status },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Keeps the page's live-updates socket down (each attempt is closed at once): the page falls back to polling. */
export async function withoutLiveUpdates(page: Page): Promise<void> {
  await page.routeWebSocket(/\/parties\//, (ws) => ws.close({ code: 1011, reason: 'unavailable' }));
}

const keys = new Map<string, string>();
/** An API key of the establishment `slug` on the end-to-end server, made once per slug and run. */
export async function apiKeyOf(slug: string): Promise<string> {
  const known = keys.get(slug);
  if (known) return known;
  const { db } = await openDatabase({ databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') });
  try {
    const est = await db.selectFrom('establishments').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    const key = await createEstablishmentKey(db, est.id, 'e2e live updates');
    keys.set(slug, key);
    return key;
  } finally {
    await db.destroy();
  }
}
