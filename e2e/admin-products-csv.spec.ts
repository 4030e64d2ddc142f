import { readFile } from 'node:fs/promises';
import { CSV_MESSAGES, PRODUCT_CSV_COLUMNS } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN, logIn } from './fixtures/accounts';
import { useBrowser } from './fixtures/browser';
import { adminCall, aPicture, createCategoryWithSubcategory, runId } from './fixtures/catalogue-admin';

const shop = useBrowser();

describe('an admin moving the catalogue in and out as CSV', () => {
  it('exports the catalogue as a CSV file with the shared columns', async () => {
    const { page, context } = await shop.newPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/products');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile((await download.path()) as string, 'utf8');
    const header = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0];
    expect(header).toBe(PRODUCT_CSV_COLUMNS.join(','));
    expect(text.split(/\r?\n/).filter(Boolean).length).toBeGreaterThan(1);
    await context.close();
  });

  it('previews an import with a bad row by line and column, offers no Import, then imports the fixed file', async () => {
    const id = runId();
    const { page, context } = await shop.newPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    const { category, subcategory } = await createCategoryWithSubcategory(page, `CSV ${id}`);
    const names = [`Imported Braid ${id}`, `Imported Cord ${id}`];
    // The braid sold by the yard (steps of 0.5 from 1 yard, ₦1,050 a yard from 10), the cord by the piece.
    const csv = (secondPrice: string) =>
      [
        PRODUCT_CSV_COLUMNS.join(','),
        `,${names[0]},,"Gold braid, 1 cm",1200,9.5,yard,0.5,1,,,10=1050,${category.slug},${subcategory.slug},false,true,Width: 1 cm,braid.png`,
        `,${names[1]},,Silk cord,${secondPrice},4,piece,,,,,,${category.slug},${subcategory.slug},false,false,,braid.png`,
      ].join('\n');
    const csvFile = (content: string) => ({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });

    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV file', { exact: true }).setInputFiles(csvFile(csv('lots')));
    await page
      .getByLabel('Image files (optional)')
      .setInputFiles([await aPicture('braid.png', { r: 200, g: 160, b: 40 }, 'png')]);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText(/^Line 3, price: /).waitFor();
    expect(await page.getByRole('button', { name: /^Import \d+ rows$/ }).count()).toBe(0);

    await page.getByLabel('CSV file', { exact: true }).setInputFiles(csvFile(csv('850.50')));
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.getByText(CSV_MESSAGES.imported(2, 0)).waitFor();

    await page.getByLabel('Search products').fill(`Imported`);
    for (const name of names) await page.getByRole('row').filter({ hasText: name }).waitFor();
    const visitor = await shop.newPage();
    await visitor.page.goto(`/categories/${category.id}`);
    for (const name of names) await visitor.page.getByRole('link', { name, exact: true }).first().waitFor();

    const list = await (await page.request.get(`/api/products/admin?search=${encodeURIComponent(id)}`)).json();
    const braid = (list.products as { name: string }[]).find((product) => product.name === names[0]);
    expect(braid).toMatchObject({
      unit: 'yard',
      step: 0.5,
      minQuantity: 1,
      stock: 9.5,
      priceBreaks: [{ minQuantity: 10, price: 1050 }],
    });
    // Leave the shared shop as it was.
    for (const product of list.products as { id: string }[])
      await adminCall(page, 'DELETE', `/api/products/${product.id}`);
    await adminCall(page, 'DELETE', `/api/subcategories/${subcategory.id}`);
    await adminCall(page, 'DELETE', `/api/categories/${category.id}`);
    await visitor.context.close();
    await context.close();
  });
});
