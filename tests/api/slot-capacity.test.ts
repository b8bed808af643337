// Kitchen capacity through the API, on SQLite and PostgreSQL (docs/api.md 'Kitchen capacity'): the
// caps set with the establishment's key or its owner's panel session and checked by their schema;
// orders taking their 15-minute slot (scheduled, or as soon as possible in the earliest slot the
// schedule offers), a full slot refused with 409 slot_full and the next free slot, nothing of a
// refused order written nor charged (cash, Pix, card); a cancellation giving its place back; the
// public full slots of a day, and each slot's load on the order screen. The clock is Friday
// 2025-01-03, 20:00 in São Paulo. The race of 20 customers for one place, on the real server, is
// tests/api/slot-capacity-concurrency.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, ordersPath, setStatus } from './helpers/orders.ts';
import { makeMember, staffHeaders, staffLogin } from './helpers/staff.ts';
import { NEAR, saveAddress } from './helpers/order-fixtures.ts';
import { cardPayload, encryptionKey, savedCard, sealedCvv, statementAmount, verifiedCustomer } from './helpers/cards.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { serverSealingKey } from '../../src/server/services/sealing-key.ts';
import { stableId } from '../../src/server/db/ids.ts';
import { seal } from '../../src/lib/sealed-box.ts';
import { orderPaymentSealContext } from '../../src/schemas/api-orders.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import type { OrderBoardAnswer } from '../../src/schemas/api-order-board.ts';
import { slotAt } from '../../src/domain/slot-capacity.ts';

const keyDir = mkdtempSync(join(tmpdir(), 'storefront-slot-capacity-'));
afterAll(() => rmSync(keyDir, { recursive: true, force: true }));
const sealingKey = serverSealingKey(keyDir, '');

const SLUG = 'cozinha-limitada';
const EST = stableId('establishment', SLUG);
const LASANHA = stableId('product', SLUG, 'lasanha');
const TZ = 'America/Sao_Paulo';
const TODAY = '2025-01-03';
const TOMORROW = '2025-01-04';
const LAST_DAY = '2025-01-05';

const CATALOGUE: CatalogueInput = {
  company: { slug: SLUG, name: 'Cozinha Limitada' },
  establishment: {
    slug: SLUG,
    name: 'Cozinha Limitada',
    phone: '11987650123',
    address: { street: 'Rua Direita', number: '40', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: [-46.6333, -23.5505] },
    design: { theme: 'light', navbarcolor: '#123456', primary: '#1565c0', darkprimary: '#0d47a1', primaryinverse: '#ffffff' },
    preferences: {
      title: 'Cozinha Limitada',
      desc: '',
      delivery_type: ['pickup', 'delivery'],
      delivery_radius: 3000,
      delivery_bands: [{ up_to_meters: 3000, price: 700 }],
      min_pickup_time: 15,
      max_pickup_time: 30,
      min_delivery_time: 30,
      max_delivery_time: 60,
      max_days_scheduling: 2,
      pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
      delivery_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
      has_online_payment: true,
      online_payment_methods: [{ _id: 'visa', name: 'Visa' }],
      has_pix_payment: true,
    },
    // Every day 11:00-23:00: on Friday at 20:00 the first pickup time is 20:15, the last 22:45.
    office_hours: [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 1100, stop_at: 2300 })),
  },
  categories: [{ _id: 'cardapio', name: 'Cardápio', products: [{ _id: 'lasanha', name: 'Lasanha', price: 4590 }] }],
};

/** A pickup order of one Lasanha paid in cash at the counter, at `date` `time` (as soon as possible when null). */
function pickup(date: string | null, time: string | null, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    delivery_type: 'pickup',
    payment_type: 'offline',
    platform: 'web',
    products: [{ id: LASANHA, qnt: 1, note: '', variations: [] }],
    payment_method_id: 'dinheiro',
    scheduled_at: date && time ? slotAt(date, time, TZ) : null,
    ...overrides,
  };
}

