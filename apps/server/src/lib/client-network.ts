import { isIPv4, isIPv6 } from 'node:net';

// Per-address limits key a client by its network, not its whole address (decision 039). An IPv6
// home line or server is given a /64 (2^64 addresses): keyed by the whole address, one machine
// could step around every limit by choosing a new address for each request. An IPv4 address is
// kept whole: Lagos phones share carrier NAT addresses, and those are handled by counting only
// long holds per address (orders/order-limits.ts), never by widening the key.

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!isIPv6(text)) return null;
  // A trailing dotted IPv4 (::ffff:1.2.3.4) becomes its two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.map((group) => Number.parseInt(group, 16));
}

/**
 * The key per-address limits use for a client address: an IPv4 address (also when written as
 * IPv4-mapped IPv6, `::ffff:1.2.3.4`) as it is, an IPv6 address as its first `ipv6Prefix` bits
 * (`2001:db8:1:2::/64`). Anything else (a test's made-up address) is returned unchanged.
 */
export function clientNetwork(address: string, ipv6Prefix: number): string {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  if (ipv6Prefix >= 128) return groups.map((group) => group.toString(16)).join(':');
  const kept = groups.map((group, index) => {
    const bitsBefore = index * 16;
    if (bitsBefore >= ipv6Prefix) return 0;
    const keep = Math.min(16, ipv6Prefix - bitsBefore);
    return group & (0xffff << (16 - keep)) & 0xffff;
  });
  // Written short: the zero groups after the prefix fold into '::'.
  const significant = Math.ceil(ipv6Prefix / 16);
  const head = kept.slice(0, significant).map((group) => group.toString(16));
  return `${head.join(':')}::/${ipv6Prefix}`;
}
