// A Nominatim-compatible geocoder (GEOCODER_URL): OpenStreetMap's Nominatim, a self-hosted one, or
// any provider speaking its /search and /reverse API. Every request asks for Brazil only
// (countrycodes=br ), JSON v2 with address details, Brazilian Portuguese names, and
// identifies the application by User-Agent, as Nominatim's usage policy requires. Answers are
// cached in memory (the policy also asks clients not to repeat identical queries) and results
// outside Brazil are dropped even if an endpoint ignores countrycodes.
import { GeocoderUnavailableError, placeLabel, stateCodeOf, EMPTY_REVERSE, type Geocoder, type LngLat } from './geocoder.ts';
import type { GeoSearchResult, ReverseGeocodeResult } from '../../schemas/api-geo.ts';

export interface NominatimOptions {
  /** Base URL, e.g. https://nominatim.openstreetmap.org (a path prefix is kept). */
  url: string;
  userAgent: string;
  /** Per request; default 5 s. */
  timeoutMs?: number;
  /** Cached answers kept; default 500 (least recently used dropped first). */
  cacheSize?: number;
  /** How long a cached answer is reused; default 24 h. */
  cacheTtlMs?: number;
}

/** The `address` object of a Nominatim result (only the keys we read). */
interface NominatimAddress {
  road?: string;
  pedestrian?: string;
  footway?: string;
  path?: string;
  square?: string;
  house_number?: string;
  suburb?: string;
  neighbourhood?: string;
  quarter?: string;
  city_district?: string;
  borough?: string;
  city?: string;
  town?: string;
  village?: string;
  municipality?: string;
  hamlet?: string;
  state?: string;
  'ISO3166-2-lvl4'?: string;
  country_code?: string;
}

interface NominatimPlace {
  lat?: string;
  lon?: string;
  display_name?: string;
  address?: NominatimAddress;
  error?: string;
}

/** Our address fields from Nominatim's address breakdown. */
export function addressFields(a: NominatimAddress = {}): Omit<ReverseGeocodeResult, 'country'> {
  const iso = a['ISO3166-2-lvl4'];
  return {
    street: a.road ?? a.pedestrian ?? a.square ?? a.footway ?? a.path ?? '',
    number: a.house_number ?? '',
    neighborhood: a.suburb ?? a.neighbourhood ?? a.quarter ?? a.city_district ?? a.borough ?? '',
    city: a.city ?? a.town ?? a.village ?? a.municipality ?? a.hamlet ?? '',
    state: iso?.startsWith('BR-') ? stateCodeOf(iso.slice(3)) : stateCodeOf(a.state),
  };
}

const isBrazilian = (p: NominatimPlace) => p.address?.country_code?.toLowerCase() === 'br';

function toSearchResult(p: NominatimPlace): GeoSearchResult | null {
  const lng = Number(p.lon);
  const lat = Number(p.lat);
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  const fields = addressFields(p.address);
  const kind: GeoSearchResult['kind'] = fields.street ? 'street' : fields.neighborhood ? 'neighborhood' : 'city';
  return { label: placeLabel(fields) || (p.display_name ?? ''), kind, ...fields, lng_lat: [lng, lat] };
}

/** How far around `near` the search prefers results (degrees; not a hard bound). */
const NEAR_VIEWBOX_DEGREES = 0.5;

export function createNominatimGeocoder(opts: NominatimOptions): Geocoder {
  const base = opts.url.endsWith('/') ? opts.url : `${opts.url}/`;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const cacheSize = opts.cacheSize ?? 500;
  const ttl = opts.cacheTtlMs ?? 24 * 60 * 60 * 1000;
  const cache = new Map<string, { at: number; value: unknown }>();

  async function get(path: 'search' | 'reverse', params: Record<string, string>): Promise<unknown> {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries({ ...params, format: 'jsonv2', addressdetails: '1', 'accept-language': 'pt-BR' })) url.searchParams.set(k, v);
    const key = url.toString();
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < ttl) {
      cache.delete(key);
      cache.set(key, hit);
      return hit.value;
    }
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { 'User-Agent': opts.userAgent, Accept: 'application/json', 'Accept-Language': 'pt-BR' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new GeocoderUnavailableError(`geocoder request failed: ${(err as Error).message}`, { cause: err });
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new GeocoderUnavailableError(`geocoder answered ${res.status}`);
    }
    let value: unknown;
    try {
      value = await res.json();
    } catch (err) {
      throw new GeocoderUnavailableError('geocoder answered something other than JSON', { cause: err });
    }
    cache.set(key, { at: Date.now(), value });
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
    return value;
  }

  return {
    engine: 'nominatim',

    async reverse(lat: number, lng: number): Promise<ReverseGeocodeResult> {
      const place = (await get('reverse', { lat: lat.toFixed(6), lon: lng.toFixed(6), zoom: '18' })) as NominatimPlace | null;
      // Nominatim answers 200 { error: 'Unable to geocode' } where there is nothing (the sea).
      if (!place || typeof place !== 'object' || place.error || !isBrazilian(place)) return { ...EMPTY_REVERSE };
      return { ...addressFields(place.address), country: 'BR' };
    },

    async search(q: string, o: { near?: LngLat; limit?: number } = {}): Promise<GeoSearchResult[]> {
      const limit = o.limit ?? 8;
      const params: Record<string, string> = { q, countrycodes: 'br', limit: String(limit) };
      if (o.near) {
        const [lng, lat] = o.near;
        const d = NEAR_VIEWBOX_DEGREES;
        params.viewbox = [lng - d, lat + d, lng + d, lat - d].map((n) => n.toFixed(6)).join(',');
        params.bounded = '0';
      }
      const places = await get('search', params);
      if (!Array.isArray(places)) throw new GeocoderUnavailableError('geocoder search answer is not a list');
      return (places as NominatimPlace[])
        .filter(isBrazilian)
        .map(toSearchResult)
        .filter((r): r is GeoSearchResult => r !== null)
        .slice(0, limit);
    },
  };
}
