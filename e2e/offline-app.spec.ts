import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, type RunningShop, repoRoot, startBuiltShop } from '@shop/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputDir, useBrowser } from './fixtures/browser';
import { catalogueShown, savedDataWarning, SAVED_DATA_WARNING as WARNING } from './fixtures/saved-catalogue';

// The storefront as an installed app that opens offline (docs/decisions/032). This spec stops
// and restarts the shop, so it runs its own, on PGlite in a folder of its own, always on the
// same port: a service worker belongs to one origin.

const webDist = path.join(repoRoot, 'apps/web/dist');

const state: { shop?: RunningShop; port?: number; dataDir?: string; cleanup: (() => void)[] } = { cleanup: [] };
const baseUrl = () => `http://127.0.0.1:${state.port}`;

async function startShop(webDistDir = webDist) {
  state.shop = await startBuiltShop(
    {
      NODE_ENV: 'test',
      DATA_DIR: state.dataDir ?? '',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDistDir,
    },
    { port: state.port },
  );
}

beforeAll(async () => {
  state.port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-offline-'));
  state.dataDir = dataDir;
  state.cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  await startShop();
}, 180_000);

afterAll(async () => {
  await state.shop?.stop();
  for (const step of state.cleanup.reverse()) step();
});

const shop = useBrowser({ baseUrl });

const api = async (url: string) => (await fetch(`${baseUrl()}${url}`)).json();

/** Waits until a service worker controls the page (registered after load and idle: start-offline-app.ts). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
    timeout: 20_000,
  });
}

/** The URLs kept in the service worker's precache. */
const precached = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('workbox-precache'));
    const urls: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys())
        urls.push(new URL(request.url).pathname + new URL(request.url).search);
    }
    return urls;
  });

/** The main picture of a product page, loaded (from the network or the worker's cache). */
async function productPictureWidth(page: Page): Promise<number> {
  const picture = page.getByRole('main').locator('img').first();
  await picture.waitFor();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
  return picture.evaluate((img: HTMLImageElement) => img.naturalWidth);
}

