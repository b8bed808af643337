// Opens the database: the embedded SQLite file in DATA_DIR by default, PostgreSQL when
// DATABASE_URL is set. One instance per process, shared through globalThis because the Astro
// page bundle and the Node server load this module as two separate copies.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import { config } from '../config.ts';
import { migrationProvider } from './migrations.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';
import type { DB } from './types.ts';

export type Database = Kysely<DB>;
/** The database or a transaction on it: what a repository function runs on when its caller may hold a transaction. */
export type Executor = Database | Transaction<DB>;
export type Engine = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** postgres://... to use PostgreSQL; empty for SQLite. */
  databaseUrl?: string;
  /** SQLite file path, or ':memory:'. */
  sqliteFile?: string;
}

/** Opens a new connection (pool) and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<{ db: Database; engine: Engine }> {
  const url = options.databaseUrl ?? config.databaseUrl;
  let db: Database;
  let engine: Engine;
  if (url) {
    const pg = await import('pg');
    const Pool = pg.default.Pool;
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: url, max: 10 }) }) });
    engine = 'postgres';
  } else {
    const { default: SQLite } = await import('better-sqlite3');
    const file = options.sqliteFile ?? join(config.dataDir, 'storefront.sqlite');
    if (file !== ':memory:') mkdirSync(join(file, '..'), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    engine = 'sqlite';
  }
  await migrate(db);
  return { db, engine };
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrate(db: Database): Promise<void> {
  // Migrations are independent of one another past 0018 (new tables and columns); a database that
  // ran a later one before an earlier one landed (0021 before 0019 and 0020) still takes the
  // earlier ones rather than refusing to start.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

const shared = globalThis as typeof globalThis & { __storefrontDb?: Promise<{ db: Database; engine: Engine }> };

/** The process-wide database, opened on first use. */
export function getDatabase(): Promise<{ db: Database; engine: Engine }> {
  shared.__storefrontDb ??= openDatabase();
  return shared.__storefrontDb;
}

/** Replaces the process-wide database (tests and scripts that open their own). */
export function setDatabase(handle: { db: Database; engine: Engine }): void {
  shared.__storefrontDb = Promise.resolve(handle);
}
