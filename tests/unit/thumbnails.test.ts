import { describe, expect, it } from 'vitest';
import { CARD_THUMB_WIDTHS, cardImage, parseThumbnailPath, smallPicture, tabIconUrl, thumbnailUrl } from '../../src/lib/thumbnails.ts';

describe('card thumbnails', () => {
  it('names a WebP per card width for a picture under /uploads, at twice the 128 and 180 px the card shows [R-9.16]', () => {
    expect(CARD_THUMB_WIDTHS).toEqual([256, 360]);
    expect(thumbnailUrl('/uploads/products/loja/pizza.svg', 256)).toBe('/uploads/thumbs/256/products/loja/pizza.svg.webp');
    expect(cardImage('/uploads/products/loja/foto.JPG')).toEqual({
      src: '/uploads/thumbs/256/products/loja/foto.JPG.webp',
      srcset: '/uploads/thumbs/256/products/loja/foto.JPG.webp 256w, /uploads/thumbs/360/products/loja/foto.JPG.webp 360w',
      sizes: '(min-width: 768px) 180px, 128px',
    });
  });

  it('gives pictures shown smaller than a card (cart lines, suggestions) the smallest thumbnail', () => {
    expect(smallPicture('/uploads/products/loja/pizza.svg')).toBe('/uploads/thumbs/256/products/loja/pizza.svg.webp');
    expect(smallPicture('https://cdn.example.com/p.jpg')).toBe('https://cdn.example.com/p.jpg');
  });

  it("names the tab icon's 32 px WebP, read back like a card thumbnail; an icon hosted elsewhere stays as it is", () => {
    expect(tabIconUrl('/uploads/logos/loja.svg')).toBe('/uploads/thumbs/32/logos/loja.svg.webp');
    expect(parseThumbnailPath('/uploads/thumbs/32/logos/loja.svg.webp')).toEqual({ width: 32, source: '/uploads/logos/loja.svg' });
    expect(tabIconUrl('https://img.example/loja.png')).toBe('https://img.example/loja.png');
  });

  it('uses a picture hosted elsewhere, a thumbnail or a non-picture as it is', () => {
    for (const src of [
      'https://cdn.example.com/p.jpg',
      '/uploads/thumbs/256/products/a.svg.webp',
      '/uploads/docs/menu.pdf',
      '/uploads/p.png?v=2',
      'data:image/png;base64,AAAA',
    ]) {
      expect(thumbnailUrl(src, 256)).toBeNull();
      expect(cardImage(src)).toEqual({ src });
    }
  });

  it('reads back only the paths it makes: known widths, picture formats, no way out of the uploads', () => {
    expect(parseThumbnailPath('/uploads/thumbs/360/products/loja/pizza.svg.webp')).toEqual({ width: 360, source: '/uploads/products/loja/pizza.svg' });
    for (const path of [
      '/uploads/thumbs/300/products/loja/pizza.svg.webp',
      '/uploads/thumbs/256/products/loja/pizza.webp.txt',
      '/uploads/thumbs/256/products/loja/notes.txt.webp',
      '/uploads/thumbs/256/thumbs/256/a.svg.webp',
      '/uploads/products/loja/pizza.svg',
      '/uploads/thumbs/256/../../secret.png.webp',
      '/uploads/thumbs/256/products/%2e%2e/%2e%2e/x.png.webp',
      '/uploads/thumbs/256/products/%E0%A4%A.png.webp',
    ]) {
      expect(parseThumbnailPath(path)).toBeNull();
    }
  });
});
