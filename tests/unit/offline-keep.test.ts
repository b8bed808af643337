// What a store's service worker may keep (src/domain/offline-keep.ts keepKind): its own catalogue
// pages, pictures, the build's scripts and its own public catalogue reads; never an account page,
// another store, a search, or any other API answer. And the waiting order's rules: which failed
// sends wait, when a waiting order is too old, and the kept copy's time on the store's wall clock.
import { describe, expect, it } from 'vitest';
import { appManifest, appIconPath, parseAppIconName, shortName } from '../../src/lib/app-manifest.ts';
import { keepKind, keptCopyTime, PENDING_ORDER_TTL_MS, pendingOrderExpired, sendFailureFate } from '../../src/domain/offline-keep.ts';
import { Temporal, publishedZoneOffsets } from '../../src/domain/time.ts';
import { offsetMinutesAt } from '../../src/domain/week-clock.ts';
import { routes } from '../../src/lib/urls.ts';

const O = 'http://localhost:4422';
const store: { origin: string; slug: string; establishmentId: string | null; method: string } = {
  origin: O,
  slug: 'pizzaria-bella',
  establishmentId: 'est-1',
  method: 'GET',
};
const kind = (path: string, over: Partial<typeof store> = {}) => keepKind(`${O}${path}`, { ...store, ...over });

describe('keepKind', () => {
  it("keeps the store's catalogue pages, as the routes build them", () => {
    const slug = store.slug;
    for (const path of [
      routes.home(slug),
      `/${slug}`,
      routes.category(slug, { _id: 'c1', name: 'Pizzas Doces' }),
      routes.product(slug, { _id: 'p1', name: 'Calabresa' }),
      routes.contact(slug),
      routes.privacy(slug),
      `/${slug}/termos`,
    ])
      expect(kind(path), path).toBe('page');
  });

  it('never keeps an account page, an order, the panel, a card step, the achievements or a search', () => {
    const slug = store.slug;
    for (const path of [
      routes.account(slug),
      routes.orders(slug),
      routes.order(slug, 'o1'),
      `/${slug}/pedidos`,
      `/${slug}/meu-pedido`,
      `/${slug}/painel`,
      `/${slug}/painel/cardapio`,
      routes.wallet(slug),
      routes.achievements(slug),
      routes.cardStep(slug, 'cartao-validar', 'k1'),
      `/${slug}/cartao-valor`,
      `/${slug}/cartao-confirmado`,
      routes.search(slug, 'pizza'),
      `/${slug}/?handover=abc`,
      `/${slug}/sitemap.xml`,
      `/${slug}/sw.js`,
      `/${slug}/manifest.webmanifest`,
      `/${slug}/produto/p1/extra`,
      `/${slug}/../mercado-sol-centro/`,
    ])
      expect(kind(path), path).toBeNull();
  });

  it("never keeps another store's pages, even one whose slug starts with this one's", () => {
    expect(kind('/mercado-sol-centro/')).toBeNull();
    expect(kind('/mercado-sol-centro/categoria/c1-bebidas')).toBeNull();
    expect(kind('/pizzaria-bella-2/')).toBeNull();
    expect(kind('/')).toBeNull();
  });

  it('keeps the hashed scripts and styles and the pictures, of this site only', () => {
    expect(kind('/_astro/Enhancements.abc123.js')).toBe('asset');
    expect(kind('/uploads/thumbs/256/pizzaria-bella/calabresa.jpg.webp')).toBe('picture');
    expect(kind('/uploads/pizzaria-bella/logo.svg')).toBe('picture');
    expect(keepKind('https://cdn.example.com/_astro/x.js', store)).toBeNull();
    expect(keepKind('https://cdn.example.com/uploads/x.png', store)).toBeNull();
  });

  it("keeps only this store's public catalogue reads of the API, nothing personal", () => {
    expect(kind('/api/establishments/est-1')).toBe('catalogue-api');
    expect(kind('/api/establishments/est-1/products?q=pizza&limit=50')).toBe('catalogue-api');
    expect(kind('/api/establishments/est-1/products/p1')).toBe('catalogue-api');
    expect(kind('/api/establishments/est-1/order-variations')).toBe('catalogue-api');
    for (const path of [
      '/api/establishments/est-2/products',
      '/api/establishments/est-1/orders',
      '/api/establishments/est-1/orders/o1',
      '/api/establishments/est-1/achievements',
      '/api/establishments/est-1/full-slots',
      '/api/establishments/est-1/coupons',
      '/api/users/me',
      '/api/users/me/addresses',
      '/api/users/me/cards',
      '/api/auth/session',
    ])
      expect(kind(path), path).toBeNull();
    expect(kind('/api/establishments/est-1/products', { establishmentId: null })).toBeNull();
  });

  it('keeps GET answers only, and nothing for a slug that is no store', () => {
    expect(kind('/pizzaria-bella/', { method: 'POST' })).toBeNull();
    expect(kind('/api/establishments/est-1/products', { method: 'POST' })).toBeNull();
    expect(kind('/_astro/x.js', { slug: 'api' })).toBeNull();
    expect(kind('/_astro/x.js', { slug: 'Not A Slug' })).toBeNull();
  });
});

