// Tenancy calls: apps, domains, establishment lookups, one establishment with is_open, office
// hours, and the clock in the establishment's zone.
import { describe, it, expect } from 'vitest';
import { forEachDatabase } from './helpers/databases.ts';
import { estId, loadAllFixtures } from './helpers/fixtures.ts';
import { distanceMeters } from '../../src/domain/delivery-fee.ts';
import { stableId } from '../../src/server/db/ids.ts';

const centro = estId('bella-centro');
const paulista = estId('bella-paulista');
const antiga = estId('bella-antiga');
const moema = estId('bella-moema');
const manaus = estId('mercado-manaus');
const bellaCompanyId = stableId('company', 'bella');

/** Friday 2025-01-03 20:00 in São Paulo (UTC-3). */
const FRIDAY_2000 = '2025-01-03T23:00:00Z';
/** Friday 2025-01-03 10:00 in São Paulo. */
const FRIDAY_1000 = '2025-01-03T13:00:00Z';
/** Saturday 2025-01-04 01:30 in São Paulo. */
const SATURDAY_0130 = '2025-01-04T04:30:00Z';
/** Saturday 2025-01-04 02:30 in São Paulo. */
const SATURDAY_0230 = '2025-01-04T05:30:00Z';

const A: [number, number] = [-46.656, -23.563]; // 241 m from Paulista, 2.7 km from Centro, 4.2 km from Moema
const Z: [number, number] = [-46.7025, -23.5614]; // 4.9 km from Paulista only
const W: [number, number] = [-46.6035, -23.5505]; // 3.04 km from Centro, 5.3 km from Paulista

const ll = (p: [number, number]) => `${p[0]},${p[1]}`;

