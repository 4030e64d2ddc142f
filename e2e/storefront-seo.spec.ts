import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';
import { withoutPageData } from './fixtures/page-data';

const shop = useBrowser();

type ApiProduct = { id: string; slug: string; name: string; images: string[]; price: number };

const isCatalogueCall = (url: string) => {
  const path = new URL(url).pathname;
  return path.startsWith('/api/products') || path.startsWith('/api/categories');
};

async function someProduct(): Promise<ApiProduct> {
  const data = await (await fetch(`${shop.baseUrl}/api/products?pageSize=1`)).json();
  const product = data.products[0] as ApiProduct | undefined;
  if (!product) throw new Error('the demo catalogue has no products');
  return product;
}

describe('a product page opened from a shared link', () => {
  it('shows the product from the data in its HTML, with no catalogue API call before it', async () => {
    const product = await someProduct();
    const { page, context, errors } = await shop.newPage({ width: 375, height: 740 });
    const calls: string[] = [];
    page.on('request', (request) => {
      if (isCatalogueCall(request.url())) calls.push(request.url());
    });
    const response = await page.goto(`/products/${product.slug}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(calls).toEqual([]);
    // The related products came with it too, and the tab says the product's name.
    await page.getByRole('list', { name: 'Related products' }).waitFor();
    expect(calls).toEqual([]);
    expect(await page.title()).toBe(`${product.name} | Stitch & Trim Supplies`);
    // What a crawler reads is in the HTML as sent.
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(
      new URL(product.images[0] ?? '', shop.baseUrl).href,
    );
    expect(errors).toEqual([]);

    // The next page is fetched as usual: the embedded data was for the first one only.
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.getByRole('heading', { level: 2, name: 'Featured Collections' }).waitFor();
    await expect.poll(() => calls.some((url) => new URL(url).pathname === '/api/products/featured')).toBe(true);
    await context.close();
  });

  it('still shows the product when the HTML arrives without its data', async () => {
    const product = await someProduct();
    const { page, context, errors } = await shop.newPage({ width: 375, height: 740 });
    const { stripped } = await withoutPageData(page);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (isCatalogueCall(request.url())) calls.push(new URL(request.url()).pathname);
    });
    await page.goto(`/products/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(stripped()).toBe(true);
    expect(calls).toContain(`/api/products/${product.slug}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the app's not-found page, with a 404, for a product that does not exist", async () => {
    const { page, context } = await shop.newPage();
    const response = await page.goto('/products/no-such-lace-anywhere');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Product Not Found' }).waitFor();
    await context.close();
  });
});
