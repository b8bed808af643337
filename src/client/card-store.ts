// The browser's local copy of the customer's saved cards [R-3.9, R-7.76] (spec section 3: "Cards
// are stored locally (encrypted)"; decisions.md 'Card data'). What is kept is the CardView the API
// shows and nothing more: never a number (the masked one is rebuilt from the last 4 digits) and
// never a CVV. It sits in localStorage per establishment (`cards:<establishmentId>`), encrypted with
// XChaCha20-Poly1305 under the key of GET /api/users/me/card-store-key. That key is derived from
// the session, held in memory only and fetched again on each page, so a copied localStorage (or
// one left by a session that ended) opens for nobody: a copy that does not open is dropped.
// Each card lives until its own `expires` (7 days after it was read ); a sweep every 10 s
// drops the lapsed ones and stores the rest again, encrypted under a new nonce.
// The wallet and the checkout's card selector paint from it first, then refresh from the server.
// The pure parts (sealing, opening, the sweep) take the clock and the storage as arguments.
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToUtf8, randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import { maskedCardNumber } from '../domain/card-verification.ts';
import { fromBase64Url, toBase64Url } from '../lib/sealed-box.ts';
import type { CardView } from '../schemas/api-cards.ts';
import { call } from './api.ts';
import { onSessionChange } from './session.ts';

/** How often lapsed cards are swept out. */
export const CARD_STORE_SWEEP_MS = 10_000;
const KEY_BYTES = 32;
const NONCE_BYTES = 24;

/** Where an establishment's cards are kept. Example: `cardStorageKey('e1') === 'cards:e1'` */
export function cardStorageKey(establishmentId: string): string {
  return `cards:${establishmentId}`;
}

/** What the ciphertext is bound to: a copy moved to another establishment's key does not open. */
const associatedData = (establishmentId: string) => utf8ToBytes(`card-store:${establishmentId}`);

/**
 * Only what a card shows: the CVV is null and the number is the masked one, whatever came in, so
 * nothing secret can ever reach storage through this module.
 */
export function storableCard(card: CardView): CardView {
  return { ...card, security_code: null, number: maskedCardNumber(card.last4) };
}

/** The stored text: `{ v: 1, nonce, ct }`, base64url, a fresh nonce each time unless one is given (tests). */
export function sealCards(cards: readonly CardView[], key: Uint8Array, establishmentId: string, nonce: Uint8Array = randomBytes(NONCE_BYTES)): string {
  const plain = utf8ToBytes(JSON.stringify(cards.map(storableCard)));
  const ct = xchacha20poly1305(key, nonce, associatedData(establishmentId)).encrypt(plain);
  return JSON.stringify({ v: 1, nonce: toBase64Url(nonce), ct: toBase64Url(ct) });
}

/** The cards of a stored text, or null when it is not ours, was altered, or was sealed under another key (another session). */
export function openCards(text: string, key: Uint8Array, establishmentId: string): CardView[] | null {
  try {
    const box = JSON.parse(text) as { v?: unknown; nonce?: unknown; ct?: unknown };
    if (box?.v !== 1 || typeof box.nonce !== 'string' || typeof box.ct !== 'string') return null;
    const nonce = fromBase64Url(box.nonce);
    if (nonce.length !== NONCE_BYTES) return null;
    const plain = xchacha20poly1305(key, nonce, associatedData(establishmentId)).decrypt(fromBase64Url(box.ct));
    const cards = JSON.parse(bytesToUtf8(plain)) as unknown;
    return Array.isArray(cards) ? (cards as CardView[]) : null;
  } catch {
    return null;
  }
}

/** The cards whose local copy has not lapsed at `nowMs` (a card without a readable `expires` has). */
export function unexpiredCards(cards: readonly CardView[], nowMs: number): CardView[] {
  return cards.filter((card) => {
    const until = Date.parse(card.expires);
    return Number.isFinite(until) && until > nowMs;
  });
}

export type SweepResult = { kept: number; dropped: number };

/**
 * One sweep: opens the stored cards, drops the lapsed ones and stores the rest again
 * (encrypted, new nonce); a copy that does not open, or that has nothing left, is removed.
 */
export function sweepStoredCards(storage: Storage, key: Uint8Array, establishmentId: string, nowMs: number): SweepResult {
  const name = cardStorageKey(establishmentId);
  const text = storage.getItem(name);
  if (text === null) return { kept: 0, dropped: 0 };
  const cards = openCards(text, key, establishmentId);
  if (cards === null) {
    storage.removeItem(name);
    return { kept: 0, dropped: 0 };
  }
  const live = unexpiredCards(cards, nowMs);
  if (live.length === 0) storage.removeItem(name);
  else storage.setItem(name, sealCards(live, key, establishmentId));
  return { kept: live.length, dropped: cards.length - live.length };
}

