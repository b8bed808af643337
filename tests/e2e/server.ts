// The server the end-to-end tests drive: a fresh data folder, the demo seed, and every
// establishment's static pages generated exactly as `npm run build` does.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 4399);
/** Served at /uploads/ once every page is stored (playwright.config.ts's readiness URL). */
const E2E_READY_FILE = 'e2e-ready.txt';
export const e2eDataDir = join(tmpdir(), `storefront-e2e-${port}`);
rmSync(e2eDataDir, { recursive: true, force: true });
process.env.DATA_DIR = e2eDataDir;
process.env.PAGES_DIR = join(e2eDataDir, 'pages');
process.env.PUBLIC_ORIGIN = `http://localhost:${port}`;
delete process.env.DATABASE_URL;

const { getDatabase } = await import('../../src/server/db/database.ts');
const { seedDemo } = await import('../../scripts/lib/seed-demo.ts');
const { startServer } = await import('../../src/server/main.ts');
const { listEstablishments } = await import('../../src/server/db/catalogue-repo.ts');

const { db } = await getDatabase();
await seedDemo(db);
const server = await startServer({ port, host: 'localhost' });
for (const e of await listEstablishments(db, { activeOnly: true })) await server.rerender(e.slug_area);
// Ready only now (playwright.config.ts waits for this file): a test's request for a page while its
// establishment's pages were still being dropped and re-rendered could lose the page it stored.
mkdirSync(join(e2eDataDir, 'uploads'), { recursive: true });
writeFileSync(join(e2eDataDir, 'uploads', E2E_READY_FILE), 'ready');
console.log(`e2e server on ${server.url} (data in ${e2eDataDir})`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
