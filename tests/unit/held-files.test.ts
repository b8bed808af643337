// Stored files answered from memory, through a real HTTP server over real files in a temp folder.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeldFiles, REVALIDATE_MS } from '../../src/server/cache/held-files.ts';

let root: string;
let server: Server;
let origin: string;
let held: HeldFiles;
let clock = 0;
/** Runs inside the request, right after serve() started (to change the disk while a read is under way). */
let duringServe: (() => void) | undefined;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'held-files-'));
  held = new HeldFiles(20 * 1024, () => clock);
  server = createServer((req, res) => {
    const file = join(root, decodeURIComponent(new URL(req.url!, 'http://x').pathname), 'index.html');
    const serving = held.serve(req, res, file);
    duringServe?.();
    duringServe = undefined;
    void serving.then((found) => {
      if (!found) {
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

/** Writes a page (and its brotli twin) as the page store does: plain file first, twin not older. */
function writePage(name: string, html: string, mtime: number): void {
  const folder = join(root, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'index.html'), html);
  writeFileSync(join(folder, 'index.html.br'), brotliCompressSync(Buffer.from(html)));
  for (const f of ['index.html', 'index.html.br']) utimesSync(join(folder, f), mtime, mtime);
}

const get = (name: string, headers: Record<string, string> = {}) => fetch(`${origin}/${name}`, { headers });

describe('HeldFiles', () => {
  it('serves the twin the client accepts, with an ETag that a later request revalidates to 304', async () => {
    writePage('home', '<h1>Pizzaria</h1>', 1_700_000_000);
    const br = await get('home', { 'Accept-Encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe('<h1>Pizzaria</h1>');
    const plain = await get('home', { 'Accept-Encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('<h1>Pizzaria</h1>');
    const etag = br.headers.get('etag')!;
    expect(etag).not.toBe(plain.headers.get('etag'));
    const again = await get('home', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves the new bytes at once when the writer forgets the file after changing it', async () => {
    writePage('menu', '<p>Calabresa</p>', 1_700_000_000);
    expect(await (await get('menu', { 'Accept-Encoding': 'br' })).text()).toBe('<p>Calabresa</p>');
    writePage('menu', '<p>Calabresa Especial</p>', 1_700_000_100);
    held.forget(join(root, 'menu'));
    expect(await (await get('menu', { 'Accept-Encoding': 'br' })).text()).toBe('<p>Calabresa Especial</p>');
    rmSync(join(root, 'menu'), { recursive: true });
    held.forget(join(root, 'menu'));
    expect((await get('menu')).status).toBe(404);
  });

  it('sees a change made by another process within REVALIDATE_MS, by one stat', async () => {
    writePage('outside', '<p>v1</p>', 1_700_000_000);
    expect(await (await get('outside')).text()).toBe('<p>v1</p>');
    // Written without forget(), as a build in another process would.
    writePage('outside', '<p>v2, longer</p>', 1_700_000_200);
    expect(await (await get('outside')).text(), 'within the interval the held copy is served').toBe('<p>v1</p>');
    clock += REVALIDATE_MS + 1;
    expect(await (await get('outside')).text()).toBe('<p>v2, longer</p>');
  });

  it('does not keep a read that was under way when the file was forgotten', async () => {
    writePage('race', '<p>old</p>', 1_700_000_000);
    held.forget(join(root, 'race'));
    const before = held.usage.size;
    duringServe = () => {
      writePage('race', '<p>new</p>', 1_700_000_300);
      held.forget(join(root, 'race'));
    };
    await (await get('race')).text();
    expect(held.usage.size, 'the read that raced the change is not held').toBe(before);
    expect(await (await get('race')).text()).toBe('<p>new</p>');
    expect(held.usage.size).toBe(before + 1);
  });

  it('holds no more bytes than its budget, and still serves every file', async () => {
    for (let i = 0; i < 60; i++) {
      const html = `<p>${i}</p>${'x'.repeat(1000)}`;
      writePage(`many/${i}`, html, 1_700_000_000);
      expect(await (await get(`many/${i}`)).text()).toBe(html);
      expect(held.usage.bytes).toBeLessThanOrEqual(held.usage.maxBytes);
    }
    expect(held.usage.size).toBeLessThan(60);
  });
});
