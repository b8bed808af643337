// The geocoder adapter behind POST /api/geo/reversegeocode and GET /api/geo/search: a position to
// an address (the address modal's map centre [R-7.44]) and text to places (its search box,
// restricted to Brazil [R-7.45]). Two engines: the offline default built from the demo streets
// and the IBGE municipality list (geocoder-offline.ts), and any Nominatim-compatible endpoint
// when GEOCODER_URL is set (geocoder-nominatim.ts; chosen in select.ts), whose requests every process of the deployment
// takes turns to send (upstreamTurn: GEOCODER_REQUESTS_PER_SECOND, counted in the database).
import { getStateCodeByName } from '@brazilian-utils/brazilian-utils';
import { config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { hit } from '../services/rate-limit.ts';
import { STATE_CODES, type GeoSearchResult, type ReverseGeocodeResult } from '../../schemas/api-geo.ts';

export type LngLat = [lng: number, lat: number];

/**
 * Waits until this process may send one request to the remote geocoder, or throws
 * GeocoderBusyError. Called only for a request that is actually sent (not for a cached answer).
 */
export type UpstreamTurn = () => Promise<void>;

export interface Geocoder {
  readonly engine: 'offline' | 'nominatim';
  reverse(lat: number, lng: number, opts?: { turn?: UpstreamTurn }): Promise<ReverseGeocodeResult>;
  /** Places in Brazil matching `q`, best first, at most `limit`; `near` ranks closer places first. */
  search(q: string, opts?: { near?: LngLat; limit?: number; turn?: UpstreamTurn }): Promise<GeoSearchResult[]>;
}

/** The upstream geocoder failed (timeout, HTTP error, unreadable answer): the API answers 502. */
export class GeocoderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderUnavailableError';
  }
}

/** The remote geocoder's share of requests is taken for the next few seconds: the API answers 503 geocoder_busy. */
export class GeocoderBusyError extends Error {
  readonly retryAfterSeconds = 1;
  constructor() {
    super('geocoder request share taken');
    this.name = 'GeocoderBusyError';
  }
}

export const EMPTY_REVERSE: ReverseGeocodeResult = { street: '', number: '', neighborhood: '', city: '', state: '', country: 'BR' };

/** Lower case, no accents, punctuation to spaces, single spaces: how names are compared. */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The UF of a state given by code ('SP', 'sp') or by name ('São Paulo'); '' when neither. */
export function stateCodeOf(value: string | undefined | null): string {
  if (!value) return '';
  const upper = value.trim().toUpperCase();
  if ((STATE_CODES as readonly string[]).includes(upper)) return upper;
  return getStateCodeByName(value.trim()) ?? '';
}

/** 'Rua Harmonia, 512 - Vila Madalena, São Paulo/SP'; empty parts left out. */
export function placeLabel(p: { street: string; number: string; neighborhood: string; city: string; state: string }): string {
  const head = [p.street, p.street ? p.number : ''].filter(Boolean).join(', ');
  const cityState = [p.city, p.state].filter(Boolean).join('/');
  const tail = [p.neighborhood, cityState].filter(Boolean).join(', ');
  return [head, tail].filter(Boolean).join(' - ');
}

/**
 * How the deployment introduces itself to the geocoder: Nominatim's usage policy asks for a
 * User-Agent naming the application (not a library's default) with a contact, or a Referer.
 */
export function geocoderIdentity(): { userAgent: string; referer: string } {
  const contact = config.geocoderContact.replace(/[\r\n()]/g, ' ').trim();
  return {
    userAgent: `Vitrine/0.1 (+${config.publicOrigin}${contact ? `; ${contact}` : ''})`,
    referer: `${config.publicOrigin}/`,
  };
}

/** The public Nominatim of the OpenStreetMap Foundation, whose policy allows one request a second per application. */
const OSM_NOMINATIM = /(^|\.)nominatim\.openstreetmap\.org$/i;

/** How many requests a second the geocoder at `url` gets from the whole deployment; 0 = no limit. */
export function geocoderRequestsPerSecond(url: string, configured: number): number {
  const perSecond = Number.isFinite(configured) && configured > 0 ? Math.floor(configured) : 0;
  if (URL.canParse(url) && OSM_NOMINATIM.test(new URL(url).hostname)) return 1;
  return perSecond;
}

/** How many times a request that finds the current second's share taken waits for the next one before giving up. */
export const GEOCODER_TURN_WAITS = 3;

/**
 * Turns to call the geocoder at `url`, shared by every process through the database limiter: one
 * window a second, `perSecond` requests in each (fixed windows: never more than that in one
 * second of the clock). A request finding its second full sleeps to the start of the next, up to
 * GEOCODER_TURN_WAITS times, then gives up with GeocoderBusyError. Undefined when there is no limit.
 * The wall clock is read here, not the request's clock: the provider counts real seconds.
 */
export function upstreamTurn(
  db: Database,
  url: string,
  perSecond = geocoderRequestsPerSecond(url, config.geocoderRequestsPerSecond),
): UpstreamTurn | undefined {
  if (perSecond <= 0) return undefined;
  const key = `geocoder:upstream:${URL.canParse(url) ? new URL(url).host : url}`;
  return async () => {
    for (let waits = 0; ; waits++) {
      const now = Date.now();
      if ((await hit(db, { key, max: perSecond, windowSeconds: 1 }, new Date(now))).allowed) return;
      if (waits >= GEOCODER_TURN_WAITS) throw new GeocoderBusyError();
      // To the next second, plus a little so that requests waking together do not all land on its first millisecond.
      await new Promise((resolve) => setTimeout(resolve, 1000 - (now % 1000) + 5 + Math.random() * 45));
    }
  };
}
