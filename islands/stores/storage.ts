// Web Storage that never throws: quota errors, privacy modes and sandboxed frames (where even
// reading `window.localStorage` throws) leave the caller working in memory.

export type StorageRead = { ok: true; value: string | null } | { ok: false };

/** The page's localStorage, or null where there is none or it cannot be reached. Example: `defaultStorage()?.getItem('x')` */
export function defaultStorage(): Storage | null {
  try {
    const storage = (globalThis as { localStorage?: Storage }).localStorage;
    return storage && typeof storage.getItem === 'function' ? storage : null;
  } catch {
    return null;
  }
}

/**
 * Reads a key, telling a missing value (ok, null) apart from a failed read (not ok).
 * Example: `tryGet(null, 'k')` is `{ ok: false }`
 */
export function tryGet(storage: Storage | null | undefined, key: string): StorageRead {
  if (!storage) return { ok: false };
  try {
    return { ok: true, value: storage.getItem(key) };
  } catch {
    return { ok: false };
  }
}

/** The stored value, or null when missing or unreadable. Example: `safeGet(storage, 'missing') === null` */
export function safeGet(storage: Storage | null | undefined, key: string): string | null {
  const read = tryGet(storage, key);
  return read.ok ? read.value : null;
}

/** Stores a value; false when it could not be stored (no storage, quota, privacy mode). Example: `safeSet(storage, 'k', 'v') === true` */
export function safeSet(storage: Storage | null | undefined, key: string, value: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes a key; false when it could not be removed. Example: `safeRemove(storage, 'k') === true` */
export function safeRemove(storage: Storage | null | undefined, key: string): boolean {
  if (!storage) return false;
  try {
    storage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/** A Storage kept in a Map (tests, and pages without Web Storage). Example: `createMemoryStorage().getItem('x') === null` */
export function createMemoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key: string) => (map.has(key) ? map.get(key)! : null),
    key: (index: number) => [...map.keys()][index] ?? null,
    removeItem: (key: string) => {
      map.delete(key);
    },
    setItem: (key: string, value: string) => {
      map.set(key, String(value));
    },
  };
}
