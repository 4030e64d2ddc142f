import { NEWSLETTER_LIMITS } from '@shop/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helper';
import { loadConfig } from './config';

// Which client address the per-address limits see, by TRUST_PROXY, observed through the
// newsletter's limit of signups per address.

let shop: Awaited<ReturnType<typeof createTestApp>> | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

async function signups(
  trustProxy: string,
  requests: { remoteAddress: string; forwardedFor: string }[],
): Promise<number[]> {
  shop = await createTestApp({
    seedDemoCatalogue: false,
    trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy,
  });
  const statuses: number[] = [];
  let n = 0;
  for (const { remoteAddress, forwardedFor } of requests) {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: `reader${n++}@example.com` },
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
    await shop?.close();
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
    await shop?.close();
    const distinct = Array.from({ length: limit + 1 }, (_, i) => ({
      remoteAddress: '10.0.0.1',
      forwardedFor: `198.51.100.9, 203.0.113.${i + 1}`,
    }));
    expect(await signups('1', distinct)).toEqual(Array(limit + 1).fill(201));
  });
});
