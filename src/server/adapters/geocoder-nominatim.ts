// A Nominatim-compatible geocoder (GEOCODER_URL): OpenStreetMap's Nominatim, a self-hosted one, or
// any provider speaking its /search and /reverse API. Every request asks for Brazil only
// (countrycodes=br ), JSON v2 with address details, Brazilian Portuguese names, and
// identifies the application by User-Agent (with a contact) and Referer, as Nominatim's usage policy
// requires. Answers are held in memory, bounded in bytes, for a day, under a normalised key (the
// policy also asks clients not to repeat identical queries), and identical requests under way at
// once share one; only a request actually sent takes a turn (the caller's `turn`, the deployment's
// share of requests a second). Results outside Brazil are dropped even if an endpoint ignores
// countrycodes.
import { GeocoderUnavailableError, placeLabel, stateCodeOf, EMPTY_REVERSE, type Geocoder, type LngLat, type UpstreamTurn } from './geocoder.ts';
import type { GeoSearchResult, ReverseGeocodeResult } from '../../schemas/api-geo.ts';
import { ByteBoundedLru, type ByteUsage } from '../cache/byte-bounded-lru.ts';

export interface NominatimOptions {
  /** Base URL, e.g. https://nominatim.openstreetmap.org (a path prefix is kept). */
  url: string;
  userAgent: string;
  /** Sent as Referer when given (the deployment's own origin). */
  referer?: string;
  /** Per request; default 5 s. */
  timeoutMs?: number;
  /** Most bytes of answers held; default 4 MB (least recently read dropped first). */
  cacheBytes?: number;
  /** How long a held answer is reused; default 24 h. */
  cacheTtlMs?: number;
}

/** The Nominatim geocoder, with what its answer cache holds (for tests and reports). */
export interface NominatimGeocoder extends Geocoder {
  readonly cacheUsage: ByteUsage;
}

/** What a held answer costs besides its JSON (the entry, its key's object, bookkeeping). */
const ENTRY_OVERHEAD_BYTES = 256;

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
/**
 * `near` is rounded to 0.01° (about 1 km) before it is sent: it only centres a preference box a
 * degree wide, and two customers of one establishment then ask the same query.
 */
const NEAR_DECIMALS = 2;

/**
 * The search text as it is sent and held: one form of each character (NFC), single spaces, lower
 * case (Nominatim ignores case), so 'Rua  Harmonia ' and 'rua harmonia' are one request.
 * Example: `normalisedSearchText(' Rua  HARMONIA ') === 'rua harmonia'`
 */
export function normalisedSearchText(q: string): string {
  return q.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('pt-BR');
}

export function createNominatimGeocoder(opts: NominatimOptions): NominatimGeocoder {
  const base = opts.url.endsWith('/') ? opts.url : `${opts.url}/`;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const ttl = opts.cacheTtlMs ?? 24 * 60 * 60 * 1000;
  const held = new ByteBoundedLru<{ at: number; value: unknown }>(opts.cacheBytes ?? 4 * 1024 * 1024);
  const pending = new Map<string, Promise<unknown>>();
  const headers: Record<string, string> = { 'User-Agent': opts.userAgent, Accept: 'application/json', 'Accept-Language': 'pt-BR' };
  if (opts.referer) headers.Referer = opts.referer;

  async function fetchJson(url: URL, turn: UpstreamTurn | undefined): Promise<unknown> {
    await turn?.();
    let res: Response;
    try {
      res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new GeocoderUnavailableError(`geocoder request failed: ${(err as Error).message}`, { cause: err });
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new GeocoderUnavailableError(`geocoder answered ${res.status}`);
    }
    try {
      return await res.json();
    } catch (err) {
      throw new GeocoderUnavailableError('geocoder answered something other than JSON', { cause: err });
    }
  }

  /**
   * Our answer to the request `path?params`, from memory when held and fresh, else made by `read`
   * from the endpoint's JSON once for every caller asking at the same time. Our answers are held
   * (a few hundred bytes), not the endpoint's (many kilobytes of address details).
   */
  function answer<T>(path: 'search' | 'reverse', params: Record<string, string>, turn: UpstreamTurn | undefined, read: (json: unknown) => T): Promise<T> {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries({ ...params, format: 'jsonv2', addressdetails: '1', 'accept-language': 'pt-BR' })) url.searchParams.set(k, v);
    const key = url.search;
    const hit = held.get(key);
    if (hit && Date.now() - hit.at < ttl) return Promise.resolve(hit.value as T);
    if (hit) held.delete(key);
    const running = pending.get(key);
    if (running) return running as Promise<T>;
    const made = fetchJson(url, turn)
      .then((json) => {
        const value = read(json);
        held.set(key, { at: Date.now(), value }, (key.length + JSON.stringify(value).length) * 2 + ENTRY_OVERHEAD_BYTES);
        return value;
      })
      .finally(() => pending.delete(key));
    pending.set(key, made);
    return made;
  }

  return {
    engine: 'nominatim',
    cacheUsage: held,

    reverse(lat: number, lng: number, o: { turn?: UpstreamTurn } = {}): Promise<ReverseGeocodeResult> {
      return answer('reverse', { lat: lat.toFixed(6), lon: lng.toFixed(6), zoom: '18' }, o.turn, (json) => {
        const place = json as NominatimPlace | null;
        // Nominatim answers 200 { error: 'Unable to geocode' } where there is nothing (the sea).
        if (!place || typeof place !== 'object' || place.error || !isBrazilian(place)) return { ...EMPTY_REVERSE };
        return { ...addressFields(place.address), country: 'BR' as const };
      });
    },

    search(q: string, o: { near?: LngLat; limit?: number; turn?: UpstreamTurn } = {}): Promise<GeoSearchResult[]> {
      const limit = o.limit ?? 8;
      const params: Record<string, string> = { q: normalisedSearchText(q), countrycodes: 'br', limit: String(limit) };
      if (o.near) {
        const [lng, lat] = o.near.map((n) => Number(n.toFixed(NEAR_DECIMALS))) as [number, number];
        const d = NEAR_VIEWBOX_DEGREES;
        params.viewbox = [lng - d, lat + d, lng + d, lat - d].map((n) => n.toFixed(NEAR_DECIMALS)).join(',');
        params.bounded = '0';
      }
      return answer('search', params, o.turn, (places) => {
        if (!Array.isArray(places)) throw new GeocoderUnavailableError('geocoder search answer is not a list');
        return (places as NominatimPlace[])
          .filter(isBrazilian)
          .map(toSearchResult)
          .filter((r): r is GeoSearchResult => r !== null)
          .slice(0, limit);
      });
    },
  };
}
