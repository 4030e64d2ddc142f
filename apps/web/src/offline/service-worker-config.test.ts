import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  builtFilesOf,
  isHashedAsset,
  isPicture,
  isStorefrontNavigation,
  shellOnly,
  WEB_APP_MANIFEST,
  workboxOptions,
} from './service-worker-config';

const ORIGIN = 'https://shop.example.com';
const publicDir = path.resolve(import.meta.dirname, '../../public');

/** What the worker's route test is given for a request of `pathOrUrl`. */
const request = (pathOrUrl: string, init: { mode?: RequestMode; destination?: RequestDestination } = {}) => ({
  request: { mode: init.mode ?? 'cors', destination: init.destination ?? '' } as Request,
  url: new URL(pathOrUrl, ORIGIN),
});

/** The route test as sw.js holds it: rebuilt from its source text alone, nothing it closes over. */
const asWritten = <T extends (...args: never[]) => unknown>(test: T): T =>
  new Function(`return (${test.toString()});`)() as T;

beforeEach(() => vi.stubGlobal('self', { location: new URL(ORIGIN) }));
afterEach(() => vi.unstubAllGlobals());

describe('the navigations the service worker answers', () => {
  const navigate = (at: string) => asWritten(isStorefrontNavigation)(request(at, { mode: 'navigate' }));

  it("are the storefront's pages, the shell answering them only offline", () => {
    for (const at of [
      '/',
      '/shop',
      '/shop?page=2',
      '/categories',
      '/categories/laces',
      '/subcategories/french-lace',
      '/products/gold-lace',
      '/search?q=lace',
      '/about',
      '/contact',
      '/faq',
      '/ordering-guide',
      '/adminstration-of-lace',
    ]) {
      expect(navigate(at), at).toBe(true);
    }
    const [route] = workboxOptions(
      () => '',
      () => ({}),
    ).runtimeCaching;
    expect(route?.handler).toBe('NetworkOnly');
    expect(route?.options).toEqual({ precacheFallback: { fallbackURL: '/index.html' } });
  });

  it('never include checkout, accounts, orders, the admin or the API', () => {
    for (const at of [
      '/checkout',
      '/checkout/success',
      '/order/success',
      '/order/failed',
      '/orders',
      '/orders/abc/receipt',
      '/admin',
      '/admin/products/new',
      '/dashboard',
      '/profile',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password?token=x',
      '/products/gold-lace/edit',
      '/api/products',
      // The API reference is the server's page (behind an admin in production), never the app shell.
      '/api/docs',
      '/api/docs/',
    ]) {
      expect(navigate(at), at).toBe(false);
    }
  });

  it('never include a request that is not a navigation, or another origin', () => {
    expect(asWritten(isStorefrontNavigation)(request('/shop'))).toBe(false);
    expect(navigate('https://elsewhere.example.com/shop')).toBe(false);
  });
});

describe('the files the service worker keeps as they load', () => {
  it('are the hashed build files and the pictures, never the API', () => {
    const asset = asWritten(isHashedAsset);
    const picture = asWritten(isPicture);
    expect(asset(request('/assets/product-Bc12_x.js'))).toBe(true);
    expect(asset(request('/assets/index-0e6TOrKl.css'))).toBe(true);
    // The hero's video is asked for in ranges: left to the browser.
    expect(asset(request('/assets/hero-Dv91APiK.mp4'))).toBe(false);
    expect(asset(request('/api/products'))).toBe(false);
    expect(picture(request('/images/demo/gold-lace-1-thumb.webp', { destination: 'image' }))).toBe(true);
    expect(picture(request('/images/uploads/ab/photo.jpg', { destination: 'image' }))).toBe(true);
    expect(picture(request('/pictures/team/ada.webp', { destination: 'image' }))).toBe(true);
    expect(picture(request('/api/products/1', { destination: 'image' }))).toBe(false);
    expect(picture(request('/api/docs/static/favicon-32x32.png', { destination: 'image' }))).toBe(false);
    expect(picture(request('https://elsewhere.example.com/images/x.webp', { destination: 'image' }))).toBe(false);
    const routes = workboxOptions(
      () => '',
      () => ({}),
    ).runtimeCaching.slice(1);
    expect(routes.map((route) => [route.handler, route.options])).toEqual([
      [
        'CacheFirst',
        expect.objectContaining({ cacheName: 'shop-assets', expiration: expect.objectContaining({ maxEntries: 200 }) }),
      ],
      [
        'CacheFirst',
        expect.objectContaining({
          cacheName: 'shop-pictures',
          expiration: expect.objectContaining({ maxEntries: 300 }),
        }),
      ],
    ]);
  });
});

