// Password hashes (src/server/services/auth.ts): today's parameters, the older ones recognised as
// such, and stored parameters that would cost more than twice today's refused without running.
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashOutdated, verifyPassword } from '../../src/server/services/auth.ts';

const salt = randomBytes(16).toString('base64url');
const key = randomBytes(64).toString('base64url');

describe('password hashes', () => {
  it('are made with scrypt N=2^17, r=8, p=1 and verify; a hash with N=16384 verifies too and is outdated', async () => {
    const stored = await hashPassword('segr3do');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(await verifyPassword('segr3do', stored)).toBe(true);
    expect(await verifyPassword('errada', stored)).toBe(false);
    expect(passwordHashOutdated(stored)).toBe(false);

    const oldSalt = randomBytes(16);
    const old = `scrypt$16384$8$1$${oldSalt.toString('base64url')}$${scryptSync('segr3do', oldSalt, 64, { N: 16384, r: 8, p: 1 }).toString('base64url')}`;
    expect(await verifyPassword('segr3do', old)).toBe(true);
    expect(passwordHashOutdated(old)).toBe(true);
  });

  it('refuse stored parameters beyond 256 MiB or not a power of two, at once, without hashing', async () => {
    for (const [n, r, p] of [
      ['1048576', '8', '1'],
      ['131072', '8', '3'],
      ['131072', '64', '1'],
      ['100000', '8', '1'],
      ['131072', '8', '0'],
      ['x', '8', '1'],
    ]) {
      const stored = `scrypt$${n}$${r}$${p}$${salt}$${key}`;
      const started = performance.now();
      expect(await verifyPassword('segr3do', stored), stored).toBe(false);
      expect(performance.now() - started, stored).toBeLessThan(50);
      expect(passwordHashOutdated(stored)).toBe(false);
    }
  });
});
