// The address modal's search box over the Brazil-only geocoder: it searches as the
// customer types (debounced, from 3 characters), at once on Enter or 'Buscar', nearest to the
// point the map shows first; a newer search or a choice cancels the one under way. A failure says
// so (islands/shared/call-failure.ts, ADDRESS_CALLS.search).
import { useEffect, useRef, useState } from 'react';
import { reportFailure } from '../shared/call-failure.ts';
import { ADDRESS_CALLS, searchPlaces } from './address-api.ts';
import type { GeoResult, LngLatPoint } from './types.ts';

const SEARCH_MIN_CHARS = 3;
const SEARCH_DEBOUNCE_MS = 350;

export interface AddressSearch {
  query: string;
  setQuery(text: string): void;
  /** null: no list (nothing searched, or closed); []: searched, nothing found. */
  results: GeoResult[] | null;
  searching: boolean;
  /** Searches the typed text at once (Enter, 'Buscar'). */
  searchNow(): void;
  /** Stops a pending or running search (a result chosen, the device's position asked). */
  cancel(): void;
  /** Closes the list. */
  close(): void;
}

/**
 * @param near the point results are sorted around (the map's centre), or null
 * @param active false while the form step shows: typing stays, searching waits
 */
export function useAddressSearch(establishmentId: string, near: LngLatPoint | null, active: boolean): AddressSearch {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<GeoResult[] | null>(null);
  const [searching, setSearching] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const debounce = useRef(0);
  // The latest point without making every map move a new search.
  const nearRef = useRef(near);
  nearRef.current = near;

  async function run(text: string) {
    const q = text.trim();
    abort.current?.abort();
    if (q.length < SEARCH_MIN_CHARS) {
      setResults(null);
      setSearching(false);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setSearching(true);
    try {
      const found = await searchPlaces(establishmentId, q, nearRef.current, controller.signal);
      if (!controller.signal.aborted) setResults(found);
    } catch (err) {
      if (reportFailure(err, ADDRESS_CALLS.search).kind !== 'aborted') setResults(null);
    } finally {
      if (abort.current === controller) setSearching(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the text drives the debounce
  useEffect(() => {
    if (!active) return;
    debounce.current = window.setTimeout(() => void run(query), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(debounce.current);
  }, [query]);

  // A search still running when the modal closes goes with it.
  useEffect(() => () => abort.current?.abort(), []);

  const cancel = () => {
    window.clearTimeout(debounce.current);
    abort.current?.abort();
    setSearching(false);
  };

  return {
    query,
    setQuery,
    results,
    searching,
    searchNow: () => {
      window.clearTimeout(debounce.current);
      void run(query);
    },
    cancel,
    close: () => setResults(null),
  };
}
