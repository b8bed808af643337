// Step 1's map area in the address modal: 'Carregando' while the establishment's point and the
// map style arrive, the list-only notice when there is no map (no WebGL, no point or style, or the
// map failed), else the map itself, whose code and stylesheet load only now (dynamic import).
import { Component, Suspense, type ReactNode } from 'react';
import { t } from '../../src/i18n/index.ts';
import type { Setup } from './address-modal-state.ts';
import type { FlyTarget } from './AddressMap.tsx';
import type { LngLatPoint } from './types.ts';
import { lazyWithReload } from '../shared/lazy.ts';
import './i18n.ts';

/** The map's module (react-map-gl + MapLibre, ~250 KB compressed): fetched the first time a map shows. */
const AddressMap = lazyWithReload(() => import('./AddressMap.tsx'));

export const INITIAL_ZOOM = 12;

export function MapArea({
  setup,
  showMap,
  target,
  onCenter,
  onFailure,
}: {
  setup: Setup;
  showMap: boolean;
  target: FlyTarget | null;
  onCenter: (p: LngLatPoint) => void;
  onFailure: () => void;
}) {
  if (setup.status === 'loading') {
    return (
      <div
        className="flex min-h-64 flex-1 items-center justify-center rounded-lg bg-surface text-sm text-muted md:h-80 md:flex-none"
        role="status"
        data-address-map-loading
      >
        {t('address:modal.loading')}
      </div>
    );
  }
  if (!showMap || !setup.origin || !setup.style) {
    return (
      <p className="m-0 rounded-lg bg-surface px-3 py-3 text-sm text-ink" data-address-map-fallback>
        {t('address:modal.noMap')}
      </p>
    );
  }
  const loading = (
    <div className="absolute inset-0 flex items-center justify-center text-sm text-muted" role="status">
      {t('address:modal.loading')}
    </div>
  );
  return (
    <div className="flex flex-1 flex-col gap-2">
      <p className="m-0 text-xs text-muted">{t('address:modal.mapHint')}</p>
      <div className="relative min-h-64 flex-1 overflow-hidden rounded-lg bg-surface md:h-80 md:flex-none">
        <MapBoundary onFailure={onFailure}>
          <Suspense fallback={loading}>
            <AddressMap initial={{ ...setup.origin, zoom: INITIAL_ZOOM }} mapStyle={setup.style} target={target} onCenter={onCenter} onFailure={onFailure} />
          </Suspense>
        </MapBoundary>
      </div>
    </div>
  );
}

/** A map that cannot load (its chunk, or WebGL at run time) turns into the list-only step. */
class MapBoundary extends Component<{ onFailure: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('[map]', error);
    this.props.onFailure();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
