import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, customer, GOOD_PASSWORD } from '../../../test/accounts';
import { createTestApp, testConfig } from '../../../test/helper';
import { redisAvailable, redisUrl } from '../../../test/redis';
import { buildApp } from '../../app';

const hasRedis = await redisAvailable();

let shop: Awaited<ReturnType<typeof createTestApp>>;
let one: FastifyInstance;
let two: FastifyInstance;

/** Two server processes (two apps) on one database and one Redis: they must act as one shop. */
describe.skipIf(!hasRedis)('two server processes sharing the database and Redis', () => {
  beforeAll(async () => {
    shop = await createTestApp({ seedDemoCatalogue: false, redisUrl });
    one = shop.app;
    two = await buildApp(testConfig({ seedDemoCatalogue: false, redisUrl }), { database: shop.database });
  });
  afterAll(async () => {
    await two?.close();
    await shop?.close();
  });

  it('share sessions: a login on one works on the other, and a logout on one ends it on both', async () => {
    const { session } = await customer(one);
    expect((await two.inject({ method: 'GET', url: '/api/users/verify', headers: bearer(session) })).statusCode).toBe(
      200,
    );
    await two.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(session) });
    expect((await one.inject({ method: 'GET', url: '/api/users/verify', headers: bearer(session) })).statusCode).toBe(
      401,
    );
  });

  it('count failed logins together: 5 spread over both, then 429 on either', async () => {
    const { email } = await customer(one);
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? one : two;
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: 'Wrong@123' },
      });
      expect(response.statusCode).toBe(401);
    }
    for (const app of [one, two]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: GOOD_PASSWORD },
      });
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBeDefined();
    }
  });
});
