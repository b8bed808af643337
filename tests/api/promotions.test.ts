// Coupons, achievements, credits and referral on the server (docs/api.md 'Coupons',
// 'Achievements', 'Credits', 'Referral'): what a customer and an establishment observe through the
// API, on SQLite and PostgreSQL. The concurrency of the limits is proven against a real server
// process in promotions-concurrency.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { cookieHeaders, registerUser, sessionToken, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, closePgPool, ordersPath, placeOk, placeOrder, setStatus } from './helpers/orders.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { saveAddress } from './helpers/order-fixtures.ts';
import { stableId } from '../../src/server/db/ids.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { replaceCatalogue } from '../../src/server/db/catalogue-repo.ts';
import { validateCatalogueFile } from '../../scripts/lib/validate-catalogue.ts';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import type { AchievementView, CouponView, CreditEntriesAnswer, ReferralAnswer } from '../../src/schemas/api-promotions.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';

const SLUG = 'loja-promo';
const SHOP = stableId('establishment', SLUG);
const OTHER = stableId('establishment', 'loja-promo-sem');
const product = (key: string) => stableId('product', SLUG, key);
const couponId = (key: string) => stableId('coupon', SLUG, key);
const achievementId = (key: string) => stableId('achievement', SLUG, key);
const HERE: [number, number] = [-46.6333, -23.5505];
/** About 510 m east: the R$ 7,00 band. */
const NEAR: [number, number] = [-46.6283, -23.5505];

const design = { theme: 'light', navbarcolor: '#123456', primary: '#2e7d32', darkprimary: '#1b5e20', primaryinverse: '#ffffff' } as const;

function catalogue(overrides: { coupons?: CatalogueInput['coupons']; achievements?: CatalogueInput['achievements'] } = {}): CatalogueInput {
  return {
    company: { slug: 'promo', name: 'Promo', domains: ['promo.example'] },
    establishment: {
      slug: SLUG,
      name: 'Loja Promo',
      is_open: 'open',
      phone: '11987650020',
      has_free_delivery_tax_after_product_price: true,
      address: { street: 'Rua Direita', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: HERE },
      design,
      preferences: {
        title: 'Loja Promo',
        desc: '',
        delivery_type: ['delivery', 'pickup'],
        delivery_radius: 3000,
        delivery_bands: [{ up_to_meters: 3000, price: 700 }],
        delivery_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
        pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
        has_pix_payment: true,
        free_delivery_tax_after_product_price: 30000,
        use_discount_coupon: true,
        use_gamification: true,
        referral_credit: 1000,
      },
      office_hours: [],
    },
    categories: [
      {
        _id: 'tudo',
        name: 'Tudo',
        products: [
          { _id: 'pao', name: 'Pão', price: 1000 },
          { _id: 'queijo', name: 'Queijo', price: 2000, normal_price: 2500, promo: true },
          { _id: 'vinho', name: 'Vinho', price: 5000 },
        ],
      },
    ],
    coupons: overrides.coupons ?? [
      { _id: 'c10', code: 'Dez Off', discount_type: 'percentage', value: 10, min_total_products: 2000, description: '10% a partir de R$ 20' },
      { _id: 'fixo', code: 'FIXO5', discount_type: 'fixed', value: 500, max_total_products: 20000, uses_per_customer: 5 },
      { _id: 'uma', code: 'UMA', discount_type: 'fixed', value: 300, total_uses: 1 },
      { _id: 'old', code: 'VELHO', discount_type: 'fixed', value: 300, ends_at: '2020-12-31' },
      { _id: 'futuro', code: 'FUTURO', discount_type: 'fixed', value: 300, starts_at: '2099-01-01' },
      { _id: 'off', code: 'DESLIGADO', discount_type: 'fixed', value: 300, active: false },
    ],
    achievements: overrides.achievements ?? [
      {
        _id: 'primeira',
        name: 'Primeira compra',
        goal_type: 'orders_count',
        goal_value: 1,
        reward_type: 'free_delivery',
        reward_description: 'Entrega grátis',
      },
      { _id: 'gastou', name: 'Gastou 100', goal_type: 'spend_value', goal_value: 10000, reward_type: 'percentage', reward_value: 20 },
      { _id: 'pix', name: 'Pix 50', goal_type: 'spend_value_with_pix', goal_value: 5000, reward_type: 'fixed', reward_value: 700 },
      { _id: 'retira', name: 'Retira 2', goal_type: 'pickup_orders_count', goal_value: 2, reward_type: 'fixed', reward_value: 500 },
    ],
  };
}

