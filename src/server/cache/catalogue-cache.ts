// Catalogue reads held in memory. A catalogue changes only through an import (or, later, the
// establishment's own commands), and each change sends the catalogue change signal
// (src/server/catalogue-events.ts); until then the same read gives the same answer. So the server
// keeps, per establishment:
// - its view (the establishments row with its company), which every catalogue call starts from;
// - the answers of the anonymous catalogue reads, per normalised query, as JSON bytes with their
//   brotli and gzip copies and an ETag, made once instead of a query, a JSON.stringify and a
//   compression per request.
// Only answers that are the same for every visitor of the establishment belong here: nothing
// that varies by session, cookie or user.
//
// On a change of establishment S: S's answers go, and so does everything that carries company
// data (every view, and the answers made from views), because an import of S may rename its
// company or move its domains, which the views of S's sister establishments show too. A read that
// was under way when a change came is answered but not kept (the epoch guard), so memory never
// holds an answer older than the last change.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { EstablishmentView } from '../../schemas/views.ts';
import { onCatalogueChanged } from '../catalogue-events.ts';
import { ByteBoundedLru, type ByteUsage } from './byte-bounded-lru.ts';
import { acceptedCodings, type Coding, etagMatches } from './negotiation.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What the server holds of catalogue answers (views, JSON and its compressed copies) at most. */
export const CATALOGUE_CACHE_BYTES = 32 * 1024 * 1024;
/** Answers smaller than this are sent as they are (as the API's `compression` threshold does). */
const COMPRESS_FROM_BYTES = 1024;
/** Brotli's best quality costs about 10x its quality 5; above this size the answer is compressed at 5. */
const BEST_QUALITY_UP_TO_BYTES = 256 * 1024;
const ENTRY_OVERHEAD_BYTES = 512;

/** An answer as sent: its bytes in each coding held, and the headers of each. */
export interface HeldAnswer {
  /** Strong ETag of the JSON bytes; each coding's copy adds its name (`"…-br"`). */
  etag: string;
  copies: ReadonlyMap<Coding | 'identity', AnswerCopy>;
  /** Bytes held, for the budget. */
  bytes: number;
}

interface AnswerCopy {
  body: Buffer;
  etag: string;
  headers: Readonly<Record<string, string>>;
  notModified: Readonly<Record<string, string>>;
}

type Held = { kind: 'view'; slug: string; view: EstablishmentView } | { kind: 'answer'; slug: string; companyWide: boolean; answer: HeldAnswer };

export interface AnswerOptions {
  /** The answer shows company data (name, domains) or the establishment row: it goes on any establishment's change. */
  companyWide?: boolean;
}

export class CatalogueCache {
  readonly #held: ByteBoundedLru<Held>;
  #epoch = 0;
  readonly #pending = new Map<string, Promise<unknown>>();

  constructor(maxBytes: number) {
    this.#held = new ByteBoundedLru(maxBytes);
  }

