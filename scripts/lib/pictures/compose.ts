// Composes the demo's pictures with sharp: a small photo studio drawn in the establishment's colours
// (a wall and a table in tints of its design, a light behind the product, darker corners), a plate
// for prepared food, and Fluent Emoji 3D items standing on the table, each with a contact shadow
// where it touches the table and a soft drop shadow. Deterministic: the same subject, colours and
// emoji set give the same bytes, so a re-seed can leave unchanged files alone.
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { emojiFile } from './emoji.ts';
import type { Palette } from './palette.ts';
import type { Subject } from './subjects.ts';

/**
 * Side of a product picture: cards get 256/360 px thumbnails made from it, a desktop's product page
 * shows it at up to 512 CSS px, and a phone's product page brings a 768 px copy of it after load
 * (twice its 366 CSS px box: PAGE_PICTURE_WIDTH in src/lib/thumbnails.ts). The emoji it is drawn
 * with are 256 px images: the main one is drawn about 1.9 times as large, the plate, the table and
 * the light around it are drawn at this size.
 */
export const PICTURE_SIDE = 768;
const WEBP = { quality: 80, effort: 4 } as const;
/**
 * Size of a cover: a shop window's shelf, seven times as wide as it is tall. The home shows it at
 * most 24rem wide (StoreCover.astro): at 1120 px it stays sharp on a 3x phone.
 */
export const COVER_WIDTH = 1120;
export const COVER_HEIGHT = 160;

interface Sprite {
  png: Buffer;
  width: number;
  height: number;
  shadow: Buffer;
  /** Margin the blurred shadow adds on each side. */
  margin: number;
}

/** Trimmed emoji images by emoji and size: a demo menu repeats a few dozen emoji many times. */
const sprites = new Map<string, Promise<Sprite>>();

/** The emoji trimmed to what it draws, fitted inside size x size, and its drop shadow (black, 30%, blurred). */
function sprite(emoji: string, size: number): Promise<Sprite> {
  const key = `${emoji} ${size}`;
  let made = sprites.get(key);
  if (!made) {
    made = (async () => {
      const trimmed = await sharp(emojiFile(emoji)).trim({ threshold: 8 }).png().toBuffer();
      const { data: png, info } = await sharp(trimmed).resize(size, size, { fit: 'inside', kernel: 'lanczos3' }).png().toBuffer({ resolveWithObject: true });
      const margin = Math.max(4, Math.round(size / 14));
      const shadow = await sharp(png)
        .extend({ top: margin, bottom: margin, left: margin, right: margin, background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .linear([0, 0, 0, 0.3], [0, 0, 0, 0])
        .blur(margin / 2)
        .png()
        .toBuffer();
      return { png, width: info.width, height: info.height, shadow, margin };
    })();
    sprites.set(key, made);
  }
  return made;
}

/** One item of a scene: an emoji standing on the table with its bottom centre at (cx, baseY), fitted in size x size. */
interface Placed {
  emoji: string;
  cx: number;
  baseY: number;
  size: number;
}

interface Scene {
  width: number;
  height: number;
  /** Where the wall meets the table (px from the top). */
  horizon: number;
  palette: Palette;
  /** A plate under the first item: centre and radii. */
  plate?: { cx: number; cy: number; rx: number; ry: number };
  items: Placed[];
}

const f = (n: number) => Math.round(n * 10) / 10;

/** The studio behind the items as SVG: wall, table, light, corners, plate and the contact shadows of the items. */
function studioSvg(s: Scene, bases: { cx: number; baseY: number; width: number }[]): string {
  const { width: w, height: h, horizon, palette: p } = s;
  const dark = p.light !== '#ffffff';
  const shadows = bases
    .map(
      ({ cx, baseY, width }) =>
        `<ellipse cx="${f(cx)}" cy="${f(baseY - width * 0.02)}" rx="${f(width * 0.46)}" ry="${f(Math.max(6, width * 0.075))}" fill="#000" fill-opacity=".28" filter="url(#b)"/>`,
    )
    .join('');
  const plate = s.plate
    ? (() => {
        const { cx, cy, rx, ry } = s.plate;
        return (
          `<ellipse cx="${f(cx)}" cy="${f(cy + ry * 0.22)}" rx="${f(rx * 1.02)}" ry="${f(ry * 1.05)}" fill="#000" fill-opacity=".22" filter="url(#b)"/>` +
          `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${p.plate}"/>` +
          `<ellipse cx="${f(cx)}" cy="${f(cy + ry * 0.04)}" rx="${f(rx * 0.74)}" ry="${f(ry * 0.7)}" fill="url(#well)"/>` +
          `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx - 2)}" ry="${f(ry - 2)}" fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="2"/>`
        );
      })()
    : '';
  const blur = Math.max(3, Math.round(w / 110));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    '<defs>' +
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wallTop}"/><stop offset="1" stop-color="${p.wallBottom}"/></linearGradient>` +
    `<linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.tableTop}"/><stop offset="1" stop-color="${p.tableBottom}"/></linearGradient>` +
    `<linearGradient id="well" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.plateWell}"/><stop offset="1" stop-color="${p.plate}"/></linearGradient>` +
    `<radialGradient id="light" cx="50%" cy="${f((horizon / h) * 80)}%" r="${w > h ? 45 : 60}%"><stop offset="0" stop-color="${p.light}" stop-opacity="${p.lightOpacity}"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="corners" cx="50%" cy="45%" r="75%"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${dark ? 0.35 : 0.16}"/></radialGradient>` +
    `<linearGradient id="edge" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${dark ? 0.12 : 0.45}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<filter id="b" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="${blur}"/></filter>` +
    '</defs>' +
    `<rect width="${w}" height="${h}" fill="url(#wall)"/>` +
    `<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#table)"/>` +
    `<rect y="${horizon}" width="${w}" height="${f(h * 0.035)}" fill="url(#edge)"/>` +
    `<rect width="${w}" height="${h}" fill="url(#light)"/>` +
    plate +
    shadows +
    `<rect width="${w}" height="${h}" fill="url(#corners)"/>` +
    '</svg>'
  );
}

