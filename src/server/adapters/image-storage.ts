// Where uploaded images go (spec section 7 'Other': an image-hosting upload and an image URL
// builder ). The default keeps them in a local folder, DATA_DIR/uploads, which the
// Node server serves under /uploads; another host (S3, a CDN) only needs to implement ImageStorage.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { config } from '../config.ts';

/** Decoded pictures above this many pixels are refused (decompression bombs). */
export const MAX_DECODED_PIXELS = 40_000_000;

/** Square thumbnail sizes, in pixels. */
export const IMAGE_SIZES = [512, 144, 114, 72, 32, 16] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export interface ImageStorage {
  /** Stores the bytes under `key` and answers the public URL. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The public URL of `key` (whether or not it exists). */
  url(key: string): string;
}

/** Keys are relative paths of safe segments: 'users/ab12/photo-512.webp'. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..' || part.startsWith('.'))) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** Files in `root`, served at `publicBase` (default: DATA_DIR/uploads at /uploads). */
export function localImageStorage(root: string = join(config.dataDir, 'uploads'), publicBase = '/uploads'): ImageStorage {
  const base = publicBase.replace(/\/$/, '');
  const url = (key: string) => {
    assertSafeKey(key);
    return `${base}/${key}`;
  };
  return {
    url,
    async put(key, bytes) {
      assertSafeKey(key);
      const file = join(root, key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
      return url(key);
    },
    async delete(key) {
      assertSafeKey(key);
      await rm(join(root, key), { force: true });
    },
  };
}

/** Storage key of one size of an image stored under the prefix `key`: '<key>-<size>.webp'. */
export function imageKey(key: string, size: ImageSize): string {
  return `${key}-${size}.webp`;
}

/**
 * The URL of one size of an image stored under the prefix `key`.
 * Example: `imageUrl('users/ab12/k3', 144) === '/uploads/users/ab12/k3-144.webp'` with the default storage.
 */
export function imageUrl(key: string, size: ImageSize, storage: Pick<ImageStorage, 'url'> = defaultStorage()): string {
  return storage.url(imageKey(key, size));
}

/** Every size's URL, keyed by the size as text: { '512': url, ..., '16': url }. */
export function imageSizeUrls(key: string, storage: Pick<ImageStorage, 'url'> = defaultStorage()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const size of IMAGE_SIZES) out[String(size)] = imageUrl(key, size, storage);
  return out;
}

let fallback: ImageStorage | undefined;
/** The process's default storage (local folder), created on first use. */
export function defaultStorage(): ImageStorage {
  fallback ??= localImageStorage();
  return fallback;
}
