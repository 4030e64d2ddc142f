import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';
import { wholeProducts } from './fixtures/products';

const shop = useBrowser();

type ApiProduct = { id: string; slug: string; name: string; images: string[] };

describe('a visitor looking at a product', () => {
  it('moves through its images with the thumbnails and the arrow keys', async () => {
    const products = await wholeProducts<ApiProduct>(shop.baseUrl, '/api/products?pageSize=100');
    const product = products.find((p) => p.images.length >= 2);
    if (!product) throw new Error('no product with two images in the demo catalogue');
    const count = product.images.length;
    const { page, context, errors } = await shop.newPage();
    await page.goto(`/products/${product.slug}`);
    const main = page.getByRole('img', { name: `${product.name}, image 1 of ${count}` });
    await main.waitFor();
    expect(await main.getAttribute('src')).toBe(product.images[0]);

    await page.getByRole('button', { name: `Show image 2 of ${count}` }).click();
    const second = page.getByRole('img', { name: `${product.name}, image 2 of ${count}` });
    await second.waitFor();
    expect(await second.getAttribute('src')).toBe(product.images[1]);
    expect(await page.getByRole('button', { name: `Show image 2 of ${count}` }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await page.keyboard.press('ArrowLeft');
    await page.getByRole('img', { name: `${product.name}, image 1 of ${count}` }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('img', { name: `${product.name}, image ${count} of ${count}` }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('img', { name: `${product.name}, image 1 of ${count}` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sees up to 4 related products and can open one', async () => {
    const data = await (await fetch(`${shop.baseUrl}/api/products?pageSize=1`)).json();
    const product = data.products[0] as ApiProduct;
    const related = (await (await fetch(`${shop.baseUrl}/api/products/${product.id}/related`)).json())
      .products as ApiProduct[];
    expect(related.length).toBeGreaterThan(0);
    const { page, context } = await shop.newPage();
    await page.goto(`/products/${product.slug}`);
    const list = page.getByRole('list', { name: 'Related products' });
    await list.waitFor();
    const cards = list.locator(':scope > li');
    expect(await cards.count()).toBe(Math.min(4, related.length));
    const names = await cards.getByRole('link').allTextContents();
    expect(names).toEqual(related.slice(0, 4).map((p) => p.name));
    await cards.first().getByRole('link').click();
    await page.waitForURL(`**/products/${related[0]?.slug}`);
    await page.getByRole('heading', { level: 1, name: related[0]?.name }).waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe('1');
    await context.close();
  });
});