export interface CardStoreDeps {
  establishmentId: string;
  /** null: nothing is kept (storage unreachable); the lists come from the server alone. */
  storage: Storage | null;
  now: () => number;
  /** This session's key (32 bytes). */
  loadKey: () => Promise<Uint8Array>;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export interface CardStore {
  /** The unexpired cards kept here, or null when there is no usable copy. */
  read(): Promise<CardView[] | null>;
  /** Keeps the server's list (replacing the copy). */
  write(cards: readonly CardView[]): Promise<void>;
  /** Removes the copy and forgets the key (logout). */
  clear(): void;
  /** Runs one sweep now. */
  sweep(): Promise<SweepResult>;
  /** Starts the sweep every 10 s (once); answers the function that stops it. */
  start(): () => void;
}

function safely<T>(run: () => T, otherwise: T): T {
  try {
    return run();
  } catch {
    return otherwise;
  }
}

export function createCardStore(deps: CardStoreDeps): CardStore {
  const name = cardStorageKey(deps.establishmentId);
  let key: Promise<Uint8Array> | null = null;
  let timer: unknown = null;

  const sessionKey = () => {
    key ??= deps.loadKey().then(
      (bytes) => {
        if (bytes.length !== KEY_BYTES) throw new Error('card store key of the wrong length');
        return bytes;
      },
      (err: unknown) => {
        // Asked again next time (offline for a moment, or the session is being renewed).
        key = null;
        throw err;
      },
    );
    return key;
  };

  const store: CardStore = {
    async read() {
      const storage = deps.storage;
      if (!storage) return null;
      const text = safely(() => storage.getItem(name), null);
      if (text === null) return null;
      const cards = openCards(text, await sessionKey(), deps.establishmentId);
      if (cards === null) {
        safely(() => storage.removeItem(name), undefined);
        return null;
      }
      return unexpiredCards(cards, deps.now());
    },
    async write(cards) {
      const storage = deps.storage;
      if (!storage) return;
      const live = unexpiredCards(cards, deps.now());
      if (live.length === 0) {
        safely(() => storage.removeItem(name), undefined);
        return;
      }
      const sealed = sealCards(live, await sessionKey(), deps.establishmentId);
      safely(() => storage.setItem(name, sealed), undefined);
    },
    clear() {
      key = null;
      if (deps.storage) safely(() => deps.storage!.removeItem(name), undefined);
    },
    async sweep() {
      const storage = deps.storage;
      if (!storage || safely(() => storage.getItem(name), null) === null) return { kept: 0, dropped: 0 };
      const bytes = await sessionKey();
      return safely(() => sweepStoredCards(storage, bytes, deps.establishmentId, deps.now()), { kept: 0, dropped: 0 });
    },
    start() {
      if (timer === null) {
        timer = deps.setInterval(() => {
          store.sweep().catch(() => undefined);
        }, CARD_STORE_SWEEP_MS);
      }
      return () => {
        if (timer !== null) deps.clearInterval(timer);
        timer = null;
      };
    },
  };
  return store;
}

function localStorageOrNull(): Storage | null {
  try {
    const storage = (globalThis as { localStorage?: Storage }).localStorage;
    return storage && typeof storage.getItem === 'function' ? storage : null;
  } catch {
    return null;
  }
}

const stores = new Map<string, CardStore>();

/**
 * The page's store of an establishment's cards: one per page, its sweep running from the first
 * use, emptied when the session ends (logout, a 401, another tab's logout).
 */
export function cardStoreFor(establishmentId: string): CardStore {
  const held = stores.get(establishmentId);
  if (held) return held;
  const store = createCardStore({
    establishmentId,
    storage: localStorageOrNull(),
    now: () => Date.now(),
    loadKey: async () => fromBase64Url((await call('GET /users/me/card-store-key', { establishmentId })).key),
    setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
    clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  });
  stores.set(establishmentId, store);
  store.start();
  let customer: string | null | undefined;
  onSessionChange((user) => {
    // A logout, or another customer on this device: the copy and the key are the old session's.
    const id = user?._id ?? null;
    if (id === null || (customer !== undefined && customer !== id)) store.clear();
    customer = id;
  });
  return store;
}
