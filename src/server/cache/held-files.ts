// Files served from memory: the stored catalogue pages are read from disk once per copy a client
// may get (plain, .br, .gz), with their headers and ETag, and then answered without a stat, an
// open or a stream per request. Bounded by bytes (least recently read go first).
//
// The disk stays the truth. Whoever writes or removes files under a folder in this process calls
// forget(folder) once the disk has changed (src/server/page-store.ts does), and a read that was
// already under way when that happened is served but not kept, so memory never holds what the disk
// no longer has. A writer in another process (a build, a second server on the same folder) is
// seen within REVALIDATE_MS: a held file older than that is compared with the disk by one stat
// before it is served again.
import type { Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sep } from 'node:path';
import { chooseFile, fileStat, isCompressible, notModifiedHeaders, type ServeOptions } from '../static-files.ts';
import { ByteBoundedLru, type ByteUsage } from './byte-bounded-lru.ts';
import { acceptedCodings, etagMatches } from './negotiation.ts';

/** How long a held file is served without looking at the disk. */
export const REVALIDATE_MS = 1000;
/** What one held copy costs besides its bytes (headers, keys, bookkeeping), for the budget. */
const ENTRY_OVERHEAD_BYTES = 512;
/** How many recent forget() calls are remembered to refuse reads that started before them. */
const FORGOTTEN_LOG = 256;

interface HeldFile {
  /** The requested file (the key's path). */
  path: string;
  /** The file actually sent (path or a precompressed twin). */
  sentPath: string;
  base: FileIdentity;
  sent: FileIdentity;
  etag: string;
  headers: Record<string, string | number>;
  notModified: Record<string, string | number>;
  body: Buffer;
  checkedAt: number;
}

interface FileIdentity {
  ino: number;
  size: number;
  mtimeMs: number;
}

const identityOf = (s: Stats): FileIdentity => ({ ino: s.ino, size: s.size, mtimeMs: s.mtimeMs });
const sameFile = (a: FileIdentity, b: Stats | null) => b !== null && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** Whether `path` is `prefix` or lies under the folder `prefix`. */
function covers(prefix: string, path: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith(sep) ? prefix : prefix + sep);
}

export class HeldFiles {
  readonly #held: ByteBoundedLru<HeldFile>;
  readonly #now: () => number;
  #generation = 0;
  readonly #forgotten: { generation: number; prefix: string }[] = [];

  constructor(maxBytes: number, now: () => number = () => performance.now()) {
    this.#held = new ByteBoundedLru(maxBytes);
    this.#now = now;
  }

  /**
   * Answers the request with the file at `path` (or the precompressed twin the client accepts):
   * a 304 when If-None-Match names its ETag. False when the file does not exist.
   */
  async serve(req: IncomingMessage, res: ServerResponse, path: string, opts: ServeOptions = {}): Promise<boolean> {
    const codings = isCompressible(path) ? acceptedCodings(req.headers['accept-encoding']) : [];
    const key = codings.length ? `${path}\0${codings.join(',')}` : path;
    let held = this.#held.get(key);
    if (held && this.#now() - held.checkedAt > REVALIDATE_MS) {
      if (sameFile(held.base, await fileStat(held.path)) && sameFile(held.sent, await fileStat(held.sentPath))) held.checkedAt = this.#now();
      else {
        this.#held.delete(key);
        held = undefined;
      }
    }
    if (!held) {
      const generation = this.#generation;
      const loaded = await this.#load(path, codings, opts);
      if (!loaded) return false;
      held = loaded;
      if (this.#unchangedSince(generation, path)) this.#held.set(key, held, held.body.length + key.length + ENTRY_OVERHEAD_BYTES);
    }
    if (etagMatches(req.headers['if-none-match'], held.etag)) {
      res.writeHead(304, held.notModified);
      res.end();
      return true;
    }
    res.writeHead(200, held.headers);
    if (req.method === 'HEAD') res.end();
    else res.end(held.body);
    return true;
  }

  /** Lets go of every held file at or under `prefix` (a file or a folder); call it after the disk changed. */
  forget(prefix: string): void {
    this.#generation++;
    this.#forgotten.push({ generation: this.#generation, prefix });
    if (this.#forgotten.length > FORGOTTEN_LOG) this.#forgotten.shift();
    this.#held.deleteWhere((_, held) => covers(prefix, held.path));
  }

  /** How much is held against the budget (for tests and reports). */
  get usage(): ByteUsage {
    return this.#held;
  }

  /** Whether no forget() since `generation` covered `path` (unknown, when the log no longer reaches back: no). */
  #unchangedSince(generation: number, path: string): boolean {
    if (generation === this.#generation) return true;
    const oldest = this.#forgotten[0];
    if (!oldest || oldest.generation > generation + 1) return false;
    return !this.#forgotten.some((f) => f.generation > generation && covers(f.prefix, path));
  }

  async #load(path: string, codings: ReturnType<typeof acceptedCodings>, opts: ServeOptions): Promise<HeldFile | null> {
    const choice = await chooseFile(path, codings, opts);
    if (!choice) return null;
    let body: Buffer;
    let sent: Stats;
    // One descriptor for the stats and the bytes: a file replaced in between cannot pair new bytes with old stats.
    try {
      const handle = await open(choice.path, 'r');
      try {
        sent = await handle.stat();
        body = await handle.readFile();
      } finally {
        await handle.close();
      }
    } catch {
      return null;
    }
    const headers = { ...choice.headers, 'Content-Length': body.length };
    return {
      path,
      sentPath: choice.path,
      base: identityOf(choice.base),
      sent: identityOf(sent),
      etag: choice.etag,
      headers,
      notModified: notModifiedHeaders(headers),
      body,
      checkedAt: this.#now(),
    };
  }
}
