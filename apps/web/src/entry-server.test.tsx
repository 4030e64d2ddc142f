// @vitest-environment node
import { formatNaira, PAGE_SIZE_DEFAULT, pageDataKey } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';
import { aCategory, aProduct } from './testing/fixtures';

// The server's side of decision 017: a catalogue page drawn from the answers its HTML carries.

const lace = aProduct({ id: 'p2', name: 'French Lace, Ivory', slug: 'french-lace-ivory', price: 12500, stock: 3 });
const ribbon = aProduct();

const productAnswers = (product = lace): [string, unknown][] => [
  [`/api/products/${product.slug}`, { product }],
  [`/api/products/${product.id}/related`, { products: [ribbon] }],
];

/** The text of the markup, tags taken out, entities as written. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe('the server renderer', () => {
  it('draws a product page from its answers: name, price, stock, related products', async () => {
    const html = await renderPage(`/products/${lace.slug}`, productAnswers());
    expect(html).toMatch(/<h1[^>]*>French Lace, Ivory<\/h1>/);
    expect(text(html ?? '')).toContain(formatNaira(12500));
    expect(text(html ?? '')).toContain('Only 3 left');
    expect(html).toContain('aria-label="Related products"');
    expect(text(html ?? '')).toContain(ribbon.name);
    // The picture is in the markup, so the browser fetches it before any script has run.
    expect(html).toContain('src="/images/demo/satin-ribbon-wine-1-full.webp"');
  });

  it('draws what it has no answer for as loading, as the browser first does, and never shows another render its answers', async () => {
    await renderPage(`/products/${lace.slug}`, productAnswers());
    const html = await renderPage(`/products/${lace.slug}`, []);
    expect(html).not.toContain('French Lace, Ivory');
    expect(text(html ?? '')).toContain('Loading product…');
  });

  it('draws the shop listing with its product cards and categories', async () => {
    const products = [lace, ribbon];
    const html = await renderPage('/shop', [
      [
        pageDataKey('/api/products', { page: 1, pageSize: PAGE_SIZE_DEFAULT }),
        { products, page: 1, pageSize: PAGE_SIZE_DEFAULT, total: 2 },
      ],
      ['/api/categories', { categories: [aCategory()] }],
    ]);
    expect(html).toMatch(/<h1[^>]*>Shop<\/h1>/);
    for (const product of products) expect(html).toContain(`href="/products/${product.slug}"`);
    expect(text(html ?? '')).toContain('Trims');
  });

  it('escapes what a product says: a name with markup stays text', async () => {
    const hostile = aProduct({ name: '</script><script>alert(1)</script><img src=x onerror=alert(2)>' });
    const html = await renderPage(`/products/${hostile.slug}`, productAnswers(hostile));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
