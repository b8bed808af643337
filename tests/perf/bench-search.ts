// `npm run bench:search`: the catalogue search on hiper-demo (600 products, `npm run seed:large`),
// on SQLite (a temp file) and PostgreSQL (a throwaway database), side by side with the LIKE query
// it replaced, in one run:
// - the index: the database read it is built from and the build (median of BUILD_RUNS), and its
//   memory (the heap after building INDEXES_FOR_MEMORY indexes, each from its own copy of the
//   documents, minus the heap before, over their number; garbage collected before each reading);
// - each query of QUERIES answered RUNS times, the two ways alternating so both see the same
//   machine load: the replaced LIKE query (its count and its page of 20, as listProducts ran it, over
//   a search_text column recreated here the way it was written), the search as the products call
//   runs it (the index in memory, then the page of 20 read by id), and the index's ranking alone.
// Writes the '## Catalogue search' section of docs/benchmarks.md.
//   BENCH_RUNS=200 npm run bench:search
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { Temporal } from '../../src/domain/time.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { stableId } from '../../src/server/db/ids.ts';
import { toProductView } from '../../src/server/db/catalogue-repo.ts';
import { MAX_INDEXED_PRODUCTS, searchCatalogue } from '../../src/server/search/catalogue-search.ts';
import { loadSearchSource } from '../../src/server/search/documents.ts';
import { buildProductIndex } from '../../src/server/search/product-index.ts';
import { fold } from '../../src/server/search/terms.ts';
import { seedLarge } from '../../scripts/lib/seed-large.ts';
import { createPgDatabase } from '../api/helpers/databases.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUILD_RUNS = 15;
const INDEXES_FOR_MEMORY = 20;
/** A dish, a typo, three words, a prefix, a swap typo, a word of the description, one letter, nothing. */
const QUERIES = ['arroz', 'muzarela', 'cerveja sem alcool', 'refri', 'choclate', 'agua com gas', 'p', 'lasanha'];
const NOW = new Date('2026-03-04T23:00:00Z');
const ESTABLISHMENT = stableId('establishment', 'hiper-demo');

type Engine = 'sqlite' | 'postgres';
type QueryFigures = {
  q: string;
  likeTotal: number;
  indexTotal: number;
  likeMs: number[];
  searchMs: number[];
  rankMs: number[];
  likeCpuMs: number[];
  searchCpuMs: number[];
};
type EngineFigures = {
  engine: Engine;
  readMs: number[];
  buildMs: number[];
  buildCpuMs: number[];
  bytesPerIndex: number;
  products: number;
  queries: QueryFigures[];
  load: string;
};

/** The text the removed column held: lower-case, accent-free name and description, single-spaced. */
const legacySearchText = (name: string, desc: string) => fold(`${name} ${desc}`).replace(/\s+/g, ' ').trim();

/** The search_text column as the catalogue import wrote it before the index replaced it. */
async function recreateLegacyColumn(db: Database): Promise<void> {
  await sql`alter table products add column search_text text`.execute(db);
  const rows = await db.selectFrom('products').select(['id', 'name', 'description']).where('establishment_id', '=', ESTABLISHMENT).execute();
  await db.transaction().execute(async (trx) => {
    for (const r of rows) await sql`update products set search_text = ${legacySearchText(r.name, r.description)} where id = ${r.id}`.execute(trx);
  });
}

/** The replaced path of listProducts with q: every word LIKE-matched, the count, then a page of 20 in menu order. */
async function likeSearch(db: Database, q: string): Promise<{ total: number; items: unknown[] }> {
  const words = legacySearchText(q, '')
    .split(' ')
    .filter((w) => w.replace(/[%_\\]/g, ''));
  let query = db.selectFrom('products').where('establishment_id', '=', ESTABLISHMENT);
  for (const w of words) query = query.where(sql.ref('search_text'), 'like', `%${w.replace(/[%_\\]/g, '')}%`);
  const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await query
    .selectAll()
    .orderBy((eb) => eb.selectFrom('categories').select('categories.sort').whereRef('categories.id', '=', 'products.category_id'))
    .orderBy('sort')
    .orderBy('id')
    .limit(20)
    .execute();
  return { total, items: rows.map((r) => toProductView(r)) };
}

