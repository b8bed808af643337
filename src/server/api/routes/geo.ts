// Positions and places (spec section 7 'POST /delivery_tax' and 'User, addresses'; docs/api.md
// 'Addresses, geocoding and delivery fee'): the delivery fee of a position, reverse
// geocoding of the address modal's map centre, the place search of its search box,
// restricted to Brazil, and the map style the modal's MapLibre map loads. Reverse
// geocoding and the place search are open to anyone and may reach a remote geocoder: each client
// address gets GEO_REQUESTS_PER_MINUTE of them, and the remote one gets the deployment's share of
// requests a second (src/server/adapters/geocoder.ts upstreamTurn).
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { config } from '../../config.ts';
import { GEO_SEARCH_LIMIT, GeoSearchQuery } from '../../../schemas/api-geo.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { deliveryAt } from '../../../domain/delivery-fee.ts';
import { GeocoderBusyError, GeocoderUnavailableError, upstreamTurn, type Geocoder, type UpstreamTurn } from '../../adapters/geocoder.ts';
import { defaultGeocoder } from '../../adapters/select.ts';
import { offlineMapData } from '../../adapters/geocoder-offline.ts';
import { limitAddress, hitOrRefuse } from '../../services/rate-limit.ts';
import { requestClientAddress, requestDeps, requireEstablishment } from '../guards.ts';

/**
 * Reverse geocodings and place searches together one client address may ask in a minute: the
 * address modal asks one per map move and per pause in typing (350 ms), far fewer than this.
 */
export const GEO_REQUESTS_PER_MINUTE = 60;

/** Counts the request against its client address (429 too_many_geo_requests), then runs `work` with the geocoder and its turns. */
async function geocoding<T>(c: Context<ApiEnv>, work: (geocoder: Geocoder, turn: UpstreamTurn | undefined) => Promise<T>): Promise<T> {
  const { db, now } = requestDeps(c);
  const key = `geo:ip:${limitAddress(requestClientAddress(c))}`;
  await hitOrRefuse(db, [{ key, max: GEO_REQUESTS_PER_MINUTE, windowSeconds: 60 }], now, 'too_many_geo_requests');
  const geocoder = defaultGeocoder();
  try {
    return await work(geocoder, geocoder.engine === 'nominatim' ? upstreamTurn(db, config.geocoderUrl) : undefined);
  } catch (err) {
    if (err instanceof GeocoderUnavailableError) {
      console.error('[geocoder]', err.message);
      throw new ApiError(502, 'geocoder_unavailable');
    }
    if (err instanceof GeocoderBusyError) {
      const busy = new ApiError(503, 'geocoder_busy');
      busy.retryAfterSeconds = err.retryAfterSeconds;
      throw busy;
    }
    throw err;
  }
}

// ---------------------------------------------------------------- the offline map style

/** Text of the offline map: MapLibre (>= 5.11) draws it with the browser's own fonts when the style has no `glyphs`. */
const FONT = ['sans-serif'];

/**
 * A MapLibre style (v8) that needs no network: GeoJSON sources built from the offline geodata
 * (water, neighbourhood areas, streets, municipality centres), line and fill layers, and labels
 * drawn with local fonts (no `glyphs` URL, no sprite). Centred on Pizzaria Bella at zoom 12.
 */
