import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper';
import { aWebBuild } from '../../../test/web-build';

// Pages whose markup the server draws (decision 017), with a web build of the shape `npm run
// build` writes: index.html with its hashed entry and module preloads, Vite's manifest, and the
// renderer in dist/.ssr. The renderer here is a stand-in that writes what it was given, so these
// tests see the server's side alone; apps/web's entry-server.test.tsx and e2e storefront-seo
// test the real one.

const webDistDir = aWebBuild('shop-drawn-pages-', {
  indexHtml: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Stitch &amp; Trim Supplies</title>
    <meta name="description" content="Laces and trims." />
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-f6.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  manifest: {
    'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_vendor-b2.js'] },
    '_vendor-b2.js': { file: 'assets/vendor-b2.js' },
    'src/features/catalog/routes/product.tsx': {
      file: 'assets/product-d4.js',
      isDynamicEntry: true,
      imports: ['index.html', '_vendor-b2.js'],
    },
  },
  pageSources: { product: 'src/features/catalog/routes/product.tsx' },
  renderer: `globalThis.drawnPages = [];
export async function renderPage(url, answers, origin) {
  const entries = [...answers];
  globalThis.drawnPages.push(url);
  if (url.includes('fail')) throw new Error('the renderer failed');
  const product = entries.map(([, answer]) => answer.product).find(Boolean);
  return '<main data-url="' + url + '" data-origin="' + origin + '" data-answers="' + entries.map(([key]) => key).join(' ') + '">' +
    (product ? '<h1>' + product.name + '</h1>' : '') + '</main>';
}
`,
});

const drawn = () => (globalThis as { drawnPages?: string[] }).drawnPages ?? [];

let shop: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  shop = await createTestApp({ webDistDir });
});
afterAll(async () => shop?.close());

const page = (url: string) => shop.app.inject({ method: 'GET', url, headers: { host: 'shop.test' } });

async function someProduct() {
  return (await shop.app.inject({ method: 'GET', url: '/api/products?pageSize=1' })).json().products[0];
}

describe('a catalogue page drawn on the server', () => {
  it('arrives with its markup, drawn from the answers its data block carries', async () => {
    const product = await someProduct();
    const html = (await page(`/products/${product.slug}`)).body;
    const markup = /<div id="root">(<main [^>]*>[\s\S]*?<\/main>)<\/div>/.exec(html)?.[1];
    expect(markup).toBeDefined();
    expect(markup).toContain(`data-url="/products/${product.slug}"`);
    expect(markup).toContain(`<h1>${product.name}</h1>`);
    // The renderer was given exactly the answers the browser will start from.
    const keys = /data-answers="([^"]*)"/.exec(markup ?? '')?.[1]?.split(' ');
    const block = JSON.parse(
      /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '',
    );
    expect(keys).toEqual(Object.keys(block));
    expect(keys).toContain(`/api/products/${product.slug}`);
  });

  it('is drawn with the origin its canonical link names, for the addresses it shares (WhatsApp)', async () => {
    const product = await someProduct();
    const html = (await page(`/products/${product.slug}?from=origin`)).body;
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(canonical).toBe(`http://shop.test/products/${product.slug}`);
    expect(/data-origin="([^"]*)"/.exec(html)?.[1]).toBe(new URL(canonical).origin);
  });

  it('starts the app once it is painted: the entry and every chunk it needs go to start-app.js', async () => {
    const product = await someProduct();
    const html = (await page(`/products/${product.slug}`)).body;
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const starter = /<script src="\/start-app\.js" data-entry="([^"]*)" data-preload="([^"]*)" defer><\/script>/.exec(
      html,
    );
    expect(starter?.[1]).toBe('/assets/index-a1.js');
    expect(starter?.[2]?.split(' ').sort()).toEqual(['/assets/product-d4.js', '/assets/vendor-b2.js']);
    // Where the entry was: after the dark mode script, before the styles.
    expect(html.indexOf('/theme-init.js')).toBeLessThan(html.indexOf('/start-app.js'));
    expect(html.indexOf('/start-app.js')).toBeLessThan(html.indexOf('/assets/index-f6.css'));
  });

  it('is drawn once per catalogue version: the next visit gets the same bytes without a render', async () => {
    const product = await someProduct();
    const first = (await page(`/products/${product.slug}?from=once`)).body;
    const renders = drawn().length;
    const second = (await page(`/products/${product.slug}?from=once`)).body;
    expect(second).toBe(first);
    expect(drawn().length).toBe(renders);
  });

  it('is sent for the browser to draw, whole and with its data, when the renderer fails', async () => {
    const product = await someProduct();
    const response = await page(`/products/${product.slug}?fail=1`);
    expect(response.statusCode).toBe(200);
    expect(drawn()).toContain(`/products/${product.slug}?fail=1`);
    expect(response.body).toMatch(/<div id="root">\s*<\/div>/);
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
    expect(response.body).toContain('<script id="page-data" type="application/json">');
    expect(response.body).not.toContain('/start-app.js');
  });

  it('draws nothing for an unknown product (the 404) nor for a page that is not the catalogue', async () => {
    for (const url of ['/products/no-such-lace-anywhere', '/login']) {
      const response = await page(url);
      expect(response.statusCode).toBe(url === '/login' ? 200 : 404);
      expect(response.body).toMatch(/<div id="root">\s*<\/div>/);
      expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
    }
    expect(drawn().some((url) => url.includes('no-such-lace') || url === '/login')).toBe(false);
  });
});
