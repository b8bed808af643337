// What an owner types as an analytics id (src/domain/analytics-ids.ts): the panel and the command
// line read it the same way before the API's schema checks it again.
import { describe, expect, it } from 'vitest';
import { readAnalyticsId } from '../../src/domain/analytics-ids.ts';

describe('readAnalyticsId', () => {
  it('reads a GA4 measurement id in capitals, whatever case it was pasted in, and trims it', () => {
    expect(readAnalyticsId('ga4_measurement_id', ' g-4bx9k2lmq7 ')).toBe('G-4BX9K2LMQ7');
    expect(readAnalyticsId('ga4_measurement_id', 'G-ABCD')).toBe('G-ABCD');
  });

  it('reads a Meta Pixel id without the spaces a copy may bring', () => {
    expect(readAnalyticsId('meta_pixel_id', '1234 5678 9012 345')).toBe('123456789012345');
  });

  it('reads a blank field as no id', () => {
    expect(readAnalyticsId('ga4_measurement_id', '   ')).toBeNull();
    expect(readAnalyticsId('meta_pixel_id', '')).toBeNull();
  });

  it('refuses every other shape: a Universal Analytics id, markup, a short or lettered Pixel id', () => {
    for (const text of ['UA-12345-1', 'G-123', 'G-12345678901234567', 'G-12"><script>', 'GTM-ABCDEF'])
      expect(readAnalyticsId('ga4_measurement_id', text), text).toBe('invalid');
    for (const text of ['12345', '1234567890abc', '123456789012345678901', '-123456']) expect(readAnalyticsId('meta_pixel_id', text), text).toBe('invalid');
  });
});