  /**
   * The establishment's view (active or not), loaded by `load` once per change; undefined for an
   * unknown id (not held: unknown ids are unbounded). The view is frozen: it is shared by every request.
   */
  async establishment(id: string, load: () => Promise<EstablishmentView | undefined>): Promise<EstablishmentView | undefined> {
    const key = `view\0${id}`;
    const held = this.#held.get(key);
    if (held?.kind === 'view') return held.view;
    return this.#once(key, async (epoch) => {
      const view = await load();
      if (!view) return undefined;
      deepFreeze(view);
      if (epoch === this.#epoch) this.#held.set(key, { kind: 'view', slug: view.slug_area, view }, JSON.stringify(view).length * 2 + ENTRY_OVERHEAD_BYTES);
      return view;
    });
  }

  /**
   * The answer under `key` for the establishment, made by `compute` (a JSON value) once per change.
   * `key` must name everything the answer depends on besides the establishment's catalogue: the
   * route and its normalised query.
   */
  async answer(
    est: Pick<EstablishmentView, '_id' | 'slug_area'>,
    key: string,
    compute: () => Promise<unknown> | unknown,
    opts: AnswerOptions = {},
  ): Promise<HeldAnswer> {
    const fullKey = `answer\0${est._id}\0${key}`;
    const held = this.#held.get(fullKey);
    if (held?.kind === 'answer') return held.answer;
    return this.#once(fullKey, async (epoch) => {
      const answer = await encodeAnswer(await compute());
      if (epoch === this.#epoch) {
        this.#held.set(
          fullKey,
          { kind: 'answer', slug: est.slug_area, companyWide: opts.companyWide ?? false, answer },
          answer.bytes + fullKey.length + ENTRY_OVERHEAD_BYTES,
        );
      }
      return answer;
    });
  }

  /** The catalogue change signal for `slug`: what may show its old catalogue goes. */
  catalogueChanged(slug: string): void {
    this.#epoch++;
    this.#pending.clear();
    this.#held.deleteWhere((_, held) => held.slug === slug || held.kind === 'view' || held.companyWide);
  }

  /** How much is held against the budget (for tests and reports). */
  get usage(): ByteUsage {
    return this.#held;
  }

  /** Runs `load` once for concurrent callers of the same key; `load` gets the epoch it started in. */
  #once<T>(key: string, load: (epoch: number) => Promise<T>): Promise<T> {
    const pending = this.#pending.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const started = load(this.#epoch).finally(() => {
      if (this.#pending.get(key) === started) this.#pending.delete(key);
    });
    this.#pending.set(key, started);
    return started;
  }
}

/** Makes `cache` drop an establishment's part on this process's catalogue change signal; answers the function that stops it. */
export function followCatalogueChanges(cache: CatalogueCache): () => void {
  return onCatalogueChanged(({ slug }) => cache.catalogueChanged(slug));
}

/** JSON bytes of `value`, their ETag, and brotli/gzip copies when the answer is large enough to gain from them. */
export async function encodeAnswer(value: unknown): Promise<HeldAnswer> {
  const identity = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const copies = new Map<Coding | 'identity', AnswerCopy>([['identity', copyOf(identity, etag, undefined)]]);
  if (identity.length >= COMPRESS_FROM_BYTES) {
    const quality = identity.length <= BEST_QUALITY_UP_TO_BYTES ? 11 : 5;
    const [br, gzipped] = await Promise.all([
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gz(identity, { level: 9 }),
    ]);
    if (br.length < identity.length) copies.set('br', copyOf(br, etag, 'br'));
    if (gzipped.length < identity.length) copies.set('gzip', copyOf(gzipped, etag, 'gzip'));
  }
  let bytes = 0;
  for (const copy of copies.values()) bytes += copy.body.length;
  return { etag, copies, bytes };
}

function copyOf(body: Buffer, identityEtag: string, coding: Coding | undefined): AnswerCopy {
  const etag = coding ? `${identityEtag.slice(0, -1)}-${coding}"` : identityEtag;
  const notModified: Record<string, string> = {
    ETag: etag,
    Vary: 'Accept-Encoding',
    // Stored by the browser, asked again each time with If-None-Match: a 304 until the catalogue changes.
    'Cache-Control': 'no-cache',
  };
  const headers: Record<string, string> = { ...notModified, 'Content-Type': 'application/json', 'Content-Length': String(body.length) };
  if (coding) headers['Content-Encoding'] = coding;
  return { body, etag, headers, notModified };
}

/**
 * The HTTP answer for a request with these Accept-Encoding and If-None-Match headers: the best
 * copy the client accepts, or a 304 when its ETag is the one the client holds.
 */
export function heldAnswerResponse(answer: HeldAnswer, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): Response {
  let copy = answer.copies.get('identity')!;
  for (const coding of acceptedCodings(acceptEncoding)) {
    const encoded = answer.copies.get(coding);
    if (encoded) {
      copy = encoded;
      break;
    }
  }
  if (etagMatches(ifNoneMatch, copy.etag)) return new Response(null, { status: 304, headers: copy.notModified });
  // Buffers from zlib are typed over any ArrayBuffer; theirs is a plain one.
  return new Response(copy.body as Uint8Array<ArrayBuffer>, { status: 200, headers: copy.headers });
}

/** Freezes a value and everything in it: for values shared by every request. */
export function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
