import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { addressMatcher, hasBearerToken } from './plugins/metrics/access';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.com',
  PAYSTACK_SECRET_KEY: 'sk_test_x',
  PAYSTACK_PUBLIC_KEY: 'pk_test_x',
  BANK_ACCOUNT_NAME: 'Stitch & Trim',
  BANK_NAME: 'Bank',
  BANK_ACCOUNT_NUMBER: '0123456789',
};
const TOKEN = 'a-long-random-metrics-token';

describe('METRICS_TOKEN and METRICS_ALLOWED_ADDRESSES', () => {
  it('lets loopback in by default in development and test, and nobody in production or with NODE_ENV unset', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).metrics).toEqual({ allowedAddresses: ['loopback'] });
    expect(loadConfig({ NODE_ENV: 'test' }).metrics).toEqual({ allowedAddresses: ['loopback'] });
    expect(loadConfig(PRODUCTION).metrics).toEqual({ allowedAddresses: [] });
    expect(loadConfig({}).metrics).toEqual({ allowedAddresses: [] });
  });

  it('takes a token alone as the only way in, loopback included', () => {
    expect(loadConfig({ NODE_ENV: 'development', METRICS_TOKEN: TOKEN }).metrics).toEqual({
      token: TOKEN,
      allowedAddresses: [],
    });
    expect(loadConfig({ ...PRODUCTION, METRICS_TOKEN: TOKEN }).metrics.token).toBe(TOKEN);
  });

  it("reads the addresses in TRUST_PROXY's list syntax", () => {
    expect(
      loadConfig({ ...PRODUCTION, METRICS_ALLOWED_ADDRESSES: ' 10.0.0.5, 10.1.0.0/16 ,fd00::/8,loopback' }).metrics,
    ).toEqual({ allowedAddresses: ['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback'] });
  });

  it('refuses a short token and a wrong address, naming the variable', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    for (const wrong of ['10.0.0.0/33', 'prometheus.local', '10.0.0.1,,nope', '::1/129']) {
      expect(() => loadConfig({ METRICS_ALLOWED_ADDRESSES: wrong }), wrong).toThrow(/METRICS_ALLOWED_ADDRESSES/);
    }
  });
});

describe('the checks of a scrape', () => {
  it('matches addresses, CIDR ranges and the named ranges, IPv4 clients of an IPv6 socket too', () => {
    const allowed = addressMatcher(['10.1.0.0/16', '192.0.2.7', 'fd00::/8', 'loopback']);
    for (const address of [
      '10.1.2.3',
      '::ffff:10.1.200.1',
      '192.0.2.7',
      'fd12::1',
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(allowed(address), address).toBe(true);
    }
    for (const address of ['10.2.0.1', '192.0.2.8', 'fe80::1', '203.0.113.9', '', 'not-an-ip']) {
      expect(allowed(address), address).toBe(false);
    }
    expect(addressMatcher([])('127.0.0.1')).toBe(false);
    expect(addressMatcher(['uniquelocal'])('172.20.1.1')).toBe(true);
  });

  it('takes only `Bearer <token>` with exactly the token', () => {
    expect(hasBearerToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasBearerToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [undefined, '', TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`]) {
      expect(hasBearerToken(header, TOKEN), String(header)).toBe(false);
    }
  });
});