/** Draws a scene: the studio, then the items from the back to the front, each over its drop shadow. Returns the image before encoding. */
async function drawScene(s: Scene): Promise<Sharp> {
  const drawn = await Promise.all(s.items.map(async (item) => ({ item, sp: await sprite(item.emoji, item.size) })));
  drawn.sort((a, b) => a.item.baseY - b.item.baseY);
  const studio = Buffer.from(
    studioSvg(
      s,
      drawn.map(({ item, sp }) => ({ cx: item.cx, baseY: item.baseY, width: sp.width })),
    ),
  );
  const layers: OverlayOptions[] = [];
  for (const { item, sp } of drawn) {
    const left = Math.round(item.cx - sp.width / 2);
    const top = Math.round(item.baseY - sp.height);
    // The light comes from above and slightly to the left: the shadow falls down and to the right.
    const offset = Math.round(sp.width * 0.03);
    layers.push({ input: sp.shadow, left: left - sp.margin + offset, top: top - sp.margin + offset * 2 });
    layers.push({ input: sp.png, left, top });
  }
  return sharp(studio, { density: 72 }).composite(layers);
}

/** A product picture (a `side` square WebP, PICTURE_SIDE unless told): the subject's emoji, on a plate when it is prepared food, and its props in front. */
export async function productPicture(subject: Subject, palette: Palette, side: number = PICTURE_SIDE): Promise<Buffer> {
  const u = side / 512;
  const plated = subject.plate;
  const items: Placed[] = [{ emoji: subject.main, cx: 256 * u, baseY: (plated ? 388 : 420) * u, size: (plated ? 296 : 320) * u }];
  const spots = [
    { cx: 96, baseY: 488 },
    { cx: 418, baseY: 492 },
  ];
  subject.props.slice(0, 2).forEach((emoji, i) => {
    items.push({ emoji, cx: spots[i]!.cx * u, baseY: spots[i]!.baseY * u, size: 124 * u });
  });
  const scene: Scene = {
    width: side,
    height: side,
    horizon: Math.round(300 * u),
    palette,
    plate: plated ? { cx: 256 * u, cy: 372 * u, rx: 210 * u, ry: 68 * u } : undefined,
    items,
  };
  return (await drawScene(scene)).webp(WEBP).toBuffer();
}

/**
 * A cover (width x height WebP): up to seven of the establishment's products side by side on one
 * long shelf, the first in the middle and largest, the others smaller towards the ends.
 */
export async function coverPicture(mains: string[], palette: Palette, width: number, height: number): Promise<Buffer> {
  const picked = [...new Set(mains)].slice(0, 7);
  // Slots from the middle outwards: x as a share of the width, size and base as shares of the height.
  const slots = [
    { x: 0.5, size: 0.84, base: 0.93 },
    { x: 0.355, size: 0.72, base: 0.9 },
    { x: 0.645, size: 0.72, base: 0.9 },
    { x: 0.215, size: 0.64, base: 0.87 },
    { x: 0.785, size: 0.64, base: 0.87 },
    { x: 0.08, size: 0.56, base: 0.85 },
    { x: 0.92, size: 0.56, base: 0.85 },
  ];
  const items: Placed[] = picked.map((emoji, i) => ({
    emoji,
    cx: slots[i]!.x * width,
    baseY: slots[i]!.base * height,
    size: Math.round(slots[i]!.size * height),
  }));
  return (await drawScene({ width, height, horizon: Math.round(height * 0.62), palette, items })).webp(WEBP).toBuffer();
}
