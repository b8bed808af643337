// Who is on the other end of a request, as far as it can be known: the socket's own address, or,
// when the socket is one of the trusted proxies (TRUSTED_PROXIES, loopback by default), the
// address that proxy put last in X-Forwarded-For, and whether the browser's leg was TLS
// (X-Forwarded-Proto). A header from anyone else is ignored: otherwise any client could pick its
// own address for the per-address limits, or claim TLS.
import { BlockList, isIP } from 'node:net';
import { config } from './config.ts';

/** The trusted proxies of a TRUSTED_PROXIES value ('loopback', addresses, CIDR blocks, comma-separated; '' or 'none' = none). */
export function trustedProxyList(spec: string): BlockList {
  const list = new BlockList();
  for (const raw of spec.split(',')) {
    const item = raw.trim();
    if (item === '' || item === 'none') continue;
    if (item === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address, bits] = item.split('/') as [string, string | undefined];
    const family = isIP(address);
    if (family === 0) throw new Error(`TRUSTED_PROXIES: '${item}' is not an address or a CIDR block`);
    const kind = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, kind);
    else list.addSubnet(address, Number(bits), kind);
  }
  return list;
}

let trusted: BlockList | undefined;
function trustedProxies(): BlockList {
  trusted ??= trustedProxyList(config.trustedProxies);
  return trusted;
}

/** '::ffff:1.2.3.4' (an IPv4 client on a dual-stack socket) as '1.2.3.4'. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function isTrusted(address: string, list: BlockList): boolean {
  const a = plain(address);
  const family = isIP(a);
  if (family === 0) return false;
  return list.check(a, family === 4 ? 'ipv4' : 'ipv6');
}

export interface RequestOrigin {
  /** The socket's peer address; undefined for a request made in-process (tests' app.request), which counts as loopback. */
  remoteAddress: string | undefined;
  forwardedFor?: string | null;
  forwardedProto?: string | null;
  /** The socket itself is TLS. */
  encrypted?: boolean;
}

/**
 * The client's address: the socket's, or, from a trusted proxy, the nearest address in
 * X-Forwarded-For that is not itself a trusted proxy (each proxy appends the address it saw).
 */
export function clientAddress(origin: RequestOrigin, list: BlockList = trustedProxies()): string {
  const socket = plain(origin.remoteAddress ?? '127.0.0.1');
  if (!isTrusted(socket, list) || !origin.forwardedFor) return socket;
  const hops = origin.forwardedFor
    .split(',')
    .map((h) => plain(h.trim()))
    .filter((h) => isIP(h) !== 0);
  for (let i = hops.length - 1; i >= 0; i--) if (!isTrusted(hops[i]!, list)) return hops[i]!;
  return hops[0] ?? socket;
}

/** Whether the browser reached us over TLS: the socket is TLS, or a trusted proxy says X-Forwarded-Proto: https. */
export function arrivedOverTls(origin: RequestOrigin, list: BlockList = trustedProxies()): boolean {
  if (origin.encrypted) return true;
  const socket = plain(origin.remoteAddress ?? '127.0.0.1');
  if (!isTrusted(socket, list)) return false;
  // A chain of proxies lists one value each; the first is the browser's leg.
  const first = (origin.forwardedProto ?? '').split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}
