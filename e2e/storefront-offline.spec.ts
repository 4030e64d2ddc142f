import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';
import { withoutPageData } from './fixtures/page-data';
import { catalogueShown, savedDataWarning, SAVED_DATA_WARNING as WARNING } from './fixtures/saved-catalogue';

const shop = useBrowser();

type ApiProduct = { id: string; slug: string; name: string };

const api = async (url: string) => (await fetch(`${shop.baseUrl}${url}`)).json();

/**
 * The shop's server is down: every API request fails to connect; pages and images still load
 * (as from a cache: without the answers the server embeds in them).
 * Returns the paths refused, to know when the shop's retries are over.
 */
async function shopGoesDown(context: BrowserContext): Promise<string[]> {
  await withoutPageData(context);
  const refused: string[] = [];
  await context.route('**/api/**', (route) => {
    refused.push(new URL(route.request().url()).pathname);
    return route.abort('connectionrefused');
  });
  return refused;
}

describe('a visitor whose shop cannot be reached', () => {
  it('sees the catalogue this browser loaded before, with a warning, and nothing it did not load', async () => {
    const { categories } = await api('/api/categories');
    const category = categories[0];
    const inCategory = await api(`/api/products/category/${category.id}?pageSize=24`);
    const product = inCategory.products[0] as ApiProduct;
    const related = await api(`/api/products/${product.id}/related`);
    expect(related.products.length).toBeGreaterThan(0);

    const { page, context } = await shop.newPage();
    const pages = [
      { path: '/', lists: ['Hot buy products', 'Featured products'] },
      { path: `/categories/${category.id}`, lists: [`${category.name} products`] },
      { path: `/products/${product.slug}`, lists: ['Related products'] },
      { path: '/shop', lists: ['Products'] },
    ];
    // Waits for every list the page loads, the shop's category sidebar included.
    const loaded = async (path: string, lists: string[]) => {
      for (const list of lists) await page.getByRole('list', { name: list, exact: true }).waitFor();
      if (path === '/shop')
        await page
          .getByRole('main')
          .getByRole('complementary')
          .getByRole('link', { name: category.name, exact: true })
          .waitFor();
    };
    const seen = new Map<string, string[]>();
    for (const { path, lists } of pages) {
      await page.goto(path);
      await loaded(path, lists);
      seen.set(path, await catalogueShown(page));
      expect(await savedDataWarning(page).count()).toBe(0);
    }

    const refused = await shopGoesDown(context);
    for (const { path, lists } of pages) {
      refused.length = 0;
      await page.goto(path);
      await savedDataWarning(page).waitFor();
      await loaded(path, lists);
      await expect.poll(() => catalogueShown(page), { message: path }).toEqual(seen.get(path));
      // One warning for the page, however many of its lists are saved.
      expect(await page.getByText(WARNING).count()).toBe(1);
    }

    // The shop is back: the next answer (one category's products) makes the sidebar's saved
    // categories ask again too, and the warning goes without a reload.
    // Only once the sidebar has given up asking (the first try and its one retry).
    await expect.poll(() => refused.filter((path) => path === '/api/categories').length, { timeout: 5_000 }).toBe(2);
    await context.unroute('**/api/**');
    await page
      .getByRole('main')
      .getByRole('complementary')
      .getByRole('link', { name: category.name, exact: true })
      .click();
    await page.waitForURL((url) => url.searchParams.get('category') === category.id);
    await expect.poll(() => savedDataWarning(page).count()).toBe(0);
    const { products: categoryFirstPage } = await api(`/api/products?categoryId=${category.id}&pageSize=24`);
    const grid = page.getByRole('list', { name: 'Products', exact: true }).locator(':scope > li');
    await expect.poll(() => grid.first().getByRole('link').textContent()).toBe(categoryFirstPage[0].name);
    await context.close();
  });

  it('with nothing saved, sees the error and Retry, and the products once the shop is back', async () => {
    const { page, context } = await shop.newPage();
    await shopGoesDown(context);
    await page.goto('/shop');
    const products = page.getByRole('region', { name: 'Products' });
    await products.getByRole('alert').waitFor();
    expect(await products.getByRole('alert').textContent()).toBe('Failed to fetch productsNetwork error');
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await savedDataWarning(page).count()).toBe(0);

    await context.unroute('**/api/**');
    const { products: firstPage } = await api('/api/products?pageSize=24');
    await products.getByRole('button', { name: 'Retry' }).click();
    const grid = page.getByRole('list', { name: 'Products', exact: true }).locator(':scope > li');
    await expect.poll(() => grid.count()).toBe(firstPage.length);
    expect(await grid.first().getByRole('link').textContent()).toBe(firstPage[0].name);
    expect(await savedDataWarning(page).count()).toBe(0);
    await context.close();
  });
});
