import { NEWSLETTER_LIMITS } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helper';
import { loadConfig } from './config';

// Which client address the per-address limits see, by TRUST_PROXY, observed through the
// newsletter's limit of signups per address.

// One shop per setting, built before the tests (building is the slow part on a busy machine).
const SETTINGS = ['10.0.0.1, 10.1.0.0/16', 'false', '1'] as const;
const shops = new Map<string, Awaited<ReturnType<typeof createTestApp>>>();
beforeAll(async () => {
  for (const setting of SETTINGS) {
    shops.set(
      setting,
      await createTestApp({ seedDemoCatalogue: false, trustProxy: loadConfig({ TRUST_PROXY: setting }).trustProxy }),
    );
  }
});
afterAll(async () => {
  for (const shop of shops.values()) await shop.close();
});

let emails = 0;
async function signups(
  setting: (typeof SETTINGS)[number],
  requests: { remoteAddress: string; forwardedFor: string }[],
): Promise<number[]> {
  const app = shops.get(setting)?.app;
  if (!app) throw new Error(`no shop for ${setting}`);
  const statuses: number[] = [];
  for (const { remoteAddress, forwardedFor } of requests) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: `reader${emails++}@example.com` },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const limit = NEWSLETTER_LIMITS.signupsPerAddress;
const spoofed = (remoteAddress: string) =>
  Array.from({ length: limit + 1 }, (_, i) => ({ remoteAddress, forwardedFor: `203.0.113.${i + 1}` }));

describe('TRUST_PROXY', () => {
  it('with a list, believes X-Forwarded-For from the listed proxy only', async () => {
    // From the proxy: each forwarded client is its own address.
    expect(await signups('10.0.0.1, 10.1.0.0/16', spoofed('10.1.2.3'))).toEqual(Array(limit + 1).fill(201));
    // From anyone else: the header is ignored, and the limit holds.
    expect((await signups('10.0.0.1, 10.1.0.0/16', spoofed('198.51.100.7'))).at(-1)).toBe(429);
  });

  it('off, ignores X-Forwarded-For', async () => {
    expect((await signups('false', spoofed('198.51.100.7'))).at(-1)).toBe(429);
  });

  it('with a hop count, takes the address the nearest proxy saw', async () => {
    // One hop: the client's own header entries (left) are not believed, the proxy's (right) is.
    const requests = Array.from({ length: limit + 1 }, (_, i) => ({
      remoteAddress: '10.0.0.1',
      forwardedFor: `203.0.113.${i + 1}, 198.51.100.9`,
    }));
    expect((await signups('1', requests)).at(-1)).toBe(429);
    const distinct = Array.from({ length: limit + 1 }, (_, i) => ({
      remoteAddress: '10.0.0.1',
      forwardedFor: `198.51.100.9, 203.0.113.${i + 1}`,
    }));
    expect(await signups('1', distinct)).toEqual(Array(limit + 1).fill(201));
  });
});
