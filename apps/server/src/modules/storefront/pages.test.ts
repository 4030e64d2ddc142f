import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { LINE_MAX_UNITS, PAGE_SIZE_DEFAULT, UNIT_CODES } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper';
import { aWebBuild } from '../../../test/web-build';
import { serverRoot } from '../../lib/package-root';
import { Sitemaps } from './sitemap';

// The storefront's real index.html (as written, before the build adds its hashed scripts) as the
// build leaves it: it also preloads the app's chunk, which the entry imports dynamically.
const webDistDir = aWebBuild('shop-pages-', {
  indexHtml: readFileSync(path.join(serverRoot, '../web/index.html'), 'utf8').replace(
    '</head>',
    '  <link rel="modulepreload" crossorigin href="/assets/start-app-g7.js">\n  </head>',
  ),
  // Vite's manifest, in the shape `vite build` writes: the small entry, the app it imports
  // dynamically (which index.html preloads), a lazy page and what they import.
  manifest: {
    'index.html': {
      file: 'assets/index-a1.js',
      isEntry: true,
      imports: ['_preload-helper-f6.js'],
      dynamicImports: ['_start-app-g7.js'],
    },
    '_preload-helper-f6.js': { file: 'assets/preload-helper-f6.js' },
    '_start-app-g7.js': { file: 'assets/start-app-g7.js', imports: ['_vendor-b2.js', '_preload-helper-f6.js'] },
    '_vendor-b2.js': { file: 'assets/vendor-b2.js' },
    '_breadcrumb-c3.js': { file: 'assets/breadcrumb-c3.js', imports: ['_vendor-b2.js'] },
    'src/features/catalog/routes/product.tsx': {
      file: 'assets/product-d4.js',
      isDynamicEntry: true,
      imports: ['_start-app-g7.js', '_vendor-b2.js', '_breadcrumb-c3.js', '_preload-helper-f6.js'],
    },
    'src/features/home/media/hero-poster.webp': { file: 'assets/hero-poster-e5.webp' },
  },
  // Which manifest entry each page needs first, as the web build writes it.
  pageSources: {
    product: 'src/features/catalog/routes/product.tsx',
    heroPoster: 'src/features/home/media/hero-poster.webp',
  },
});

let shop: Awaited<ReturnType<typeof createTestApp>>;
const HOST = 'shop.test';
const ORIGIN = `http://${HOST}`;