describe('the precache', () => {
  // The build's manifest as Vite writes it: the toasts' container (loaded on the first toast)
  // imports the vendor chunk and a small shared one, and has a stylesheet of its own.
  const manifest = {
    'src/main.tsx': { file: 'assets/index-a1.js', imports: ['_vendor-b2.js'] },
    '_vendor-b2.js': { file: 'assets/vendor-b2.js' },
    '_clsx-g7.js': { file: 'assets/clsx-g7.js', imports: ['_vendor-b2.js'] },
    'src/components/ui/toast-container.tsx': {
      file: 'assets/toast-container-h8.js',
      css: ['assets/toast-container-i9.css'],
      imports: ['_vendor-b2.js', '_clsx-g7.js'],
    },
    'src/app/layout/admin-layout.tsx': { file: 'assets/admin-layout-d4.js', imports: ['_clsx-g7.js'] },
  };

  it("keeps of the build's scripts and styles those index.html loads, and the toasts'", async () => {
    const indexHtml = `<script type="module" crossorigin src="/assets/index-a1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">
      <link rel="stylesheet" crossorigin href="/assets/index-c3.css">`;
    const entries = [
      'index.html',
      'start-app.js',
      'icons/icon-192.png',
      'assets/index-a1.js',
      'assets/vendor-b2.js',
      'assets/index-c3.css',
      'assets/admin-layout-d4.js',
      'assets/revenue-chart-e5.js',
      'assets/product-f6.js',
      'assets/clsx-g7.js',
      'assets/toast-container-h8.js',
      'assets/toast-container-i9.css',
    ].map((url) => ({ url, revision: null, size: 1 }));
    const [transform] = workboxOptions(
      () => indexHtml,
      () => manifest,
    ).manifestTransforms;
    const kept = (await transform?.(entries))?.manifest.map((entry) => entry.url);
    expect(kept).toEqual([
      'index.html',
      'start-app.js',
      'icons/icon-192.png',
      'assets/index-a1.js',
      'assets/vendor-b2.js',
      'assets/index-c3.css',
      'assets/clsx-g7.js',
      'assets/toast-container-h8.js',
      'assets/toast-container-i9.css',
    ]);
    expect(shellOnly([{ url: 'assets/admin-layout-d4.js' }], indexHtml, manifest)).toEqual([]);
  });

  it("finds a module's chunk, styles and imports in the manifest, and fails the build when it is not there", () => {
    expect(builtFilesOf(manifest, 'src/components/ui/toast-container.tsx')).toEqual([
      'assets/toast-container-h8.js',
      'assets/toast-container-i9.css',
      'assets/vendor-b2.js',
      'assets/clsx-g7.js',
    ]);
    expect(() => shellOnly([], '', {})).toThrow(
      "src/components/ui/toast-container.tsx is not in the build's manifest (dist/.vite/manifest.json)",
    );
  });

  it('lets a new version take over at once and drops old precaches', () => {
    const options = workboxOptions(
      () => '',
      () => ({}),
    );
    expect(options).toMatchObject({ skipWaiting: true, clientsClaim: true, cleanupOutdatedCaches: true });
    expect(options.navigateFallback).toBeNull();
  });
});

describe('the web app manifest', () => {
  it('names the shop, starts at home as a standalone app in the design colours', () => {
    expect(WEB_APP_MANIFEST).toMatchObject({
      name: 'Stitch & Trim Supplies',
      short_name: 'Stitch & Trim',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#652236',
      background_color: '#fbf8f3',
    });
    // The colours are the design's tokens.
    const css = readFileSync(path.resolve(import.meta.dirname, '../index.css'), 'utf8');
    expect(css).toContain(`--color-wine-800: ${WEB_APP_MANIFEST.theme_color};`);
    expect(css).toContain(`--color-linen-50: ${WEB_APP_MANIFEST.background_color};`);
  });

  it('has 192 and 512 px icons and a maskable 512, each a PNG of its stated size', () => {
    expect(WEB_APP_MANIFEST.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of WEB_APP_MANIFEST.icons) {
      const png = readFileSync(path.join(publicDir, icon.src));
      expect(png.subarray(1, 4).toString('latin1'), icon.src).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  it('is linked from index.html, with the theme colour', () => {
    const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain(`<meta name="theme-color" content="${WEB_APP_MANIFEST.theme_color}" />`);
  });
});
