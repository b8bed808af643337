// The geocoder adapter behind POST /api/geo/reversegeocode and GET /api/geo/search: a position to
// an address (the address modal's map centre) and text to places (its search box,
// restricted to Brazil ). Two engines: the offline default built from the demo streets
// and the IBGE municipality list (geocoder-offline.ts), and any Nominatim-compatible endpoint
// when GEOCODER_URL is set (geocoder-nominatim.ts).
import { getStateCodeByName } from '@brazilian-utils/brazilian-utils';
import { config } from '../config.ts';
import { STATE_CODES, type GeoSearchResult, type ReverseGeocodeResult } from '../../schemas/api-geo.ts';
import { createOfflineGeocoder } from './geocoder-offline.ts';
import { createNominatimGeocoder } from './geocoder-nominatim.ts';

export type LngLat = [lng: number, lat: number];

export interface Geocoder {
  readonly engine: 'offline' | 'nominatim';
  reverse(lat: number, lng: number): Promise<ReverseGeocodeResult>;
  /** Places in Brazil matching `q`, best first, at most `limit`; `near` ranks closer places first. */
  search(q: string, opts?: { near?: LngLat; limit?: number }): Promise<GeoSearchResult[]>;
}

/** The upstream geocoder failed (timeout, HTTP error, unreadable answer): the API answers 502. */
export class GeocoderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderUnavailableError';
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

let offline: Geocoder | undefined;
let remote: { url: string; geocoder: Geocoder } | undefined;

/**
 * The geocoder the API uses: Nominatim-compatible at GEOCODER_URL when set, else the offline one.
 * Read per call, so a changed `config.geocoderUrl` takes effect (one client per URL, which keeps
 * its response cache).
 */
export function defaultGeocoder(): Geocoder {
  const url = config.geocoderUrl;
  if (!url) {
    offline ??= createOfflineGeocoder();
    return offline;
  }
  if (remote?.url !== url) {
    remote = { url, geocoder: createNominatimGeocoder({ url, userAgent: `white-label-storefront/1.0 (+${config.publicOrigin})` }) };
  }
  return remote.geocoder;
}
