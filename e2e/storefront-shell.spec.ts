import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputDir, useBrowser } from './fixtures/browser';

const shop = useBrowser();

describe('a visitor opening the shop', () => {
  it('sees the home page with featured products, and no errors in the console', async () => {
    const { page, context, errors } = await shop.newPage();
    await page.goto('/');
    await page
      .getByRole('link', { name: /shop now/i })
      .first()
      .waitFor();
    const productLinks = page.locator('main a[href^="/products/"]');
    await productLinks.first().waitFor();
    expect(await productLinks.count()).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: path.join(outputDir, 'home-1280.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a product page from the home page and sees its name, price, specifications and image', async () => {
    const { page, context, errors } = await shop.newPage();
    await page.goto('/');
    const link = page.locator('main a[href^="/products/"]').first();
    await link.waitFor();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL(`**${href}`);
    const slug = href?.split('/').pop() ?? '';
    const api = await (await fetch(`${shop.baseUrl}/api/products/${slug}`)).json();
    await expect.poll(() => page.locator('h1').textContent()).toBe(api.product.name);
    const body = await page.locator('main').textContent();
    const price = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(api.product.price);
    expect(body?.replace(/\s/g, '')).toContain(price.replace(/\.00$/, '').replace(/\s/g, ''));
    expect(body).toContain(api.product.specifications[0].value);
    const image = page.locator('main img').first();
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.screenshot({ path: path.join(outputDir, 'product-1280.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lands on the home page from an unknown path, and sees "Product Not Found" for a missing product', async () => {
    const { page, context } = await shop.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/products/no-such-lace');
    await expect.poll(() => page.getByRole('heading', { name: 'Product Not Found' }).count()).toBe(1);
    await context.close();
  });
});