forEachDatabase(
  'tenancy routes',
  (ctx) => {
    const json = async (path: string) => {
      const res = await ctx().call(path);
      return { status: res.status, body: await res.json() };
    };

    describe('GET /apps/{slug}', () => {
      it('answers the company with its active establishments in company order [R-7.5]', async () => {
        ctx().setNow(FRIDAY_2000);
        const { status, body } = await json('/api/apps/bella');
        expect(status).toBe(200);
        expect(body._id).toBe(bellaCompanyId);
        expect(body.slug).toBe('bella');
        expect(body.name).toBe('Pizzaria Bella');
        expect(body.domains).toEqual(['pizzariabella.com.br', 'www.pizzariabella.com.br']);
        expect(body.establishments.map((e: { slug_area: string }) => e.slug_area)).toEqual(['bella-centro', 'bella-paulista', 'bella-moema']);
        expect(body.establishments.map((e: { is_open: boolean }) => e.is_open)).toEqual([true, true, false]);
        expect(body.establishments[0]).toMatchObject({
          _id: centro,
          name: 'Pizzaria Bella Centro',
          active: true,
          lng_lat: [-46.6333, -23.5505],
          icon: 'https://img.example/bella.png',
          company: { _id: bellaCompanyId, slug: 'bella', name: 'Pizzaria Bella' },
        });
      });

      it('answers 404 app_not_found for an unknown slug and 400 invalid_params for a malformed one [R-7.5]', async () => {
        expect(await json('/api/apps/nao-existe')).toEqual({ status: 404, body: { message: 'app_not_found' } });
        const bad = await json('/api/apps/Bella_Pizza');
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe('invalid_params');
        expect(bad.body.fields[0].path).toBe('slug');
      });
    });

    describe('GET /domains/{domain}', () => {
      it('answers the slug and company mapped to a custom domain, case-insensitively [R-7.6, R-7.7]', async () => {
        for (const domain of ['pizzariabella.com.br', 'WWW.PizzariaBella.com.br']) {
          const { status, body } = await json(`/api/domains/${domain}`);
          expect(status).toBe(200);
          expect(body.slug).toBe('bella');
          expect(body.company).toEqual({
            _id: bellaCompanyId,
            slug: 'bella',
            name: 'Pizzaria Bella',
            domains: ['pizzariabella.com.br', 'www.pizzariabella.com.br'],
          });
          expect(body.establishments.map((e: { _id: string }) => e._id)).toEqual([centro, paulista, moema]);
        }
      });

      it('answers 404 domain_not_found for an unmapped domain [R-7.6]', async () => {
        expect(await json('/api/domains/desconhecido.com.br')).toEqual({ status: 404, body: { message: 'domain_not_found' } });
      });
    });

    describe('GET /establishments', () => {
      it('requires a filter (400 missing_filter)', async () => {
        expect(await json('/api/establishments')).toEqual({ status: 400, body: { message: 'missing_filter' } });
      });

      it('finds one active establishment by slug_area, none for inactive or unknown ones [R-7.8]', async () => {
        ctx().setNow(FRIDAY_1000);
        const one = await json('/api/establishments?slug_area=bella-centro');
        expect(one.status).toBe(200);
        expect(one.body).toHaveLength(1);
        expect(one.body[0]).toMatchObject({ _id: centro, slug_area: 'bella-centro', is_open: false, company: { slug: 'bella' } });
        expect(one.body[0].distance_meters).toBeUndefined();
        expect(await json('/api/establishments?slug_area=bella-antiga')).toEqual({ status: 200, body: [] });
        expect(await json('/api/establishments?slug_area=nao-existe')).toEqual({ status: 200, body: [] });
      });

      it("lists a company's active establishments by company slug", async () => {
        const bella = await json('/api/establishments?company=bella');
        expect(bella.body.map((e: { slug_area: string }) => e.slug_area)).toEqual(['bella-centro', 'bella-paulista', 'bella-moema']);
        const norte = await json('/api/establishments?company=mercado-norte');
        expect(norte.body.map((e: { slug_area: string }) => e.slug_area)).toEqual(['mercado-manaus']);
        expect(await json('/api/establishments?company=ninguem')).toEqual({ status: 200, body: [] });
      });

      it('sorts active establishments by distance with near=true, with distance_meters [R-7.9]', async () => {
        const { status, body } = await json(`/api/establishments?near=true&lng_lat=${ll(A)}`);
        expect(status).toBe(200);
        expect(body.map((e: { slug_area: string }) => e.slug_area)).toEqual(['bella-paulista', 'bella-centro', 'bella-moema', 'mercado-manaus']);
        const expected = [241, 2699, 4215, 2689312];
        for (const [i, e] of (body as { distance_meters: number }[]).entries()) expect(Math.abs(e.distance_meters - expected[i]!)).toBeLessThanOrEqual(1);
      });

      it('keeps only establishments whose delivery radius covers the point with intersect=true [R-7.9]', async () => {
        const inter = await json(`/api/establishments?intersect=true&lng_lat=${ll(A)}`);
        // Centro (radius 3000) at 2.7 km and Paulista (5000) at 0.2 km cover A; Moema (4000) at 4.2 km does not.
        expect(inter.body.map((e: { slug_area: string }) => e.slug_area)).toEqual(['bella-centro', 'bella-paulista']);
        const both = await json(`/api/establishments?intersect=true&near=true&lng_lat=${ll(A)}`);
        expect(both.body.map((e: { slug_area: string }) => e.slug_area)).toEqual(['bella-paulista', 'bella-centro']);
        // 3.04 km from Centro is just outside its 3000 m radius.
        expect((await json(`/api/establishments?intersect=true&lng_lat=${ll(W)}`)).body).toEqual([]);
      });

      it('applies the default delivery radius of 5000 m when preferences leave it unset [R-9.11]', async () => {
        expect(distanceMeters([-46.6544, -23.5614], Z)).toBe(4903);
        const res = await json(`/api/establishments?intersect=true&lng_lat=${ll(Z)}`);
        expect(res.body.map((e: { slug_area: string }) => e.slug_area)).toEqual(['bella-paulista']);
        expect(Math.abs(res.body[0].distance_meters - 4903)).toBeLessThanOrEqual(1);
      });

      it('combines company with near', async () => {
        const res = await json(`/api/establishments?company=bella&near=true&lng_lat=${ll(A)}`);
        expect(res.body.map((e: { slug_area: string }) => e.slug_area)).toEqual(['bella-paulista', 'bella-centro', 'bella-moema']);
      });

      it('answers 400 invalid_query for near without lng_lat or a malformed lng_lat [R-7.9]', async () => {
        for (const qs of ['near=true', 'intersect=true', 'near=true&lng_lat=abc', 'near=true&lng_lat=200,10', 'near=yes&lng_lat=-46,-23']) {
          const res = await json(`/api/establishments?${qs}`);
          expect(res.status, qs).toBe(400);
          expect(res.body.message, qs).toBe('invalid_query');
        }
        const missing = await json('/api/establishments?near=true');
        expect(missing.body.fields).toEqual([{ path: 'lng_lat', code: 'required', message: 'lng_lat is required with near or intersect' }]);
        expect((await json('/api/establishments?near=true&lng_lat=200,10')).body.fields[0].path).toBe('lng_lat');
      });
    });

    describe('GET /establishments/{id}', () => {
      it('answers the establishment fields with is_open [R-7.10, R-3.23]', async () => {
        ctx().setNow(FRIDAY_2000);
        const { status, body } = await json(`/api/establishments/${centro}`);
        expect(status).toBe(200);
        expect(body).toMatchObject({
          _id: centro,
          slug_area: 'bella-centro',
          name: 'Pizzaria Bella Centro',
          active: true,
          is_open: true,
          open_mode: 'auto',
          time_zone: 'America/Sao_Paulo',
          kind: 'Restaurant',
          company: { _id: bellaCompanyId, slug: 'bella', name: 'Pizzaria Bella' },
          address: { street: 'Rua Direita', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: [-46.6333, -23.5505] },
          design: {
            icon: 'https://img.example/bella.png',
            theme: 'light',
            navbarcolor: '#b71c1c',
            primary: '#d32f2f',
            darkprimary: '#9a0007',
            primaryinverse: '#ffffff',
          },
          has_free_delivery_tax_after_product_price: true,
          hide_phone: false,
          phone: '11987654321',
          has_online_payment: true,
        });
        expect(body.office_hours).toHaveLength(7);
        expect(body.office_hours[0]).toEqual({ _id: `${centro}-0`, wday: 1, start_at: 1800, stop_at: 2330 });
      });

      it('answers every preferences field, defaults included [R-3.25]', async () => {
        const { body } = await json(`/api/establishments/${centro}?fields=preferences`);
        expect(body.preferences).toMatchObject({
          title: 'Pizzaria Bella',
          desc: 'Pizzas no forno a lenha',
          phone_order_details: '(11) 98765-4321',
          unavailable: false,
          unavailable_title: 'Voltamos já',
          unavailable_desc: 'Em manutenção',
          min_order: 2000,
          use_packing_fee: false,
          use_packing_fee_products: false,
          packing_price: 0,
          has_pickup_discount: false,
          pickup_discount_type: 'fixed',
          pickup_discount_value: 0,
          has_online_payment: true,
          has_delivery_payment: true,
          has_pix_payment: false,
          has_pickup_payment: true,
          tax_receipt: false,
          delivery_type: ['delivery', 'pickup'],
          delivery_radius: 3000,
          min_delivery_time: 30,
          max_delivery_time: 60,
          min_pickup_time: 15,
          max_pickup_time: 30,
          pickup_payment_methods: [],
          delivery_payment_methods: [],
          online_payment_methods: [],
          free_delivery_tax_after_product_price: 10000,
          max_days_scheduling: 0,
          use_gamification: false,
          use_discount_coupon: false,
          apple_itunes_app_id: '123456789',
          google_play_app_id: 'br.com.pizzariabella',
          facebook_domain_verification_code: 'abc123',
        });
      });

      it('limits the answer to the requested fields plus the base fields [R-7.10]', async () => {
        ctx().setNow(FRIDAY_1000);
        const { status, body } = await json(`/api/establishments/${centro}?fields=design,address`);
        expect(status).toBe(200);
        expect(Object.keys(body).sort()).toEqual(['_id', 'active', 'address', 'design', 'is_open', 'name', 'slug_area', 'time_zone']);
        expect(body.is_open).toBe(false);
        const all = await json(
          `/api/establishments/${centro}?fields=design,preferences,company,address,has_free_delivery_tax_after_product_price,hide_phone,has_online_payment,office_hours`,
        );
        expect(Object.keys(all.body).sort()).toEqual([
          '_id',
          'active',
          'address',
          'company',
          'design',
          'has_free_delivery_tax_after_product_price',
          'has_online_payment',
          'hide_phone',
          'is_open',
          'name',
          'office_hours',
          'phone',
          'preferences',
          'slug_area',
          'time_zone',
        ]);
        expect(all.body.has_online_payment).toBe(true);
      });

      it('answers 400 invalid_query for an unknown field', async () => {
        const { status, body } = await json(`/api/establishments/${centro}?fields=design,segredo`);
        expect(status).toBe(400);
        expect(body.message).toBe('invalid_query');
        expect(body.fields[0].path).toBe('fields');
      });

      it('hides the phone when hide_phone is set [R-3.23]', async () => {
        const { body } = await json(`/api/establishments/${paulista}?fields=hide_phone`);
        expect(body.hide_phone).toBe(true);
        expect(body.phone).toBeNull();
        expect((await json(`/api/establishments/${paulista}`)).body.phone).toBeNull();
      });

      it('computes is_open at the clock: open at 20:00 and closed at 10:00 local for 18:00-23:30 [R-7.10]', async () => {
        ctx().setNow(FRIDAY_2000);
        expect((await json(`/api/establishments/${centro}`)).body.is_open).toBe(true);
        ctx().setNow(FRIDAY_1000);
        expect((await json(`/api/establishments/${centro}`)).body.is_open).toBe(false);
      });

      it('counts Friday 18:00-02:00 as open at 01:30 on Saturday and closed at 02:30', async () => {
        ctx().setNow(SATURDAY_0130);
        expect((await json(`/api/establishments/${paulista}`)).body.is_open).toBe(true);
        expect((await json(`/api/establishments/${centro}`)).body.is_open).toBe(false);
        ctx().setNow(SATURDAY_0230);
        expect((await json(`/api/establishments/${paulista}`)).body.is_open).toBe(false);
      });

      it('follows the manual override whatever the hours say', async () => {
        ctx().setNow(FRIDAY_2000);
        expect((await json(`/api/establishments/${moema}`)).body).toMatchObject({ open_mode: 'closed', is_open: false });
        ctx().setNow(FRIDAY_1000);
        expect((await json(`/api/establishments/${manaus}`)).body).toMatchObject({ open_mode: 'open', is_open: true });
      });

      it('answers 404 establishment_not_found for unknown and inactive ids', async () => {
        expect(await json('/api/establishments/naoexiste1')).toEqual({ status: 404, body: { message: 'establishment_not_found' } });
        expect(await json(`/api/establishments/${antiga}`)).toEqual({ status: 404, body: { message: 'establishment_not_found' } });
      });
    });

    describe('GET /establishments/{id}/office-hours', () => {
      it('answers the weekly hours as {_id, wday, start_at, stop_at} [R-7.11, R-3.33]', async () => {
        const { status, body } = await json(`/api/establishments/${paulista}/office-hours`);
        expect(status).toBe(200);
        expect(body).toEqual([{ _id: `${paulista}-0`, wday: 6, start_at: 1800, stop_at: 200 }]);
        const centroHours = await json(`/api/establishments/${centro}/office-hours`);
        expect(centroHours.body.map((h: { wday: number }) => h.wday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(centroHours.body[6]).toEqual({ _id: `${centro}-6`, wday: 7, start_at: 1800, stop_at: 2330 });
      });

      it('answers 404 establishment_not_found for unknown and inactive ids [R-7.11]', async () => {
        expect(await json('/api/establishments/naoexiste1/office-hours')).toEqual({ status: 404, body: { message: 'establishment_not_found' } });
        expect(await json(`/api/establishments/${antiga}/office-hours`)).toEqual({ status: 404, body: { message: 'establishment_not_found' } });
      });
    });

    describe('GET /datetime', () => {
      it('answers the clock in America/Sao_Paulo when no establishment is given [R-7.12]', async () => {
        ctx().setNow('2025-07-15T12:34:56.789Z');
        expect(await json('/api/datetime')).toEqual({
          status: 200,
          body: { datetime: '2025-07-15T09:34:56.789-03:00', time_zone: 'America/Sao_Paulo', epoch_ms: Date.parse('2025-07-15T12:34:56.789Z') },
        });
      });

      it("answers the clock in the establishment's zone for establishment_id [R-7.12, R-7.13]", async () => {
        ctx().setNow(FRIDAY_2000);
        expect((await json(`/api/datetime?establishment_id=${manaus}`)).body).toEqual({
          datetime: '2025-01-03T19:00:00.000-04:00',
          time_zone: 'America/Manaus',
          epoch_ms: Date.parse(FRIDAY_2000),
        });
        expect((await json(`/api/datetime?establishment_id=${centro}`)).body.datetime).toBe('2025-01-03T20:00:00.000-03:00');
      });

      it('answers the zone of the establishment serving lng_lat, or the default [R-7.13]', async () => {
        ctx().setNow(FRIDAY_2000);
        const inManaus = await json('/api/datetime?lng_lat=-60.02,-3.12');
        expect(inManaus.body).toMatchObject({ datetime: '2025-01-03T19:00:00.000-04:00', time_zone: 'America/Manaus' });
        const nowhere = await json('/api/datetime?lng_lat=-38.5,-12.97');
        expect(nowhere.body).toMatchObject({ datetime: '2025-01-03T20:00:00.000-03:00', time_zone: 'America/Sao_Paulo' });
      });

      it('answers 404 for an unknown establishment and 400 for a malformed lng_lat', async () => {
        expect(await json('/api/datetime?establishment_id=naoexiste1')).toEqual({ status: 404, body: { message: 'establishment_not_found' } });
        const bad = await json('/api/datetime?lng_lat=x');
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe('invalid_query');
      });
    });
  },
  { setup: (c) => loadAllFixtures(c.db) },
);
