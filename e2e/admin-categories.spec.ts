import { CATEGORY_MESSAGES } from '@shop/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, logIn } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { runId, settled } from './fixtures/catalogue-admin';

const shop = useBrowser();

/** The category names, in the order the screen lists them. */
const categoryOrder = (page: Page) => page.locator('main ol > li h3').allTextContents();

describe('an admin arranging the categories', () => {
  it('creates, renames, reorders and deletes a category and its subcategory; a non-empty one is refused', async () => {
    const id = runId();
    const name = `E2E Threads ${id}`;
    const renamed = `E2E Yarns ${id}`;
    const sub = `E2E Cotton ${id}`;
    const { page, context } = await shop.newPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/categories');

    await page.getByRole('button', { name: 'Add category' }).click();
    const newForm = page.getByRole('form', { name: 'New category' });
    await newForm.getByLabel('Name').fill(name);
    await newForm.getByLabel('Description').fill('Sewing threads');
    await newForm.getByRole('button', { name: 'Create category' }).click();
    await page.getByRole('heading', { level: 3, name }).waitFor();
    await settled(page);
    expect(await seriousViolations(page, 'categories screen')).toEqual([]);

    await page.getByRole('button', { name: `Add subcategory to ${name}` }).click();
    const subForm = page.getByRole('form', { name: `New subcategory in ${name}` });
    await subForm.getByLabel('Name').fill(sub);
    await subForm.getByRole('button', { name: 'Create subcategory' }).click();
    await page.getByRole('button', { name: `Edit ${sub}` }).waitFor();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const editForm = page.getByRole('form', { name: `Edit ${name}` });
    await editForm.getByLabel('Name').fill(renamed);
    await editForm.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 3, name: renamed }).waitFor();

    // A new category comes last; Move up puts it before the one above, Move down back.
    const before = await categoryOrder(page);
    const index = before.indexOf(renamed);
    expect(index).toBe(before.length - 1);
    await page.getByRole('button', { name: `Move ${renamed} up` }).click();
    await expect.poll(async () => (await categoryOrder(page)).indexOf(renamed)).toBe(index - 1);
    await page.reload();
    await page.getByRole('heading', { level: 3, name: renamed }).waitFor();
    expect((await categoryOrder(page)).indexOf(renamed)).toBe(index - 1);
    await page.getByRole('button', { name: `Move ${renamed} down` }).click();
    await expect.poll(async () => categoryOrder(page)).toEqual(before);

    // Still holding a subcategory: refused, with the server's reason.
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('dialog', { name: 'Delete this category?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Error: ${CATEGORY_MESSAGES.categoryHasSubcategories}`).waitFor();
    expect(await page.getByRole('heading', { level: 3, name: renamed }).count()).toBe(1);

    await page.getByRole('button', { name: `Delete ${sub}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this subcategory?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('button', { name: `Delete ${sub}` }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('dialog', { name: 'Delete this category?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { level: 3, name: renamed }).waitFor({ state: 'detached' });
    await context.close();
  });
});