describe('the shop as an installable app', () => {
  it('has a valid manifest whose icons load, and Chromium finds it installable', async () => {
    const response = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Stitch & Trim Supplies',
      short_name: 'Stitch & Trim',
      start_url: '/',
      display: 'standalone',
      theme_color: '#652236',
      background_color: '#fbf8f3',
    });
    const sizes = [];
    for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
      const image = await fetch(`${baseUrl()}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      const png = Buffer.from(await image.arrayBuffer());
      // The PNG header's width and height (IHDR).
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      sizes.push(`${icon.sizes} ${icon.purpose}`);
    }
    expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    const { page, context, errors } = await shop.newPage({ serviceWorkers: 'allow' });
    await page.goto('/');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito, where Chromium installs nothing: the only error
    // allowed is that one, which says nothing of the shop.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a visited shop opened with no connection', () => {
  it('shows the catalogue it saw with the saved-data notice, and never checkout, an account or the admin', async () => {
    const { categories } = await api('/api/categories');
    const category = categories[0];
    const inCategory = await api(`/api/products/category/${category.id}?pageSize=24`);
    const product = inCategory.products[0] as { slug: string; name: string };

    const { page, context, errors } = await shop.newPage({ serviceWorkers: 'allow' });
    await page.goto('/');
    await page.getByRole('list', { name: 'Featured products', exact: true }).waitFor();
    await controlled(page);
    const pages = [
      { path: '/', list: 'Featured products' },
      { path: '/shop', list: 'Products' },
      { path: `/categories/${category.id}`, list: `${category.name} products` },
      { path: `/products/${product.slug}`, list: 'Related products' },
    ];
    const seen = new Map<string, string[]>();
    for (const { path: at, list } of pages) {
      await page.goto(at);
      await page.getByRole('list', { name: list, exact: true }).waitFor();
      if (at === '/shop') {
        await page.getByRole('main').getByRole('complementary').getByRole('link', { name: category.name }).waitFor();
      }
      if (at.startsWith('/products/')) await productPictureWidth(page);
      seen.set(at, await catalogueShown(page));
    }
    // What the worker precached: the shell, and none of the admin's chunks.
    const shell = await precached(page);
    expect(shell.some((url) => url.startsWith('/index.html'))).toBe(true);
    expect(shell.filter((url) => url.startsWith('/assets/')).every((url) => !/admin|dashboard/.test(url))).toBe(true);

    // The real offline: the shop's server is gone.
    await state.shop?.stop();
    state.shop = undefined;
    await expect(fetch(`${baseUrl()}/api/health`)).rejects.toThrow();

    for (const { path: at, list } of pages) {
      const response = await page.goto(at);
      expect(response?.status(), at).toBe(200);
      expect(response?.fromServiceWorker(), at).toBe(true);
      await savedDataWarning(page).waitFor();
      await page.getByRole('list', { name: list, exact: true }).waitFor();
      await expect.poll(() => catalogueShown(page), { message: at }).toEqual(seen.get(at));
      expect(await page.getByText(WARNING).count(), at).toBe(1);
      if (at.startsWith('/products/')) {
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(product.name);
        // The product's picture, from the worker's cache.
        expect(await productPictureWidth(page)).toBeGreaterThan(0);
      }
    }

    // A reload, as a visitor on a dead connection would: the same page again from the worker.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await savedDataWarning(page).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(product.name);
    expect(await productPictureWidth(page)).toBeGreaterThan(0);
    // The cart works offline, and says so in a toast: the toasts' script and styles, which load
    // with the first toast (components/ui/toaster.tsx), come from the worker's precache.
    await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).first().click();
    await page
      .locator('.Toastify__toast')
      .filter({ hasText: `${product.name} added to your cart` })
      .waitFor();

    // Checkout, an account page, an order and the admin are never answered from the cache: the
    // browser's own "cannot connect".
    for (const at of ['/checkout', '/profile', '/orders', '/admin', '/login']) {
      await expect(page.goto(at), at).rejects.toThrow(/ERR_CONNECTION_REFUSED/);
    }
    // Only the failed API calls of the offline pages complain.
    expect(errors.filter((error) => !/Failed to load resource|ERR_CONNECTION_REFUSED/.test(error))).toEqual([]);
    await context.close();
  });

  it('picks up an update after a deploy: the new worker takes over on the next visit', async () => {
    // The next deploy: the same build with a changed index.html, so its worker differs in the
    // shell's revision (as any deploy that changes a page or a script would).
    // Inside the repository, so the server's renderer (.ssr) finds the packages it imports.
    mkdirSync(outputDir, { recursive: true });
    const deployDir = mkdtempSync(path.join(outputDir, 'deploy-'));
    state.cleanup.push(() => rmSync(deployDir, { recursive: true, force: true }));
    cpSync(webDist, deployDir, { recursive: true });
    const indexFile = path.join(deployDir, 'index.html');
    const oldIndex = readFileSync(indexFile);
    const newIndex = Buffer.from(oldIndex.toString('utf8').replace('</head>', '  <!-- deploy 2 -->\n  </head>'));
    writeFileSync(indexFile, newIndex);
    const md5 = (body: Buffer) => createHash('md5').update(body).digest('hex');
    const [oldRevision, newRevision] = [md5(oldIndex), md5(newIndex)];
    const swFile = path.join(deployDir, 'sw.js');
    const oldWorker = readFileSync(swFile, 'utf8');
    expect(oldWorker).toContain(oldRevision);
    writeFileSync(swFile, oldWorker.replace(oldRevision, newRevision));
    // The build's compressed copies are of the old worker.
    rmSync(`${swFile}.br`, { force: true });
    rmSync(`${swFile}.gz`, { force: true });

    // First a visit to the running shop as it is (the first deploy), to be controlled by its worker.
    if (!state.shop) await startShop();
    const { page, context, errors } = await shop.newPage({ serviceWorkers: 'allow' });
    await page.goto('/shop');
    await page.getByRole('list', { name: 'Products', exact: true }).waitFor();
    await controlled(page);
    await expect.poll(() => precached(page)).toContain(`/index.html?__WB_REVISION__=${oldRevision}`);

    // The deploy: the shop restarts on the new build.
    await state.shop?.stop();
    await startShop(deployDir);

    await page.goto('/shop');
    await page.getByRole('list', { name: 'Products', exact: true }).waitFor();
    // The new worker installed, skipped waiting and took over; the old version's shell is gone.
    await expect
      .poll(
        async () => {
          const urls = await precached(page);
          return urls.filter((url) => url.startsWith('/index.html'));
        },
        { timeout: 20_000 },
      )
      .toEqual([`/index.html?__WB_REVISION__=${newRevision}`]);
    const registration = await page.evaluate(async () => {
      const found = await navigator.serviceWorker.getRegistration();
      return {
        active: found?.active?.scriptURL,
        state: found?.active?.state,
        waiting: found?.waiting ?? null,
        controller: navigator.serviceWorker.controller?.scriptURL,
      };
    });
    expect(registration).toEqual({
      active: `${baseUrl()}/sw.js`,
      state: 'activated',
      waiting: null,
      controller: `${baseUrl()}/sw.js`,
    });
    // The page works online: the shop's own answers, no saved-data notice, the new shell served.
    await page.reload();
    await page.getByRole('list', { name: 'Products', exact: true }).waitFor();
    expect(await savedDataWarning(page).count()).toBe(0);
    expect(await page.content()).toContain('<!-- deploy 2 -->');
    expect(errors).toEqual([]);
    await context.close();
  });
});
