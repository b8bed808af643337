// tests/api/helpers/api-server.ts as a child process, for the tests and benchmarks that need real
// server processes (several on one database, or one to kill -9 and start again).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const API_SERVER = join(import.meta.dirname, 'api-server.ts');

/**
 * Starts the API server with `env` over this process's environment (PORT=0 or unset picks a free
 * port); resolves with its URL once it listens, rejects if it exits first. Its stderr is shown
 * unless `stderr` is 'ignore' (tests that kill it mid-request, whose servers log the broken ones).
 */
export function startApiServer(
  env: Record<string, string>,
  { stderr = 'inherit' }: { stderr?: 'inherit' | 'ignore' } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [API_SERVER], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', stderr] });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^listening (\S+)$/.exec(line);
      if (m) resolve({ url: m[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** Stops every server process started with startApiServer (SIGTERM), resolving once each has exited. */
export function stopApiServers(procs: readonly ChildProcess[]): Promise<void> {
  return Promise.all(
    procs.map(
      (proc) =>
        new Promise<void>((resolve) => {
          if (proc.exitCode !== null) return resolve();
          proc.once('exit', () => resolve());
          proc.kill('SIGTERM');
        }),
    ),
  ).then(() => undefined);
}