beforeAll(async () => {
  shop = await createTestApp({ webDistDir });
});
afterAll(async () => shop?.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
const api = async (url: string) => (await shop.app.inject({ method: 'GET', url })).json();

/** The page's embedded answers, as the web app reads them. */
function pageData(html: string): Record<string, unknown> {
  const match = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no page-data block');
  return JSON.parse(match[1]);
}

/** Every JSON-LD block of the page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? ''),
  );
}

function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key.replace(/[:+]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

function title(html: string) {
  return /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
}

async function productCount() {
  const [row] = await shop.database.query<{ count: string }>('SELECT count(*) AS count FROM products');
  return Number(row?.count);
}

/** The first listed product, whole (a list carries cards: no description or gallery). */
async function someProduct() {
  const card = (await api('/api/products?pageSize=1')).products[0];
  return (await api(`/api/products/${card.slug}`)).product;
}

describe('a product page fetched without a browser', () => {
  it('holds the product name, price in naira, first picture and canonical URL in its head', async () => {
    const product = await someProduct();
    const response = await page(`/products/${product.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(response.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe/);
    const html = response.body;
    expect(title(html)).toBe(`${product.name} | Stitch &amp; Trim Supplies`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    const url = `${ORIGIN}/products/${product.slug}`;
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(metaContent(html, 'og:type')).toBe('product');
    // A shared link shows the product's name; og:site_name names the shop.
    expect(metaContent(html, 'og:title')).toBe(product.name);
    expect(metaContent(html, 'og:site_name')).toBe('Stitch &amp; Trim Supplies');
    expect(metaContent(html, 'og:url')).toBe(url);
    expect(metaContent(html, 'og:image')).toBe(`${ORIGIN}${product.images[0]}`);
    expect(metaContent(html, 'product:price:amount')).toBe(product.price.toFixed(2));
    expect(metaContent(html, 'product:price:currency')).toBe('NGN');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const description = metaContent(html, 'description') ?? '';
    expect(description.length).toBeGreaterThan(20);
    expect(description.length).toBeLessThanOrEqual(160);
    // The gallery's main picture is on its way while the scripts load.
    expect(html).toContain(`<link rel="preload" as="image" href="${product.images[0]}"`);
  });

  it("names its page's own script chunks, and not those of the main bundle or the app it starts, so they load beside them", async () => {
    const product = await someProduct();
    const html = (await page(`/products/${product.slug}`)).body;
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);
    expect(preloads.sort()).toEqual(['/assets/breadcrumb-c3.js', '/assets/product-d4.js']);
    // Home's largest picture, the hero's poster, is on its way before the scripts have run.
    expect((await page('/')).body).toContain('<link rel="preload" as="image" href="/assets/hero-poster-e5.webp"');
  });

  it('carries valid JSON-LD: a Product with an Offer in NGN, availability from stock, and its breadcrumbs', async () => {
    const product = await someProduct();
    const [item, breadcrumbs] = jsonLd((await page(`/products/${product.slug}`)).body);
    expect(item).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      image: product.images.map((image: string) => `${ORIGIN}${image}`),
      productID: product.id,
      offers: {
        '@type': 'Offer',
        price: product.price.toFixed(2),
        priceCurrency: 'NGN',
        availability:
          product.stock >= product.minQuantity ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url: `${ORIGIN}/products/${product.slug}`,
      },
    });
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    const names = (
      breadcrumbs as { itemListElement: { name: string; position: number; item: string }[] }
    ).itemListElement.map((crumb) => [crumb.position, crumb.name, crumb.item]);
    expect(names).toEqual([
      [1, 'Home', `${ORIGIN}/`],
      [2, product.subcategory.category.name, `${ORIGIN}/categories/${product.subcategory.category.slug}`],
      [3, product.subcategory.name, `${ORIGIN}/subcategories/${product.subcategory.slug}`],
      [4, product.name, `${ORIGIN}/products/${product.slug}`],
    ]);
  });

  it('says OutOfStock in its offer when the product has no stock', async () => {
    const product = await someProduct();
    await shop.database.query('UPDATE products SET stock_hundredths = 0 WHERE id = $1', [product.id]);
    await shop.app.catalog.cache.invalidate();
    const [item] = jsonLd((await page(`/products/${product.slug}`)).body);
    expect(item).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it('says how a length is sold: unit codes, the quantities a line may take and a price per yard for each break', async () => {
    await shop.database.query(
      `INSERT INTO products (name, slug, description, price_kobo, stock_hundredths, unit, step_hundredths,
                             min_quantity_hundredths, price_breaks, images, subcategory_id, category_id)
       SELECT 'JSON-LD yard lace', 'json-ld-yard-lace', 'By the yard', 120000, 3750, 'yard', 50, 150, $1::jsonb,
              images, subcategory_id, category_id FROM products LIMIT 1`,
      [
        JSON.stringify([
          { minHundredths: 2000, priceKobo: 100050 },
          { minHundredths: 1000, priceKobo: 105000 },
        ]),
      ],
    );
    try {
      const [item] = jsonLd((await page('/products/json-ld-yard-lace')).body);
      const yard = { '@type': 'QuantitativeValue', value: 1, unitCode: UNIT_CODES.yard };
      const perYard = (price: string, minValue: number) => ({
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'NGN',
        unitCode: 'YRD',
        referenceQuantity: yard,
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue, unitCode: 'YRD' },
      });
      expect((item as { offers: unknown }).offers).toMatchObject({
        '@type': 'Offer',
        price: '1200.00',
        availability: 'https://schema.org/InStock',
        eligibleQuantity: {
          '@type': 'QuantitativeValue',
          minValue: 1.5,
          maxValue: LINE_MAX_UNITS.yard,
          unitCode: 'YRD',
        },
        priceSpecification: [perYard('1200.00', 1.5), perYard('1050.00', 10), perYard('1000.50', 20)],
      });
      // Less than the minimum on the shelf (1 yard of a lace sold from 1.5): out of stock.
      await shop.database.query(`UPDATE products SET stock_hundredths = 100 WHERE slug = 'json-ld-yard-lace'`);
      await shop.app.catalog.cache.invalidate();
      const [after] = jsonLd((await page('/products/json-ld-yard-lace')).body);
      expect(after).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    } finally {
      await shop.database.query(`DELETE FROM products WHERE slug = 'json-ld-yard-lace'`);
      await shop.app.catalog.cache.invalidate();
    }
  });

  it('gives a pack its unit code (PK) per pack', async () => {
    const [pack] = await shop.database.query<{ slug: string }>(
      `SELECT slug FROM products WHERE unit = 'pack' ORDER BY slug LIMIT 1`,
    );
    const [item] = jsonLd((await page(`/products/${pack?.slug}`)).body);
    expect(item).toMatchObject({
      offers: {
        eligibleQuantity: { minValue: 1, maxValue: LINE_MAX_UNITS.pack, unitCode: 'PK' },
        priceSpecification: [{ unitCode: 'PK', referenceQuantity: { value: 1, unitCode: 'PK' } }],
      },
    });
  });

  it('embeds the same answers the API gives for the product and its related products, from the same cache entries', async () => {
    const product = await someProduct();
    const html = (await page(`/products/${product.slug}`)).body;
    const data = pageData(html);
    // Sorted on both sides: the product's id is random, so which key comes first varies.
    expect(Object.keys(data).sort()).toEqual(
      [`/api/products/${product.id}/related`, `/api/products/${product.slug}`, '/api/settings'].sort(),
    );
    const entries = shop.app.catalog.cache.size;
    expect(data[`/api/products/${product.slug}`]).toEqual(await api(`/api/products/${product.slug}`));
    expect(data[`/api/products/${product.id}/related`]).toEqual(await api(`/api/products/${product.id}/related`));
    // The API found both answers where the page had put them.
    expect(shop.app.catalog.cache.size).toBe(entries);
  });

  it("links the installable app's manifest and theme colour from every page, drawn or plain", async () => {
    const product = await someProduct();
    for (const url of ['/', '/shop', `/products/${product.slug}`, '/checkout', '/no-such-page', '/index.html']) {
      const html = (await page(url)).body;
      expect(html.match(/<link rel="manifest" href="\/manifest.webmanifest" \/>/g), url).toHaveLength(1);
      expect(html, url).toContain('<meta name="theme-color" content="#652236" />');
    }
  });

  it('cannot be broken out of by a product name that closes the script element', async () => {
    const name = '</script><script>alert(1)</script> & "Lace" \u2028';
    await shop.database.query(
      `INSERT INTO products (name, slug, description, price_kobo, stock_hundredths, images, subcategory_id, category_id)
       SELECT $1, 'script-lace', $2, 150000, 300, images, subcategory_id, category_id FROM products LIMIT 1`,
      [name, `A description with <b>tags</b> and </script> too`],
    );
    const response = await page('/products/script-lace');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toContain('<script>alert(1)');
    // The page's own script elements only: the theme script, two JSON-LD blocks and the data.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toEqual([
      '<script type="application/ld+json">',
      '<script type="application/ld+json">',
      '<script src="/theme-init.js">',
      '<script type="module" src="/src/main.tsx">',
      '<script id="page-data" type="application/json">',
    ]);
    const data = pageData(html) as Record<string, { product: { name: string } }>;
    expect(data['/api/products/script-lace']?.product.name).toBe(name);
    expect(jsonLd(html)[0]?.name).toBe(name);
    expect(title(html)).toBe(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Lace&quot; \u2028 | Stitch &amp; Trim Supplies',
    );
    expect(metaContent(html, 'og:title')).toContain('&lt;/script&gt;');
  });

  it('is a 404 with the app and a noindex for a product, category or subcategory that does not exist', async () => {
    for (const url of [
      '/products/no-such-lace',
      '/categories/no-such-category',
      '/subcategories/no-such-subcategory',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(response.body, url).not.toContain('id="page-data"');
      expect(String(response.headers['content-security-policy']), url).toContain("default-src 'self'");
    }
  });

  it('uses PUBLIC_URL for its absolute URLs when it is set, whatever Host the request names', async () => {
    const other = await createTestApp({ webDistDir, publicUrl: 'https://stitchandtrim.ng' });
    try {
      const card = (await other.app.inject({ method: 'GET', url: '/api/products?pageSize=1' })).json().products[0];
      const product = (await other.app.inject({ method: 'GET', url: `/api/products/${card.slug}` })).json().product;
      const html = (
        await other.app.inject({ method: 'GET', url: `/products/${product.slug}`, headers: { host: 'evil.test' } })
      ).body;
      expect(html).toContain(`<link rel="canonical" href="https://stitchandtrim.ng/products/${product.slug}" />`);
      expect(metaContent(html, 'og:image')).toBe(`https://stitchandtrim.ng${product.images[0]}`);
      expect(html).not.toContain('evil.test');
    } finally {
      await other.close();
    }
  });

  it('shows a price change on the next visit after the catalogue changes', async () => {
    const product = await someProduct();
    expect(metaContent((await page(`/products/${product.slug}`)).body, 'product:price:amount')).toBe(
      product.price.toFixed(2),
    );
    await shop.database.query('UPDATE products SET price_kobo = 123456 WHERE id = $1', [product.id]);
    await expect
      .poll(async () => metaContent((await page(`/products/${product.slug}`)).body, 'product:price:amount'))
      .toBe('1234.56');
  });

  it('goes out in brotli to a browser that takes it', async () => {
    const product = await someProduct();
    const response = await page(`/products/${product.slug}`, { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('id="page-data"');
  });
});

describe('the listing pages', () => {
  it('home carries the featured and hot-buy answers, its own title, and a WebSite JSON-LD', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(title(html)).toContain('Stitch &amp; Trim Supplies | Laces');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
    expect(metaContent(html, 'og:type')).toBe('website');
    const data = pageData(html);
    expect(data['/api/products/featured']).toEqual(await api('/api/products/featured'));
    expect(data['/api/products/hot-buy']).toEqual(await api('/api/products/hot-buy'));
    expect(jsonLd(html)[0]).toMatchObject({ '@type': 'WebSite', url: `${ORIGIN}/` });
  });

  it('/shop carries its first page of products and the categories, keyed as the web app asks for them', async () => {
    const html = (await page('/shop')).body;
    expect(title(html)).toBe('Shop | Stitch &amp; Trim Supplies');
    const data = pageData(html);
    expect(Object.keys(data).sort()).toEqual([
      '/api/categories',
      `/api/products?page=1&pageSize=${PAGE_SIZE_DEFAULT}`,
      '/api/settings',
    ]);
    expect(data[`/api/products?page=1&pageSize=${PAGE_SIZE_DEFAULT}`]).toEqual(
      await api(`/api/products?pageSize=${PAGE_SIZE_DEFAULT}&page=1`),
    );
    const second = pageData((await page('/shop?page=2')).body);
    expect(second[`/api/products?page=2&pageSize=${PAGE_SIZE_DEFAULT}`]).toEqual(
      await api(`/api/products?page=2&pageSize=${PAGE_SIZE_DEFAULT}`),
    );
    // A filtered shop reads its filters itself.
    expect(Object.keys(pageData((await page('/shop?sort=price_asc')).body))).toEqual([
      '/api/categories',
      '/api/settings',
    ]);
  });

  it('a category page carries the category, its first products and the category list, with its breadcrumbs', async () => {
    const { categories } = await api('/api/categories');
    const category = categories[0];
    const response = await page(`/categories/${category.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(title(html)).toBe(`${category.name} | Stitch &amp; Trim Supplies`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/categories/${category.slug}" />`);
    const data = pageData(html);
    expect(data[`/api/categories/${category.slug}`]).toEqual(await api(`/api/categories/${category.slug}`));
    expect(data['/api/categories']).toEqual({ categories });
    const productsUrl = `/api/products/category/${category.id}?page=1&pageSize=${PAGE_SIZE_DEFAULT}`;
    expect(data[productsUrl]).toEqual(await api(productsUrl));
    const crumbs = jsonLd(html)[0]?.itemListElement as { name: string }[];
    expect(crumbs.map((crumb) => crumb.name)).toEqual(['Home', category.name]);
    // Opened by id, the page still names the slug URL as canonical.
    expect((await page(`/categories/${category.id}`)).body).toContain(
      `<link rel="canonical" href="${ORIGIN}/categories/${category.slug}" />`,
    );
  });

  it('a subcategory page carries the subcategory and its first products, with Home › Category › Subcategory', async () => {
    const { categories } = await api('/api/categories');
    const category = categories[0];
    const sub = category.subcategories[0];
    const html = (await page(`/subcategories/${sub.slug}`)).body;
    expect(title(html)).toBe(`${sub.name} | Stitch &amp; Trim Supplies`);
    const data = pageData(html);
    expect(data[`/api/subcategories/${sub.slug}`]).toEqual(await api(`/api/subcategories/${sub.slug}`));
    const productsUrl = `/api/products/subcategory/${sub.id}?page=1&pageSize=${PAGE_SIZE_DEFAULT}`;
    expect(data[productsUrl]).toEqual(await api(productsUrl));
    const crumbs = jsonLd(html)[0]?.itemListElement as { name: string }[];
    expect(crumbs.map((crumb) => crumb.name)).toEqual(['Home', category.name, sub.name]);
  });

  it("pages that are not the catalogue are the plain app, with the shop's details only", async () => {
    const response = await page('/about');
    expect(response.statusCode).toBe(200);
    // The footer and the about page show the shop's settings (decision 025).
    expect(pageData(response.body)).toEqual({ '/api/settings': await api('/api/settings') });
    expect(title(response.body)).toContain('Stitch &amp; Trim Supplies | Laces');
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt keeps crawlers out of the account, admin and checkout pages and names the sitemap', async () => {
    const response = await page('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    for (const path of [
      '/admin',
      '/profile',
      '/dashboard',
      '/orders',
      '/checkout',
      '/order/',
      '/products/*/edit',
      '/login',
      '/verify-email',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('the sitemap lists every category, subcategory and product with absolute URLs and a lastmod', async () => {
    const response = await page('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = response.body;
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)];
    const byLoc = new Map(locs.map((m) => [m[1], m[2]]));
    const { categories } = await api('/api/categories');
    const count = await productCount();
    const subcategories = categories.flatMap((category: { subcategories: unknown[] }) => category.subcategories);
    expect(locs).toHaveLength(2 + categories.length + subcategories.length + Number(count));
    expect(byLoc.has(`${ORIGIN}/shop`)).toBe(true);
    expect(byLoc.has(`${ORIGIN}/`)).toBe(true);
    for (const category of categories) {
      expect(byLoc.get(`${ORIGIN}/categories/${category.slug}`)).toMatch(/^\d{4}-\d\d-\d\dT/);
      for (const sub of category.subcategories) {
        expect(byLoc.get(`${ORIGIN}/subcategories/${sub.slug}`)).toMatch(/^\d{4}-\d\d-\d\dT/);
      }
    }
    const product = await someProduct();
    const [row] = await shop.database.query<{ updatedAt: Date | string }>(
      'SELECT updated_at AS "updatedAt" FROM products WHERE id = $1',
      [product.id],
    );
    expect(byLoc.get(`${ORIGIN}/products/${product.slug}`)).toBe(new Date(row?.updatedAt ?? 0).toISOString());
  });

  it('above the URL limit the sitemap is an index of files that together list every URL', async () => {
    const sitemaps = new Sitemaps(shop.app, 40);
    const index = (await sitemaps.file('sitemap', ORIGIN))?.toString() ?? '';
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(files[0]).toBe(`${ORIGIN}/sitemap-catalogue.xml`);
    const count = await productCount();
    expect(files).toHaveLength(1 + Math.ceil(Number(count) / 40));
    const products = new Set<string>();
    for (const file of files.slice(1)) {
      const name = file.slice(ORIGIN.length + 1, -'.xml'.length);
      const xml = (await sitemaps.file(name, ORIGIN))?.toString() ?? '';
      for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) products.add(m[1] ?? '');
    }
    expect(products.size).toBe(Number(count));
    expect(await sitemaps.file(`sitemap-products-${files.length + 1}`, ORIGIN)).toBeUndefined();
    // Over HTTP, the one-file sitemap has no parts.
    expect((await page('/sitemap-products-1.xml')).statusCode).toBe(404);
  });
});
