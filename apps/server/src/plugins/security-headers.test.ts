import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, securityHeadersPlugin } from './security-headers';

const app = Fastify();

beforeAll(async () => {
  await app.register(securityHeadersPlugin);
  app.get('/forgot-headers', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>page</p>'));
  app.get('/drawing', async (_request, reply) => reply.type('image/svg+xml').send('<svg/>'));
  app.get('/data', async () => ({ ok: true }));
  app.get('/kept', async (_request, reply) => reply.header('cache-control', 'no-cache').send({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

describe('security headers', () => {
  it('gives a page the page headers even when its route did not add them', async () => {
    for (const url of ['/forgot-headers', '/drawing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security'], url).toContain('max-age=');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('leaves a JSON answer with nosniff and same-origin only', async () => {
    const response = await app.inject({ method: 'GET', url: '/data' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('makes an answer that names no Cache-Control no-store, and leaves one that does as it is', async () => {
    expect((await app.inject({ method: 'GET', url: '/data' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/kept' })).headers['cache-control']).toBe('no-cache');
  });
});
