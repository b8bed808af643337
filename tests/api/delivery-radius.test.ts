// Where an establishment reaches, at the edge of its radius: the establishment list's intersect
// filter, the clock by position, the delivery fee, the saved addresses' delivery reading and POST
// orders all measure with src/domain/delivery-fee.ts (whole metres, the default radius of 5000 m
// included), so they agree on an address 5000.4 m away (reached) and 5000.6 m away (not reached).
// The establishment sits at a position with 7 decimals, which PostgreSQL's real columns would round
// by about 8 cm: every answer measures from the address's exact position on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import { closePgPool, placeOrder } from './helpers/orders.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { estId, productId } from './helpers/order-fixtures.ts';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import type { AddressView } from '../../src/schemas/api-geo.ts';

const SLUG = 'raio-centro';
const ID = estId(SLUG);
/** 7 decimals: as a PostgreSQL real its latitude reads back 7.8 cm farther south. */
const HERE: [number, number] = [-46.6333, -23.5500803];

/** A point `meters` due north of HERE: on one meridian the haversine distance is R x the latitude difference. */
function north(meters: number): [number, number] {
  return [HERE[0], HERE[1] + (meters / 6_371_008.8) * (180 / Math.PI)];
}

const RAIO: CatalogueInput = {
  company: { slug: 'raio', name: 'Raio' },
  establishment: {
    slug: SLUG,
    name: 'Raio Centro',
    // Open at any time, no hours: only the distance decides.
    is_open: 'open',
    phone: '11987650009',
    address: { street: 'Rua Direita', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: HERE },
    design: { theme: 'light', navbarcolor: '#b71c1c', primary: '#d32f2f', darkprimary: '#9a0007', primaryinverse: '#ffffff' },
    // No delivery_radius: the default 5000 m.
    preferences: {
      title: 'Raio',
      desc: '',
      delivery_type: ['delivery'],
      has_delivery_payment: true,
      delivery_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: false }],
    },
    office_hours: [],
  },
  categories: [{ _id: 'cardapio', name: 'Cardápio', products: [{ _id: 'agua', name: 'Água', price: 300 }] }],
};

forEachDatabase(
  'delivery radius at its edge',
  (getCtx) => {
    let ctx: TestContext;
    let session: Session;

    beforeAll(async () => {
      ctx = getCtx();
      session = (await registerUser(ctx, ID)).session;
    });
    afterAll(() => closePgPool(ctx.db));

    async function saveAddress(point: [number, number]): Promise<AddressView> {
      const res = await ctx.call('/api/users/me/addresses', {
        method: 'POST',
        headers: cookieHeaders(session),
        body: {
          street: 'Rua Norte',
          number: '5',
          complement: null,
          ref: 'Esquina',
          neighborhood: 'Luz',
          city: 'São Paulo',
          state: 'SP',
          lng: point[0],
          lat: point[1],
        },
      });
      expect(res.status).toBe(201);
      return (await res.json()) as AddressView;
    }

    /** What each answer says about one address: reached or not, and the distance it measured. */
    async function readings(address: AddressView) {
      const [lng, lat] = address.lng_lat;
      const listed = await (await ctx.call(`/api/establishments?intersect=true&lng_lat=${lng},${lat}`)).json();
      const fee = await ctx.call('/api/delivery_tax', { method: 'POST', body: { establishment_id: ID, lng, lat } });
      const saved = await (await ctx.call(`/api/users/me/addresses?establishment_id=${ID}`, { headers: cookieHeaders(session) })).json();
      const order = await placeOrder(ctx, session, {
        delivery_type: 'delivery',
        payment_type: 'offline',
        platform: 'web',
        products: [{ id: productId(SLUG, 'agua'), qnt: 1 }],
        payment_method_id: 'dinheiro',
        address_id: address._id,
      });
      const orderBody = await order.json();
      return {
        list: (listed as { _id: string }[]).some((e) => e._id === ID),
        deliveryTax: fee.status === 200 ? ((await fee.json()) as { distance: number }).distance : fee.status,
        savedAddress: (saved.addresses as (AddressView & { delivery: { ok: boolean; distance?: number } })[]).find((a) => a._id === address._id)!.delivery,
        order: order.status === 201 ? orderBody.order.totals.delivery_fee : `${order.status} ${orderBody.message}`,
      };
    }

    it('reaches an address 5000.4 m away in every answer, and the order is taken [R-9.11] [R-7.9] [R-7.38] [R-7.41]', async () => {
      const address = await saveAddress(north(5000.4));
      expect(await readings(address)).toEqual({ list: true, deliveryTax: 5000, savedAddress: { ok: true, price: 0, distance: 5000 }, order: 0 });
    });

    it('reaches an address 5000.45 m away from the exact position on both engines [R-9.11] [R-7.9]', async () => {
      // Measured from the real-rounded position this would be 5000.53 m, outside.
      const address = await saveAddress(north(5000.45));
      expect(await readings(address)).toEqual({ list: true, deliveryTax: 5000, savedAddress: { ok: true, price: 0, distance: 5000 }, order: 0 });
    });

    it('reaches no address just past the radius (5000.6 m), in any answer [R-9.11] [R-7.9] [R-7.38] [R-7.41]', async () => {
      const address = await saveAddress(north(5000.6));
      expect(await readings(address)).toEqual({ list: false, deliveryTax: 404, savedAddress: { ok: false }, order: '404 no_delivery_tax_found' });
    });

    describe('GET /datetime by position', () => {
      it('takes the zone of the establishment whose radius covers the point, by the same rule', async () => {
        await ctx.db.updateTable('establishments').set({ time_zone: 'America/Manaus' }).where('id', '=', ID).execute();
        const zone = async (point: [number, number]) => (await (await ctx.call(`/api/datetime?lng_lat=${point[0]},${point[1]}`)).json()).time_zone;
        expect(await zone(north(5000.4))).toBe('America/Manaus');
        expect(await zone(north(5000.6))).toBe('America/Sao_Paulo');
      });
    });
  },
  { setup: (ctx) => loadCatalogue(ctx.db, RAIO).then(() => undefined) },
);
