// Card thumbnails (and the product page's 768 px copy) made from the real pictures on disk with the
// real image library: size and format, made once, remade when the picture changes, nothing made for
// a path that is not a thumbnail's or whose picture is missing.
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureThumbnail } from '../../src/server/thumbnails.ts';

const uploads = mkdtempSync(join(tmpdir(), 'storefront-thumbs-'));
afterAll(() => rmSync(uploads, { recursive: true, force: true }));
mkdirSync(join(uploads, 'products/loja'), { recursive: true });
const svg = (fill: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="${fill}"/></svg>`;
writeFileSync(join(uploads, 'products/loja/pizza.svg'), svg('#d00000'));

/** The colour at the centre of an image file, as [r, g, b]. */
async function centre(file: string): Promise<number[]> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('card thumbnails on disk', () => {
  it('makes a square WebP of the card width from an SVG and from a wide photo [R-9.16]', async () => {
    const fromSvg = await ensureThumbnail(uploads, '/uploads/thumbs/256/products/loja/pizza.svg.webp');
    expect(fromSvg).toBe(join(uploads, 'thumbs/256/products/loja/pizza.svg.webp'));
    expect(await sharp(fromSvg!).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const [r, g, b] = await centre(fromSvg!);
    expect(r).toBeGreaterThan(180);
    expect(g + b).toBeLessThan(60);

    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2060c0' } })
      .jpeg()
      .toFile(join(uploads, 'products/loja/foto.jpg'));
    const fromPhoto = await ensureThumbnail(uploads, '/uploads/thumbs/360/products/loja/foto.jpg.webp');
    expect(await sharp(fromPhoto!).metadata()).toMatchObject({ format: 'webp', width: 360, height: 360 });
    // Far fewer bytes than the photo it stands for.
    expect(statSync(fromPhoto!).size).toBeLessThan(statSync(join(uploads, 'products/loja/foto.jpg')).size);
  });

  it("makes the product page's 768 px copy from a drawing or a large photo, and never enlarges a smaller photo", async () => {
    const fromSvg = await ensureThumbnail(uploads, '/uploads/thumbs/768/products/loja/pizza.svg.webp');
    expect(await sharp(fromSvg!).metadata()).toMatchObject({ format: 'webp', width: 768, height: 768 });

    await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#c06020' } })
      .jpeg()
      .toFile(join(uploads, 'products/loja/grande.jpg'));
    const fromLarge = await ensureThumbnail(uploads, '/uploads/thumbs/768/products/loja/grande.jpg.webp');
    expect(await sharp(fromLarge!).metadata()).toMatchObject({ format: 'webp', width: 768, height: 768 });

    await sharp({ create: { width: 500, height: 500, channels: 3, background: '#20a060' } })
      .png()
      .toFile(join(uploads, 'products/loja/pequena.png'));
    const fromSmall = await ensureThumbnail(uploads, '/uploads/thumbs/768/products/loja/pequena.png.webp');
    expect(await sharp(fromSmall!).metadata()).toMatchObject({ format: 'webp', width: 500, height: 500 });
  });

  it('makes a thumbnail once, however many ask at the same time, and again when its picture changes', async () => {
    const path = '/uploads/thumbs/360/products/loja/pizza.svg.webp';
    const files = await Promise.all(Array.from({ length: 5 }, () => ensureThumbnail(uploads, path)));
    expect(new Set(files).size).toBe(1);
    const made = statSync(files[0]!).mtimeMs;
    await ensureThumbnail(uploads, path);
    expect(statSync(files[0]!).mtimeMs).toBe(made);

    // A re-import rewrites the picture: the next request gets a thumbnail of the new one.
    const picture = join(uploads, 'products/loja/pizza.svg');
    writeFileSync(picture, svg('#0040e0'));
    const later = new Date(made + 5000);
    utimesSync(picture, later, later);
    const remade = await ensureThumbnail(uploads, path);
    const [r, , b] = await centre(remade!);
    expect(b).toBeGreaterThan(180);
    expect(r).toBeLessThan(40);
  });

  it('makes nothing for a missing or unreadable picture, another width, or a path that leaves the uploads', async () => {
    writeFileSync(join(uploads, 'products/loja/broken.png'), 'not a picture');
    for (const path of [
      '/uploads/thumbs/256/products/loja/missing.svg.webp',
      '/uploads/thumbs/256/products/loja/broken.png.webp',
      '/uploads/thumbs/512/products/loja/pizza.svg.webp',
      '/uploads/thumbs/256/../../etc/hostname.png.webp',
      '/uploads/products/loja/pizza.svg',
    ]) {
      expect(await ensureThumbnail(uploads, path), path).toBeNull();
    }
    expect(() => statSync(join(uploads, 'thumbs/256/products/loja/broken.png.webp'))).toThrow();
  });
});
