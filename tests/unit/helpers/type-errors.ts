// What the type checker says of a made-up file: the tests that prove a check lives in the types
// (a refusal without a text, a call that does not fit its route) compile one and read its errors.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';

/** The type checker's errors in the file made of `lines` (imports by absolute path), each as '<line>: <message>'. */
export function typeErrors(lines: readonly string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'type-errors-'));
  const file = join(dir, 'fixture.ts');
  writeFileSync(file, lines.join('\n'));
  try {
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ESNext,
      resolveJsonModule: true,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      types: [],
      lib: ['lib.esnext.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    });
    return ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName === file)
      .map((d) => `${d.file!.getLineAndCharacterOfPosition(d.start!).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
