// React.lazy for the islands' chunks loaded on demand: a chunk gone after a new release reloads the
// page once to fetch the new ones [R-8.86] (src/client/chunk-reload.ts, at most once a minute ).
import { type ComponentType, lazy } from 'react';
import { reloadOnChunkError } from '../../src/client/chunk-reload.ts';

/** Example: `const Wallet = lazyWithReload(() => import('../cards/Wallet.tsx').then((m) => ({ default: m.Wallet })))`. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound; the props are the component's
export function lazyWithReload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => reloadOnChunkError(load()));
}
