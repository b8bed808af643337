// The part of a client address a per-address limit counts (src/server/services/rate-limit.ts):
// IPv4 as it is, IPv6 by its /64, however the address is written.
import { describe, expect, it } from 'vitest';
import { addressBucket } from '../../src/server/services/rate-limit.ts';

describe('addressBucket', () => {
  it('keeps an IPv4 address whole', () => {
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts every address of one IPv6 /64 together, however it is written', () => {
    const bucket = '2001:db8:7:1::/64';
    for (const a of ['2001:db8:7:1::1', '2001:0db8:0007:0001:ffff:ffff:ffff:ffff', '2001:DB8:7:1:0:0:0:2', '2001:db8:7:1:a::b'])
      expect(addressBucket(a), a).toBe(bucket);
    expect(addressBucket('2001:db8:7:2::1')).not.toBe(bucket);
  });

  it('expands :: wherever it stands', () => {
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('fe80::')).toBe('fe80:0:0:0::/64');
  });
});
