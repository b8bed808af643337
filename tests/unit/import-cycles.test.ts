// No import cycle in src/ (docs/architecture.md 'Layers'): a module never reaches itself again
// through its imports, type-only ones included, so each can be read, tested and replaced from the
// bottom up (a port never imports its implementations: src/server/adapters/select.ts chooses them).
// The imports are read by scripts/lib/import-direction.ts, which the import-direction test uses too.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from '../../scripts/lib/import-direction.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Each file's imports of other files of the graph (relative specifiers only; packages are outside it). */
function importGraph(files: Record<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of Object.entries(files)) {
    const targets = importsOf(file, text)
      .map((i) => i.specifier.replace(/[?#].*$/, ''))
      .filter((s) => s.startsWith('.'))
      .map((s) => posix.normalize(posix.join(posix.dirname(file), s)))
      .filter((target) => target in files && target !== file);
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * Every strongly connected group of more than one file (Tarjan), each given as one cycle through it,
 * 'a.ts -> b.ts -> a.ts', starting from its first file by name, then the group's other files.
 */
function importCycles(graph: Map<string, string[]>): string[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return groups
    .map((group) => {
      // A shortest way back from the group's first file to itself, inside the group (breadth first).
      const members = new Set(group);
      const start = group[0]!;
      const from = new Map<string, string>();
      const queue = [start];
      let end: string | null = null;
      while (queue.length && end === null) {
        const v = queue.shift()!;
        for (const w of graph.get(v) ?? []) {
          if (!members.has(w)) continue;
          if (w === start) {
            end = v;
            break;
          }
          if (!from.has(w)) {
            from.set(w, v);
            queue.push(w);
          }
        }
      }
      const path = [start];
      for (let v = end!; v !== start; v = from.get(v)!) path.splice(1, 0, v);
      const cycle = [...path, start].join(' -> ');
      const more = group.length - path.length;
      return more > 0 ? `${cycle} (and ${more} more files that reach each other: ${group.filter((f) => !path.includes(f)).join(', ')})` : cycle;
    })
    .sort();
}

describe('import cycles', () => {
  it('no file of src/ reaches itself through its imports', () => {
    const files = Object.fromEntries(
      sourceFiles(root)
        .filter((f) => f.startsWith('src/'))
        .map((f) => [f, readFileSync(join(root, f), 'utf8')]),
    );
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(importCycles(importGraph(files))).toEqual([]);
    // Parsing every file takes seconds on a busy machine.
  }, 30_000);

  it('names each cycle it finds, type-only imports included, and passes a graph without one', () => {
    const cyclic = importGraph({
      'src/server/adapters/sms.ts': "import { createZenviaSender } from './sms-zenvia.ts';",
      'src/server/adapters/sms-zenvia.ts': "import type { SmsSender } from './sms.ts';",
      'src/domain/a.ts': "import { b } from './b.ts';",
      'src/domain/b.ts': "import { c } from './c.ts';",
      'src/domain/c.ts': "export { a } from './a.ts';\nimport { money } from './money.ts';",
      'src/domain/money.ts': "import { type } from 'arktype';",
    });
    expect(importCycles(cyclic)).toEqual([
      'src/domain/a.ts -> src/domain/b.ts -> src/domain/c.ts -> src/domain/a.ts',
      'src/server/adapters/sms-zenvia.ts -> src/server/adapters/sms.ts -> src/server/adapters/sms-zenvia.ts',
    ]);
    const acyclic = importGraph({
      'src/server/adapters/select.ts': "import { createZenviaSender } from './sms-zenvia.ts';\nimport type { SmsSender } from './sms.ts';",
      'src/server/adapters/sms-zenvia.ts': "import type { SmsSender } from './sms.ts';",
      'src/server/adapters/sms.ts': '',
    });
    expect(importCycles(acyclic)).toEqual([]);
  });
});
