// Password hashes (src/server/services/password-hash.ts): Argon2id at OWASP's parameters, older
// hashes (other Argon2id parameters, scrypt) recognised and verified, and stored parameters beyond
// the bounds refused without running.
import { argon2Sync, randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashOutdated, verifyPassword } from '../../src/server/services/password-hash.ts';

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

describe('password hashes', () => {
  it('are made with Argon2id m=19 MiB, t=2, p=1 in the PHC format, and verify', async () => {
    const stored = await hashPassword('segr3do');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('segr3do', stored)).toBe(true);
    expect(await verifyPassword('errada', stored)).toBe(false);
    expect(passwordHashOutdated(stored)).toBe(false);
    // A salt of its own each time.
    expect(await hashPassword('segr3do')).not.toBe(stored);
  });

  it('verify a scrypt hash and a weaker Argon2id one, both outdated', async () => {
    const salt = randomBytes(16);
    const scrypt = `scrypt$16384$8$1$${salt.toString('base64url')}$${scryptSync('segr3do', salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64url')}`;
    expect(await verifyPassword('segr3do', scrypt)).toBe(true);
    expect(await verifyPassword('errada', scrypt)).toBe(false);
    expect(passwordHashOutdated(scrypt)).toBe(true);
    const weak = argon2Sync('argon2id', { message: 'segr3do', nonce: salt, parallelism: 1, tagLength: 32, memory: 4096, passes: 1 });
    const argon = `$argon2id$v=19$m=4096,t=1,p=1$${b64(salt)}$${b64(weak)}`;
    expect(await verifyPassword('segr3do', argon)).toBe(true);
    expect(passwordHashOutdated(argon)).toBe(true);
  });

  it('refuse stored parameters beyond their bounds without hashing, and anything else', async () => {
    const salt = b64(randomBytes(16));
    const key = b64(randomBytes(32));
    for (const stored of [
      `$argon2id$v=19$m=1048576,t=2,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=19456,t=1000,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=19456,t=2,p=64$${salt}$${key}`,
      `$argon2i$v=19$m=19456,t=2,p=1$${salt}$${key}`,
      `scrypt$1048576$8$1$${salt}$${key}`,
      `scrypt$131072$8$3$${salt}$${key}`,
      `scrypt$100000$8$1$${salt}$${key}`,
      'plain text',
      '',
    ]) {
      expect(await verifyPassword('segr3do', stored), stored).toBe(false);
      expect(passwordHashOutdated(stored)).toBe(false);
    }
  });
});
