import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('keeps an IPv4 address whole, also written as IPv4-mapped IPv6', () => {
    expect(clientNetwork('102.89.40.7', 64)).toBe('102.89.40.7');
    expect(clientNetwork('::ffff:102.89.40.7', 64)).toBe('102.89.40.7');
    expect(clientNetwork('::ffff:6659:2807', 64)).toBe('102.89.40.7');
  });

  it('groups an IPv6 address by its first 64 bits, however it is written', () => {
    const network = '2001:db8:17:4::/64';
    expect(clientNetwork('2001:db8:17:4::a', 64)).toBe(network);
    expect(clientNetwork('2001:0db8:0017:0004:ffff:1:2:3', 64)).toBe(network);
    expect(clientNetwork('2001:DB8:17:4:0:0:0:1', 64)).toBe(network);
    expect(clientNetwork('2001:db8:17:4::1%eth0', 64)).toBe(network);
    expect(clientNetwork('2001:db8:17:5::1', 64)).not.toBe(network);
    expect(clientNetwork('::1', 64)).toBe('0:0:0:0::/64');
  });

  it('takes another prefix, down to a part of a group, or the whole address at 128', () => {
    expect(clientNetwork('2001:db8:17:4::a', 48)).toBe('2001:db8:17::/48');
    expect(clientNetwork('2001:db8:17:4::a', 56)).toBe('2001:db8:17:0::/56');
    expect(clientNetwork('2001:db8:17:4ff::a', 56)).toBe('2001:db8:17:400::/56');
    expect(clientNetwork('2001:db8::a', 128)).toBe('2001:db8:0:0:0:0:0:a');
  });

  it('returns what is not an address unchanged', () => {
    expect(clientNetwork('test-client', 64)).toBe('test-client');
  });
});
