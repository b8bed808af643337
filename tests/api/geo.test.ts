// Positions and places: the delivery fee of a position (POST /delivery_tax), reverse geocoding and
// place search with the offline geocoder and with a Nominatim-compatible endpoint, and the map
// style of the address modal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getMunicipality } from '@brazilian-utils/brazilian-utils';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { forEachDatabase } from './helpers/databases.ts';
import { estId, loadAllFixtures, loadCatalogue } from './helpers/fixtures.ts';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import { DEMO_CATALOGUES } from '../../scripts/seed-data/index.ts';
import { config } from '../../src/server/config.ts';
import { createNominatimGeocoder } from '../../src/server/adapters/geocoder-nominatim.ts';
import { GEOCODER_TURN_WAITS, GeocoderUnavailableError, geocoderRequestsPerSecond } from '../../src/server/adapters/geocoder.ts';
import { GEO_REQUESTS_PER_MINUTE } from '../../src/server/api/routes/geo.ts';
import { API_HEADERS } from './helpers/databases.ts';
import { startApiServer } from './helpers/server-process.ts';
import { MUNICIPALITY_CENTRES } from '../../src/server/adapters/geo-data/municipality-centres.ts';
import { DEMO_STREETS } from '../../src/server/adapters/geo-data/demo-streets.ts';
import { STATE_CODES } from '../../src/schemas/api-geo.ts';

/** Metres per degree of latitude on the haversine sphere (R = 6 371 008.8 m). */
const M_PER_DEG = (6_371_008.8 * Math.PI) / 180;
/** A point `meters` due north of [lng, lat]. */
const north = ([lng, lat]: readonly [number, number], meters: number): [number, number] => [lng, lat + meters / M_PER_DEG];
/** Metres between two nearby points (flat approximation, enough for metre-scale checks). */
const metersBetween = (a: readonly number[], b: readonly number[]) =>
  Math.hypot((a[0]! - b[0]!) * M_PER_DEG * Math.cos((a[1]! * Math.PI) / 180), (a[1]! - b[1]!) * M_PER_DEG);

/** An establishment with three delivery bands and a 6 km radius, and a pickup-only one. */
const BANDS_ORIGIN: [number, number] = [-48.5482, -27.5954];
const GEO_BANDS: CatalogueInput = {
  company: { slug: 'geo-teste', name: 'Geo Teste' },
  establishment: {
    slug: 'geo-bands',
    name: 'Geo Faixas',
    phone: '48988887777',
    address: { street: 'Rua Felipe Schmidt', number: '10', neighborhood: 'Centro', city: 'Florianópolis', state: 'SC', lng_lat: BANDS_ORIGIN },
    design: { theme: 'light', navbarcolor: '#000000', primary: '#111111', darkprimary: '#000000', primaryinverse: '#ffffff' },
    preferences: {
      title: 'Geo',
      desc: '',
      delivery_type: ['delivery', 'pickup'],
      delivery_radius: 6000,
      // Deliberately out of order: the bands are sorted by distance.
      delivery_bands: [
        { up_to_meters: 3000, price: 800 },
        { up_to_meters: 1000, price: 500 },
        { up_to_meters: 5000, price: 1200 },
      ],
    },
    office_hours: [],
  },
  categories: [{ _id: 'c', name: 'C', products: [{ _id: 'p', name: 'P', price: 100 }] }],
};
const GEO_PICKUP: CatalogueInput = {
  ...GEO_BANDS,
  establishment: {
    ...GEO_BANDS.establishment,
    slug: 'geo-pickup',
    name: 'Geo Retirada',
    preferences: { ...GEO_BANDS.establishment.preferences, delivery_type: ['pickup'] },
  },
};

/** The demo establishments of the seed, with their addresses. */
const SEED_ADDRESSES = DEMO_CATALOGUES.map((c) => ({ slug: c.establishment.slug, ...c.establishment.address }));

// ---------------------------------------------------------------- a Nominatim-compatible stand-in