/** Wall time and this process's CPU time (user + system) of one call, in ms. */
async function timed<T>(fn: () => Promise<T> | T): Promise<{ ms: number; cpuMs: number; value: T }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, value };
}

async function measure(engine: Engine, db: Database, dataDir: string): Promise<EngineFigures> {
  const load = loadavg()[0]!.toFixed(2);
  await seedLarge(db, { dataDir });
  await recreateLegacyColumn(db);

  const readMs: number[] = [];
  const buildMs: number[] = [];
  const buildCpuMs: number[] = [];
  let documents = (await loadSearchSource(db, ESTABLISHMENT))!.documents;
  for (let i = 0; i < BUILD_RUNS; i++) {
    const read = await timed(() => loadSearchSource(db, ESTABLISHMENT));
    readMs.push(read.ms);
    documents = read.value!.documents;
    const build = await timed(() => buildProductIndex(documents));
    buildMs.push(build.ms);
    buildCpuMs.push(build.cpuMs);
  }

  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = Array.from({ length: INDEXES_FOR_MEMORY }, () => buildProductIndex(structuredClone(documents)));
  gc();
  const bytesPerIndex = (process.memoryUsage().heapUsed - before) / kept.length;
  const index = kept[0]!;

  const at = Temporal.Instant.fromEpochMilliseconds(NOW.getTime());
  const queries: QueryFigures[] = [];
  // The first search of the process builds the index: warm it, so the loop measures answers.
  await searchCatalogue(db, ESTABLISHMENT, { q: 'arroz' }, NOW);
  for (const q of QUERIES) {
    const figures: QueryFigures = { q, likeTotal: 0, indexTotal: 0, likeMs: [], searchMs: [], rankMs: [], likeCpuMs: [], searchCpuMs: [] };
    for (let i = 0; i < RUNS; i++) {
      const like = await timed(() => likeSearch(db, q));
      const search = await timed(() => searchCatalogue(db, ESTABLISHMENT, { q, limit: 20 }, NOW));
      const rank = await timed(() => index.rank(q, { at, timeZone: 'America/Sao_Paulo' }));
      figures.likeMs.push(like.ms);
      figures.searchMs.push(search.ms);
      figures.rankMs.push(rank.ms);
      figures.likeCpuMs.push(like.cpuMs);
      figures.searchCpuMs.push(search.cpuMs);
      figures.likeTotal = like.value.total;
      figures.indexTotal = search.value.total;
    }
    queries.push(figures);
  }
  return { engine, readMs, buildMs, buildCpuMs, bytesPerIndex, products: documents.length, queries, load };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!;
};
const ms = (x: number) => (x >= 10 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(2));

