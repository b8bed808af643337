// The emoji pictures come from Microsoft's Fluent Emoji 3D (MIT), as packaged on npm by LobeHub in
// @lobehub/fluent-emoji-3d: one 256x256 WebP with transparency per emoji, named by its code points
// ('1f355.webp' is 🍕; some keep the variation selector: '1f336-fe0f.webp' is 🌶️). Nothing is
// downloaded at seed time: the package is a dependency, so no binary lives in this repository.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const ASSETS = join(dirname(createRequire(import.meta.url).resolve('@lobehub/fluent-emoji-3d/package.json')), 'assets');

/** The code points of an emoji as the set names its files: '🌶️' -> ['1f336', 'fe0f']. */
const codePoints = (emoji: string) => [...emoji].map((c) => c.codePointAt(0)!.toString(16));

/** The WebP file of an emoji in the set; throws when the set has none (a typo in a rule table). */
export function emojiFile(emoji: string): string {
  const points = codePoints(emoji);
  const bare = points.filter((p) => p !== 'fe0f');
  for (const name of [points.join('-'), bare.join('-'), [...bare, 'fe0f'].join('-')]) {
    const file = join(ASSETS, `${name}.webp`);
    if (existsSync(file)) return file;
  }
  throw new Error(`emoji ${emoji} (${points.join(' ')}) is not in @lobehub/fluent-emoji-3d`);
}

/** The version of the set, part of what a generated picture depends on. */
export function emojiSetVersion(): string {
  return (createRequire(import.meta.url)('@lobehub/fluent-emoji-3d/package.json') as { version: string }).version;
}
