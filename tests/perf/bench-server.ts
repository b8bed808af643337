// The real server as a child process for the benchmarks that measure it from outside (bench:realtime,
// bench:panel): started with its own environment on a port, waited for by its health route, stopped.
import { spawn, type ChildProcess } from 'node:child_process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts node src/server/main.ts with `env` on 127.0.0.1:`port`; resolves once /api/health answers (30 s at most). */
export async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* starting */
    }
    await sleep(100);
  }
  throw new Error('the server did not start');
}

/** Stops the server and resolves once it has exited. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
