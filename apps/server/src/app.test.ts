import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helper';
import { PERMISSIONS_POLICY } from './plugins/security-headers';

let shop: Awaited<ReturnType<typeof createTestApp>>;
const LARGE_TEXT = 'sequins and gold lace trims, '.repeat(200);
const webDistDir = mkdtempSync(path.join(tmpdir(), 'shop-web-'));

beforeAll(async () => {
  mkdirSync(path.join(webDistDir, 'assets'));
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  writeFileSync(path.join(webDistDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    path.join(webDistDir, 'assets', 'vendor-def456.js'),
    `export const words = ${JSON.stringify(LARGE_TEXT)};`,
  );
  shop = await createTestApp({ webDistDir });
  // A module's route that answers a large JSON body through Fastify's own serializer.
  shop.app.get('/api/test/large-answer', async () => ({ text: LARGE_TEXT }));
});
afterAll(async () => shop?.close());

describe('the server', () => {
  it('reports its health and the database', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends pages security headers with a Content-Security-Policy of our own origin and Paystack only', async () => {
    // The storefront's page, whichever way it is asked for.
    for (const url of ['/', '/shop', '/index.html']) {
      const response = await shop.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self' https://js.paystack.co");
      expect(csp, url).toContain("connect-src 'self' https://api.paystack.co");
      expect(csp, url).toContain("frame-ancestors 'none'");
      // The storefront's service worker and manifest: the shop's own only (decision 032).
      expect(csp, url).toContain("worker-src 'self';");
      expect(csp, url).toContain("manifest-src 'self';");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('sends pages HSTS, frame, referrer and cross-origin headers, and the policy that turns off unused features', async () => {
    for (const url of ['/', '/products/gold-lace', '/index.html']) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=15552000; includeSubDomains');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['origin-agent-cluster'], url).toBe('?1');
      expect(response.headers['x-permitted-cross-domain-policies'], url).toBe('none');
      expect(response.headers['x-dns-prefetch-control'], url).toBe('off');
      expect(response.headers['x-download-options'], url).toBe('noopen');
      expect(response.headers['x-xss-protection'], url).toBe('0');
      expect(response.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
  });

  it('sends API answers, errors included, nosniff and same-origin only, without the page headers', async () => {
    const answers = [
      await shop.app.inject({ method: 'GET', url: '/api/health' }),
      await shop.app.inject({ method: 'GET', url: '/api/products?pageSize=1' }),
      await shop.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await shop.app.inject({ method: 'GET', url: '/api/products?page=0' }),
      await shop.app.inject({ method: 'GET', url: '/api/users/verify' }),
    ];
    for (const response of answers) {
      const url = `${response.statusCode} ${response.body.slice(0, 40)}`;
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['x-powered-by'], url).toBeUndefined();
      for (const pageOnly of [
        'content-security-policy',
        'strict-transport-security',
        'x-frame-options',
        'permissions-policy',
      ]) {
        expect(response.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
      }
    }
  });

  it("sends the storefront's scripts nosniff and same-origin, and an SVG, which can be a document, the page headers", async () => {
    const script = await shop.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['content-security-policy']).toBeUndefined();
    const svg = await shop.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(String(svg.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not Found' });
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toBeTypeOf('string');
  });

  it('never shows a stack trace or SQL when something breaks inside', async () => {
    await shop.database.query('ALTER TABLE products RENAME TO products_gone');
    try {
      const response = await shop.app.inject({ method: 'GET', url: '/api/products?page=3&sort=name' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again.',
      });
      expect(response.body).not.toMatch(/products|relation|SELECT|at /);
    } finally {
      await shop.database.query('ALTER TABLE products_gone RENAME TO products');
    }
  });
});

describe('compression', () => {
  it('compresses a large API answer for a client that takes it, and leaves a small one alone', async () => {
    const plain = await shop.app.inject({ method: 'GET', url: '/api/test/large-answer' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const br = await shop.app.inject({
      method: 'GET',
      url: '/api/test/large-answer',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({ text: LARGE_TEXT });
    const gzip = await shop.app.inject({
      method: 'GET',
      url: '/api/test/large-answer',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual({ text: LARGE_TEXT });

    const small = await shop.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
  });

  it("compresses the storefront's scripts", async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('sequins and gold lace');
  });
});

describe('the storefront files', () => {
  it('answers every page path outside /api with the app, never cached', async () => {
    // /index.html itself too: it names one deploy's assets. (An unknown product's page is the
    // app too, with a 404: src/pages/pages.test.ts.)
    for (const url of ['/', '/shop', '/about', '/admin/orders?tab=2', '/index.html']) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('keeps hashed assets cached for a year', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await shop.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).not.toContain('immutable');
  });

  it('answers a missing asset with 404, not the app', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
  });
});
