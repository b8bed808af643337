// The stylesheet the React islands load with them (islands/generated/islands.css): every utility
// of src/ and islands/, generated in one pass so the rules keep one order. The page's inlined sheet
// is a subset of it (src/ only), so this sheet arriving later changes nothing the page had and adds
// what the islands need, with variants (md:, hover:) still after the base rules.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGenerator } from 'unocss';
import config from '../../uno.config.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(astro|tsx?)$/.test(e.name) && !e.parentPath.includes('generated'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));
}

/** Writes the islands' stylesheet under root/islands/generated; returns its path. */
export async function writeIslandsCss(root: string): Promise<string> {
  const generator = await createGenerator(config);
  // No preflights: the page's own stylesheet already carries the reset and the variables.
  const { css } = await generator.generate([...sources(join(root, 'src')), ...sources(join(root, 'islands'))].join('\n'), { preflights: false });
  const dir = join(root, 'islands', 'generated');
  const out = join(dir, 'islands.css');
  mkdirSync(dir, { recursive: true });
  let current = '';
  try {
    current = readFileSync(out, 'utf8');
  } catch {
    /* first build */
  }
  if (current !== css) writeFileSync(out, css);
  return out;
}
