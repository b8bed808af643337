// A database that refuses a write, for the tests of what a failure between two steps leaves: a
// trigger on the real table (SQLite or PostgreSQL) makes every matching update fail with an error,
// as a full disk, a lost connection or a constraint would, until it is removed.
import { sql } from 'kysely';
import type { TestContext } from './databases.ts';

/**
 * Makes every update of `table` whose new row matches `when` (SQL over NEW, the same on both
 * engines, e.g. "NEW.status = 'captured'") fail; answers what removes the failure.
 */
export async function failUpdates(ctx: Pick<TestContext, 'db' | 'engine'>, table: string, when: string): Promise<() => Promise<void>> {
  const name = `injected_failure_${table}`;
  if (ctx.engine === 'sqlite') {
    await sql
      .raw(`create trigger ${name} before update on ${table} for each row when ${when} begin select raise(abort, 'injected failure'); end`)
      .execute(ctx.db);
    return async () => {
      await sql.raw(`drop trigger ${name}`).execute(ctx.db);
    };
  }
  await sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`).execute(ctx.db);
  await sql.raw(`create trigger ${name} before update on ${table} for each row when (${when}) execute function ${name}()`).execute(ctx.db);
  return async () => {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(ctx.db);
    await sql.raw(`drop function ${name}()`).execute(ctx.db);
  };
}