forEachDatabase(
  'kitchen capacity',
  (getCtx) => {
    let ctx: TestContext;
    let key = '';
    const put = (body: unknown, headers: Record<string, string> = apiKeyHeaders(key)) =>
      ctx.call(`/api/establishments/${EST}/slot-capacity`, { method: 'PUT', body, headers });
    const place = async (session: Session, body: unknown) => {
      const res = await ctx.call(ordersPath(EST), { method: 'POST', body, headers: { ...cookieHeaders(session), 'Idempotent-Key': randomUUID() } });
      return { status: res.status, body: await res.json() };
    };
    const customer = async () => (await registerUser(ctx, EST)).session;
    const fullSlots = async (date: string, type = 'pickup') => {
      const res = await ctx.call(`/api/establishments/${EST}/full-slots?date=${date}&delivery_type=${type}`);
      return { status: res.status, cache: res.headers.get('cache-control'), body: await res.json() };
    };
    const slotOrders = async (date: string, time: string) =>
      (
        await ctx.db
          .selectFrom('orders')
          .select('id')
          .where('establishment_id', '=', EST)
          .where('slot_at', '=', slotAt(date, time, TZ))
          .where('status', '!=', 'canceled')
          .execute()
      ).length;
    const counter = async (date: string, time: string, type = 'pickup') =>
      Number(
        (
          await ctx.db
            .selectFrom('slot_loads')
            .select('orders')
            .where('establishment_id', '=', EST)
            .where('delivery_type', '=', type)
            .where('slot_at', '=', slotAt(date, time, TZ))
            .executeTakeFirst()
        )?.orders ?? 0,
      );

    beforeAll(async () => {
      ctx = getCtx();
      await loadCatalogue(ctx.db, CATALOGUE);
      key = await createEstablishmentKey(ctx.db, EST, 'test');
    });

    describe('the caps', () => {
      it('are set per delivery type with the key, a type left out keeping its cap and null freeing one; the pages are rendered again', async () => {
        let res = await put({ pickup: 2, delivery: 3 });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ slot_capacity: { delivery: 3, pickup: 2, local: null }, pages: 4 });
        const est = await (await ctx.call(`/api/establishments/${EST}`)).json();
        expect(est.preferences.slot_capacity).toEqual({ delivery: 3, pickup: 2 });

        res = await put({ delivery: null });
        expect(await res.json()).toMatchObject({ slot_capacity: { delivery: null, pickup: 2, local: null } });
        expect((await (await ctx.call(`/api/establishments/${EST}`)).json()).preferences.slot_capacity).toEqual({ pickup: 2 });
      });

      it('are refused by their schema when not a whole number from 1 to 999 or null, and when nothing is given, writing nothing', async () => {
        for (const body of [{ pickup: 0 }, { pickup: 1000 }, { pickup: 2.5 }, { pickup: '2' }, { pickup: -1 }, { balcao: 2 }, {}]) {
          const res = await put(body);
          expect(res.status, JSON.stringify(body)).toBe(400);
          expect((await res.json()).message).toBe('invalid_body');
        }
        expect((await (await ctx.call(`/api/establishments/${EST}`)).json()).preferences.slot_capacity).toEqual({ pickup: 2 });
      });

      it("are the owner's to change in the panel, not the staff's nor a customer's", async () => {
        const owner = await makeMember(ctx, EST, 'owner');
        const staff = await makeMember(ctx, EST, 'staff');
        const asOwner = await put({ local: 4 }, staffHeaders(await staffLogin(ctx, EST, owner.email)));
        expect(asOwner.status).toBe(200);
        expect((await asOwner.json()).slot_capacity).toEqual({ delivery: null, pickup: 2, local: 4 });
        const asStaff = await put({ local: null }, staffHeaders(await staffLogin(ctx, EST, staff.email)));
        expect([asStaff.status, (await asStaff.json()).message]).toEqual([403, 'staff_not_allowed']);
        const asCustomer = await put({ local: null }, cookieHeaders(await customer()));
        expect([asCustomer.status, (await asCustomer.json()).message]).toEqual([403, 'establishment_key_required']);
        expect((await put({ local: null }, {})).status).toBe(401);
        expect((await put({ local: null })).status).toBe(200);
      });
    });

    describe('orders in a capped slot (pickup: 2 a slot)', () => {
      it('a scheduled slot takes two orders; the third is refused 409 slot_full with the next free slot, and nothing of it is written', async () => {
        const [ana, bia, caio] = await Promise.all([customer(), customer(), customer()]);
        const first = await place(ana, pickup(TODAY, '21:00'));
        expect([first.status, first.body.order.slot_at]).toEqual([201, slotAt(TODAY, '21:00', TZ)]);
        expect((await place(bia, pickup(TODAY, '21:00'))).status).toBe(201);
        const refused = await place(caio, pickup(TODAY, '21:00'));
        expect(refused).toEqual({
          status: 409,
          body: { message: 'slot_full', params: { next_date: TODAY, next_time: '21:15', next_at: slotAt(TODAY, '21:15', TZ) } },
        });
        expect(await slotOrders(TODAY, '21:00')).toBe(2);
        expect(await counter(TODAY, '21:00')).toBe(2);
        // The other type is not capped; the next slot takes the order.
        expect((await place(caio, pickup(TODAY, '21:15'))).status).toBe(201);
      });

      it("the day's full slots are public times only, kept by a cache a few seconds; a type without a cap has none", async () => {
        const full = await fullSlots(TODAY);
        expect(full).toEqual({
          status: 200,
          cache: 'public, max-age=10',
          body: { date: TODAY, delivery_type: 'pickup', capacity: 2, full: ['21:00'] },
        });
        expect((await fullSlots(TODAY, 'delivery')).body).toEqual({ date: TODAY, delivery_type: 'delivery', capacity: null, full: [] });
        expect((await fullSlots(TOMORROW)).body.full).toEqual([]);
        expect((await fullSlots('2025-13-01')).status).toBe(400);
        expect((await fullSlots(TODAY, 'drone')).status).toBe(400);
        expect((await ctx.call(`/api/establishments/${stableId('establishment', 'nenhuma')}/full-slots?date=${TODAY}&delivery_type=pickup`)).status).toBe(404);
      });

      it('a cancelled order gives its place back at once, and a new order takes it', async () => {
        const [dani, edu] = await Promise.all([customer(), customer()]);
        const first = await place(dani, pickup(TODAY, '21:30'));
        await place(dani, pickup(TODAY, '21:30'));
        expect((await place(edu, pickup(TODAY, '21:30'))).body.message).toBe('slot_full');
        const cancelled = await setStatus(
          ctx,
          EST,
          first.body._id,
          { status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Mudei de ideia' },
          cookieHeaders(dani),
        );
        expect(cancelled.status).toBe(200);
        expect(await counter(TODAY, '21:30')).toBe(1);
        expect((await fullSlots(TODAY)).body.full).toEqual(['21:00']);
        expect((await place(edu, pickup(TODAY, '21:30'))).status).toBe(201);
        expect([await slotOrders(TODAY, '21:30'), await counter(TODAY, '21:30')]).toEqual([2, 2]);
        // Cancelling by the establishment gives it back too.
        const kept = await ctx.db
          .selectFrom('orders')
          .select('id')
          .where('slot_at', '=', slotAt(TODAY, '21:30', TZ))
          .where('status', '!=', 'canceled')
          .execute();
        expect((await setStatus(ctx, EST, kept[0]!.id, { status: 'canceled' }, apiKeyHeaders(key))).status).toBe(200);
        expect([await slotOrders(TODAY, '21:30'), await counter(TODAY, '21:30')]).toEqual([1, 1]);
      });

      it('an order as soon as possible takes the earliest slot the schedule offers (20:15 at 20:00 with 15 min to prepare), and competes with the orders scheduled there', async () => {
        const [fabio, gil, hugo] = await Promise.all([customer(), customer(), customer()]);
        const asapOrder = await place(fabio, pickup(null, null));
        expect([asapOrder.status, asapOrder.body.order.slot_at]).toEqual([201, slotAt(TODAY, '20:15', TZ)]);
        expect((await place(gil, pickup(TODAY, '20:15'))).status).toBe(201);
        expect(await slotOrders(TODAY, '20:15')).toBe(2);
        const asap = await place(hugo, pickup(null, null));
        expect(asap).toMatchObject({ status: 409, body: { message: 'slot_full', params: { next_date: TODAY, next_time: '20:30' } } });
        expect((await place(hugo, pickup(TODAY, '20:15'))).body.message).toBe('slot_full');
        // A minute later the earliest slot is 20:30, which has room.
        ctx.setNow('2025-01-03T23:01:00Z');
        try {
          expect((await place(hugo, pickup(null, null))).status).toBe(201);
          expect(await slotOrders(TODAY, '20:30')).toBe(1);
        } finally {
          ctx.setNow('2025-01-03T23:00:00Z');
        }
      });

      it("with every slot left full, the refusal offers no slot; after today's last full slots, the next day's first", async () => {
        const people = await Promise.all(Array.from({ length: 3 }, () => customer()));
        await place(people[0]!, pickup(LAST_DAY, '22:45'));
        await place(people[1]!, pickup(LAST_DAY, '22:45'));
        expect(await place(people[2]!, pickup(LAST_DAY, '22:45'))).toEqual({ status: 409, body: { message: 'slot_full' } });
        // The next free slot skips the full ones, to the next day when today's are full.
        for (const time of ['22:00', '22:15', '22:30', '22:45']) {
          await place(people[0]!, pickup(TODAY, time));
          await place(people[1]!, pickup(TODAY, time));
        }
        expect((await place(people[2]!, pickup(TODAY, '22:00'))).body.params).toEqual({
          next_date: TOMORROW,
          next_time: '11:15',
          next_at: slotAt(TOMORROW, '11:15', TZ),
        });
      });

      it('a Pix order in a full slot is refused before it is written: no order, no charge to pay', async () => {
        const pix = await registerUser(ctx, EST);
        const refused = await place(pix.session, pickup(TODAY, '21:00', { payment_type: 'pix', payment_method_id: null }));
        expect(refused).toMatchObject({ status: 409, body: { message: 'slot_full', params: { next_time: '21:15' } } });
        expect(await ctx.db.selectFrom('orders').select('id').where('user_id', '=', pix.user._id).execute()).toEqual([]);
        const placed = await place(pix.session, pickup(TODAY, '21:45', { payment_type: 'pix', payment_method_id: null }));
        expect(placed.status).toBe(201);
        expect(placed.body.order.payment).toMatchObject({ status: 'awaiting' });
      });

      it('a card order in a full slot is refused before the card is charged', async () => {
        const buyer = await verifiedCustomer(ctx, EST);
        const card = await savedCard(ctx, buyer.session, buyer.user._id, cardPayload());
        const headers = cookieHeaders(buyer.session);
        const started = await ctx.call('/api/cards/purchase-verification', {
          method: 'POST',
          body: { card: { _id: card._id, security_code: await sealedCvv(ctx, buyer.user._id, '123') } },
          headers,
        });
        expect(started.status).toBe(201);
        const amount = await statementAmount(ctx, card.last4);
        const verified = (await (await ctx.call(`/api/cards/verification/${card._id}`, { method: 'PUT', body: { amount }, headers })).json()) as CardView;
        const paying = async () => ({
          token_id: verified._id,
          security_code: seal('123', await encryptionKey(ctx), orderPaymentSealContext(buyer.user._id)),
        });
        const refused = await place(buyer.session, pickup(TODAY, '21:00', { payment_type: 'online', payment_method_id: null, payment_card: await paying() }));
        expect(refused).toMatchObject({ status: 409, body: { message: 'slot_full', params: { next_time: '21:15' } } });
        expect(await ctx.db.selectFrom('order_payments').select('id').where('user_id', '=', buyer.user._id).execute()).toEqual([]);
        expect(await ctx.db.selectFrom('orders').select('id').where('user_id', '=', buyer.user._id).execute()).toEqual([]);
        const paid = await place(buyer.session, pickup(TODAY, '22:45', { payment_type: 'online', payment_method_id: null, payment_card: await paying() }));
        // 22:45 was filled by the test before: the refusal comes before the charge there too.
        expect(paid.body.message).toBe('slot_full');
        const free = await place(buyer.session, pickup(TOMORROW, '12:00', { payment_type: 'online', payment_method_id: null, payment_card: await paying() }));
        expect(free.status, JSON.stringify(free.body)).toBe(201);
        expect(free.body.order.payment).toMatchObject({ status: 'paid' });
      });
    });

    it("the order screen shows each slot's load of the day against its cap; cancelled orders do not count", async () => {
      const res = await ctx.call(`/api/establishments/${EST}/order-board`, { headers: apiKeyHeaders(key) });
      expect(res.status).toBe(200);
      const board = (await res.json()) as OrderBoardAnswer;
      expect(board.slot_capacity).toEqual({ delivery: null, pickup: 2, local: null });
      const load = (time: string) => board.slots.filter((s) => s.time === time).map((s) => [s.delivery_type, s.orders, s.capacity, s.full]);
      expect(load('20:15')).toEqual([['pickup', 2, 2, true]]);
      expect(load('20:30')).toEqual([['pickup', 1, 2, false]]);
      expect(load('21:00')).toEqual([['pickup', 2, 2, true]]);
      expect(load('21:30')).toEqual([['pickup', 1, 2, false]]);
      expect(load('21:45')).toEqual([['pickup', 1, 2, false]]);
      // Only the board's day: tomorrow's orders are tomorrow's load.
      expect(board.slots.every((s) => s.at >= slotAt(TODAY, '00:00', TZ) && s.at < slotAt(TOMORROW, '00:00', TZ))).toBe(true);
      const tomorrow = (await (
        await ctx.call(`/api/establishments/${EST}/order-board?day=${TOMORROW}`, { headers: apiKeyHeaders(key) })
      ).json()) as OrderBoardAnswer;
      expect(tomorrow.slots.map((s) => [s.time, s.orders])).toEqual([['12:00', 1]]);
    });

    it('a cap set later counts the orders already in the slot, and so does a slot first counted after its orders were placed', async () => {
      // Delivery is not capped: three orders in one slot, then a cap of 3.
      const addressed = await registerUser(ctx, EST);
      const addressId = await saveAddress(ctx.db, addressed.user._id, NEAR);
      const delivery = (time: string) => pickup(TOMORROW, time, { delivery_type: 'delivery', address_id: addressId });
      for (let i = 0; i < 3; i++) expect((await place(addressed.session, delivery('19:00'))).status).toBe(201);
      expect((await put({ delivery: 3 })).status).toBe(200);
      expect((await fullSlots(TOMORROW, 'delivery')).body.full).toEqual(['19:00']);
      expect((await place(addressed.session, delivery('19:00'))).body).toMatchObject({ message: 'slot_full', params: { next_time: '19:15' } });
      expect(await counter(TOMORROW, '19:00', 'delivery')).toBe(3);
      // Orders kept from before slots were counted (the migration gives them their slot, no row):
      // the slot's row is made from them when it is first used.
      const kept: string[] = [];
      for (let i = 0; i < 3; i++) kept.push((await place(addressed.session, delivery('19:30'))).body._id);
      await ctx.db
        .deleteFrom('slot_loads')
        .where('slot_at', '=', slotAt(TOMORROW, '19:30', TZ))
        .execute();
      expect((await place(addressed.session, delivery('19:30'))).body.message).toBe('slot_full');
      // A cancellation makes the row from the three, then gives one place back; a new order takes it.
      expect((await setStatus(ctx, EST, kept[0]!, { status: 'canceled' }, apiKeyHeaders(key))).status).toBe(200);
      expect(await counter(TOMORROW, '19:30', 'delivery')).toBe(2);
      expect((await place(addressed.session, delivery('19:30'))).status).toBe(201);
      expect((await place(addressed.session, delivery('19:30'))).body.message).toBe('slot_full');
      expect([await slotOrders(TOMORROW, '19:30'), await counter(TOMORROW, '19:30', 'delivery')]).toEqual([3, 3]);
    });
  },
  { deps: { sealingKey, rerender: async () => ({ pages: 4 }) } },
);
