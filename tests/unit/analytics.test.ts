// The establishment's own analytics (docs/decisions-product.md 'The tenant's own analytics, with
// consent'): the ids' strict validation in the preferences, the page policy that names a vendor's
// host only on a page carrying a well-formed id, and what the storefront's e-commerce events become
// for GA4 (gtag) and Meta's pixel (fbq).
import { describe, expect, it } from 'vitest';
import { type } from 'arktype';
import { Preferences } from '../../src/schemas/catalogue.ts';
import { Ga4MeasurementId, MetaPixelId } from '../../src/schemas/analytics.ts';
import { analyticsScriptHosts, pageScriptPolicy } from '../../src/server/content-security.ts';
import { metaEventData, vendorCalls } from '../../src/client/analytics-events.ts';
import { ecommercePayload, trackingItems } from '../../src/client/tracking.ts';

const base = { title: 'Loja', desc: 'Descrição', delivery_type: ['pickup'] };

describe('the analytics ids in the preferences', () => {
  it('accepts a GA4 measurement id and a Meta Pixel id, and leaving both out', () => {
    const prefs = Preferences({ ...base, ga4_measurement_id: 'G-4BX9K2LMQ7', meta_pixel_id: '123456789012345' });
    expect(prefs).not.toBeInstanceOf(type.errors);
    expect(prefs).toMatchObject({ ga4_measurement_id: 'G-4BX9K2LMQ7', meta_pixel_id: '123456789012345' });
    expect(Preferences(base)).not.toBeInstanceOf(type.errors);
  });

  it.each(['UA-12345-1', 'g-4BX9K2LMQ7', 'G-4bx9k2lmq7', 'G-', 'G-ABC', 'G-ABCDEFGHIJKLMNOPQ', 'G-4BX9K2LMQ7"><script>', 'G-4BX9K2LMQ7 ', 'AW-123456789'])(
    'refuses %j as a GA4 measurement id, with the pattern code',
    (id) => {
      const out = Preferences({ ...base, ga4_measurement_id: id });
      expect(out).toBeInstanceOf(type.errors);
      const errors = out as type.errors;
      expect([...errors[0]!.path]).toEqual(['ga4_measurement_id']);
      expect(errors[0]!.code).toBe('pattern');
      expect(Ga4MeasurementId(id)).toBeInstanceOf(type.errors);
    },
  );

  it.each(['12345', '123456789012345678901', '12345a789', ' 1234567', '1234567.0', '１２３４５６７'])(
    'refuses %j as a Meta Pixel id, with the pattern code',
    (id) => {
      const out = Preferences({ ...base, meta_pixel_id: id });
      expect(out).toBeInstanceOf(type.errors);
      expect((out as type.errors)[0]!.code).toBe('pattern');
      expect(MetaPixelId(id)).toBeInstanceOf(type.errors);
    },
  );

  it('refuses an id that is not a string', () => {
    expect(Preferences({ ...base, meta_pixel_id: 1234567 })).toBeInstanceOf(type.errors);
  });
});

describe("the page policy of an establishment's analytics", () => {
  it('names no third-party host on a page without ids', () => {
    const html = '<html lang="pt-BR" data-store="e1"><head></head></html>';
    expect(analyticsScriptHosts(html)).toEqual([]);
    expect(pageScriptPolicy(html)).toBe("script-src 'self'; worker-src 'self' blob:; base-uri 'self'");
  });

  it("names each vendor's script host only for the id the page carries", () => {
    const both = '<html lang="pt-BR" data-store="e1" data-ga4="G-HIPERDEMO1" data-pixel="100000000000001"><head></head></html>';
    expect(pageScriptPolicy(both)).toBe(
      "script-src 'self' https://www.googletagmanager.com https://connect.facebook.net; worker-src 'self' blob:; base-uri 'self'",
    );
    expect(analyticsScriptHosts('<html data-ga4="G-HIPERDEMO1">')).toEqual(['https://www.googletagmanager.com']);
    expect(analyticsScriptHosts('<html data-pixel="100000000000001">')).toEqual(['https://connect.facebook.net']);
  });

  it('reads the ids from <html> only, and only well-formed ones', () => {
    expect(analyticsScriptHosts('<html lang="pt-BR"><body><div data-ga4="G-HIPERDEMO1" data-pixel="100000000000001"></div></body></html>')).toEqual([]);
    expect(analyticsScriptHosts('<html data-ga4="G-x y" data-pixel="abc">')).toEqual([]);
  });
});

describe('the storefront events for GA4 and the pixel', () => {
  const items = trackingItems([
    { product_id: 'p1', name: 'Pão', unit_cents: 250, qnt: 2 },
    { product_id: 'p2', name: 'Leite', unit_cents: 590, qnt: 1 },
  ]);

  it('gives gtag the GA4 payload as the storefront emits it', () => {
    const payload = ecommercePayload(1090, items, { transaction_id: 'o-1' });
    expect(vendorCalls('purchase', payload).ga4).toEqual(['event', 'purchase', payload]);
  });

  it("gives the pixel Meta's standard event with value, currency and contents", () => {
    const purchase = ecommercePayload(1090, items, { transaction_id: 'o-1' });
    expect(vendorCalls('purchase', purchase).meta).toEqual([
      'track',
      'Purchase',
      {
        value: 10.9,
        currency: 'BRL',
        contents: [
          { id: 'p1', quantity: 2, item_price: 2.5 },
          { id: 'p2', quantity: 1, item_price: 5.9 },
        ],
        content_type: 'product',
      },
    ]);
    const paying = ecommercePayload(1090, items, { payment_type: 'pix' });
    expect(vendorCalls('add_payment_info', paying).meta[1]).toBe('AddPaymentInfo');
    expect(metaEventData(ecommercePayload(0, []))).toEqual({ value: 0, currency: 'BRL', contents: [], content_type: 'product' });
  });
});
