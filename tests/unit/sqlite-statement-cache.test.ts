// The prepared-statement cache proposed for the embedded SQLite database
// (src/server/db/sqlite-statement-cache.ts): statements are reused by SQL text, a statement still
// iterating is never handed out twice, the least recently used are dropped past the bound, and
// Kysely runs unchanged on top of it.
import { describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type Generated } from 'kysely';
import { withStatementCache } from '../../src/server/db/sqlite-statement-cache.ts';

function memory() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (id integer primary key, v text)');
  sqlite.exec("insert into t (v) values ('a'), ('b'), ('c')");
  return sqlite;
}

describe('withStatementCache', () => {
  it('reuses the statement of the same SQL text', () => {
    const db = withStatementCache(memory());
    const a = db.prepare('select * from t where id = ?');
    expect(db.prepare('select * from t where id = ?')).toBe(a);
    expect(db.prepare('select v from t')).not.toBe(a);
    expect(a.get(2)).toEqual({ id: 2, v: 'b' });
  });

  it('never hands out a statement that is still iterating', () => {
    const db = withStatementCache(memory());
    const first = db.prepare('select * from t');
    const it1 = first.iterate();
    it1.next();
    const second = db.prepare('select * from t');
    expect(second).not.toBe(first);
    expect(second.all()).toHaveLength(3);
    it1.return?.();
    expect(db.prepare('select * from t')).toBe(first);
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const db = withStatementCache(memory(), 2);
    const a = db.prepare('select 1');
    const b = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a); // 'select 2' is now the least recently used
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 2')).not.toBe(b);
  });

  it('runs Kysely queries and transactions', async () => {
    const db = new Kysely<{ t: { id: Generated<number>; v: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(memory()) }) });
    for (let i = 0; i < 3; i++) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('t')
          .values({ v: `x${i}` })
          .execute();
      });
    }
    const rows = await db.selectFrom('t').select('v').where('v', 'like', 'x%').orderBy('id').execute();
    expect(rows.map((r) => r.v)).toEqual(['x0', 'x1', 'x2']);
    await db.destroy();
  });
});