describe('the waiting order', () => {
  it('waits only when the send never reached the server, and never for a card', () => {
    expect(sendFailureFate({ status: 0, online: false, paymentType: 'offline' })).toBe('wait');
    expect(sendFailureFate({ status: 0, online: true, paymentType: 'pix' })).toBe('wait');
    expect(sendFailureFate({ status: 0, online: false, paymentType: 'online' })).toBe('card_needs_presence');
    expect(sendFailureFate({ status: 403, online: true, paymentType: 'offline' })).toBe('not_a_connection_problem');
    expect(sendFailureFate({ status: 500, online: false, paymentType: 'offline' })).toBe('not_a_connection_problem');
  });

  it('is dropped unsent once older than its time to live (or kept in the future)', () => {
    expect(pendingOrderExpired(0, PENDING_ORDER_TTL_MS - 1)).toBe(false);
    expect(pendingOrderExpired(0, PENDING_ORDER_TTL_MS)).toBe(true);
    expect(pendingOrderExpired(10 * 60_000, 0)).toBe(true);
  });
});

describe("the kept copy's time", () => {
  it("is read on the store's wall clock, from the offsets its page publishes", () => {
    const at = Temporal.ZonedDateTime.from('2026-11-28T19:40:00[America/Sao_Paulo]').epochMilliseconds;
    const offsets = publishedZoneOffsets('America/Sao_Paulo', at - 60_000);
    expect(keptCopyTime(at, offsetMinutesAt(offsets, at)!)).toEqual({ day: '28/11', time: '19:40' });
    const manaus = Temporal.ZonedDateTime.from('2026-01-02T08:05:00[America/Manaus]').epochMilliseconds;
    expect(keptCopyTime(manaus, offsetMinutesAt(publishedZoneOffsets('America/Manaus', manaus), manaus)!)).toEqual({ day: '02/01', time: '08:05' });
  });
});

describe('the manifest', () => {
  it('opens the store standalone on its own scope, in its colours, with icons of 192 and 512 px', () => {
    const m = appManifest({
      slug: 'mercado-sol-centro',
      name: 'Mercado Sol Centro',
      design: { theme: 'light', navbarcolor: '#f59f00', primary: '#d9480f', darkprimary: '#a63a0b', primaryinverse: '#ffffff' },
    });
    expect(m).toMatchObject({ start_url: '/mercado-sol-centro/', scope: '/mercado-sol-centro/', id: '/mercado-sol-centro/', display: 'standalone' });
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(m.background_color).toBe('#f5f5f7');
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    expect(m.icons.every((i) => i.src.startsWith('/mercado-sol-centro/icone-'))).toBe(true);
  });

  it('names icons both ways and refuses other sizes', () => {
    expect(parseAppIconName('192')).toEqual({ size: 192, purpose: 'any' });
    expect(parseAppIconName('512-maskable')).toEqual({ size: 512, purpose: 'maskable' });
    expect(parseAppIconName('64')).toBeNull();
    expect(parseAppIconName('192-x')).toBeNull();
    expect(appIconPath('loja', 512, 'maskable')).toBe('/loja/icone-512-maskable.png');
  });

  it('gives a short name a launcher can show', () => {
    expect(shortName('Pizzaria Bella')).toBe('Pizzaria');
    expect(shortName('Hiper Demo')).toBe('Hiper Demo');
    expect(shortName('Supermercadão')).toBe('Supermercadã');
  });
});
