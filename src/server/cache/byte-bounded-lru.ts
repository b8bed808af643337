// A map that holds at most `maxBytes` of values (by the size each entry declares) and, when a new
// entry would pass that, lets go of the entries read least recently. What the server keeps in
// memory (stored pages, catalogue answers) goes through one of these, so a flood of distinct
// requests costs evictions, never unbounded memory.

interface Slot<V> {
  value: V;
  bytes: number;
}

/** What a bounded store holds against its budget. */
export interface ByteUsage {
  /** Bytes held, as declared by the entries. */
  readonly bytes: number;
  /** Entries held. */
  readonly size: number;
  readonly maxBytes: number;
}

export class ByteBoundedLru<V> implements ByteUsage {
  readonly maxBytes: number;
  // A Map iterates in insertion order: re-inserting on every read keeps the least recent first.
  readonly #slots = new Map<string, Slot<V>>();
  #bytes = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** The value, marked as read now; undefined when absent. */
  get(key: string): V | undefined {
    const slot = this.#slots.get(key);
    if (!slot) return undefined;
    this.#slots.delete(key);
    this.#slots.set(key, slot);
    return slot.value;
  }

  /** The value without marking it as read. */
  peek(key: string): V | undefined {
    return this.#slots.get(key)?.value;
  }

  /**
   * Holds `value` under `key`, counting `bytes` against the budget, and evicts the least recently
   * read entries until the total fits. A value larger than the whole budget is not held (false).
   */
  set(key: string, value: V, bytes: number): boolean {
    this.delete(key);
    if (bytes > this.maxBytes) return false;
    this.#slots.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, slot] of this.#slots) {
      if (this.#bytes <= this.maxBytes) break;
      this.#slots.delete(oldest);
      this.#bytes -= slot.bytes;
    }
    return true;
  }

  delete(key: string): boolean {
    const slot = this.#slots.get(key);
    if (!slot) return false;
    this.#slots.delete(key);
    this.#bytes -= slot.bytes;
    return true;
  }

  /** Deletes every entry for which `drop` answers true; answers how many went. */
  deleteWhere(drop: (key: string, value: V) => boolean): number {
    let n = 0;
    for (const [key, slot] of this.#slots) {
      if (!drop(key, slot.value)) continue;
      this.#slots.delete(key);
      this.#bytes -= slot.bytes;
      n++;
    }
    return n;
  }

  clear(): void {
    this.#slots.clear();
    this.#bytes = 0;
  }

  /** Bytes held, as declared by the entries. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#slots.size;
  }
}
