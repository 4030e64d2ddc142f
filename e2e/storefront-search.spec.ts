import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';

const shop = useBrowser();

async function apiSearch(query: string): Promise<{ total: number; products: { name: string }[] }> {
  return (await fetch(`${shop.baseUrl}/api/products/search?query=${encodeURIComponent(query)}`)).json();
}

describe('a visitor searching from the header', () => {
  it('sees live results once typing stops, with one request for the whole word', async () => {
    const { page, context, errors } = await shop.newPage();
    const queries: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/products/search') queries.push(url.searchParams.get('query') ?? '');
    });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Search' }).click();
    const input = page.getByRole('searchbox', { name: 'Search products' });
    await input.pressSequentially('lace', { delay: 60 });
    const suggestions = page.getByRole('list', { name: 'Search suggestions' });
    await suggestions.waitFor();
    const expected = await apiSearch('lace');
    expect(expected.total).toBeGreaterThan(0);
    expect(await suggestions.getByRole('link').first().textContent()).toContain(expected.products[0]?.name);
    expect(queries).toEqual(['lace']);
    expect(await page.locator('#header-search-status').textContent()).toBe(
      `${expected.total} ${expected.total === 1 ? 'product' : 'products'} found`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never lets a late answer to an older query replace the newer results', async () => {
    const { page, context } = await shop.newPage();
    await page.route('**/api/products/search?*', async (route) => {
      const query = new URL(route.request().url()).searchParams.get('query');
      if (query === 'lace') await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Search' }).click();
    const input = page.getByRole('searchbox', { name: 'Search products' });
    await input.fill('lace');
    await page.waitForTimeout(500); // the slow 'lace' request is on its way
    await input.fill('button');
    const buttons = await apiSearch('button');
    const first = page.getByRole('list', { name: 'Search suggestions' }).getByRole('link').first();
    await expect.poll(() => first.textContent()).toContain(buttons.products[0]?.name);
    await page.waitForTimeout(3000); // the 'lace' answer has arrived by now
    expect(await first.textContent()).toContain(buttons.products[0]?.name);
    expect(await page.locator('#header-search-status').textContent()).toContain(`${buttons.total} product`);
    await context.close();
  });

  it('does nothing for a blank query, and Escape closes the search and gives focus back', async () => {
    const { page, context } = await shop.newPage();
    let requests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/products/search') requests++;
    });
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Search' }).click();
    const input = page.getByRole('searchbox', { name: 'Search products' });
    await input.fill('    ');
    await input.press('Enter');
    await page.waitForTimeout(700);
    expect(requests).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/shop');
    expect(await page.getByRole('list', { name: 'Search suggestions' }).count()).toBe(0);
    await input.press('Escape');
    await expect.poll(() => input.count()).toBe(0);
    expect(
      await page.getByRole('button', { name: 'Search' }).evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await context.close();
  });

  it('goes to the results page with View All Results and sees the count', async () => {
    const { page, context, errors } = await shop.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('ribbon');
    await page.getByRole('button', { name: 'View All Results' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'ribbon');
    const expected = await apiSearch('ribbon');
    await page.getByRole('heading', { name: 'Search Results for "ribbon"' }).waitFor();
    await page.getByText(`${expected.total} products found`).waitFor();
    expect(await page.locator('main a[href^="/products/"]').count()).toBe(Math.min(expected.total, 24));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is told when nothing matches', async () => {
    const { page, context } = await shop.newPage();
    await page.goto('/search?q=qqxxzzvv');
    await page.getByRole('heading', { name: 'Search Results for "qqxxzzvv"' }).waitFor();
    await page.getByText('No products found matching your search.').waitFor();
    expect(await page.locator('main a[href^="/products/"]').count()).toBe(0);
    await context.close();
  });
});
