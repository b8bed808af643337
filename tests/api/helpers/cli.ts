// The establishment's command-line tools under test: each runs as a real process (its exit status,
// stdout and stderr as a person would see them) against an API served over real HTTP.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { ApiApp } from '../../../src/server/api/app.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<script> with `args`, DATA_DIR set to `dataDir`; resolves when it exits (20 s at most). */
export function runScript(script: string, args: string[], dataDir: string): Promise<CliRun> {
  const file = join(import.meta.dirname, '..', '..', '..', 'scripts', script);
  return new Promise((resolve) => {
    execFile(process.execPath, [file, ...args], { env: { ...process.env, DATA_DIR: dataDir }, timeout: 20_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Serves `app` on a free loopback port; answers its origin and how to stop it. */
export async function serveApi(app: ApiApp): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
