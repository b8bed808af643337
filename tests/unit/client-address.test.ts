// Whose address a request is counted under, and whether it came over TLS: forwarding headers are
// believed from a trusted proxy only (src/server/client-address.ts).
import { describe, expect, it } from 'vitest';
import { arrivedOverTls, clientAddress, trustedProxyList } from '../../src/server/client-address.ts';

const loopback = trustedProxyList('loopback');

describe('clientAddress', () => {
  it("takes a stranger's socket address and ignores the X-Forwarded-For it sends", () => {
    expect(clientAddress({ remoteAddress: '203.0.113.9', forwardedFor: '198.51.100.1' }, loopback)).toBe('203.0.113.9');
  });

  it('takes the address a trusted proxy forwarded, the nearest one not itself a proxy', () => {
    expect(clientAddress({ remoteAddress: '127.0.0.1', forwardedFor: '198.51.100.1, 203.0.113.5' }, loopback)).toBe('203.0.113.5');
    const twoHops = trustedProxyList('loopback, 10.0.0.0/8');
    expect(clientAddress({ remoteAddress: '::ffff:127.0.0.1', forwardedFor: '1.2.3.4, 203.0.113.5, 10.1.2.3' }, twoHops)).toBe('203.0.113.5');
  });

  it('a trusted proxy that forwards nothing is the client; an in-process request counts as loopback', () => {
    expect(clientAddress({ remoteAddress: '::1' }, loopback)).toBe('::1');
    expect(clientAddress({ remoteAddress: undefined, forwardedFor: '203.0.113.8' }, loopback)).toBe('203.0.113.8');
    expect(clientAddress({ remoteAddress: '::ffff:198.51.100.7' }, loopback)).toBe('198.51.100.7');
  });

  it("with TRUSTED_PROXIES=none nobody's header is believed", () => {
    expect(clientAddress({ remoteAddress: '127.0.0.1', forwardedFor: '203.0.113.5' }, trustedProxyList('none'))).toBe('127.0.0.1');
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or a block', () => {
    expect(() => trustedProxyList('proxy.example.com')).toThrow(/TRUSTED_PROXIES/);
  });
});

describe('arrivedOverTls', () => {
  it('believes X-Forwarded-Proto from a trusted proxy only', () => {
    expect(arrivedOverTls({ remoteAddress: '127.0.0.1', forwardedProto: 'https' }, loopback)).toBe(true);
    expect(arrivedOverTls({ remoteAddress: '203.0.113.9', forwardedProto: 'https' }, loopback)).toBe(false);
    expect(arrivedOverTls({ remoteAddress: '127.0.0.1', forwardedProto: 'http' }, loopback)).toBe(false);
    expect(arrivedOverTls({ remoteAddress: '203.0.113.9', encrypted: true }, loopback)).toBe(true);
  });
});
