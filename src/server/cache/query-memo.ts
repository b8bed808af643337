// A query string's validated parameters, remembered per schema and raw query string: the same
// string always validates to the same value, and arktype's morphs ('20' -> 20, 'a,b' -> ['a','b'])
// cost 3 to 27 µs a call on the catalogue reads, more than the rest of a held answer. Invalid
// strings are not remembered (each gets its 400 as before).
//
// Anyone can send any query string (unknown keys are ignored, a search text is free), so what is
// remembered is bounded in bytes per schema, least recently used first out, and a string longer
// than any the storefront sends is validated every time instead of being remembered.
import type { Context } from 'hono';
import { validate } from '../api/errors.ts';
import { ByteBoundedLru, type ByteUsage } from './byte-bounded-lru.ts';
import { deepFreeze } from './catalogue-cache.ts';

/** What the remembered strings and values of one schema may hold. */
export const QUERY_MEMO_BYTES = 256 * 1024;
/** Longest raw query string remembered; the storefront's own are under 200 characters. */
export const QUERY_MEMO_MAX_CHARS = 512;
/** What a remembered value costs besides its string (the parsed object, the entry). */
const ENTRY_OVERHEAD_BYTES = 256;

const memos = new WeakMap<object, ByteBoundedLru<unknown>>();

/** validate(schema, c.req.query(), 'query'), answered from memory for a query string seen before. The value is frozen: it is shared. */
export function validatedQuery<T>(schema: (data: unknown) => unknown, c: Context): T {
  const url = c.req.url;
  const at = url.indexOf('?');
  const raw = at < 0 ? '' : url.slice(at + 1);
  let memo = memos.get(schema);
  const known = memo?.get(raw);
  if (known !== undefined) return known as T;
  const value = validate(schema as (data: unknown) => T, c.req.query(), 'query');
  if (raw.length > QUERY_MEMO_MAX_CHARS) return value;
  if (!memo) {
    memo = new ByteBoundedLru(QUERY_MEMO_BYTES);
    memos.set(schema, memo);
  }
  deepFreeze(value);
  // A query string is ASCII (percent-encoded), one byte a character; the value costs about as much again.
  memo.set(raw, value, raw.length * 2 + ENTRY_OVERHEAD_BYTES);
  return value;
}

/** What is remembered for `schema` (for tests and reports); undefined before its first valid query. */
export function queryMemoUsage(schema: object): ByteUsage | undefined {
  return memos.get(schema);
}