/** The same company's second establishment: no coupons, no gamification, no referral programme. */
const withoutPromotions: CatalogueInput = {
  ...catalogue({ coupons: [], achievements: [] }),
  establishment: {
    ...catalogue().establishment,
    slug: 'loja-promo-sem',
    name: 'Loja sem promoções',
    phone: '11987650021',
    preferences: { ...catalogue().establishment.preferences, use_discount_coupon: false, use_gamification: false, referral_credit: 0 },
  },
};

const line = (key: string, qnt = 1) => ({ id: product(key), qnt, note: '', variations: [] });

function pickup(products = [line('pao', 3)], overrides: Record<string, unknown> = {}) {
  return {
    delivery_type: 'pickup',
    payment_type: 'offline',
    platform: 'web',
    products,
    order_variations: [],
    note: '',
    use_credits: false,
    coupon_id: null,
    achievement_id: null,
    scheduled_at: null,
    tax_receipt: false,
    tax_id: null,
    payment_payback: null,
    payment_method_id: 'dinheiro',
    address_id: null,
    ...overrides,
  };
}

const delivery = (addressId: string, products = [line('pao', 3)], overrides: Record<string, unknown> = {}) =>
  pickup(products, { delivery_type: 'delivery', address_id: addressId, ...overrides });

forEachDatabase(
  'promotions',
  (getCtx) => {
    let ctx: TestContext;
    let key: string;
    let keyOther: string;

    beforeAll(async () => {
      ctx = getCtx();
      key = await createEstablishmentKey(ctx.db, SHOP, 'test');
      keyOther = await createEstablishmentKey(ctx.db, OTHER, 'test');
    });
    afterAll(() => closePgPool(ctx.db));

    /** A new customer of the company with a delivery address near the shop. */
    async function customer(overrides: { referral_code?: string; name?: string } = {}) {
      const r = await registerUser(ctx, SHOP, overrides);
      const address = await saveAddress(ctx.db, r.user._id, NEAR);
      return { session: r.session, id: r.user._id, email: r.data.email, phone: r.data.phone, address };
    }

    const get = (path: string, session?: Session) => ctx.call(path, { headers: session ? cookieHeaders(session) : {} });
    const check = (session: Session | null, code: string, establishment = SHOP, extra: Record<string, unknown> = {}) =>
      ctx.call(`/api/establishments/${establishment}/coupons/check`, {
        method: 'POST',
        body: { code, ...extra },
        headers: session ? cookieHeaders(session) : {},
      });
    const refusal = async (res: Response) => [res.status, ((await res.json()) as { message: string }).message];
    const complete = async (orderId: string, establishment = SHOP, apiKey = key) => {
      for (const status of ['confirmed', 'complete'])
        expect((await setStatus(ctx, establishment, orderId, { status }, apiKeyHeaders(apiKey))).status).toBe(200);
    };
    const cancel = async (session: Session, orderId: string) =>
      expect(
        (
          await ctx.call(`${ordersPath(SHOP)}/${orderId}/status`, {
            method: 'PUT',
            body: { status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Mudei de ideia' },
            headers: cookieHeaders(session),
          })
        ).status,
      ).toBe(200);
    const grant = (user: string, amount: number, reason = 'Cortesia', apiKey = key) =>
      ctx.call(`/api/establishments/${SHOP}/credits`, { method: 'POST', body: { user, amount, reason }, headers: apiKeyHeaders(apiKey) });
    const ledger = async (session: Session) => (await (await get('/api/users/me/credits/entries', session)).json()) as CreditEntriesAnswer;
    const achievements = async (session?: Session, establishment = SHOP) =>
      ((await (await get(`/api/establishments/${establishment}/achievements`, session)).json()) as { achievements: AchievementView[] }).achievements;

    describe('checking a coupon', () => {
      it('answers the coupon for its code typed with any spacing or case, by POST and by GET [R-7.33] [R-7.34] [R-3.38]', async () => {
        const c = await customer();
        const res = await check(c.session, ' dez off ');
        expect(res.status).toBe(200);
        const coupon = (await res.json()) as CouponView;
        expect(coupon).toEqual({
          _id: couponId('c10'),
          code: 'DEZOFF',
          discount_type: 'percentage',
          value: 10,
          min_total_products: 2000,
          max_total_products: 0,
          description: '10% a partir de R$ 20',
          starts_at: null,
          ends_at: null,
          active: true,
          uses_left: null,
          uses_left_for_customer: 1,
        });
        const viaGet = await ctx.call(`/api/establishments/${SHOP}/coupons/check?code=dezoff&user=${c.id}&establishment=${SHOP}`, {
          headers: cookieHeaders(c.session),
        });
        expect([viaGet.status, ((await viaGet.json()) as CouponView)._id]).toEqual([200, couponId('c10')]);
        // Another customer's id is not the session's.
        expect(await refusal(await check(c.session, 'DEZOFF', SHOP, { user: 'someone-else' }))).toEqual([403, 'forbidden']);
        // A visitor has no uses to count.
        expect((await check(null, 'DEZOFF')).status).toBe(401);
      });

      it('refuses an unknown code (404) and one switched off, out of its window, sold out or used up by the customer (403)', async () => {
        const c = await customer();
        expect(await refusal(await check(c.session, 'NAOEXISTE'))).toEqual([404, 'coupon_not_found']);
        expect(await refusal(await check(c.session, 'desligado'))).toEqual([403, 'coupon_inactive']);
        expect(await refusal(await check(c.session, 'VELHO'))).toEqual([403, 'coupon_expired']);
        expect(await refusal(await check(c.session, 'FUTURO'))).toEqual([403, 'coupon_expired']);
        // UMA has one use in all: another customer takes it with an order.
        const first = await customer();
        expect((await check(first.session, 'UMA')).status).toBe(200);
        const used = await placeOk(ctx, first.session, delivery(first.address, [line('pao', 3)], { coupon_id: couponId('uma') }));
        expect(used.order.promotion).toEqual({ kind: 'coupon', _id: couponId('uma'), code: 'UMA', discount: 300 });
        expect(await refusal(await check(c.session, 'UMA'))).toEqual([403, 'coupon_sold_out']);
        // DEZOFF has one use per customer.
        await placeOk(ctx, c.session, delivery(c.address, [line('pao', 3)], { coupon_id: couponId('c10') }));
        expect(await refusal(await check(c.session, 'DEZOFF'))).toEqual([403, 'coupon_used']);
      });

      it('is refused where the establishment takes no coupons', async () => {
        const c = await customer();
        // The same account at the company's other establishment (a bearer token serves any of them).
        const res = await ctx.call(`/api/establishments/${OTHER}/coupons/check`, {
          method: 'POST',
          body: { code: 'DEZOFF' },
          headers: { Authorization: `Bearer ${c.session.token}` },
        });
        expect(await refusal(res)).toEqual([403, 'coupons_disabled']);
      });
    });

    describe("the establishment's coupons", () => {
      it('lists them with their uses left and switches one off and on, with its API key only [R-7.35]', async () => {
        const list = await ctx.call(`/api/establishments/${SHOP}/coupons`, { headers: apiKeyHeaders(key) });
        const coupons = ((await list.json()) as { coupons: CouponView[] }).coupons;
        expect(coupons.map((c) => c.code)).toEqual(['DEZOFF', 'FIXO5', 'UMA', 'VELHO', 'FUTURO', 'DESLIGADO']);
        const c = await customer();
        const put = (body: unknown, headers = apiKeyHeaders(key), id = couponId('fixo')) =>
          ctx.call(`/api/establishments/${SHOP}/coupons/${id}`, { method: 'PUT', body, headers });
        const off = await put({ active: false });
        expect([off.status, ((await off.json()) as CouponView).active]).toEqual([200, false]);
        expect(await refusal(await check(c.session, 'FIXO5'))).toEqual([403, 'coupon_inactive']);
        const changed = (await (await put({ active: true, total_uses: 40, ends_at: '2030-06-30' })).json()) as CouponView;
        expect(changed).toMatchObject({ active: true, uses_left: 40, ends_at: '2030-07-01T03:00:00Z' });
        expect((await check(c.session, 'FIXO5')).status).toBe(200);
        // A customer's session, another establishment's key, an unknown coupon, a date that is none.
        expect((await put({ active: false }, cookieHeaders(c.session))).status).toBe(403);
        expect((await put({ active: false }, apiKeyHeaders(keyOther))).status).toBe(401);
        expect(await refusal(await put({ active: false }, apiKeyHeaders(key), 'nope'))).toEqual([404, 'coupon_not_found']);
        expect((await put({ ends_at: '30/06/2030' })).status).toBe(400);
        expect((await ctx.call(`/api/establishments/${SHOP}/coupons`, { headers: cookieHeaders(c.session) })).status).toBe(403);
      });
    });

    describe('a coupon on an order', () => {
      it('takes a percentage off the products not already on promotion [R-9.27], re-priced by the server', async () => {
        const c = await customer();
        // Pão 3 x 10,00 + Queijo (promo) 20,00 + fee 7,00: 10% of 30,00 only.
        const { order } = await placeOk(ctx, c.session, delivery(c.address, [line('pao', 3), line('queijo')], { coupon_id: couponId('c10') }));
        expect(order.totals).toMatchObject({ subtotal: 5000, delivery_fee: 700, discount: 300, total: 5400 });
        expect(order.promotion).toEqual({ kind: 'coupon', _id: couponId('c10'), code: 'DEZOFF', discount: 300 });
      });

      it('subtracts a fixed value [R-9.26], counts the use, and gives it back when the order is cancelled', async () => {
        const c = await customer();
        const { order } = await placeOk(ctx, c.session, delivery(c.address, [line('vinho')], { coupon_id: couponId('fixo') }));
        expect(order.totals).toMatchObject({ subtotal: 5000, discount: 500, total: 5200 });
        const left = async () => ((await (await check(c.session, 'FIXO5')).json()) as CouponView).uses_left_for_customer;
        expect(await left()).toBe(4);
        await cancel(c.session, order._id);
        expect(await left()).toBe(5);
      });

      it('refuses a coupon for pickup, before an address, on free delivery, on a cart of promotions only, and outside its bounds (decisions #1-#3)', async () => {
        const c = await customer();
        const refused = async (body: unknown) => refusal(await placeOrder(ctx, c.session, body));
        const coupon = { coupon_id: couponId('c10') };
        expect(await refused(pickup([line('pao', 3)], coupon))).toEqual([422, 'promotion_needs_delivery']);
        // Products of R$ 300,00 reach the free-delivery threshold: no fee left to need a coupon's delivery.
        expect(await refused(delivery(c.address, [line('vinho', 6)], coupon))).toEqual([422, 'promotion_free_delivery']);
        expect(await refused(delivery(c.address, [line('queijo', 2)], coupon))).toEqual([422, 'promotion_all_discounted']);
        expect(await refused(delivery(c.address, [line('pao')], coupon))).toEqual([422, 'coupon_min_total']);
        const tooMuch = await placeOrder(ctx, c.session, delivery(c.address, [line('vinho', 5)], { coupon_id: couponId('fixo') }));
        expect([tooMuch.status, await tooMuch.json()]).toEqual([422, { message: 'coupon_max_total', params: { max: 20000 } }]);
        // A delivery without an address is refused by the submit checks first (address_missing).
        expect(await refused(delivery(null as unknown as string, [line('pao', 3)], coupon))).toEqual([422, 'address_missing']);
      });

      it('refuses a coupon and an achievement on one order [R-1.11], and an unknown coupon', async () => {
        const c = await customer();
        expect(
          await refusal(
            await placeOrder(ctx, c.session, delivery(c.address, undefined, { coupon_id: couponId('c10'), achievement_id: achievementId('primeira') })),
          ),
        ).toEqual([422, 'coupon_and_achievement']);
        expect(await refusal(await placeOrder(ctx, c.session, delivery(c.address, undefined, { coupon_id: 'abc' })))).toEqual([404, 'coupon_not_found']);
      });
    });

    describe('achievements', () => {
      it('answers every achievement with nothing reached to a visitor, and none where gamification is off [R-7.36] [R-3.41]', async () => {
        const list = await achievements();
        expect(list.map((a) => a.name)).toEqual(['Primeira compra', 'Gastou 100', 'Pix 50', 'Retira 2']);
        expect(list[0]).toEqual({
          _id: achievementId('primeira'),
          name: 'Primeira compra',
          goal_description: '',
          goal_type: 'orders_count',
          goal_value: 1,
          reached: 0,
          reward_type: 'free_delivery',
          reward_value: 0,
          reward_description: 'Entrega grátis',
          is_used: false,
        });
        expect(await achievements(undefined, OTHER)).toEqual([]);
      });

      it("counts the customer's completed orders here, by goal type; orders not completed count nothing [R-3.42]", async () => {
        const c = await customer();
        const a = await placeOk(ctx, c.session, pickup([line('vinho')]));
        const b = await placeOk(ctx, c.session, pickup([line('pao', 2)]));
        await placeOk(ctx, c.session, pickup([line('vinho', 2)])); // never completed
        const pix = await placeOk(ctx, c.session, pickup([line('vinho')], { payment_type: 'pix', payment_method_id: null }));
        const reached = async () => Object.fromEntries((await achievements(c.session)).map((x) => [x.name, x.reached]));
        expect(await reached()).toEqual({ 'Primeira compra': 0, 'Gastou 100': 0, 'Pix 50': 0, 'Retira 2': 0 });
        await complete(a.order._id);
        await complete(b.order._id);
        expect(await reached()).toEqual({ 'Primeira compra': 2, 'Gastou 100': 7000, 'Pix 50': 0, 'Retira 2': 2 });
        // The Pix order is completed once its Pix is paid; until then the establishment cannot confirm it.
        expect((await setStatus(ctx, SHOP, pix.order._id, { status: 'confirmed' }, apiKeyHeaders(key))).status).toBe(409);
      });

      it('prices an unlocked free-delivery reward as the delivery fee, uses it once, and gives it back when the order is cancelled [R-5.60]', async () => {
        const c = await customer();
        const refused = async (body: unknown) => refusal(await placeOrder(ctx, c.session, body));
        const prize = { achievement_id: achievementId('primeira') };
        // Locked: no completed order yet.
        expect(await refused(delivery(c.address, undefined, prize))).toEqual([403, 'can_not_use_achievement']);
        await complete((await placeOk(ctx, c.session, pickup())).order._id);
        const { order } = await placeOk(ctx, c.session, delivery(c.address, [line('pao', 3)], prize));
        expect(order.totals).toMatchObject({ subtotal: 3000, delivery_fee: 700, discount: 700, total: 3000 });
        expect(order.promotion).toEqual({ kind: 'achievement', _id: achievementId('primeira'), name: 'Primeira compra', discount: 700 });
        expect((await achievements(c.session)).find((a) => a.name === 'Primeira compra')?.is_used).toBe(true);
        expect(await refused(delivery(c.address, undefined, prize))).toEqual([403, 'can_not_use_achievement']);
        await cancel(c.session, order._id);
        expect((await achievements(c.session)).find((a) => a.name === 'Primeira compra')?.is_used).toBe(false);
        // A free-delivery prize needs delivery with a fee; an unknown achievement is no usable one.
        expect(await refused(pickup(undefined, prize))).toEqual([422, 'promotion_needs_delivery']);
        expect(await refused(delivery(c.address, undefined, { achievement_id: 'x' }))).toEqual([403, 'can_not_use_achievement']);
      });

      it('prices a percentage reward on the products not on promotion, like a coupon', async () => {
        const c = await customer();
        await complete((await placeOk(ctx, c.session, pickup([line('vinho', 2)]))).order._id);
        const { order } = await placeOk(ctx, c.session, delivery(c.address, [line('pao', 2), line('queijo')], { achievement_id: achievementId('gastou') }));
        expect(order.totals).toMatchObject({ subtotal: 4000, discount: 400, total: 4300 });
      });
    });

    describe('credits', () => {
      it('are granted and removed by the establishment for a customer found by e-mail, phone or id, never below zero [R-7.37]', async () => {
        const c = await customer();
        const balance = async () => ((await (await get('/api/users/me/credits', c.session)).json()) as { value: number }).value;
        expect(await balance()).toBe(0);
        const byEmail = await grant(c.email, 2500, 'Pedido chegou frio');
        expect([byEmail.status, await byEmail.json()]).toEqual([200, { value: 2500, user: { _id: c.id, name: 'Maria da Silva' } }]);
        expect((await grant(c.phone, 500)).status).toBe(200);
        expect((await grant(c.id, -1000, 'Ajuste')).status).toBe(200);
        expect(await balance()).toBe(2000);
        const short = await grant(c.id, -2001, 'Ajuste');
        expect([short.status, await short.json()]).toEqual([422, { message: 'credits_not_enough', params: { value: 2000 } }]);
        expect(await refusal(await grant('ninguem@example.com', 100))).toEqual([404, 'user_not_found']);
        expect((await grant(c.id, 0)).status).toBe(400);
        expect(
          (
            await ctx.call(`/api/establishments/${SHOP}/credits`, {
              method: 'POST',
              body: { user: c.id, amount: 100, reason: 'x' },
              headers: cookieHeaders(c.session),
            })
          ).status,
        ).toBe(403);
        expect((await get('/api/users/me/credits')).status).toBe(401);
      });

      it('pay part of an order, or all of it as an order paid by credits, and come back when it is cancelled, every movement in the ledger', async () => {
        const c = await customer();
        // Each movement a second after the last, so the ledger's newest-first order is the story's.
        const tick = () => ctx.setNow(new Date(ctx.now().getTime() + 1000));
        await grant(c.id, 1500, 'Boas-vindas');
        tick();
        const part = await placeOk(ctx, c.session, pickup([line('pao', 3)], { use_credits: true }));
        expect(part.order.totals).toMatchObject({ credits: 1500, total: 1500 });
        tick();
        await grant(c.id, 5000, 'Cortesia');
        tick();
        // The credits cover this one: it must say so.
        expect(await refusal(await placeOrder(ctx, c.session, pickup([line('pao', 2)], { use_credits: true })))).toEqual([422, 'credits_cover_total']);
        const whole = await placeOk(ctx, c.session, pickup([line('pao', 2)], { use_credits: true, payment_type: 'credits', payment_method_id: null }));
        expect(whole.order).toMatchObject({ payment_type: 'credits', totals: { credits: 2000, total: 0 } });
        // Credits that do not cover the order need another way to pay.
        expect(
          await refusal(await placeOrder(ctx, c.session, pickup([line('vinho')], { use_credits: true, payment_type: 'credits', payment_method_id: null }))),
        ).toEqual([422, 'credits_without_method']);
        tick();
        await cancel(c.session, whole.order._id);
        const { value, entries } = await ledger(c.session);
        expect(value).toBe(5000);
        expect(entries.map((e) => [e.reason, e.amount, e.note, e.order_number])).toEqual([
          ['order_cancelled', 2000, null, whole.order.order],
          ['order', -2000, null, whole.order.order],
          ['grant', 5000, 'Cortesia', null],
          ['order', -1500, null, part.order.order],
          ['grant', 1500, 'Boas-vindas', null],
        ]);
        expect(entries.reduce((n, e) => n + e.amount, 0)).toBe(value);
      });
    });

    describe('referral', () => {
      it("answers the customer's code and link, the same every time", async () => {
        const c = await customer({ name: 'Márcia Souza' });
        const first = (await (await get('/api/users/me/referral', c.session)).json()) as ReferralAnswer;
        expect(first.code).toMatch(/^MARCIA[2-9A-HJKMNP-Z]{4}$/);
        // On the company's own domain.
        expect(first.link).toMatch(new RegExp(`^https?://promo\\.example(:\\d+)?/${SLUG}/minha-conta\\?aba=cadastro&indicacao=${first.code}$`));
        expect(first).toMatchObject({ credit: 1000, referrals: [] });
        expect(((await (await get('/api/users/me/referral', c.session)).json()) as ReferralAnswer).code).toBe(first.code);
      });

      it("credits both sides once when the new customer's first order is completed; an unknown code registers no referral", async () => {
        const ana = await customer({ name: 'Ana Lima' });
        const { code } = (await (await get('/api/users/me/referral', ana.session)).json()) as ReferralAnswer;
        const bruno = await customer({ name: 'Bruno Reis', referral_code: ` ${code.toLowerCase()} ` });
        const stranger = await customer({ referral_code: 'NAOEXISTE' });
        const referral = async () => (await (await get('/api/users/me/referral', ana.session)).json()) as ReferralAnswer;
        expect((await referral()).referrals.map((r) => [r.name, r.status])).toEqual([['Bruno', 'registered']]);

        const first = await placeOk(ctx, bruno.session, pickup());
        const second = await placeOk(ctx, bruno.session, pickup());
        expect((await ledger(bruno.session)).value).toBe(0);
        await complete(first.order._id);
        await complete(second.order._id);
        expect((await referral()).referrals.map((r) => [r.name, r.status])).toEqual([['Bruno', 'rewarded']]);
        const anaLedger = await ledger(ana.session);
        const brunoLedger = await ledger(bruno.session);
        expect([anaLedger.value, anaLedger.entries.map((e) => [e.reason, e.amount, e.note])]).toEqual([1000, [['referral', 1000, 'Bruno']]]);
        expect([brunoLedger.value, brunoLedger.entries.map((e) => [e.reason, e.amount, e.note, e.order_number])]).toEqual([
          1000,
          [['referral', 1000, 'Ana', first.order.order]],
        ]);
        await complete((await placeOk(ctx, stranger.session, pickup())).order._id);
        expect((await ledger(stranger.session)).value).toBe(0);
      });

      it('earns nothing at an establishment without a referral programme', async () => {
        const ana = await customer();
        const { code } = (await (await get('/api/users/me/referral', ana.session)).json()) as ReferralAnswer;
        const bruno = await customer({ referral_code: code });
        const login = await ctx.call('/api/auth/login', { method: 'POST', body: { establishment_id: OTHER, login: bruno.email, password: 'segr3do' } });
        expect(login.status).toBe(200);
        const order = await placeOk(
          ctx,
          { establishmentId: OTHER, token: sessionToken(login, OTHER) },
          pickup([{ id: stableId('product', 'loja-promo-sem', 'pao'), qnt: 3, note: '', variations: [] }]),
        );
        await complete(order.order._id, OTHER, keyOther);
        expect((await ledger(ana.session)).value).toBe(0);
      });
    });

    describe('the catalogue', () => {
      it('keeps the uses of its coupons across a re-import and archives the ones it leaves out', async () => {
        const c = await customer();
        const before = ((await (await check(c.session, 'FIXO5')).json()) as CouponView).uses_left_for_customer;
        const placed = await placeOk(ctx, c.session, delivery(c.address, [line('vinho')], { coupon_id: couponId('fixo') }));
        const next = catalogue();
        next.coupons = next.coupons!.filter((x) => x._id !== 'c10');
        const valid = validateCatalogueFile(next);
        if (!valid.ok) throw new Error(JSON.stringify(valid.problems));
        await replaceCatalogue(ctx.db, valid.catalogue);
        try {
          expect(((await (await check(c.session, 'FIXO5')).json()) as CouponView).uses_left_for_customer).toBe(before - 1);
          expect(await refusal(await check(c.session, 'DEZOFF'))).toEqual([404, 'coupon_not_found']);
          // The order that used a coupon still says which.
          const again = (await (await get(`${ordersPath(SHOP)}/${placed.order._id}`, c.session)).json()) as OrderView;
          expect(again.promotion).toMatchObject({ kind: 'coupon', code: 'FIXO5', discount: 500 });
        } finally {
          await loadCatalogue(ctx.db, catalogue());
        }
        expect((await check(c.session, 'DEZOFF')).status).toBe(200);
      });

      it('reports coupons and achievements that make no sense, with their JSON paths; a coupon is fixed or percentage [R-3.39]', () => {
        const bad = catalogue({
          coupons: [
            { _id: 'a', code: 'Natal 10', discount_type: 'percentage', value: 120 },
            { _id: 'b', code: 'NATAL10', discount_type: 'fixed', value: 100, min_total_products: 5000, max_total_products: 1000 },
            { _id: 'c', code: 'DATAS', discount_type: 'fixed', value: 100, starts_at: '2026-12-31', ends_at: '2026-12-01' },
            { _id: 'd', code: 'DATA', discount_type: 'fixed', value: 100, ends_at: '31/12/2026' },
            { _id: 'e', code: 'FRETE', discount_type: 'shipping' as never, value: 100 },
          ],
          achievements: [
            { _id: 'x', name: 'X', goal_type: 'orders_count', goal_value: 1, reward_type: 'percentage', reward_value: 0 },
            { _id: 'y', name: 'Y', goal_type: 'orders_count', goal_value: 1, reward_type: 'free_delivery', reward_value: 500 },
            { _id: 'z', name: 'Z', goal_type: 'visits' as never, goal_value: 1, reward_type: 'fixed', reward_value: 100 },
          ],
        });
        const result = validateCatalogueFile(bad);
        expect(result.ok).toBe(false);
        const paths = (result as { problems: { path: string; message: string }[] }).problems.map((p) => p.path);
        expect(paths).toEqual([
          'achievements[0].reward_value',
          'achievements[1].reward_value',
          'achievements[2].goal_type',
          'coupons[0].value',
          'coupons[1].code',
          'coupons[1].max_total_products',
          'coupons[2].ends_at',
          'coupons[3].ends_at',
          'coupons[4].discount_type',
        ]);
      });
    });
  },
  {
    setup: async (ctx) => {
      await loadCatalogue(ctx.db, catalogue());
      await loadCatalogue(ctx.db, withoutPromotions);
    },
  },
);
