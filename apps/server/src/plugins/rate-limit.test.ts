import { afterAll, describe, expect, it } from 'vitest';
import { redisAvailable, redisUrl } from '../../test/redis';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit';
import { RedisRateLimitStore } from './rate-limit-redis';

const stores: RateLimitStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
});

const hasRedis = await redisAvailable();
const kinds: [string, () => Promise<RateLimitStore>, boolean][] = [
  ['in memory', async () => new MemoryRateLimitStore(), false],
  ['in Redis', async () => RedisRateLimitStore.connect(redisUrl, `shop-test:${Date.now()}:`), !hasRedis],
];

describe.each(kinds)('the rate limit store %s', (_name, create, skip) => {
  it.skipIf(skip)('takes a hit back on release, never below 0, and opens no window by releasing', async () => {
    const store = await create();
    stores.push(store);
    await store.hit('release', 60_000);
    await store.hit('release', 60_000);
    await store.release('release');
    expect((await store.peek('release')).count).toBe(1);
    await store.release('release');
    await store.release('release');
    expect((await store.peek('release')).count).toBe(0);
    await store.release('never-hit');
    expect(await store.peek('never-hit')).toEqual({ count: 0, resetInMs: 0 });
    expect((await store.hit('release', 60_000)).count).toBe(1);
  });

  it.skipIf(skip)('counts hits in a fixed window, peeks without counting, and resets', async () => {
    const store = await create();
    stores.push(store);
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    const first = await store.hit('k', 60_000);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(59_000);
    await store.hit('k', 60_000);
    expect((await store.peek('k')).count).toBe(2);
    expect((await store.hit('other', 60_000)).count).toBe(1);
    await store.reset('k');
    expect((await store.peek('k')).count).toBe(0);
  });

  it.skipIf(skip)('starts again when the window has passed', async () => {
    const store = await create();
    stores.push(store);
    await store.hit('short', 50);
    await store.hit('short', 50);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await store.peek('short')).count).toBe(0);
    expect((await store.hit('short', 50)).count).toBe(1);
  });
});

describe.skipIf(!hasRedis)('two stores on one Redis', () => {
  it('count together, as two server processes would', async () => {
    const prefix = `shop-test:${Date.now()}:shared:`;
    const a = await RedisRateLimitStore.connect(redisUrl, prefix);
    const b = await RedisRateLimitStore.connect(redisUrl, prefix);
    stores.push(a, b);
    await a.hit('login:ada@example.com', 60_000);
    await b.hit('login:ada@example.com', 60_000);
    expect((await a.peek('login:ada@example.com')).count).toBe(2);
  });
});

describe('the in-memory store', () => {
  it('keeps at most maxKeys windows, dropping the oldest opened first', async () => {
    const store = new MemoryRateLimitStore({ maxKeys: 3 });
    stores.push(store);
    await store.hit('a', 60_000);
    await store.hit('b', 60_000);
    await store.hit('c', 60_000);
    await store.hit('b', 60_000);
    await store.hit('d', 60_000);
    expect(store.size).toBe(3);
    expect((await store.peek('a')).count).toBe(0);
    expect((await store.peek('b')).count).toBe(2);
    expect((await store.peek('c')).count).toBe(1);
    expect((await store.peek('d')).count).toBe(1);
    for (let i = 0; i < 1_000; i++) await store.hit(`flood-${i}`, 60_000);
    expect(store.size).toBe(3);
    expect((await store.peek('flood-999')).count).toBe(1);
  });

  it('reopens an expired window as the newest, so it is not the next one dropped', async () => {
    const store = new MemoryRateLimitStore({ maxKeys: 2 });
    stores.push(store);
    await store.hit('old', 20);
    await store.hit('other', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await store.hit('old', 60_000);
    await store.hit('new', 60_000);
    expect((await store.peek('other')).count).toBe(0);
    expect((await store.peek('old')).count).toBe(1);
  });
});
