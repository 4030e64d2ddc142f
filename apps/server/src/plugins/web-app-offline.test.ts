import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';

// The files of the installable, offline storefront (docs/decisions/032) as the server sends them.

let shop: Awaited<ReturnType<typeof createTestApp>>;
const webDistDir = mkdtempSync(path.join(tmpdir(), 'shop-offline-web-'));
const WORKER = `importScripts("/workbox-9c56042d.js");${'self.precache=[];'.repeat(100)}`;

beforeAll(async () => {
  mkdirSync(path.join(webDistDir, 'assets'));
  writeFileSync(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><head><title>Shop</title><link rel="manifest" href="/manifest.webmanifest" /></head><div id="root"></div>',
  );
  writeFileSync(path.join(webDistDir, 'sw.js'), WORKER);
  writeFileSync(path.join(webDistDir, 'workbox-9c56042d.js'), 'self.workbox = {};');
  writeFileSync(path.join(webDistDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Stitch & Trim Supplies' }));
  // A chunk that happens to share the worker's name is still a hashed, immutable asset.
  writeFileSync(path.join(webDistDir, 'assets', 'sw.js'), 'console.log(1)');
  writeFileSync(path.join(webDistDir, 'theme-init.js'), 'void 0');
  shop = await createTestApp({ webDistDir });
});
afterAll(async () => shop?.close());

const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });

describe('the service worker', () => {
  it('is a script the browser asks the shop for on every visit, never kept by a cache', async () => {
    for (const url of ['/sw.js', '/workbox-9c56042d.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^(?:text|application)\/javascript/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // Compressed on the way as any script, and still not kept.
    const compressed = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('no-cache');
  });

  it('changes nothing for the other files: hashed assets stay immutable, the rest an hour', async () => {
    expect((await get('/assets/sw.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/theme-init.js')).headers['cache-control']).toBe('public, max-age=3600');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
  });
});

describe('the web app manifest', () => {
  it('is sent as application/manifest+json', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json');
    expect(response.json()).toEqual({ name: 'Stitch & Trim Supplies' });
  });
});

describe("the pages' Content-Security-Policy", () => {
  it("allows the shop's own service worker and manifest, and nothing else's", async () => {
    for (const url of ['/', '/shop', '/checkout']) {
      const csp = String((await get(url)).headers['content-security-policy']).split(';');
      expect(csp, url).toContain("worker-src 'self'");
      expect(csp, url).toContain("manifest-src 'self'");
    }
  });
});