interface Recorded {
  path: string;
  params: URLSearchParams;
  userAgent: string;
  referer: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/**
 * A local HTTP server speaking Nominatim's /search and /reverse (jsonv2): the real adapter talks
 * to it over HTTP. `mode` switches it to failing or hanging.
 */
async function startNominatim() {
  const requests: Recorded[] = [];
  const state = { mode: 'ok' as 'ok' | 'error' | 'hang' };
  const brazil = {
    lat: '-23.5559',
    lon: '-46.6890',
    display_name: 'Rua Harmonia, Vila Madalena, São Paulo, Região Metropolitana de São Paulo, São Paulo, 05435-000, Brasil',
    address: {
      road: 'Rua Harmonia',
      house_number: '512',
      suburb: 'Vila Madalena',
      city: 'São Paulo',
      state: 'São Paulo',
      'ISO3166-2-lvl4': 'BR-SP',
      country: 'Brasil',
      country_code: 'br',
    },
  };
  const portugal = { lat: '38.7223', lon: '-9.1393', display_name: 'Lisboa, Portugal', address: { city: 'Lisboa', state: 'Lisboa', country_code: 'pt' } };
  const town = { lat: '-10.6508', lon: '-68.5044', display_name: 'Xapuri, Acre, Brasil', address: { town: 'Xapuri', state: 'Acre', country_code: 'br' } };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({
      path: url.pathname,
      params: url.searchParams,
      userAgent: String(req.headers['user-agent'] ?? ''),
      referer: String(req.headers.referer ?? ''),
      at: Date.now(),
    });
    if (state.mode === 'hang') return; // never answers
    if (state.mode === 'error') {
      res.writeHead(503, { 'Content-Type': 'text/plain' }).end('overloaded');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    if (url.pathname.endsWith('/reverse')) {
      const lat = Number(url.searchParams.get('lat'));
      res.end(JSON.stringify(lat > 0 ? { error: 'Unable to geocode' } : lat < -30 ? { ...portugal } : brazil));
    } else res.end(JSON.stringify([portugal, brazil, town]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/nominatim`,
    requests,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let nominatim: Awaited<ReturnType<typeof startNominatim>>;
beforeAll(async () => {
  nominatim = await startNominatim();
});
afterAll(async () => {
  await nominatim.close();
});

/** Runs `work` with config values changed, restoring them afterwards. */
async function withConfig<T>(changes: Partial<typeof config>, work: () => Promise<T>): Promise<T> {
  const saved = { ...config };
  Object.assign(config, changes);
  try {
    return await work();
  } finally {
    Object.assign(config, saved);
  }
}

describe('offline geodata', () => {
  it('names only IBGE municipalities for the centres it can place', () => {
    for (const c of MUNICIPALITY_CENTRES) {
      expect(getMunicipality({ municipalityName: c.name, uf: c.state }), `${c.name}/${c.state}`).toBeTruthy();
      expect(STATE_CODES).toContain(c.state);
    }
    for (const s of DEMO_STREETS) expect(s.numbers[1], s.name).toBeGreaterThan(s.numbers[0]);
  });
});

describe('Nominatim-compatible geocoder', () => {
  it('gives up after its timeout with GeocoderUnavailableError', async () => {
    const g = createNominatimGeocoder({ url: nominatim.url, userAgent: 'test', timeoutMs: 200 });
    nominatim.state.mode = 'hang';
    try {
      const started = Date.now();
      await expect(g.search('timeout test')).rejects.toBeInstanceOf(GeocoderUnavailableError);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      nominatim.state.mode = 'ok';
    }
  });

  it('asks the endpoint once for a repeated query (answers are cached)', async () => {
    const g = createNominatimGeocoder({ url: nominatim.url, userAgent: 'test' });
    const before = nominatim.requests.length;
    const first = await g.search('cache test');
    const second = await g.search('cache test');
    expect(second).toEqual(first);
    expect(nominatim.requests.length - before).toBe(1);
  });

  it('holds one answer for a query however it is spaced or cased, and for nearby `near` points; asks once for identical queries at the same time', async () => {
    const g = createNominatimGeocoder({ url: nominatim.url, userAgent: 'test' });
    const before = nominatim.requests.length;
    await Promise.all([g.search('Rua  Harmonia '), g.search('rua harmonia'), g.search('RUA HARMONIA'), g.search('\trua\u00a0harmonia')]);
    await g.search('rua harmonia', { near: [-46.6891, -23.5561] });
    await g.search('rua harmonia', { near: [-46.6893, -23.5558] });
    const sent = nominatim.requests.slice(before);
    expect(sent.map((r) => r.params.get('q'))).toEqual(['rua harmonia', 'rua harmonia']);
    expect(sent[1]!.params.get('viewbox')).toBe('-47.19,-23.06,-46.19,-24.06');
  });

  it('holds at most its byte budget of answers, least recently read first out, each for its time to live', async () => {
    const g = createNominatimGeocoder({ url: nominatim.url, userAgent: 'test', cacheBytes: 4000, cacheTtlMs: 300 });
    const before = nominatim.requests.length;
    for (let i = 0; i < 40; i++) await g.search(`budget ${i}`);
    expect(g.cacheUsage.bytes).toBeLessThanOrEqual(4000);
    expect(g.cacheUsage.size).toBeGreaterThan(0);
    expect(g.cacheUsage.size).toBeLessThan(40);
    expect(nominatim.requests.length - before).toBe(40);
    await g.search('budget 39');
    expect(nominatim.requests.length - before).toBe(40);
    await g.search('budget 0');
    expect(nominatim.requests.length - before).toBe(41);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await g.search('budget 0');
    expect(nominatim.requests.length - before).toBe(42);
  });

  it("holds nominatim.openstreetmap.org to its policy's one request a second, whatever is configured; others as configured", () => {
    expect(geocoderRequestsPerSecond('https://nominatim.openstreetmap.org', 5)).toBe(1);
    expect(geocoderRequestsPerSecond('https://nominatim.openstreetmap.org/', 0)).toBe(1);
    expect(geocoderRequestsPerSecond('https://geo.example.com', 5)).toBe(5);
    expect(geocoderRequestsPerSecond('https://geo.example.com', 0)).toBe(0);
  });
});

forEachDatabase(
  'geo',
  (ctx) => {
    const post = async (path: string, body: unknown) => {
      const res = await ctx().call(path, { method: 'POST', body });
      return { status: res.status, body: await res.json(), res };
    };
    const search = async (query: string) => {
      const res = await ctx().call(`/api/geo/search?${query}`);
      return { status: res.status, body: await res.json(), res };
    };
    const paths = (body: { fields?: Array<{ path: string }> }) => (body.fields ?? []).map((f) => f.path).sort();

    describe('POST /delivery_tax', () => {
      const tax = (slug: string, [lng, lat]: [number, number]) => post('/api/delivery_tax', { establishment_id: estId(slug), lng, lat });

      it('answers the price of the first band covering the distance, and the distance [R-7.38]', async () => {
        const cases: Array<[meters: number, price: number]> = [
          [0, 500],
          [999, 500],
          [1500, 800],
          [3000, 800],
          [4200, 1200],
          // Beyond the last band but inside the radius: the last band's price.
          [5800, 1200],
        ];
        for (const [meters, price] of cases) {
          const r = await tax('geo-bands', north(BANDS_ORIGIN, meters));
          expect(r.status, `${meters} m`).toBe(200);
          expect(r.body.price, `${meters} m`).toBe(price);
          expect(Math.abs(r.body.distance - meters), `${meters} m`).toBeLessThanOrEqual(1);
          expect(Object.keys(r.body).sort()).toEqual(['distance', 'price']);
        }
      });

      it('answers 404 no_delivery_tax_found outside the radius [R-7.38]', async () => {
        const r = await tax('geo-bands', north(BANDS_ORIGIN, 6100));
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ message: 'no_delivery_tax_found' });
      });

      it('uses a 5000 m radius when the establishment sets none, free without bands [R-9.11, R-7.38]', async () => {
        const paulista: [number, number] = [-46.6544, -23.5614];
        const inside = await tax('bella-paulista', north(paulista, 4950));
        expect(inside.status).toBe(200);
        expect(inside.body.price).toBe(0);
        const outside = await tax('bella-paulista', north(paulista, 5050));
        expect(outside.status).toBe(404);
        expect(outside.body.message).toBe('no_delivery_tax_found');
        // bella-centro's own radius is 3000 m.
        expect((await tax('bella-centro', north([-46.6333, -23.5505], 3100))).status).toBe(404);
      });

      it('answers no_delivery_tax_found for an establishment that does not deliver', async () => {
        const r = await tax('geo-pickup', BANDS_ORIGIN);
        expect(r.status).toBe(404);
        expect(r.body.message).toBe('no_delivery_tax_found');
      });

      it('answers 404 establishment_not_found for an unknown or inactive establishment', async () => {
        for (const slug of ['bella-antiga', 'nao-existe']) {
          const r = await tax(slug, [-46.634, -23.551]);
          expect(r.status, slug).toBe(404);
          expect(r.body.message).toBe('establishment_not_found');
        }
      });

      it('validates the body', async () => {
        const r = await post('/api/delivery_tax', { establishment_id: estId('geo-bands'), lng: -200, lat: '-23' });
        expect(r.status).toBe(400);
        expect(r.body.message).toBe('invalid_body');
        expect(paths(r.body)).toEqual(['lat', 'lng']);
        const bad = await post('/api/delivery_tax', { establishment_id: 'x y', lng: 0, lat: 0 });
        expect(paths(bad.body)).toEqual(['establishment_id']);
      });
    });

    describe('POST /geo/reversegeocode (offline)', () => {
      it("names each demo establishment's own street, number, neighbourhood, city and state [R-7.44]", async () => {
        expect(SEED_ADDRESSES.length).toBe(4);
        for (const a of SEED_ADDRESSES) {
          const [lng, lat] = a.lng_lat;
          const r = await post('/api/geo/reversegeocode', { lat, lng });
          expect(r.status).toBe(200);
          expect(Object.keys(r.body).sort()).toEqual(['city', 'country', 'neighborhood', 'number', 'state', 'street']);
          expect({ ...r.body, number: undefined }, a.slug).toEqual({
            street: a.street,
            number: undefined,
            neighborhood: a.neighborhood,
            city: a.city,
            state: a.state,
            country: 'BR',
          });
          expect(Math.abs(Number(r.body.number) - Number(a.number)), a.slug).toBeLessThanOrEqual(2);
        }
      });

      it('puts odd numbers on one side of a street and even on the other [R-7.44]', async () => {
        // 20 m either side of Rua Harmonia at Pizzaria Bella (the street runs NW to SE).
        const left = await post('/api/geo/reversegeocode', { lng: -46.689 + 0.00015, lat: -23.556 + 0.00012 });
        const right = await post('/api/geo/reversegeocode', { lng: -46.689 - 0.00015, lat: -23.556 - 0.00012 });
        expect(left.body.street).toBe('Rua Harmonia');
        expect(right.body.street).toBe('Rua Harmonia');
        expect(Number(left.body.number) % 2).not.toBe(Number(right.body.number) % 2);
      });

      it('answers only what it knows away from the demo streets, and empty fields outside Brazil [R-7.44]', async () => {
        // About 300 m from the nearest Vila Madalena street: the neighbourhood, no street.
        const nearby = await post('/api/geo/reversegeocode', { lng: -46.6829, lat: -23.5484 });
        expect(nearby.body.street).toBe('');
        expect(nearby.body.number).toBe('');
        expect(nearby.body.city).toBe('São Paulo');
        // Manaus: a capital the data can place, but no streets there.
        const manaus = await post('/api/geo/reversegeocode', { lng: -60.0217, lat: -3.119 });
        expect(manaus.body).toEqual({ street: '', number: '', neighborhood: '', city: 'Manaus', state: 'AM', country: 'BR' });
        const sea = await post('/api/geo/reversegeocode', { lng: 0, lat: 0 });
        expect(sea.status).toBe(200);
        expect(sea.body).toEqual({ street: '', number: '', neighborhood: '', city: '', state: '', country: 'BR' });
      });

      it('validates lat and lng', async () => {
        const r = await post('/api/geo/reversegeocode', { lat: 91, lng: 'x' });
        expect(r.status).toBe(400);
        expect(paths(r.body)).toEqual(['lat', 'lng']);
      });
    });

    describe('GET /geo/search (offline)', () => {
      it('finds a street, at a house number when one is typed', async () => {
        const r = await search(`q=${encodeURIComponent('r. harmonia')}`);
        expect(r.status).toBe(200);
        expect(r.body.results[0]).toMatchObject({
          kind: 'street',
          street: 'Rua Harmonia',
          neighborhood: 'Vila Madalena',
          city: 'São Paulo',
          state: 'SP',
          label: 'Rua Harmonia - Vila Madalena, São Paulo/SP',
        });
        const at = await search(`q=${encodeURIComponent('Rua Harmonia, 512')}`);
        expect(at.body.results[0]).toMatchObject({ street: 'Rua Harmonia', number: '512', label: 'Rua Harmonia, 512 - Vila Madalena, São Paulo/SP' });
        expect(metersBetween(at.body.results[0].lng_lat, [-46.689, -23.556])).toBeLessThan(5);
        const fatima = await search(`q=${encodeURIComponent('Av. N. Sra. de Fátima 410')}`);
        expect(metersBetween(fatima.body.results[0].lng_lat, [-46.36, -23.933])).toBeLessThan(5);
      });

      it('finds IBGE municipalities, placed when the data knows their centre and with lng_lat null otherwise', async () => {
        const santos = await search('q=santos');
        expect(santos.body.results[0]).toEqual({
          label: 'Santos/SP',
          kind: 'city',
          street: '',
          number: '',
          neighborhood: '',
          city: 'Santos',
          state: 'SP',
          lng_lat: [-46.334, -23.961],
        });
        const xapuri = await search('q=xapuri');
        expect(xapuri.body.results).toEqual([
          { label: 'Xapuri/AC', kind: 'city', street: '', number: '', neighborhood: '', city: 'Xapuri', state: 'AC', lng_lat: null },
        ]);
        // Accents and case do not matter.
        expect((await search(`q=${encodeURIComponent('FLORIANOPOLIS')}`)).body.results[0].city).toBe('Florianópolis');
      });

      it('answers Brazilian places only, at most 8 [R-7.45]', async () => {
        const r = await search('q=sao');
        expect(r.body.results).toHaveLength(8);
        const lisboa = await search('q=lisboa');
        expect(lisboa.body.results.length).toBeGreaterThan(0);
        for (const p of [...r.body.results, ...lisboa.body.results]) expect(STATE_CODES).toContain(p.state);
        expect(lisboa.body.results.map((p: { label: string }) => p.label)).not.toContain('Lisboa');
      });

      it('ranks places near `near` first', async () => {
        const far = await search(`q=${encodeURIComponent('campo grande')}`);
        expect(far.body.results[0].label).toBe('Campo Grande/MS');
        const inSantos = await search(`q=${encodeURIComponent('campo grande')}&near=-46.333,-23.9345`);
        expect(inSantos.body.results[0]).toMatchObject({ kind: 'neighborhood', neighborhood: 'Campo Grande', city: 'Santos' });
      });

      it('validates q and near', async () => {
        for (const query of ['q=a', '', `q=${'x'.repeat(121)}`, 'q=santos&near=200,1', 'q=santos&near=abc']) {
          const r = await search(query);
          expect(r.status, query).toBe(400);
          expect(r.body.message).toBe('invalid_query');
        }
      });
    });

    describe('GEOCODER_URL (a Nominatim-compatible endpoint)', () => {
      it('searches Brazil only, in pt-BR JSON v2, naming the application and a contact (User-Agent) and its origin (Referer), and maps the answer [R-7.45]', async () => {
        const q = `harmonia ${ctx().engine}`;
        const r = await withConfig(
          { geocoderUrl: nominatim.url, geocoderRequestsPerSecond: 0, geocoderContact: 'geo@vitrine.example', publicOrigin: 'https://vitrine.example' },
          () => search(`q=${encodeURIComponent(q)}&near=-46.689,-23.556`),
        );
        expect(r.status).toBe(200);
        const sent = nominatim.requests.findLast((x) => x.params.get('q') === q)!;
        expect(sent.path).toBe('/nominatim/search');
        expect(sent.params.get('countrycodes')).toBe('br');
        expect(sent.params.get('format')).toBe('jsonv2');
        expect(sent.params.get('accept-language')).toBe('pt-BR');
        expect(sent.params.get('addressdetails')).toBe('1');
        expect(sent.params.get('limit')).toBe('8');
        // `near` rounded to 0.01°, so nearby customers share one request.
        expect(sent.params.get('viewbox')).toBe('-47.19,-23.06,-46.19,-24.06');
        expect(sent.userAgent).toBe('Vitrine/0.1 (+https://vitrine.example; geo@vitrine.example)');
        expect(sent.referer).toBe('https://vitrine.example/');
        // The Portuguese result is dropped even though the endpoint sent it.
        expect(r.body.results).toEqual([
          {
            label: 'Rua Harmonia, 512 - Vila Madalena, São Paulo/SP',
            kind: 'street',
            street: 'Rua Harmonia',
            number: '512',
            neighborhood: 'Vila Madalena',
            city: 'São Paulo',
            state: 'SP',
            lng_lat: [-46.689, -23.5559],
          },
          { label: 'Xapuri/AC', kind: 'city', street: '', number: '', neighborhood: '', city: 'Xapuri', state: 'AC', lng_lat: [-68.5044, -10.6508] },
        ]);
      });

      it('reverse geocodes through the endpoint; nothing found or outside Brazil gives empty fields [R-7.44]', async () => {
        const at = (lat: number) =>
          withConfig({ geocoderUrl: nominatim.url, geocoderRequestsPerSecond: 0 }, () =>
            post('/api/geo/reversegeocode', { lat, lng: -46.689 + (ctx().engine === 'sqlite' ? 0 : 0.0001) }),
          );
        const found = await at(-23.556);
        expect(found.body).toEqual({ street: 'Rua Harmonia', number: '512', neighborhood: 'Vila Madalena', city: 'São Paulo', state: 'SP', country: 'BR' });
        const sent = nominatim.requests.at(-1)!;
        expect(sent.path).toBe('/nominatim/reverse');
        expect(sent.params.get('format')).toBe('jsonv2');
        expect(sent.params.get('lat')).toBe('-23.556000');
        const empty = { street: '', number: '', neighborhood: '', city: '', state: '', country: 'BR' };
        expect((await at(1)).body).toEqual(empty);
        expect((await at(-35)).body).toEqual(empty);
      });

      it('answers 502 geocoder_unavailable when the endpoint fails', async () => {
        nominatim.state.mode = 'error';
        try {
          const r = await withConfig({ geocoderUrl: nominatim.url, geocoderRequestsPerSecond: 0 }, () =>
            search(`q=${encodeURIComponent(`falha ${ctx().engine}`)}`),
          );
          expect(r.status).toBe(502);
          expect(r.body).toEqual({ message: 'geocoder_unavailable' });
        } finally {
          nominatim.state.mode = 'ok';
        }
      });
    });

    describe('limits on what anyone can ask', () => {
      it(`answers one client address ${GEO_REQUESTS_PER_MINUTE} searches and reverse geocodings together a minute, sent at once, then 429 too_many_geo_requests with Retry-After; another address is not held back`, async () => {
        ctx().setNow(new Date(Math.ceil((ctx().now().getTime() + 1) / 60_000) * 60_000));
        const from = (n: number) => ({ 'X-Forwarded-For': `203.0.113.${n}` });
        const ask = (i: number, n: number) =>
          i % 2
            ? ctx().call('/api/geo/search?q=harmonia', { headers: from(n) })
            : ctx().call('/api/geo/reversegeocode', { method: 'POST', body: { lat: -23.556, lng: -46.689 }, headers: from(n) });
        const answers = await Promise.all(Array.from({ length: GEO_REQUESTS_PER_MINUTE + 10 }, (_, i) => ask(i, 40)));
        expect(answers.filter((r) => r.status === 200)).toHaveLength(GEO_REQUESTS_PER_MINUTE);
        const refused = answers.filter((r) => r.status === 429);
        expect(refused).toHaveLength(10);
        expect(await refused[0]!.json()).toEqual({ message: 'too_many_geo_requests' });
        expect(refused[0]!.headers.get('retry-after')).toBe('60');
        expect((await ask(1, 41)).status).toBe(200);
        ctx().setNow(new Date(ctx().now().getTime() + 60_000));
        expect((await ask(0, 40)).status).toBe(200);
      });

      it('sends the remote geocoder at most one request a second, counted in the database; a request that finds no turn within a few seconds answers 503 geocoder_busy', async () => {
        const before = nominatim.requests.length;
        const answers = await withConfig({ geocoderUrl: nominatim.url, geocoderRequestsPerSecond: 1 }, () =>
          Promise.all(
            Array.from({ length: 8 }, (_, i) =>
              ctx().call(`/api/geo/search?q=${encodeURIComponent(`turno ${i} ${ctx().engine}`)}`, { headers: { 'X-Forwarded-For': '203.0.113.50' } }),
            ),
          ),
        );
        expectPaced(answers, nominatim.requests.slice(before));
        const busy = answers.find((r) => r.status === 503)!;
        expect(await busy.json()).toEqual({ message: 'geocoder_busy' });
        expect(busy.headers.get('retry-after')).toBe('1');
      });

      it('takes nothing from the remote geocode share, and waits for nothing, with the offline geocoder', async () => {
        const started = Date.now();
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            ctx().call(`/api/geo/search?q=${encodeURIComponent(`santos ${i}`)}`, { headers: { 'X-Forwarded-For': '203.0.113.51' } }),
          ),
        );
        expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
        expect(Date.now() - started).toBeLessThan(1000);
      });
    });

    describe('GET /geo/map-style', () => {
      it('is a valid MapLibre style that needs no network, served without API headers', async () => {
        const res = await ctx().app.request('/api/geo/map-style');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
        const text = await res.text();
        const style = JSON.parse(text);
        expect(validateStyleMin(style)).toEqual([]);
        expect(style.version).toBe(8);
        // Nothing to fetch: inline GeoJSON only, no tiles, glyphs or sprite URLs.
        expect(text).not.toMatch(/https?:/);
        expect(style.glyphs).toBeUndefined();
        expect(style.sprite).toBeUndefined();
        for (const source of Object.values(style.sources) as Array<{ type: string; data: { type: string; features: unknown[] } }>) {
          expect(source.type).toBe('geojson');
          expect(source.data.type).toBe('FeatureCollection');
        }
        expect(style.layers[0]).toMatchObject({ id: 'background', type: 'background' });
        expect(style.sources.streets.data.features).toHaveLength(DEMO_STREETS.length);
        const names = style.sources.neighborhoods.data.features.map((f: { properties: { name: string } }) => f.properties.name);
        expect(names).toEqual(expect.arrayContaining(['Vila Madalena', 'Centro', 'Boqueirão', 'Chico de Paula']));
      });

      it('answers 304 to a matching If-None-Match', async () => {
        const first = await ctx().app.request('/api/geo/map-style');
        const etag = first.headers.get('etag')!;
        expect(etag).toMatch(/^".+"$/);
        const again = await ctx().app.request('/api/geo/map-style', { headers: { 'If-None-Match': etag } });
        expect(again.status).toBe(304);
      });

      it('redirects to MAP_STYLE_URL when it is set', async () => {
        const url = 'https://tiles.example.com/styles/bright/style.json';
        const res = await withConfig({ mapStyleUrl: url }, async () => ctx().app.request('/api/geo/map-style'));
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe(url);
      });
    });
  },
  {
    setup: async (ctx) => {
      await loadAllFixtures(ctx.db);
      await loadCatalogue(ctx.db, GEO_BANDS);
      await loadCatalogue(ctx.db, GEO_PICKUP);
    },
  },
);

/**
 * What the deployment's share of geocoder requests allows of 8 searches sent at once: each second
 * of the clock one goes out, a request waits for at most GEOCODER_TURN_WAITS more seconds, the rest
 * answer 503. So any three requests the endpoint received span more than a second, and it
 * received exactly the answered ones.
 */
function expectPaced(answers: Response[], received: Recorded[]) {
  const ok = answers.filter((r) => r.status === 200).length;
  const busy = answers.filter((r) => r.status === 503).length;
  expect(ok + busy).toBe(answers.length);
  expect(ok).toBeGreaterThanOrEqual(2);
  expect(ok).toBeLessThanOrEqual(GEOCODER_TURN_WAITS + 2);
  expect(received).toHaveLength(ok);
  const at = received.map((r) => r.at).sort((a, b) => a - b);
  for (let i = 0; i + 2 < at.length; i++) expect(at[i + 2]! - at[i]!, `requests ${i} and ${i + 2}`).toBeGreaterThan(900);
}

// Two server processes on one database: the share of requests a second is the deployment's.
forEachDatabase(
  'geo across server processes',
  (ctx) => {
    let other: Awaited<ReturnType<typeof startApiServer>>;
    beforeAll(async () => {
      other = await startApiServer({ DATABASE_URL: ctx().databaseUrl, GEOCODER_URL: nominatim.url, GEOCODER_REQUESTS_PER_SECOND: '1', PORT: '0' });
    });
    afterAll(() => {
      other.child.kill('SIGTERM');
    });

    it('holds the remote geocoder to one request a second from two processes together', async () => {
      const before = nominatim.requests.length;
      const q = (i: number) => `q=${encodeURIComponent(`processos ${i}`)}`;
      const answers = await withConfig({ geocoderUrl: nominatim.url, geocoderRequestsPerSecond: 1 }, () =>
        Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            i % 2 ? ctx().call(`/api/geo/search?${q(i)}`) : fetch(`${other.url}/api/geo/search?${q(i)}`, { headers: API_HEADERS }),
          ),
        ),
      );
      expectPaced(answers, nominatim.requests.slice(before));
    });
  },
  { engines: ['postgres'] },
);
