// The logged-in user's delivery addresses: save with every rule of the form, list newest first
// (with an establishment's delivery fee when one is named), edit, the default address, delete,
// and never another user's.
import { describe, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { estId, loadAllFixtures, loadCatalogue } from './helpers/fixtures.ts';
import { bearerHeaders, cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import { addressView, getUserAddress, insertUserAddress } from '../../src/server/db/addresses-repo.ts';
import { withSpecNames } from '../../src/schemas/api-geo.ts';

const centro = estId('bella-centro');
const manaus = estId('mercado-manaus');

/** Metres per degree of latitude on the haversine sphere. */
const M_PER_DEG = (6_371_008.8 * Math.PI) / 180;

/** A second establishment of the 'bella' company, with delivery bands and a 4 km radius. */
const ORIGIN: [number, number] = [-46.6333, -23.5505];
const BELLA_BANDS: CatalogueInput = {
  company: { slug: 'bella', name: 'Pizzaria Bella', domains: ['pizzariabella.com.br', 'www.pizzariabella.com.br'] },
  establishment: {
    slug: 'bella-faixas',
    name: 'Pizzaria Bella Faixas',
    phone: '11987650000',
    address: { street: 'Rua Direita', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: ORIGIN },
    design: { theme: 'light', navbarcolor: '#b71c1c', primary: '#d32f2f', darkprimary: '#9a0007', primaryinverse: '#ffffff' },
    preferences: {
      title: 'Bella Faixas',
      desc: '',
      delivery_type: ['delivery', 'pickup'],
      delivery_radius: 4000,
      delivery_bands: [
        { up_to_meters: 1000, price: 450 },
        { up_to_meters: 4000, price: 950 },
      ],
    },
    office_hours: [],
  },
  categories: [{ _id: 'pizzas', name: 'Pizzas', products: [{ _id: 'margherita', name: 'Margherita', price: 4590 }] }],
};
const faixas = estId('bella-faixas');

const ADDRESS_KEYS = [
  '_id',
  'additionalInfo',
  'city',
  'complement',
  'country',
  'is_default',
  'lng_lat',
  'neighborhood',
  'number',
  'place',
  'ref',
  'referencePoint',
  'state',
  'street',
];

/** The body addressSavePayload builds, `meters` north of ORIGIN. */
function payload(overrides: Record<string, unknown> = {}, meters = 500) {
  return {
    lat: ORIGIN[1] + meters / M_PER_DEG,
    lng: ORIGIN[0],
    street: 'Rua Direita',
    number: '250',
    complement: 'Apto 3',
    neighborhood: 'Sé',
    city: 'São Paulo',
    state: 'SP',
    country: 'BR',
    ref: 'Em frente à praça',
    place: 'house',
    ...overrides,
  };
}

forEachDatabase(
  'users/me/addresses',
  (ctx) => {
    const tick = (c: TestContext) => c.setNow(new Date(c.now().getTime() + 1000));
    const save = async (s: Session, body: unknown) => {
      tick(ctx());
      const res = await ctx().call('/api/users/me/addresses', { method: 'POST', body, headers: cookieHeaders(s) });
      return { status: res.status, body: await res.json(), res };
    };
    const list = async (s: Session, query = '') => {
      const res = await ctx().call(`/api/users/me/addresses${query}`, { headers: cookieHeaders(s) });
      return { status: res.status, body: await res.json(), res };
    };
    const edit = async (s: Session, id: string, body: unknown) => {
      const res = await ctx().call(`/api/users/me/addresses/${id}`, { method: 'PUT', body, headers: cookieHeaders(s) });
      return { status: res.status, body: await res.json(), res };
    };
    const makeDefault = async (s: Session, id: string) => {
      const res = await ctx().call(`/api/users/me/addresses/${id}/default`, { method: 'PUT', headers: cookieHeaders(s) });
      return { status: res.status, body: await res.json(), res };
    };
    const remove = async (s: Session, id: string) => {
      const res = await ctx().call(`/api/users/me/addresses/${id}`, { method: 'DELETE', headers: cookieHeaders(s) });
      return { status: res.status, text: await res.text() };
    };
    const paths = (body: { fields?: Array<{ path: string }> }) => (body.fields ?? []).map((f) => f.path).sort();

    describe('POST /users/me/addresses', () => {
      it('saves the form payload and answers the address with lng_lat as [lng, lat] [R-7.42, R-3.45, R-3.46, R-3.47]', async () => {
        const { session } = await registerUser(ctx(), centro);
        const body = payload({ street: '  Rua Direita  ', ref: ' Em frente à praça ', complement: ' Apto 3 ' });
        const r = await save(session, body);
        expect(r.status).toBe(201);
        expect(r.res.headers.get('cache-control')).toBe('no-store');
        expect(Object.keys(r.body).sort()).toEqual(ADDRESS_KEYS);
        expect(r.body).toEqual({
          _id: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
          street: 'Rua Direita',
          number: '250',
          complement: 'Apto 3',
          ref: 'Em frente à praça',
          additionalInfo: 'Apto 3',
          neighborhood: 'Sé',
          city: 'São Paulo',
          state: 'SP',
          referencePoint: 'Em frente à praça',
          country: 'BR',
          place: 'house',
          lng_lat: [expect.any(Number), expect.any(Number)],
          // The customer's first address is their default.
          is_default: true,
        });
        // To the metre (PostgreSQL keeps the position in a REAL column).
        expect(r.body.lng_lat[0]).toBeCloseTo(body.lng, 5);
        expect(r.body.lng_lat[1]).toBeCloseTo(body.lat, 5);
        // What is stored is what is answered.
        expect((await list(session)).body.addresses).toEqual([r.body]);
      });

      it("keeps 'S/N' and 'S/C' as null [R-3.47]", async () => {
        const { session } = await registerUser(ctx(), centro);
        const r = await save(session, payload({ number: null, complement: null }));
        expect(r.status).toBe(201);
        expect(r.body.number).toBeNull();
        expect(r.body.complement).toBeNull();
      });

      it('accepts house numbers 0 to 99999999, digits only', async () => {
        const { session } = await registerUser(ctx(), centro);
        for (const number of ['0', '99999999', ' 42 ']) {
          const r = await save(session, payload({ number }));
          expect(r.status, number).toBe(201);
          expect(r.body.number).toBe(number.trim());
        }
        for (const number of ['100000000', '12a', '-1', '1.5', '', 12]) {
          const r = await save(session, payload({ number }));
          expect(r.status, String(number)).toBe(400);
          expect(paths(r.body), String(number)).toEqual(['number']);
        }
      });

      it('requires street, neighbourhood, reference, city and a state code, each trimmed', async () => {
        const { session } = await registerUser(ctx(), centro);
        const blank = await save(session, payload({ street: '   ', neighborhood: '', ref: ' ', city: '', state: 'XX' }));
        expect(blank.status).toBe(400);
        expect(blank.body.message).toBe('invalid_body');
        expect(paths(blank.body)).toEqual(['city', 'neighborhood', 'ref', 'state', 'street']);
        const missing = await save(session, { lat: -23.5, lng: -46.6 });
        expect(paths(missing.body)).toEqual(['city', 'complement', 'neighborhood', 'number', 'ref', 'state', 'street']);
        // A lower-case state code is accepted as the code.
        expect((await save(session, payload({ state: 'sp' }))).body.state).toBe('SP');
      });

      it('refuses a blank complement (S/C is null), an unknown place and a position outside Brazil', async () => {
        const { session } = await registerUser(ctx(), centro);
        expect(paths((await save(session, payload({ complement: '  ' }))).body)).toEqual(['complement']);
        expect(paths((await save(session, payload({ place: 'beach' }))).body)).toEqual(['place']);
        expect(paths((await save(session, payload({ country: 'PT' }))).body)).toEqual(['country']);
        expect(paths((await save(session, { ...payload(), lat: 38.72, lng: -9.14 })).body)).toEqual(['lat', 'lng']);
        expect(paths((await save(session, { ...payload(), lat: -46.63, lng: -23.55 })).body)).toEqual(['lat', 'lng']);
      });

      it('saves every place of the form, default when left out', async () => {
        const { session } = await registerUser(ctx(), centro);
        for (const place of ['default', 'house', 'work', 'school', 'family', 'friend']) {
          expect((await save(session, payload({ place }))).body.place).toBe(place);
        }
        const { place: _omitted, ...withoutPlace } = payload();
        expect((await save(session, withoutPlace)).body.place).toBe('default');
      });

      it('answers 401 without a session', async () => {
        const res = await ctx().call('/api/users/me/addresses', { method: 'POST', body: payload() });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ message: 'unauthorized' });
      });
    });

    describe('GET /users/me/addresses', () => {
      it("lists the user's own addresses, newest first [R-7.41]", async () => {
        const { session } = await registerUser(ctx(), centro);
        const other = await registerUser(ctx(), centro);
        const a = (await save(session, payload({ street: 'Rua A' }))).body;
        const b = (await save(session, payload({ street: 'Rua B' }))).body;
        await save(other.session, payload({ street: 'Rua de Outra Pessoa' }));
        const c = (await save(session, payload({ street: 'Rua C' }))).body;
        const r = await list(session);
        expect(r.status).toBe(200);
        expect(r.res.headers.get('cache-control')).toBe('no-store');
        expect(r.body).toEqual({ addresses: [c, b, a] });
        expect((await list(other.session)).body.addresses.map((x: { street: string }) => x.street)).toEqual(['Rua de Outra Pessoa']);
        expect((await registerUser(ctx(), centro).then((u) => list(u.session))).body).toEqual({ addresses: [] });
      });

      it("with establishment_id, gives each address that establishment's fee and distance, or ok false outside its radius [R-7.41, R-7.38]", async () => {
        const { session } = await registerUser(ctx(), faixas);
        const near = (await save(session, payload({ street: 'Perto' }, 600))).body;
        const mid = (await save(session, payload({ street: 'Meio' }, 2500))).body;
        const far = (await save(session, payload({ street: 'Longe' }, 4500))).body;
        const r = await list(session, `?establishment_id=${faixas}`);
        expect(r.status).toBe(200);
        const [f, m, n] = r.body.addresses;
        expect(f).toEqual({ ...far, delivery: { ok: false } });
        expect(m).toMatchObject({ ...mid, delivery: { ok: true, price: 950 } });
        expect(n).toMatchObject({ ...near, delivery: { ok: true, price: 450 } });
        expect(Math.abs(m.delivery.distance - 2500)).toBeLessThanOrEqual(1);
        expect(Math.abs(n.delivery.distance - 600)).toBeLessThanOrEqual(1);
        // bella-centro (same company) has a 3000 m radius and no bands: free up to there.
        const centroList = (await list(session, `?establishment_id=${centro}`)).body.addresses;
        expect(centroList.map((x: { delivery: unknown }) => x.delivery)).toEqual([
          { ok: false },
          { ok: true, price: 0, distance: expect.any(Number) },
          { ok: true, price: 0, distance: expect.any(Number) },
        ]);
      });

      it("answers 404 establishment_not_found for an unknown establishment or another company's", async () => {
        const { session } = await registerUser(ctx(), centro);
        for (const id of [manaus, estId('bella-antiga'), 'nao-existe']) {
          const r = await list(session, `?establishment_id=${id}`);
          expect(r.status, id).toBe(404);
          expect(r.body).toEqual({ message: 'establishment_not_found' });
        }
        expect((await list(session, '?establishment_id=a%20b')).status).toBe(400);
      });

      it('works with a bearer token too, and answers 401 without a session', async () => {
        const { session } = await registerUser(ctx(), centro);
        const saved = (await save(session, payload())).body;
        const res = await ctx().call('/api/users/me/addresses', { headers: bearerHeaders(session.token) });
        expect((await res.json()).addresses).toEqual([saved]);
        const anonymous = await ctx().call('/api/users/me/addresses');
        expect(anonymous.status).toBe(401);
      });
    });

    describe("the spec's field names [R-3.45]", () => {
      it('answers every address with _id, street, number, complement, ref, additionalInfo, neighborhood, city, state, referencePoint and lng_lat, additionalInfo = complement and referencePoint = ref [R-3.45]', async () => {
        const { session } = await registerUser(ctx(), faixas);
        const withBoth = await save(session, payload({ complement: 'Bloco B', ref: 'Portão azul' }));
        const without = await save(session, payload({ complement: null, ref: 'Ao lado da padaria' }, 700));
        const spec = ['_id', 'street', 'number', 'complement', 'ref', 'additionalInfo', 'neighborhood', 'city', 'state', 'referencePoint', 'lng_lat'];
        const answers = [
          withBoth.body,
          without.body,
          ...(await list(session)).body.addresses,
          ...(await list(session, `?establishment_id=${faixas}`)).body.addresses,
          (await edit(session, withBoth.body._id, payload({ complement: 'Bloco C', ref: 'Portão verde' }))).body,
          (await makeDefault(session, without.body._id)).body,
        ];
        expect(answers).toHaveLength(8);
        for (const a of answers) {
          for (const key of spec) expect(a, key).toHaveProperty(key);
          expect(a.additionalInfo).toBe(a.complement);
          expect(a.referencePoint).toBe(a.ref);
        }
        expect(answers[6]).toMatchObject({ additionalInfo: 'Bloco C', referencePoint: 'Portão verde' });
        expect(answers[7]).toMatchObject({ complement: null, additionalInfo: null, referencePoint: 'Ao lado da padaria' });
        // The save payload keeps the spec's save names: the second names are answers only.
        const ignored = await save(session, payload({ additionalInfo: 'Outro', referencePoint: 'Outra', complement: 'Casa 2', ref: 'Muro branco' }));
        expect(ignored.body).toMatchObject({ complement: 'Casa 2', additionalInfo: 'Casa 2', ref: 'Muro branco', referencePoint: 'Muro branco' });
      });

      it("an order's copy of its address carries both names too, also one placed before they existed [R-3.45]", async () => {
        const { session, user } = await registerUser(ctx(), centro);
        const saved = (await save(session, payload())).body;
        const row = await getUserAddress(ctx().db, user._id, saved._id);
        const { is_default: _flag, ...copy } = saved;
        expect(addressView(row!)).toEqual(copy);
        // An order placed earlier kept { complement, ref } only: orderView fills the second names.
        const { additionalInfo: _a, referencePoint: _r, ...older } = copy;
        expect(withSpecNames(older)).toEqual(copy);
      });
    });

    describe('PUT /users/me/addresses/{id}', () => {
      it("replaces every field of one of the user's addresses with the form's payload, keeping its id and place in the list", async () => {
        const { session } = await registerUser(ctx(), centro);
        const older = (await save(session, payload({ street: 'Primeira' }))).body;
        const target = (await save(session, payload({ street: 'Rua Antiga', number: '10', complement: 'Casa', place: 'house' }))).body;
        const r = await edit(session, target._id, payload({ street: ' Rua Nova ', number: null, complement: null, ref: 'Esquina', place: 'work' }, 900));
        expect(r.status).toBe(200);
        expect(r.res.headers.get('cache-control')).toBe('no-store');
        expect(r.body).toMatchObject({ _id: target._id, street: 'Rua Nova', number: null, complement: null, ref: 'Esquina', place: 'work', is_default: false });
        expect(r.body.lng_lat[1]).toBeCloseTo(ORIGIN[1] + 900 / M_PER_DEG, 5);
        // Newest first is by creation: an edit does not move it.
        expect((await list(session)).body.addresses).toEqual([r.body, older]);
      });

      it("checks the payload like a save, and never touches another user's address", async () => {
        const owner = await registerUser(ctx(), centro);
        const intruder = await registerUser(ctx(), centro);
        const address = (await save(owner.session, payload())).body;
        const bad = await edit(owner.session, address._id, payload({ street: '  ', number: '12a' }));
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe('invalid_body');
        expect(paths(bad.body)).toEqual(['number', 'street']);
        const foreign = await edit(intruder.session, address._id, payload({ street: 'Invasão' }));
        expect([foreign.status, foreign.body]).toEqual([404, { message: 'address_not_found' }]);
        expect((await edit(owner.session, 'nao-existe', payload())).status).toBe(404);
        expect((await ctx().call(`/api/users/me/addresses/${address._id}`, { method: 'PUT', body: payload() })).status).toBe(401);
        // Nothing half-written.
        expect((await list(owner.session)).body.addresses).toEqual([address]);
      });
    });

    describe('the first address is the default', () => {
      it('the first address a customer saves becomes the default, answered and listed so; the next ones do not', async () => {
        const { session, user } = await registerUser(ctx(), centro);
        const first = await save(session, payload({ street: 'Casa' }));
        expect(first.status).toBe(201);
        expect(first.body.is_default).toBe(true);
        const second = (await save(session, payload({ street: 'Trabalho' }))).body;
        expect(second.is_default).toBe(false);
        expect((await list(session)).body.addresses.map((x: { street: string; is_default: boolean }) => [x.street, x.is_default])).toEqual([
          ['Trabalho', false],
          ['Casa', true],
        ]);
        const stored = await ctx().db.selectFrom('users').select('default_address_id').where('id', '=', user._id).executeTakeFirstOrThrow();
        expect(stored.default_address_id).toBe(first.body._id);
      });

      it('saves at once of a customer without addresses (two devices) make exactly one the default, the one the answers say', async () => {
        const { session, user } = await registerUser(ctx(), centro);
        const answers = await Promise.all(
          ['Um', 'Dois', 'Três', 'Quatro', 'Cinco', 'Seis'].map((street) =>
            ctx().call('/api/users/me/addresses', { method: 'POST', body: payload({ street }), headers: cookieHeaders(session) }),
          ),
        );
        expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201));
        const bodies = (await Promise.all(answers.map((r) => r.json()))) as Array<{ _id: string; is_default: boolean }>;
        const said = bodies.filter((b) => b.is_default);
        expect(said).toHaveLength(1);
        const listed = (await list(session)).body.addresses.filter((x: { is_default: boolean }) => x.is_default);
        expect(listed.map((x: { _id: string }) => x._id)).toEqual([said[0]!._id]);
        const stored = await ctx().db.selectFrom('users').select('default_address_id').where('id', '=', user._id).executeTakeFirstOrThrow();
        expect(stored.default_address_id).toBe(said[0]!._id);
      });

      it('insertUserAddress run many times at once for a customer without addresses (as several server processes would) makes exactly one the default', async () => {
        const { user } = await registerUser(ctx(), centro);
        const rows = Array.from({ length: 16 }, (_, i) => ({
          id: `addr-${user._id}-${i}`,
          user_id: user._id,
          street: `Rua ${i}`,
          number: '1',
          complement: null,
          ref: 'Esquina',
          neighborhood: 'Sé',
          city: 'São Paulo',
          state: 'SP',
          country: 'BR',
          place: 'house',
          lng: ORIGIN[0],
          lat: ORIGIN[1],
          created_at: new Date(Date.UTC(2026, 0, 1, 12, 0, i)).toISOString(),
        }));
        const results = await Promise.all(rows.map((row) => insertUserAddress(ctx().db, row)));
        const made = rows.filter((_, i) => results[i]!.isDefault).map((r) => r.id);
        expect(made).toHaveLength(1);
        const stored = await ctx().db.selectFrom('users').select('default_address_id').where('id', '=', user._id).executeTakeFirstOrThrow();
        expect(stored.default_address_id).toBe(made[0]);
      });
    });

    describe('PUT /users/me/addresses/{id}/default', () => {
      it('makes one address the default and the previous one ordinary; at most one default, on every device', async () => {
        const { session, user } = await registerUser(ctx(), centro);
        const a = (await save(session, payload({ street: 'Casa' }))).body;
        const b = (await save(session, payload({ street: 'Trabalho' }))).body;
        // The first one saved is the default by itself.
        expect((await list(session)).body.addresses.map((x: { is_default: boolean }) => x.is_default)).toEqual([false, true]);
        const first = await makeDefault(session, a._id);
        expect(first.status).toBe(200);
        expect(first.body).toEqual({ ...a, is_default: true });
        const second = await makeDefault(session, b._id);
        expect(second.body).toEqual({ ...b, is_default: true });
        // Another session of the same customer (another device) sees the same default.
        const login = await ctx().call('/api/auth/login', { method: 'POST', body: { establishment_id: centro, login: user.email, password: 'segr3do' } });
        expect(login.status).toBe(200);
        const other = await ctx().call('/api/users/me/addresses', {
          headers: {
            Cookie: login.headers
              .getSetCookie()
              .map((c) => c.split(';')[0])
              .join('; '),
            'Establishment-Id': centro,
          },
        });
        expect((await other.json()).addresses.map((x: { street: string; is_default: boolean }) => [x.street, x.is_default])).toEqual([
          ['Trabalho', true],
          ['Casa', false],
        ]);
        // Setting it again changes nothing; an edit keeps it.
        expect((await makeDefault(session, b._id)).body.is_default).toBe(true);
        expect((await edit(session, b._id, payload({ street: 'Trabalho novo' }))).body).toMatchObject({ street: 'Trabalho novo', is_default: true });
        const stored = await ctx().db.selectFrom('users').select('default_address_id').where('id', '=', user._id).executeTakeFirstOrThrow();
        expect(stored.default_address_id).toBe(b._id);
      });

      it("deleting the default leaves none, and the next address saved becomes it; another user's address cannot be made the default", async () => {
        const owner = await registerUser(ctx(), centro);
        const intruder = await registerUser(ctx(), centro);
        const address = (await save(owner.session, payload())).body;
        const mine = (await save(intruder.session, payload({ street: 'Minha' }))).body;
        const other = (await save(intruder.session, payload({ street: 'Outra' }))).body;
        await makeDefault(intruder.session, other._id);
        const foreign = await makeDefault(intruder.session, address._id);
        expect([foreign.status, foreign.body]).toEqual([404, { message: 'address_not_found' }]);
        // The intruder's own default is untouched by the refused call.
        expect((await list(intruder.session)).body.addresses.map((x: { _id: string; is_default: boolean }) => [x._id, x.is_default])).toEqual([
          [other._id, true],
          [mine._id, false],
        ]);
        expect((await list(owner.session)).body.addresses.map((x: { is_default: boolean }) => x.is_default)).toEqual([true]);
        expect((await makeDefault(owner.session, 'bad id!')).status).toBe(400);
        expect((await ctx().call(`/api/users/me/addresses/${address._id}/default`, { method: 'PUT' })).status).toBe(401);

        // The owner's default deleted: the address left is not made the default by the deletion...
        const second = (await save(owner.session, payload({ street: 'Segunda' }))).body;
        expect(second.is_default).toBe(false);
        await remove(owner.session, address._id);
        expect((await list(owner.session)).body.addresses.map((x: { _id: string; is_default: boolean }) => [x._id, x.is_default])).toEqual([
          [second._id, false],
        ]);
        // ...but the next address saved is: the customer has none.
        const next = (await save(owner.session, payload({ street: 'Nova' }))).body;
        expect(next.is_default).toBe(true);
        expect((await list(owner.session)).body.addresses.filter((x: { is_default: boolean }) => x.is_default).map((x: { _id: string }) => x._id)).toEqual([
          next._id,
        ]);
      });

      it('two devices choosing different defaults at once leave exactly one', async () => {
        const { session, user } = await registerUser(ctx(), centro);
        const ids: string[] = [];
        for (const street of ['Um', 'Dois', 'Três', 'Quatro']) ids.push((await save(session, payload({ street }))).body._id);
        const answers = await Promise.all(ids.flatMap((id) => [makeDefault(session, id), makeDefault(session, id)]));
        expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
        const marked = (await list(session)).body.addresses.filter((x: { is_default: boolean }) => x.is_default);
        expect(marked).toHaveLength(1);
        const stored = await ctx().db.selectFrom('users').select('default_address_id').where('id', '=', user._id).executeTakeFirstOrThrow();
        expect(marked[0]._id).toBe(stored.default_address_id);
      });
    });

    describe('DELETE /users/me/addresses/{id}', () => {
      it("deletes one of the user's addresses: 204, then gone [R-7.43]", async () => {
        const { session } = await registerUser(ctx(), centro);
        const keep = (await save(session, payload({ street: 'Fica' }))).body;
        const gone = (await save(session, payload({ street: 'Sai' }))).body;
        const r = await remove(session, gone._id);
        expect(r.status).toBe(204);
        expect(r.text).toBe('');
        expect((await list(session)).body.addresses).toEqual([keep]);
        const again = await remove(session, gone._id);
        expect(again.status).toBe(404);
        expect(JSON.parse(again.text)).toEqual({ message: 'address_not_found' });
      });

      it("answers 404 address_not_found for another user's address and leaves it alone [R-7.43]", async () => {
        const owner = await registerUser(ctx(), centro);
        const intruder = await registerUser(ctx(), centro);
        const address = (await save(owner.session, payload())).body;
        const r = await remove(intruder.session, address._id);
        expect(r.status).toBe(404);
        expect(JSON.parse(r.text)).toEqual({ message: 'address_not_found' });
        expect((await list(owner.session)).body.addresses).toEqual([address]);
        expect((await remove(owner.session, 'not valid!')).status).toBe(400);
        expect((await ctx().call(`/api/users/me/addresses/${address._id}`, { method: 'DELETE' })).status).toBe(401);
      });
    });

    describe('addresses-repo for the orders service', () => {
      it("getUserAddress answers the user's own address only; addressView is the API shape", async () => {
        const owner = await registerUser(ctx(), centro);
        const other = await registerUser(ctx(), centro);
        const saved = (await save(owner.session, payload({ number: null }))).body;
        const row = await getUserAddress(ctx().db, owner.user._id, saved._id);
        expect(row).toBeDefined();
        const { is_default, ...copy } = saved;
        expect(is_default).toBe(true);
        expect(addressView(row!)).toEqual(copy);
        expect(await getUserAddress(ctx().db, other.user._id, saved._id)).toBeUndefined();
        expect(await getUserAddress(ctx().db, owner.user._id, 'missing')).toBeUndefined();
      });
    });
  },
  {
    setup: async (ctx) => {
      await loadAllFixtures(ctx.db);
      await loadCatalogue(ctx.db, BELLA_BANDS);
    },
  },
);
