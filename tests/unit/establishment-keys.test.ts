import { describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/server/services/establishment-keys.ts';

describe('establishment API keys', () => {
  it('are 43 base64url characters and never start with "-", which a command line would take for an option', () => {
    // Without the redraw about one key in 64 starts with '-': 2000 draws would all but surely show one.
    const keys = Array.from({ length: 2000 }, newApiKey);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{42}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
