// Every route reads at most its body limit, declared or chunked, the PSP's webhook included (it is
// mounted before the storefront's own header checks), and a 50 MB chunked upload leaves the server's
// memory where it was: the real API server in its own process, over real HTTP.
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from './helpers/server-process.ts';
import { API_HEADERS } from './helpers/databases.ts';

const MB = 1024 * 1024;

/** Sends `total` bytes chunked (no Content-Length) in 64 KB writes as fast as the socket takes them; resolves with the status, or 'reset' when the server closed the socket first. */
function sendChunked(url: string, path: string, total: number, headers: Record<string, string> = {}, method = 'POST'): Promise<number | 'reset'> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const req = request({
      host: hostname,
      port,
      path,
      method,
      headers: { 'Transfer-Encoding': 'chunked', 'Content-Type': 'application/json', ...headers },
    });
    let settled = false;
    const done = (v: number | 'reset') => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    req.on('response', (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', () => done('reset'));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

async function rss(url: string): Promise<number> {
  return ((await (await fetch(`${url}/memory`)).json()) as { rss: number }).rss;
}

describe('body limits, declared or chunked', () => {
  let server: { url: string; child: ChildProcess };
  const dir = mkdtempSync(join(tmpdir(), 'storefront-limits-'));
  beforeAll(async () => {
    server = await startApiServer({ DATA_DIR: dir, DATABASE_URL: '', MAX_BODY_BYTES: String(MB) });
  });
  afterAll(() => {
    server.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('a chunked body over the limit is refused with 413 on the storefront routes and on the PSP webhook', async () => {
    expect(await sendChunked(server.url, '/api/auth/login', 3 * MB, API_HEADERS)).toBe(413);
    expect(await sendChunked(server.url, '/api/pix/webhook', 3 * MB)).toBe(413);
    expect(await sendChunked(server.url, '/api/internal/rerender', 3 * MB)).toBe(413);
  });

  it("the establishment's side refuses it too: staff login, invitations, a product's edit, Open Delivery's token and acknowledgments", async () => {
    const est = '00000000-0000-4000-8000-000000000000';
    expect(await sendChunked(server.url, '/api/staff/login', 3 * MB, API_HEADERS)).toBe(413);
    expect(await sendChunked(server.url, `/api/establishments/${est}/staff/invitations`, 3 * MB, API_HEADERS)).toBe(413);
    expect(await sendChunked(server.url, `/api/establishments/${est}/products/p1`, 3 * MB, API_HEADERS, 'PUT')).toBe(413);
    expect(await sendChunked(server.url, '/api/open-delivery/oauth/token', 3 * MB)).toBe(413);
    expect(await sendChunked(server.url, '/api/open-delivery/v1/events/acknowledgment', 3 * MB)).toBe(413);
  });

  it('a declared Content-Length over the limit is refused before the route reads anything', async () => {
    const res = await fetch(`${server.url}/api/pix/webhook`, { method: 'POST', body: 'x'.repeat(2 * MB), headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'payload_too_large' });
  });

  it('memory stays flat under 50 MB chunked uploads, three at once', async () => {
    // Warm the paths once so their code is loaded before the measure.
    await sendChunked(server.url, '/api/pix/webhook', 2 * MB);
    const before = await rss(server.url);
    const answers = await Promise.all([
      sendChunked(server.url, '/api/pix/webhook', 50 * MB),
      sendChunked(server.url, '/api/auth/login', 50 * MB, API_HEADERS),
      sendChunked(server.url, '/api/users/me/photo', 50 * MB, API_HEADERS),
    ]);
    for (const answer of answers) expect([413, 'reset']).toContain(answer);
    const after = await rss(server.url);
    // Each request holds at most its limit (1 MB here, 6 MB for the photo upload) and reads at most
    // 4 MB more to drop them (refused-body.ts); with the garbage not yet collected that measured
    // 37-47 MB, where holding the three bodies would be 150 MB.
    expect(after - before).toBeLessThan(64 * MB);
  }, 60_000);
});
