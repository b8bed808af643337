// Step 1's search box in the address modal [R-7.45]: the query, 'Buscar', the results opening over
// the map (so the map keeps its size while the customer searches) and the status line below
// (searching, how many found, the chosen place). The searching itself is ./useAddressSearch.ts.
import type { RefObject, SubmitEvent } from 'react';
import { t } from '../../src/i18n/index.ts';
import { Button } from '../shared/Button.tsx';
import type { GeoResult } from './types.ts';
import type { AddressSearch } from './useAddressSearch.ts';
import './i18n.ts';

export interface AddressSearchBoxProps {
  /** The modal's id prefix: the box is `${uid}-q`, the status line `${uid}-search-status`. */
  uid: string;
  search: AddressSearch;
  searchRef: RefObject<HTMLInputElement | null>;
  chosen: GeoResult | null;
  onChoose: (result: GeoResult) => void;
}

export function AddressSearchBox({ uid, search, searchRef, chosen, onChoose }: AddressSearchBoxProps) {
  return (
    <>
      {/* The results open over the map, so the map keeps its size while the customer searches. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape from the search box or a result closes the list first */}
      <div
        className="relative"
        onKeyDown={(event) => {
          // Escape closes an open results list before it closes the modal.
          if (event.key !== 'Escape' || !search.results) return;
          event.stopPropagation();
          search.close();
          searchRef.current?.focus();
        }}
      >
        {/* biome-ignore lint/a11y/useSemanticElements: a form (it submits with Enter); the search role names it */}
        <form
          role="search"
          className="flex gap-2"
          onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
            event.preventDefault();
            search.searchNow();
          }}
        >
          <label htmlFor={`${uid}-q`} className="sr-only">
            {t('address:modal.search')}
          </label>
          <input
            ref={searchRef}
            id={`${uid}-q`}
            type="search"
            value={search.query}
            onChange={(e) => search.setQuery(e.target.value)}
            placeholder={t('address:modal.searchPlaceholder')}
            autoComplete="off"
            enterKeyHint="search"
            className="min-w-0 flex-1 rounded-lg border border-solid border-line bg-card px-3 py-2.5 text-base text-ink"
            aria-describedby={`${uid}-search-status`}
            data-address-search
          />
          <Button type="submit" size="dialog" data-address-search-submit>
            {t('address:modal.searchSubmit')}
          </Button>
        </form>
        {search.results && search.results.length > 0 && (
          <ul
            className="absolute left-0 right-0 top-full z-10 m-0 mt-1 flex max-h-60 list-none flex-col overflow-y-auto rounded-lg border border-solid border-line bg-card p-0 shadow-lg"
            aria-label={t('address:modal.search')}
            data-address-results
          >
            {search.results.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two results may share a label; the list is replaced, never reordered
              <li key={`${r.label}-${i}`} className="border-b border-b-solid border-line last:border-b-0">
                <button
                  type="button"
                  className="w-full cursor-pointer border-0 bg-transparent px-3 py-2.5 text-left text-sm text-ink hover:bg-surface focus-visible:bg-surface"
                  onClick={() => {
                    // A search still pending from the typing must not reopen the list over the chosen point.
                    search.cancel();
                    search.close();
                    onChoose(r);
                  }}
                  data-address-result
                >
                  {r.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p id={`${uid}-search-status`} className="m-0 min-h-5 text-sm text-muted" role="status" aria-live="polite" data-address-search-status>
        {search.searching
          ? t('address:modal.searching')
          : search.results
            ? search.results.length
              ? t('address:modal.results', { count: search.results.length })
              : t('address:modal.noResults')
            : chosen
              ? t(chosen.lng_lat ? 'address:modal.chosen' : 'address:modal.chosenUnplaced', { label: chosen.label })
              : ''}
      </p>
    </>
  );
}
