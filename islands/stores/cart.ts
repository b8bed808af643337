// The cart of one establishment: the order draft as a signal (@preact/signals-core, so scripts
// without React, like the header badge, can read it), kept in localStorage under
// `draft:<establishmentId>` and restored at start. A stored value that is
// corrupted or of another format is discarded. The draft is cleared 59 minutes after its creation,
// checked every 10 s. The idempotency key is renewed on every order-relevant change
// and kept otherwise [R-3.22] (decisions #22). Tabs stay in step through the 'storage' event.
// When storage fails (quota, privacy mode) the cart carries on in memory.
import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import {
  buildLine,
  cartCount,
  cartTotalCents,
  clampQuantity,
  deliveryConflict,
  pickErrors,
  selectedEntries,
  withQuantity,
  type CartLine,
  type VariationPick,
} from '../../src/domain/cart.ts';
import type { VariationProblem } from '../../src/domain/variation-pricing.ts';
import { soldOutProblem, type SoldOutProblem } from '../../src/domain/cart.ts';
import {
  draftLines,
  draftProductFromLine,
  emptyDraft,
  lineFromDraftProduct,
  parseDraft,
  type Draft,
  type DraftAddress,
  type DraftInvoice,
  type DraftPaymentMethod,
  type DraftVariation,
} from '../../src/schemas/draft.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { defaultStorage, safeRemove, safeSet, tryGet } from './storage.ts';

export const DRAFT_TTL_MS = 59 * 60_000;
export const DRAFT_CHECK_MS = 10_000;

/** The checkout's part of the draft: everything chosen after the products. */
export type CheckoutFields = Pick<
  Draft,
  | 'order_variations'
  | 'delivery_type'
  | 'delivery_address'
  | 'delivery_tax'
  | 'delivery_time'
  | 'scheduled_at'
  | 'scheduling_date'
  | 'note'
  | 'payment_type'
  | 'payment_method'
  | 'payment_card'
  | 'payment_card_document'
  | 'change'
  | 'coupon'
  | 'achievement'
  | 'credits'
  | 'invoice'
>;
export type CheckoutPatch = Partial<CheckoutFields>;

/** A refused add: the picks' problems (codes the modal translates), or the consumption-option conflict [R-8.64]. */
export type AddResult =
  | { ok: true }
  | { ok: false; reason: 'invalid_picks'; problems: VariationProblem[] }
  | { ok: false; reason: 'delivery_conflict' }
  | { ok: false; reason: 'sold_out'; problem: SoldOutProblem };

export interface CartStore {
  draft: ReadonlySignal<Draft>;
  lines: ReadonlySignal<CartLine[]>;
  /** Sum of quantities. */
  count: ReadonlySignal<number>;
  totalCents: ReadonlySignal<number>;
  add(product: ProductView, picks: VariationPick[], qnt: number, note?: string): AddResult;
  /** Clamped to 0..999; 0 removes the line. */
  setQuantity(lineId: string, qnt: number): void;
  remove(lineId: string): void;
  /**
   * Applies checkout choices. Nothing happens when every value is already the same (an unchanged
   * retry keeps its idempotency key); any real change renews the key (decisions #22).
   */
  update(patch: CheckoutPatch): void;
  /** Sets the delivery type and clears the delivery fee; `time` is the type's estimate. */
  setDeliveryType(type: Draft['delivery_type'], time?: Draft['delivery_time']): void;
  /** A delivery type the products or the establishment no longer support goes, with the schedule date. */
  resetDeliveryType(): void;
  /** The chosen saved address and its fee (both null to clear it, e.g. outside the radius ). */
  setDeliveryAddress(address: DraftAddress | null, fee: number | null): void;
  /**
   * The customer chose (or just saved) an address: the order is to be delivered there.
   * A draft of another type becomes delivery, with `time` as the estimate; one already for delivery
   * keeps its estimate. One change, so the draft is never delivery without an address or the reverse.
   */
  chooseDeliveryAddress(address: DraftAddress, fee: number | null, time: Draft['delivery_time']): void;
  /** The schedule: day ('YYYY-MM-DD') and ISO instant; nulls for 'as soon as possible'. */
  setSchedule(date: string | null, scheduledAt: string | null): void;
  /** Choosing a payment type clears the chosen method and the change (spec section 4 'Payment type'). */
  setPaymentType(type: Draft['payment_type']): void;
  /** The offline method; change is kept only for a method that gives change. */
  setPaymentMethod(method: DraftPaymentMethod | null): void;
  /** Change in centavos: 0 when the box is ticked, null when not needed. */
  setChange(cents: number | null): void;
  setInvoice(invoice: DraftInvoice): void;
  setNote(note: string): void;
  setOrderVariations(entries: DraftVariation[]): void;
  /** Credits to use; 0 clears them together with the payment type (spec section 4). */
  setCredits(cents: number): void;
  /** A new idempotency key for the same content (the server saw the old one with another payload). */
  renewKey(): void;
  /** Resets every draft field and removes the stored draft. */
  clear(): void;
  /** Re-reads storage (used on 'storage' events and by the expiry timer). */
  refresh(): void;
  /** Stops timers and listeners. */
  dispose(): void;
}

