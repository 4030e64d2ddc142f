import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/** The ranges proxy-addr (TRUST_PROXY's reader) names, so both settings read a list alike. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const ipFamily = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** `::ffff:10.0.0.1` (an IPv4 client of a socket listening on `::`) is 10.0.0.1. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * A test for client addresses against METRICS_ALLOWED_ADDRESSES, already checked by config.ts
 * (addresses, CIDR ranges, loopback/linklocal/uniquelocal).
 */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const allowed = new BlockList();
  for (const entry of entries.flatMap((item) => NAMED_RANGES[item] ?? [item])) {
    const [address = '', prefix] = entry.split('/');
    const family = ipFamily(address);
    if (prefix === undefined) allowed.addAddress(address, family);
    else allowed.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const plain = plainAddress(address);
    return isIP(plain) !== 0 && allowed.check(plain, ipFamily(plain));
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header is `Bearer <token>`, compared in constant time. */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  // Equal-length digests: the comparison takes as long whatever was sent.
  return timingSafeEqual(digest(given), digest(token));
}
