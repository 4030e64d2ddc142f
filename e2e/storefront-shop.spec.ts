import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { outputDir, useBrowser } from './fixtures/browser';

const shop = useBrowser();

type ApiPage = { products: { name: string; price: number }[]; total: number; pageSize: number };
const api = async (query: string): Promise<ApiPage> =>
  (await fetch(`${shop.baseUrl}/api/products?pageSize=24&${query}`)).json();

const params = (page: Page) => new URL(page.url()).searchParams;
const totalText = (page: Page) => page.getByTestId('shop-total').textContent();
const firstCardName = (page: Page) =>
  page.getByRole('list', { name: 'Products' }).locator(':scope > li').first().getByRole('link').textContent();

describe('a visitor filtering the shop', () => {
  it('sorts, sets a price range and in-stock, pages on, and Back undoes each step', async () => {
    const { page, context, errors } = await shop.newPage();
    await page.goto('/shop');
    const all = await api('');
    await expect.poll(() => totalText(page)).toBe(`${all.total} products`);

    await page.getByLabel('Sort by').selectOption('price_asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    const cheapest = await api('sort=price_asc');
    await expect.poll(() => firstCardName(page)).toBe(cheapest.products[0]?.name);

    await page.getByLabel('Min price (₦)').fill('1000');
    await page.getByLabel('Max price (₦)').fill('5000');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('maxPrice') === '5000');
    const ranged = await api('sort=price_asc&minPrice=1000&maxPrice=5000');
    expect(ranged.total).toBeLessThan(all.total);
    await expect.poll(() => totalText(page)).toBe(`${ranged.total} products`);

    await page.getByRole('checkbox', { name: 'In stock only' }).check();
    await page.waitForURL((url) => url.searchParams.get('inStock') === 'true');
    const inStock = await api('sort=price_asc&minPrice=1000&maxPrice=5000&inStock=true');
    await expect.poll(() => totalText(page)).toBe(`${inStock.total} products`);

    // The whole state survives a reload (a shared link).
    await page.reload();
    await expect.poll(() => totalText(page)).toBe(`${inStock.total} products`);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_asc');
    expect(await page.getByLabel('Min price (₦)').inputValue()).toBe('1000');
    expect(await page.getByRole('checkbox', { name: 'In stock only' }).isChecked()).toBe(true);

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('inStock') === null);
    await expect.poll(() => totalText(page)).toBe(`${ranged.total} products`);
    expect(await page.getByRole('checkbox', { name: 'In stock only' }).isChecked()).toBe(false);
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('minPrice') === null);
    await expect.poll(() => page.getByLabel('Min price (₦)').inputValue()).toBe('');
    expect(params(page).get('sort')).toBe('price_asc');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes to the next page and back with the page in the URL', async () => {
    const { page, context } = await shop.newPage();
    await page.goto('/shop?sort=name');
    const byName = await api('sort=name');
    const second = await api('sort=name&page=2');
    await expect.poll(() => firstCardName(page)).toBe(byName.products[0]?.name);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    expect(params(page).get('sort')).toBe('name');
    await expect.poll(() => firstCardName(page)).toBe(second.products[0]?.name);
    await page.goBack();
    await expect.poll(() => firstCardName(page)).toBe(byName.products[0]?.name);
    await context.close();
  });

  it('opens a category in the sidebar and narrows the list to one of its subcategories', async () => {
    const { page, context } = await shop.newPage();
    const { categories } = await (await fetch(`${shop.baseUrl}/api/categories`)).json();
    const category = categories.find((c: { subcategories: unknown[] }) => c.subcategories.length > 0);
    const subcategory = category.subcategories[0];
    await page.goto('/shop');
    const sidebar = page.getByRole('complementary');
    const toggle = sidebar.getByRole('button', { name: `Show ${category.name} subcategories` });
    await toggle.click();
    expect(
      await sidebar.getByRole('button', { name: `Hide ${category.name} subcategories` }).getAttribute('aria-expanded'),
    ).toBe('true');
    await sidebar.getByRole('link', { name: subcategory.name, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('subcategory') === subcategory.id);
    const expected = await api(`subcategoryId=${subcategory.id}`);
    await expect.poll(() => totalText(page)).toBe(`${expected.total} ${expected.total === 1 ? 'product' : 'products'}`);
    expect(await sidebar.getByRole('link', { name: subcategory.name, exact: true }).getAttribute('aria-current')).toBe(
      'true',
    );

    await sidebar.getByRole('link', { name: category.name, exact: true }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('category') === category.id && !url.searchParams.get('subcategory'),
    );
    const inCategory = await api(`categoryId=${category.id}`);
    await expect.poll(() => totalText(page)).toBe(`${inCategory.total} products`);
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('subcategory') === subcategory.id);
    await context.close();
  });
  it("draws a card's cart icon with CSS from the sm breakpoint, and none on a phone", async () => {
    const iconOf = (page: Page) =>
      page
        .getByRole('list', { name: 'Products' })
        .locator(':scope > li')
        .first()
        .getByRole('button', { name: /^Add to Cart / })
        .evaluate((button) => {
          const before = getComputedStyle(button, '::before');
          return {
            content: before.content,
            mask: before.maskImage,
            width: before.width,
            svgs: button.querySelectorAll('svg').length,
          };
        });
    const wide = await shop.newPage({ width: 1280, height: 800 });
    await wide.page.goto('/shop');
    const onWide = await iconOf(wide.page);
    expect(onWide).toMatchObject({ content: '""', width: '16px', svgs: 0 });
    expect(onWide.mask).toContain('data:image/svg+xml');
    await wide.context.close();

    const phone = await shop.newPage({ width: 375, height: 800 });
    await phone.page.goto('/shop');
    expect(await iconOf(phone.page)).toMatchObject({ content: 'none', mask: 'none', svgs: 0 });
    await phone.context.close();
  });

  it('on a phone, puts products in the first screen, with categories and filters in a panel that opens on demand, and nothing jumps', async () => {
    const { page, context, errors } = await shop.newPage({ width: 375, height: 800 });
    await page.addInitScript(() => {
      const scope = window as unknown as { layoutShift: number };
      scope.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) scope.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The categories answer well after the products, as on a slow connection.
    await context.route('**/api/categories', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto('/shop');
    const firstCard = page.getByRole('list', { name: 'Products' }).locator(':scope > li').first();
    await firstCard.waitFor();
    // The first card starts within the first screen; the categories and the filters wait folded.
    expect((await firstCard.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(800);
    expect(await page.getByRole('complementary').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /sort/i }).count()).toBe(0);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.01);

    const toggle = page.getByRole('button', { name: 'Categories and filters' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('link', { name: 'All Products' }).waitFor();
    expect(await page.getByRole('combobox', { name: /sort/i }).count()).toBe(1);
    const { categories } = await (await fetch(`${shop.baseUrl}/api/categories`)).json();
    const category = categories[0];
    await sidebar.getByRole('link', { name: category.name, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === category.id);
    const inCategory = await api(`categoryId=${category.id}`);
    await expect.poll(() => totalText(page)).toBe(`${inCategory.total} products`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: path.join(outputDir, 'shop-375-panel-open.png') });
    await toggle.click();
    expect(await page.getByRole('complementary').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
  for (const width of [375, 768]) {
    it(`fits filters and cards in ${width} px without sideways scrolling`, async () => {
      const { page, context } = await shop.newPage({ width, height: 900 });
      await page.goto('/shop?inStock=true');
      await page.getByRole('list', { name: 'Products' }).locator(':scope > li').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(outputDir, `shop-${width}.png`), fullPage: false });
      await page.getByRole('list', { name: 'Products' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(outputDir, `shop-cards-${width}.png`) });
      await context.close();
    });
  }
});
