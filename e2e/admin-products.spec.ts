import { PRODUCT_WRITE_MESSAGES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN, createCustomer, logIn } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { adminCall, aPicture, createCategoryWithSubcategory, runId, settled } from './fixtures/catalogue-admin';

const shop = useBrowser();

describe('an admin running the catalogue', () => {
  it('creates a product with two images, finds it in the shop, edits it, deletes it, and sees it gone', async () => {
    const id = runId();
    const name = `Zircon Lace ${id}`;
    const { page, context } = await shop.newPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    const { category, subcategory } = await createCategoryWithSubcategory(page, `E2E ${id}`);

    // Create, with the form's messages first.
    await page.goto('/admin/products');
    await page.getByRole('link', { name: 'Add product' }).click();
    await page.waitForURL('**/admin/products/new');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText('Product name is required').waitFor();
    await page.getByText('At least one image is required').waitFor();
    await settled(page);
    expect(await seriousViolations(page, 'product form')).toEqual([]);

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Price (₦)').fill('2500');
    await page.getByLabel('Stock').fill('7');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
    await page.getByLabel('Subcategory').selectOption({ label: subcategory.name });
    await page.getByLabel('Description').fill('A lace with zircon stones, for an e2e run.');
    await page.getByRole('button', { name: 'Add specification' }).click();
    await page.getByLabel('Specification 1 name').fill('Width');
    await page.getByLabel('Specification 1 value').fill('5 cm');
    await page
      .getByLabel('Choose images')
      .setInputFiles([
        await aPicture('front.png', { r: 120, g: 20, b: 60 }, 'png'),
        await aPicture('back.jpg', { r: 20, g: 120, b: 60 }, 'jpeg'),
      ]);
    await page.getByRole('img', { name: 'Preview 2: back.jpg' }).waitFor();
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText(PRODUCT_WRITE_MESSAGES.created).waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/products');

    // The table finds it by name; its Edit link gives its id.
    await page.getByLabel('Search products').fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await settled(page);
    expect(await seriousViolations(page, 'products table')).toEqual([]);
    const editHref = await row.getByRole('link', { name: `Edit ${name}` }).getAttribute('href');
    const productId = editHref?.split('/')[2] ?? '';
    expect(editHref).toBe(`/products/${productId}/edit`);

    // The storefront shows it at once: the shop (newest first), its category, search, its page.
    const { page: visitor, context: visitorContext } = await shop.newPage();
    await visitor.goto('/shop');
    await visitor.getByRole('link', { name, exact: true }).first().waitFor();
    await visitor.goto(`/categories/${category.id}`);
    await visitor.getByRole('link', { name, exact: true }).first().waitFor();
    await visitor.goto(`/search?q=${encodeURIComponent(name)}`);
    await visitor.getByRole('link', { name, exact: true }).first().waitFor();
    await visitor.goto(`/products/${productId}`);
    await visitor.getByRole('heading', { level: 1, name }).waitFor();
    await visitor.getByRole('img', { name: `${name}, image 1 of 2` }).waitFor();
    await visitor.getByRole('button', { name: 'Show image 2 of 2' }).click();
    await visitor.getByRole('img', { name: `${name}, image 2 of 2` }).waitFor();
    expect(await visitor.getByText('₦2,500').first().isVisible()).toBe(true);

    // Edit: a new price, and the second image removed.
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await page.waitForURL(`**/products/${productId}/edit`);
    await page.getByLabel('Price (₦)').fill('3100');
    await page.getByRole('button', { name: 'Remove image 2' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(PRODUCT_WRITE_MESSAGES.updated).waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/products');

    await visitor.goto(`/products/${productId}`);
    await visitor.getByRole('heading', { level: 1, name }).waitFor();
    await visitor.getByText('₦3,100').first().waitFor();
    expect(await visitor.getByRole('button', { name: /Show image/ }).count()).toBe(0);
    expect(await visitor.getByRole('img', { name, exact: true }).count()).toBe(1);

    // Delete, after the confirmation.
    await page.getByLabel('Search products').fill(name);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this product?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(PRODUCT_WRITE_MESSAGES.deleted).waitFor();
    await page.getByRole('row').filter({ hasText: name }).waitFor({ state: 'detached' });

    await visitor.goto(`/products/${productId}`);
    await visitor.getByRole('heading', { level: 1, name: 'Product Not Found' }).waitFor();
    await visitor.goto(`/search?q=${encodeURIComponent(name)}`);
    await visitor.getByText('No products found matching your search.').waitFor();

    await adminCall(page, 'DELETE', `/api/subcategories/${subcategory.id}`);
    await adminCall(page, 'DELETE', `/api/categories/${category.id}`);
    await visitorContext.close();
    await context.close();
  });

  it('fits a 375 px phone: the table scrolls inside its own box, the form needs no sideways scroll', async () => {
    const { page, context } = await shop.newPage({ width: 375, height: 740 });
    await logIn(page, ADMIN.email, ADMIN.password);
    const pageOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto('/admin/products');
    const table = page.getByRole('table', { name: /Products/ });
    await table.waitFor();
    expect(await pageOverflow()).toBeLessThanOrEqual(0);
    const box = table.locator('xpath=..');
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX)).toBe('auto');
    await page.goto('/admin/products/new');
    await page.getByRole('form', { name: 'New product' }).waitFor();
    expect(await pageOverflow()).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('passes axe in dark mode too: the products table, the form with its errors and images, the categories', async () => {
    const { page, context } = await shop.newPage();
    await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/products?stock=low');
    await page.getByRole('table', { name: /Products/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await settled(page);
    expect(await seriousViolations(page, 'products table (dark)')).toEqual([]);
    await page.goto('/admin/products/new');
    await page.getByRole('button', { name: 'Add specification' }).click();
    await page.getByLabel('Choose images').setInputFiles([await aPicture('a.png', { r: 90, g: 10, b: 40 }, 'png')]);
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText('Product name is required').waitFor();
    await settled(page);
    expect(await seriousViolations(page, 'product form (dark)')).toEqual([]);
    await page.goto('/admin/categories');
    await page.getByRole('heading', { level: 3 }).first().waitFor();
    await settled(page);
    expect(await seriousViolations(page, 'categories (dark)')).toEqual([]);
    await context.close();
  });

  it('sends a customer who opens a product’s edit page to /dashboard', async () => {
    const customer = await createCustomer();
    const products = await (await fetch(`${shop.baseUrl}/api/products?pageSize=1`)).json();
    const productId = products.products[0].id as string;
    const { page, context } = await shop.newPage();
    await logIn(page, customer.email, customer.password);
    await page.goto(`/products/${productId}/edit`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(await page.getByRole('form', { name: 'Edit product' }).count()).toBe(0);
    await context.close();
  });
});
