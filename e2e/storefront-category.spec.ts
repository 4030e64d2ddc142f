import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';

const shop = useBrowser();

describe('a visitor browsing a category', () => {
  it('narrows the grid with a subcategory toggle, and a second press shows the whole category again', async () => {
    const { categories } = await (await fetch(`${shop.baseUrl}/api/categories`)).json();
    const category = categories.find((c: { subcategories: unknown[] }) => c.subcategories.length > 1);
    const subcategory = category.subcategories[1];
    const all = await (await fetch(`${shop.baseUrl}/api/products/category/${category.id}?pageSize=24`)).json();
    const narrowed = await (
      await fetch(`${shop.baseUrl}/api/products?subcategoryId=${subcategory.id}&pageSize=24`)
    ).json();
    expect(narrowed.total).toBeLessThan(all.total);

    const { page, context, errors } = await shop.newPage();
    await page.goto(`/categories/${category.id}`);
    const grid = page.getByRole('list', { name: `${category.name} products` }).locator(':scope > li');
    await expect.poll(() => grid.count()).toBe(all.products.length);
    const toggle = page.getByRole('list', { name: 'Subcategories' }).getByRole('button', { name: subcategory.name });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');

    await toggle.click();
    await page.waitForURL((url) => url.searchParams.get('subcategory') === subcategory.id);
    // The address changes first, then the toggle and the grid draw again.
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    // Polled, each: the whole category may fill the grid as far as the narrowed list does, so
    // a count alone does not say the grid was drawn again.
    await expect.poll(() => grid.count()).toBe(narrowed.products.length);
    await expect.poll(() => grid.first().getByRole('link').textContent()).toBe(narrowed.products[0].name);
    // Every card that can be bought (at least its minimum left: half a yard under a one-yard
    // minimum cannot) still offers Add to Cart.
    await expect
      .poll(() => grid.getByRole('button', { name: /^Add to Cart/ }).count())
      .toBe(narrowed.products.filter((p: { stock: number; minQuantity: number }) => p.stock >= p.minQuantity).length);

    await toggle.click();
    await page.waitForURL((url) => !url.searchParams.get('subcategory'));
    await expect.poll(() => grid.count()).toBe(all.products.length);
    expect(errors).toEqual([]);
    await context.close();
  });
});