export function offlineMapStyle(): Answer<'GET /geo/map-style'> {
  const data = offlineMapData();
  const width = (z12: number, z16: number, z19: number) => ['interpolate', ['exponential', 1.6], ['zoom'], 12, z12, 16, z16, 19, z19];
  return {
    version: 8,
    name: 'Storefront offline',
    metadata: { 'storefront:offline': true },
    center: [-46.689, -23.556],
    zoom: 12,
    sources: {
      water: { type: 'geojson', data: data.water },
      neighborhoods: { type: 'geojson', data: data.neighborhoods },
      'neighborhood-labels': { type: 'geojson', data: data.neighborhoodLabels },
      streets: { type: 'geojson', data: data.streets },
      places: { type: 'geojson', data: data.places },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f2efe9' } },
      { id: 'neighborhoods', type: 'fill', source: 'neighborhoods', paint: { 'fill-color': '#e4ddd0', 'fill-opacity': 0.6 } },
      {
        id: 'neighborhood-outlines',
        type: 'line',
        source: 'neighborhoods',
        paint: { 'line-color': '#c4b9a5', 'line-width': 1, 'line-dasharray': [3, 2] },
      },
      // Above the neighbourhood areas, whose margins reach past the beach avenues.
      { id: 'water', type: 'fill', source: 'water', paint: { 'fill-color': '#aad3df' } },
      {
        id: 'street-casings',
        type: 'line',
        source: 'streets',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#c9c0b0', 'line-width': width(2.5, 10, 34) },
      },
      {
        id: 'streets',
        type: 'line',
        source: 'streets',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': ['match', ['get', 'class'], 'avenue', '#fbe3a0', '#ffffff'],
          // Avenues 40% wider; a zoom curve must be the outermost expression, so the class is matched at each stop.
          'line-width': [
            'interpolate',
            ['exponential', 1.6],
            ['zoom'],
            ...[
              [12, 1.5],
              [16, 8],
              [19, 30],
            ].flatMap(([z, w]) => [z, ['match', ['get', 'class'], 'avenue', w! * 1.4, w]]),
          ],
        },
      },
      {
        id: 'street-labels',
        type: 'symbol',
        source: 'streets',
        minzoom: 14,
        layout: {
          'symbol-placement': 'line',
          'text-field': ['get', 'name'],
          'text-font': FONT,
          'text-size': ['interpolate', ['linear'], ['zoom'], 14, 10, 19, 15],
        },
        paint: { 'text-color': '#4a4a4a', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
      {
        id: 'neighborhood-labels',
        type: 'symbol',
        source: 'neighborhood-labels',
        minzoom: 12,
        maxzoom: 16,
        layout: { 'text-field': ['get', 'name'], 'text-font': FONT, 'text-size': 12, 'text-transform': 'uppercase', 'text-letter-spacing': 0.08 },
        paint: { 'text-color': '#7d7160', 'text-halo-color': '#f2efe9', 'text-halo-width': 1.5 },
      },
      { id: 'place-dots', type: 'circle', source: 'places', maxzoom: 11, paint: { 'circle-radius': 3, 'circle-color': '#7d7160' } },
      {
        id: 'place-labels',
        type: 'symbol',
        source: 'places',
        maxzoom: 11,
        layout: { 'text-field': ['get', 'name'], 'text-font': FONT, 'text-size': 13, 'text-offset': [0, 1], 'text-anchor': 'top' },
        paint: { 'text-color': '#4a4a4a', 'text-halo-color': '#f2efe9', 'text-halo-width': 1.5 },
      },
    ],
  };
}

let styleCache: { body: string; etag: string } | undefined;
function offlineStyleBody() {
  if (!styleCache) {
    const body = JSON.stringify(offlineMapStyle());
    styleCache = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
  }
  return styleCache;
}

/** Browsers and proxies may keep the style an hour (it changes only with a deploy; the ETag revalidates). */
export const MAP_STYLE_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /geo/map-style, mounted before the Client-Type/Api-Version check: MapLibre loads a style by
 * URL with plain GETs, so this public, read-only document takes no API headers.
 */
export const mapStyleRoutes = new Hono<ApiEnv>().get('/geo/map-style', (c) => {
  if (config.mapStyleUrl) {
    c.header('Cache-Control', 'public, max-age=300');
    return c.redirect(config.mapStyleUrl, 302);
  }
  const { body, etag } = offlineStyleBody();
  c.header('Cache-Control', MAP_STYLE_CACHE_CONTROL);
  c.header('ETag', etag);
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return c.body(null, 304);
  return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
});

export const geoRoutes = new Hono<ApiEnv>()
  // The delivery fee at a position: 404 no_delivery_tax_found outside the radius.
  .post('/delivery_tax', async (c) => {
    const { db } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    const body = await routeBody(c, 'POST /delivery_tax');
    const est = await requireEstablishment(db, body.establishment_id);
    const delivery = deliveryAt(est.address.lng_lat, [body.lng, body.lat], est.preferences);
    if (!delivery.ok) throw new ApiError(404, 'no_delivery_tax_found');
    return c.json({ price: delivery.price, distance: delivery.distance } satisfies Answer<'POST /delivery_tax'>);
  })
  // The address at a position; unknown parts are ''.
  .post('/geo/reversegeocode', async (c) => {
    c.header('Cache-Control', 'no-store');
    const { lat, lng } = await routeBody(c, 'POST /geo/reversegeocode');
    return c.json((await geocoding(c, (geocoder, turn) => geocoder.reverse(lat, lng, { turn }))) satisfies Answer<'POST /geo/reversegeocode'>);
  })
  // Places in Brazil matching q, nearest to `near` first.
  .get('/geo/search', async (c) => {
    const { q, near } = validate(GeoSearchQuery, c.req.query(), 'query');
    const results = await geocoding(c, (geocoder, turn) => geocoder.search(q, { near, limit: GEO_SEARCH_LIMIT, turn }));
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ results } satisfies Answer<'GET /geo/search'>);
  });
