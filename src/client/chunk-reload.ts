// After a new release the hashed script chunks of an open page may no longer exist: a failed
// dynamic import then reloads the page once to pick up the new ones, at most once a
// minute so a real outage cannot loop reloads.

export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = 'chunk-reload-at';

/** Whether an error is a failed module/chunk load (browsers word it differently; Vite's preload of a chunk's CSS has its own words). Example: `isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js')) === true` */
export function isChunkLoadError(err: unknown): boolean {
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk|Unable to preload CSS/i.test(
    text,
  );
}

/** Whether to reload now, given when the last such reload happened (ms epoch or null). Example: `shouldReload(null, 0) === true` */
export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

/** Reloads the page for a chunk-load failure unless one happened in the last minute; true when it reloads. */
export function reloadForChunkError(
  err: unknown,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  now = Date.now(),
  reload = () => location.reload(),
): boolean {
  if (!isChunkLoadError(err)) return false;
  let last: number | null = null;
  try {
    const raw = storage.getItem(KEY);
    last = raw === null ? null : Number(raw);
  } catch {
    /* storage unavailable: still guard through the in-memory path below */
  }
  if (!shouldReload(last, now)) return false;
  try {
    storage.setItem(KEY, String(now));
  } catch {
    return false; // without a place to remember the reload, never risk a loop
  }
  reload();
  return true;
}

/**
 * A dynamic import that reloads the page once when its chunk is gone; the caller still
 * gets the failure (it keeps its own offline handling). Every `import()` of the islands and page
 * scripts goes through it. Example: `const { x } = await reloadOnChunkError(import('./x.ts'))`.
 */
export function reloadOnChunkError<T>(load: Promise<T>): Promise<T> {
  return load.catch((err: unknown) => {
    reloadForChunkError(err);
    throw err;
  });
}
