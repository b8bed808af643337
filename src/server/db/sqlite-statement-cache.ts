// Prepared-statement cache for the embedded SQLite database. Kysely's SQLite driver calls
// `database.prepare(sql)` for every query it runs, and compiling a statement costs more than
// running most of ours (profiling the order hot path: about a third of the server's time went to
// prepare). Kysely compiles a given query shape to the same SQL text every time, so statements are
// kept by SQL text and reused; a statement still iterating (a streamed select) is never handed out
// twice, and the least recently used ones are dropped past `max`.
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';

/** What Kysely's SqliteDialect needs of a database: prepare and close. */
export interface PreparingDatabase {
  prepare(sql: string): Statement;
  close(): void;
}

export function withStatementCache(sqlite: SqliteDatabase, max = 500): PreparingDatabase {
  const cache = new Map<string, Statement>();
  return {
    prepare(sql: string): Statement {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        // Map order is insertion order: re-inserting keeps the most recently used last.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const stmt = sqlite.prepare(sql);
      if (!hit) {
        cache.set(sql, stmt);
        if (cache.size > max) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
    close(): void {
      cache.clear();
      sqlite.close();
    },
  };
}