export interface CartStoreDeps {
  /** null: no storage at all (memory only). Default: localStorage when reachable. */
  storage?: Storage | null;
  now?: () => number;
  newKey?: () => string;
  setInterval?: typeof setInterval;
  clearInterval?: typeof clearInterval;
  addEventListener?: typeof window.addEventListener;
  removeEventListener?: typeof window.removeEventListener;
}

/** The localStorage key of an establishment's draft. Example: `draftStorageKey('e1') === 'draft:e1'` */
export function draftStorageKey(establishmentId: string): string {
  return `draft:${establishmentId}`;
}

/** A random UUID v4; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function randomKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function browserWindow(): (Window & typeof globalThis) | undefined {
  return typeof window === 'undefined' ? undefined : window;
}

/**
 * A cart store for one establishment. Dependencies default to the browser's (localStorage,
 * Date.now, crypto.randomUUID, timers, window events); tests pass their own.
 */
export function createCartStore(establishmentId: string, deps: CartStoreDeps = {}): CartStore {
  const storage = deps.storage !== undefined ? deps.storage : defaultStorage();
  const now = deps.now ?? (() => Date.now());
  const newKey = deps.newKey ?? randomKey;
  const startTimer = deps.setInterval ?? ((handler: () => void, ms: number) => globalThis.setInterval(handler, ms));
  const stopTimer = deps.clearInterval ?? ((id: ReturnType<typeof setInterval>) => globalThis.clearInterval(id));
  const win = browserWindow();
  const listen = deps.addEventListener ?? win?.addEventListener.bind(win);
  const unlisten = deps.removeEventListener ?? win?.removeEventListener.bind(win);
  const storageKey = draftStorageKey(establishmentId);

  const draft = signal<Draft>(emptyDraft(now(), newKey()));
  const lines = computed(() => draftLines(draft.value));
  const count = computed(() => cartCount(lines.value));
  const totalCents = computed(() => cartTotalCents(lines.value));

  // The stored text this store last read or wrote: a read that finds it unchanged is not news,
  // which keeps a memory-only cart (writes failing) from being wiped by a storage that stays empty.
  let lastRaw: string | null = null;
  // True while the draft is the untouched empty one made here: it is not stored, does not expire,
  // and its creation time becomes the time of its first change.
  let pristine = true;

  function reset(): void {
    draft.value = emptyDraft(now(), newKey());
    pristine = true;
  }

  function commit(next: Draft, renewKey: boolean): void {
    const value: Draft = {
      ...next,
      created_at: pristine ? now() : next.created_at,
      idempotent_key: renewKey ? newKey() : next.idempotent_key,
    };
    pristine = false;
    draft.value = value;
    const raw = JSON.stringify(value);
    if (safeSet(storage, storageKey, raw)) lastRaw = raw;
  }

  function expireIfDue(): void {
    if (!pristine && now() - draft.value.created_at >= DRAFT_TTL_MS) clear();
  }

  function refresh(): void {
    const read = tryGet(storage, storageKey);
    if (read.ok && read.value !== lastRaw) {
      if (read.value === null) {
        // Removed by another tab (its cart was cleared or expired).
        lastRaw = null;
        reset();
      } else {
        const parsed = parseDraft(read.value);
        if (parsed) {
          lastRaw = read.value;
          draft.value = parsed;
          pristine = false;
        } else {
          lastRaw = safeRemove(storage, storageKey) ? null : read.value;
          reset();
        }
      }
    }
    expireIfDue();
  }

  function clear(): void {
    reset();
    if (safeRemove(storage, storageKey)) lastRaw = null;
  }

  function add(product: ProductView, picks: VariationPick[], qnt: number, note = ''): AddResult {
    // Marked sold out, the product or a picked item: the server would refuse the order (src/domain/cart.ts 'Sold out').
    const soldOut = soldOutProblem(product, picks);
    if (soldOut) return { ok: false, reason: 'sold_out', problem: soldOut };
    const problems = pickErrors(product, picks);
    if (problems.length > 0) return { ok: false, reason: 'invalid_picks', problems };
    refresh();
    if (deliveryConflict(lines.value, product)) return { ok: false, reason: 'delivery_conflict' };
    const quantity = clampQuantity(qnt);
    if (quantity === 0) return { ok: true };
    const line = buildLine(product, picks, quantity, note);
    const current = draft.value;
    const index = lines.value.findIndex((l) => l.line_id === line.line_id);
    const merged = index < 0 ? line : buildLine(product, line.picks, clampQuantity(lines.value[index]!.qnt + quantity), line.note);
    const stored = draftProductFromLine(merged, product, selectedEntries(product, merged.picks));
    const products = index < 0 ? [...current.products, stored] : current.products.map((p, i) => (i === index ? stored : p));
    commit({ ...current, products }, true);
    return { ok: true };
  }

  function setQuantity(lineId: string, qnt: number): void {
    refresh();
    const quantity = clampQuantity(qnt);
    const current = draft.value;
    const index = lines.value.findIndex((l) => l.line_id === lineId);
    if (index < 0) return;
    const product = current.products[index]!;
    if (product.qnt === quantity) return;
    const products =
      quantity === 0
        ? current.products.filter((_, i) => i !== index)
        : current.products.map((p, i) => {
            if (i !== index) return p;
            const changed = withQuantity(lineFromDraftProduct(p), quantity);
            return { ...p, qnt: changed.qnt, line_cents: changed.line_cents };
          });
    commit({ ...current, products }, true);
  }

  function remove(lineId: string): void {
    setQuantity(lineId, 0);
  }

  function update(patch: CheckoutPatch): void {
    refresh();
    const current = draft.value;
    const changed = (Object.keys(patch) as (keyof CheckoutPatch)[]).some(
      (key) => patch[key] !== undefined && JSON.stringify(patch[key]) !== JSON.stringify(current[key]),
    );
    if (!changed) return;
    const next: Draft = { ...current };
    for (const key of Object.keys(patch) as (keyof CheckoutPatch)[]) {
      if (patch[key] !== undefined) (next as Record<string, unknown>)[key] = patch[key];
    }
    commit(next, true);
  }

  const checkout = {
    update,
    renewKey: () => {
      refresh();
      commit(draft.value, true);
    },
    setDeliveryType: (type: Draft['delivery_type'], time: Draft['delivery_time'] = null) =>
      update({ delivery_type: type, delivery_tax: null, delivery_time: time }),
    resetDeliveryType: () => update({ delivery_type: null, delivery_tax: null, delivery_time: null, scheduling_date: null, scheduled_at: null }),
    setDeliveryAddress: (address: DraftAddress | null, fee: number | null) => update({ delivery_address: address, delivery_tax: address ? fee : null }),
    chooseDeliveryAddress: (address: DraftAddress, fee: number | null, time: Draft['delivery_time']) =>
      update({
        delivery_address: address,
        delivery_tax: fee,
        ...(draft.value.delivery_type === 'delivery' ? {} : { delivery_type: 'delivery' as const, delivery_time: time }),
      }),
    setSchedule: (date: string | null, scheduledAt: string | null) => update({ scheduling_date: date, scheduled_at: scheduledAt }),
    setPaymentType: (type: Draft['payment_type']) => update({ payment_type: type, payment_method: null, change: null }),
    setPaymentMethod: (method: DraftPaymentMethod | null) => update({ payment_method: method, change: method?.payback ? draft.value.change : null }),
    setChange: (cents: number | null) => update({ change: cents }),
    setInvoice: (invoice: DraftInvoice) => update({ invoice }),
    setNote: (note: string) => update({ note }),
    setOrderVariations: (entries: DraftVariation[]) => update({ order_variations: entries }),
    setCredits: (cents: number) => update(cents > 0 ? { credits: cents } : { credits: 0, payment_type: null, payment_method: null, change: null }),
  };

  let disposed = false;
  const onStorage = (event: Event): void => {
    const key = (event as StorageEvent).key;
    if (key === undefined || key === null || key === storageKey) refresh();
  };

  refresh();
  const timer = startTimer(() => refresh(), DRAFT_CHECK_MS);
  listen?.('storage', onStorage);

  function dispose(): void {
    if (disposed) return;
    disposed = true;
    stopTimer(timer);
    unlisten?.('storage', onStorage);
  }

  return { draft, lines, count, totalCents, add, setQuantity, remove, ...checkout, clear, refresh, dispose };
}

const stores = new Map<string, CartStore>();

/** The page's cart store of an establishment, created once (memoised); disposing it lets the next call create a new one. */
export function getCartStore(establishmentId: string): CartStore {
  const existing = stores.get(establishmentId);
  if (existing) return existing;
  const store = createCartStore(establishmentId);
  const memoised: CartStore = {
    ...store,
    dispose() {
      store.dispose();
      if (stores.get(establishmentId) === memoised) stores.delete(establishmentId);
    },
  };
  stores.set(establishmentId, memoised);
  return memoised;
}
