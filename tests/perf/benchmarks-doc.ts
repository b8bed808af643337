// docs/benchmarks.md is written by several benchmarks, each owning one '## ' section of it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = join(import.meta.dirname, '../../docs/benchmarks.md');

/** Puts `section` (which starts with its '## Title' line) in place of the section of that title, or at the end; the other sections stay as they are. */
export function writeBenchmarkSection(section: string): void {
  const heading = section.slice(0, section.indexOf('\n'));
  if (!heading.startsWith('## ')) throw new Error(`a section starts with its '## ' heading, not: ${heading}`);
  const current = readFileSync(FILE, 'utf8');
  const start = current.indexOf(heading);
  let next: string;
  if (start < 0) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const end = current.indexOf('\n## ', start + 1);
    next = current.slice(0, start) + section + (end < 0 ? '' : `\n${current.slice(end + 1)}`);
  }
  writeFileSync(FILE, `${next.trimEnd()}\n`);
}
