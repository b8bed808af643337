// A valid order payload for a demo establishment, built from what the API publishes (products,
// order variations, preferences), so the CLI test and the order benchmark need no knowledge of
// the seed: pickup, pay at pickup with the first offline method, plain products (no variations,
// no windows, no mandatory schedule) up to the minimum order, every required order variation.
import { API_HEADERS as HEADERS } from '../../../src/schemas/api-headers.ts';
import type { OrderBody } from '../../../src/schemas/api-orders.ts';
import type { EstablishmentAnswer, EstablishmentListItem, OrderVariationView, ProductsAnswer } from '../../../src/schemas/views.ts';

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: HEADERS });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function demoEstablishmentId(origin: string, slug: string): Promise<string> {
  const list = await getJson<EstablishmentListItem[]>(`${origin}/api/establishments?slug_area=${slug}`);
  if (!list[0]) throw new Error(`no establishment ${slug}`);
  return list[0]._id;
}

export async function demoOrderPayload(origin: string, establishmentId: string): Promise<OrderBody> {
  const est = await getJson<EstablishmentAnswer>(`${origin}/api/establishments/${establishmentId}?fields=preferences`);
  const prefs = est.preferences;
  const { items } = await getJson<ProductsAnswer>(`${origin}/api/establishments/${establishmentId}/products?limit=100&accept_pickup=true`);
  const plain = items.filter((p) => p.variations.length === 0 && p.availabilities.length === 0 && !p.mandatory_schedule && !p.hide_price && p.price > 0);
  if (plain.length < 2) throw new Error('not enough plain products');
  const groups = await getJson<OrderVariationView[]>(`${origin}/api/establishments/${establishmentId}/order-variations?active=true`);
  const [a, b] = plain as [(typeof plain)[number], (typeof plain)[number]];
  // Comfortably above the minimum after any pickup discount.
  const qnt = Math.min(999, Math.ceil((prefs.min_order + 2000) / a.price));
  return {
    delivery_type: 'pickup',
    payment_type: 'offline',
    platform: 'web',
    products: [
      { id: a._id, qnt, note: '', variations: [] },
      { id: b._id, qnt: 1, note: 'bem embalado', variations: [] },
    ],
    order_variations: groups.filter((g) => g.min > 0).map((g) => ({ _id: g._id, item_id: g.items[0]!._id, qnt: g.layout === 'check' ? 1 : g.min })),
    note: '',
    use_credits: false,
    coupon_id: null,
    achievement_id: null,
    scheduled_at: null,
    tax_receipt: false,
    tax_id: null,
    payment_payback: null,
    payment_method_id: prefs.pickup_payment_methods[0]!._id,
    address_id: null,
    payment_card: null,
    payment_card_details: null,
    table: null,
  };
}

/** Registers a new customer at the establishment; answers the session token (usable as a bearer). */
export async function registerDemoCustomer(origin: string, establishmentId: string, name = 'Cliente de Teste'): Promise<string> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const phone = `119${String(80000000 + Math.floor(Math.random() * 19000000))}`;
  const res = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { ...HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify({ establishment_id: establishmentId, name, email: `cliente.${tag}@example.com`, phone, password: 'segr3do' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const m = new RegExp(`sid_${establishmentId}=([^;]+)`).exec(res.headers.getSetCookie().join('\n'));
  if (!m) throw new Error('no session cookie');
  return decodeURIComponent(m[1]!);
}
