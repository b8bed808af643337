// Child process of bench-ab.ts: seeds a fresh data folder and serves the checkout at AB_ROOT (its
// own src/ and build) until killed; prints one JSON line with its origin once the pages are made.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// This tree's helper (plain fetches), whichever checkout is served.
import { warmThumbnails } from './bench-setup.ts';

const root = process.env.AB_ROOT!;
const from = (path: string) => import(pathToFileURL(join(root, path)).href);
const setup = await from('tests/perf/bench-setup.ts');
setup.freshDataDir(process.env.AB_DATA_NAME!);
const { db, server, origin } = await setup.startSeededServer();
const { listEstablishments } = await from('src/server/db/catalogue-repo.ts');
for (const e of await listEstablishments(db, { activeOnly: true })) await server.rerender(e.slug_area);
// Card thumbnails are made on first request; a live store has them already.
for (const path of process.argv.slice(2)) await warmThumbnails(origin, await (await fetch(origin + path)).text());
console.log(JSON.stringify({ origin }));
