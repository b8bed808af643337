import { describe, expect, it } from 'vitest';
import { acceptedCodings, etagMatches } from '../../src/server/cache/negotiation.ts';

describe('acceptedCodings', () => {
  it('takes brotli before gzip from what browsers send', () => {
    expect(acceptedCodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedCodings('br')).toEqual(['br']);
    expect(acceptedCodings('gzip')).toEqual(['gzip']);
  });

  it('sends no coding to a client that names none, or only others', () => {
    expect(acceptedCodings(undefined)).toEqual([]);
    expect(acceptedCodings('')).toEqual([]);
    expect(acceptedCodings('identity')).toEqual([]);
    expect(acceptedCodings('deflate, zstd')).toEqual([]);
  });

  it('follows q-values: q=0 refuses a coding, a higher q comes first', () => {
    expect(acceptedCodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedCodings('gzip;q=1.0, br;q=0.5')).toEqual(['gzip', 'br']);
    expect(acceptedCodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedCodings('*;q=0.5, br;q=0')).toEqual(['gzip']);
    expect(acceptedCodings('BR ; Q=0.8 , x-gzip')).toEqual(['gzip', 'br']);
  });
});

describe('etagMatches', () => {
  it('matches the tag itself, a tag in a list, a weak form and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
  });

  it('does not match another tag, another coding of the same answer, or nothing', () => {
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches('"abc-br"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
    expect(etagMatches('', '"abc"')).toBe(false);
  });
});