const loadBefore = loadavg()[0]!.toFixed(2);
const results: EngineFigures[] = [];
const tmp = mkdtempSync(join(tmpdir(), 'bench-search-'));
try {
  const sqlite = await openDatabase({ databaseUrl: '', sqliteFile: join(tmp, 'bench.sqlite') });
  try {
    results.push(await measure('sqlite', sqlite.db, join(tmp, 'data-sqlite')));
  } finally {
    await sqlite.db.destroy();
  }
  const pgDb = await createPgDatabase('storefront_bench_search');
  const pg = await openDatabase({ databaseUrl: pgDb.url });
  try {
    results.push(await measure('postgres', pg.db, join(tmp, 'data-pg')));
  } finally {
    await pg.db.destroy();
    await pgDb.drop();
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const loadAfter = loadavg()[0]!.toFixed(2);
const LABEL: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const date = new Date().toISOString().slice(0, 10);
const first = results[0]!;
const letterP = first.queries.find((f) => f.q === 'p')!;
const rows = results.flatMap((r) =>
  r.queries.map((f) => {
    const ratio = median(f.likeMs) / median(f.searchMs);
    const cpuRatio = median(f.likeCpuMs) / median(f.searchCpuMs);
    return `| ${LABEL[r.engine]} | \`${f.q}\` | ${f.likeTotal} | ${f.indexTotal} | ${ms(median(f.likeMs))} (${ms(p95(f.likeMs))}) | ${ms(median(f.searchMs))} (${ms(p95(f.searchMs))}) | ${ratio.toFixed(1)}x | ${ms(median(f.likeCpuMs))} / ${ms(median(f.searchCpuMs))} (${cpuRatio.toFixed(1)}x) | ${ms(median(f.rankMs))} (${ms(p95(f.rankMs))}) |`;
  }),
);
const builds = results.map(
  (r) =>
    `| ${LABEL[r.engine]} | ${r.products} | ${ms(median(r.readMs))} (${ms(p95(r.readMs))}) | ${ms(median(r.buildMs))} (${ms(p95(r.buildMs))}) | ${ms(median(r.buildCpuMs))} | ${(r.bytesPerIndex / 1024).toFixed(0)} KB (${(r.bytesPerIndex / r.products / 1024).toFixed(1)} KB a product) | ${r.load} |`,
);

const section = `## Catalogue search

Measured by \`npm run bench:search\` (tests/perf/bench-search.ts) on ${date}, on this 2-core machine:
hiper-demo (${first.products} products in 40 categories, as \`npm run seed:large\` writes it) in a fresh SQLite file and
in a throwaway PostgreSQL database, in one run. The index of an establishment is built from one
database read on its first search and kept in memory (src/server/search); the LIKE query it
replaced is measured beside it over a \`search_text\` column recreated the way the import wrote it.
The 1-minute load average was ${loadBefore} before the runs and ${loadAfter} after (other work shares the
two cores: the absolute times move with it, the ratios measured side by side much less).

The index (median of ${BUILD_RUNS} builds, p95 in brackets; memory: the heap grown by ${INDEXES_FOR_MEMORY} indexes built
from their own copies of the documents, over ${INDEXES_FOR_MEMORY}, after garbage collection):

| Engine | Products | Database read (ms) | Build (ms) | Build, CPU (ms) | Heap per index | Load (1 min) |
|---|---|---|---|---|---|---|
${builds.join('\n')}

Each query answered ${RUNS} times, the LIKE query and the search alternating; milliseconds, median
(p95). 'Search' is what the products call does with \`q\` (the ranking in memory, then the page of
20 read by id); 'Ranking alone' is the index's part of it. 'CPU' is this process's CPU time for
one answer, median, LIKE / search (PostgreSQL's own CPU not included): unlike the wall time it
does not grow when other work waits for the cores. The matches columns count what each way finds:

| Engine | q | Matches (LIKE) | Matches (index) | LIKE (ms) | Search (ms) | LIKE / search | CPU, LIKE / search (ms) | Ranking alone (ms) |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Where the time goes: the LIKE query makes two statements (the count, then the page) that scan
every product of the establishment; the search ranks in memory and makes one statement (the page's
products by id), so on PostgreSQL, where each statement is a round trip, the wall time gains more
than the CPU time. A word the catalogue does not know (\`muzarela\`, \`choclate\`) is compared with
every word of the catalogue for typos (src/server/search/terms.ts typoDistance): the costliest
ranking, where LIKE, finding nothing, is cheapest. \`p\` counts differently on purpose: LIKE finds a
p anywhere in ${letterP.likeTotal} products, the search the ${letterP.indexTotal} whose name has a word starting with p.

A first search of an establishment costs its database read plus the build plus one answer; every
later one only the answer, until its catalogue changes (an import sends the change signal and the
index is dropped). The kept indexes of a process index at most ${MAX_INDEXED_PRODUCTS.toLocaleString('en')} products together
(MAX_INDEXED_PRODUCTS in src/server/search/catalogue-search.ts): at the heap per product above,
that bounds them to about ${(((first.bytesPerIndex / first.products) * MAX_INDEXED_PRODUCTS) / 1024 / 1024).toFixed(0)} MB; past it the least recently searched establishments are
dropped and rebuilt on their next search.
`;

const file = join(import.meta.dirname, '../../docs/benchmarks.md');
const current = readFileSync(file, 'utf8');
const start = current.indexOf('## Catalogue search');
let next: string;
if (start < 0) next = `${current.trimEnd()}\n\n${section}`;
else {
  const end = current.indexOf('\n## ', start + 1);
  next = current.slice(0, start) + section + (end < 0 ? '' : `\n${current.slice(end + 1)}`);
}
writeFileSync(file, `${next.trimEnd()}\n`);
console.log(`\n${section}`);
