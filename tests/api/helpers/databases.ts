// Runs a suite against both engines the product supports: a fresh SQLite file in a temp dir and a
// throwaway PostgreSQL database (created on the server at TEST_PG_URL, default
// postgres://postgres@127.0.0.1:5432, and dropped afterwards). Each engine gets its own app with
// a clock the tests can move.
import { afterAll, beforeAll, describe } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApi, type ApiApp, type ApiDeps } from '../../../src/server/api/app.ts';
import { openDatabase, type Database, type Engine } from '../../../src/server/db/database.ts';

export const PG_SERVER_URL = (process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');

/** The headers every storefront call carries. */
export { API_HEADERS } from '../../../src/schemas/api-headers.ts';
import { API_HEADERS } from '../../../src/schemas/api-headers.ts';

export interface TestContext {
  engine: Engine;
  db: Database;
  /** The PostgreSQL URL of the test database; '' on SQLite. */
  databaseUrl: string;
  app: ApiApp;
  /** Current value of the app's clock. */
  now(): Date;
  /** Moves the app's clock. */
  setNow(at: Date | string): void;
  /** GET (or any method) with the required headers; JSON bodies are serialised. */
  call(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
}

export const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

/** A throwaway PostgreSQL database on the local server, and how to drop it. */
export async function createPgDatabase(prefix = 'storefront_api'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${PG_SERVER_URL}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: `${PG_SERVER_URL}/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${PG_SERVER_URL}/postgres` });
      await c.connect();
      try {
        // A pool's end() resolves before its sockets are closed; dropping then would terminate a
        // closing connection and surface as an unhandled error. Wait (up to 3 s) for them to go.
        for (let i = 0; i < 60; i++) {
          const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0]!.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * Declares `describe(name [engine])` once per engine; `body` receives a getter for the context,
 * valid inside hooks and tests. `setup` runs once per engine after the database is open (load fixtures there).
 */
export function forEachDatabase(
  name: string,
  body: (getCtx: () => TestContext) => void,
  options: { setup?: (ctx: TestContext) => Promise<void>; deps?: Partial<ApiDeps>; startAt?: string; engines?: readonly Engine[] } = {},
): void {
  for (const engine of options.engines ?? ENGINES) {
    describe(`${name} [${engine}]`, () => {
      let ctx: TestContext | undefined;
      let cleanup: (() => Promise<void>) | undefined;

      beforeAll(async () => {
        let handle: { db: Database; engine: Engine };
        let databaseUrl = '';
        if (engine === 'sqlite') {
          const dir = mkdtempSync(join(tmpdir(), 'storefront-api-'));
          handle = await openDatabase({ databaseUrl: '', sqliteFile: join(dir, 'test.sqlite') });
          cleanup = async () => {
            await handle.db.destroy();
            rmSync(dir, { recursive: true, force: true });
          };
        } else {
          const pgDb = await createPgDatabase();
          databaseUrl = pgDb.url;
          handle = await openDatabase({ databaseUrl: pgDb.url });
          cleanup = async () => {
            await handle.db.destroy();
            await pgDb.drop();
          };
        }
        let current = new Date(options.startAt ?? '2025-01-03T23:00:00Z');
        const app = createApi({ ...options.deps, db: handle.db, engine: handle.engine, now: () => current });
        ctx = {
          engine: handle.engine,
          db: handle.db,
          databaseUrl,
          app,
          now: () => current,
          setNow: (at) => {
            current = typeof at === 'string' ? new Date(at) : at;
          },
          call: async (path, init = {}) => {
            const headers: Record<string, string> = { ...API_HEADERS, ...init.headers };
            let body: string | undefined;
            if (init.body !== undefined) {
              body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
              headers['Content-Type'] ??= 'application/json';
            }
            return app.request(path, { method: init.method ?? 'GET', headers, body });
          },
        };
        if (options.setup) await options.setup(ctx);
      });

      afterAll(async () => {
        await cleanup?.();
      });

      body(() => {
        if (!ctx) throw new Error('test context used before beforeAll ran');
        return ctx;
      });
    });
  }
}
