// The tab icon of a page whose largest paint is text, named once the page has loaded and painted
// (src/layouts/StoreLayout.astro `inlineTabIcon` says why): the establishment's icon, which the
// head names as the apple-touch-icon, as its 32 px WebP (the same URL the server would have named).
import { tabIconUrl } from '../lib/thumbnails.ts';

/** Links the tab icon, unless the page already carries one. */
export function startTabIcon(): void {
  const icon = document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href');
  if (!icon || document.querySelector('link[rel="icon"]')) return;
  const link = document.createElement('link');
  link.rel = 'icon';
  link.href = tabIconUrl(icon);
  document.head.append(link);
}
