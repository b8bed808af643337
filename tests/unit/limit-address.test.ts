// The client address as the per-address limits count it (src/server/services/rate-limit.ts).
import { describe, expect, it } from 'vitest';
import { limitAddress } from '../../src/server/services/rate-limit.ts';

describe('the address a per-address limit counts', () => {
  it('is an IPv4 address as it is', () => {
    expect(limitAddress('203.0.113.5')).toBe('203.0.113.5');
  });

  it('is the /64 of an IPv6 address, whatever its spelling, so one subscriber line cannot take 2^64 fresh counts', () => {
    const line = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::1', '2001:DB8:0001:0002:ffff::', '2001:db8:1:2::1%eth0']) {
      expect(limitAddress(address), address).toBe(line);
    }
    expect(limitAddress('2001:db8:1:3::1')).not.toBe(line);
    expect(limitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    // An embedded IPv4 tail stands for two groups.
    expect(limitAddress('::1:2:3:4:5:1.2.3.4')).toBe('0:1:2:3::/64');
  });
});
