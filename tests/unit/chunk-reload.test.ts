import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadForChunkError, shouldReload } from '../../src/client/chunk-reload.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('reload after a chunk-load failure', () => {
  it('recognises the chunk-load errors of Chromium, Firefox and Safari, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/_astro/mount.abc.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /_astro/AddressMap.abc.css'))).toBe(true);
    expect(isChunkLoadError(new Error('network_error'))).toBe(false);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });

  it('reloads the page on a chunk-load failure [R-8.86]', () => {
    const storage = memoryStorage();
    let reloads = 0;
    expect(reloadForChunkError(new TypeError('Failed to fetch dynamically imported module: /a.js'), storage, 1_000_000, () => reloads++)).toBe(true);
    expect(reloads).toBe(1);
    // Any other failure never reloads.
    expect(reloadForChunkError(new Error('boom'), memoryStorage(), 1_000_000, () => reloads++)).toBe(false);
    expect(reloads).toBe(1);
  });

  it('reloads at most once in 60 s [R-8.87]', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const err = new TypeError('Failed to fetch dynamically imported module: /a.js');
    const t0 = 5_000_000;
    reloadForChunkError(err, storage, t0, () => reloads++);
    expect(reloadForChunkError(err, storage, t0 + CHUNK_RELOAD_GUARD_MS - 1, () => reloads++)).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadForChunkError(err, storage, t0 + CHUNK_RELOAD_GUARD_MS, () => reloads++)).toBe(true);
    expect(reloads).toBe(2);
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    expect(shouldReload(null, 0)).toBe(true);
  });

  it('never reloads when it cannot remember the reload (storage refuses writes)', () => {
    let reloads = 0;
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(reloadForChunkError(new TypeError('Importing a module script failed.'), refusing, 0, () => reloads++)).toBe(false);
    expect(reloads).toBe(0);
  });
});
