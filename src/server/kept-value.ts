// A small value the server makes once and keeps in a file (the internal token, the sealing key,
// the stored pages' folder name): read when the file holds a valid one, else made and written
// 0600. Written with 'wx', so of several processes starting together on one folder the first
// value written is the one every process keeps.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export function keptValue(file: string, make: () => string, valid: (value: string) => boolean): string {
  const read = () => {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch {
      return '';
    }
  };
  const existing = read();
  if (valid(existing)) return existing;
  mkdirSync(dirname(file), { recursive: true });
  const value = make();
  try {
    writeFileSync(file, value, { mode: 0o600, flag: existing ? 'w' : 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const written = read();
    if (valid(written)) return written;
    writeFileSync(file, value, { mode: 0o600 });
  }
  // writeFileSync's mode applies only when it creates the file.
  chmodSync(file, 0o600);
  return value;
}
