import { describe, expect, it } from 'vitest';
import { createCustomer, logIn, PASSWORD, trackProblems } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { logInAsAdmin } from './fixtures/orders';

const shop = useBrowser();

describe('the admin’s Manage Users tab', () => {
  it('finds a customer by email, disables them (their open session ends at once) and activates them again', async () => {
    const customer = await createCustomer({ firstName: 'Chioma', lastName: 'Eze' });
    // The customer, logged in in their own browser.
    const shopper = await shop.newPage();
    await logIn(shopper.page, customer.email, PASSWORD);
    await shopper.page.goto('/orders');
    await shopper.page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();

    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors);
    await logInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Users' }).click();
    await page.getByRole('heading', { name: 'Manage Users' }).waitFor();
    expect(await seriousViolations(page, '/admin/users')).toEqual([]);

    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(customer.email);
    await page.getByRole('searchbox', { name: 'Search by name or email' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === customer.email);
    const row = page.getByTestId('user-row').filter({ hasText: customer.email });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);

    await row.getByRole('button', { name: 'Disable Chioma Eze' }).click();
    await page.getByText('User updated successfully').first().waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();

    // The status filter finds them among the disabled accounts, and keeps the search.
    await page.getByLabel('Status').selectOption('false');
    await page.waitForURL((url) => url.searchParams.get('active') === 'false');
    await row.waitFor();

    // Their session ended: the next page they open sends them to log in.
    await shopper.page.goto('/orders');
    await shopper.page.waitForURL((url) => url.pathname === '/login');
    await shopper.context.close();

    await row.getByRole('button', { name: 'Activate Chioma Eze' }).click();
    await page.getByTestId('user-row').first().waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption('true');
    await page
      .getByTestId('user-row')
      .filter({ hasText: customer.email })
      .getByText('Active', { exact: true })
      .waitFor();

    expect(problems()).toEqual([]);
    await context.close();
  });

  it('deletes a customer after confirming, and shows the server’s refusal to demote the last admin', async () => {
    const customer = await createCustomer({ firstName: 'Bola', lastName: 'Ade' });
    const { page, context, errors } = await shop.newPage({ width: 375, height: 800 });
    const problems = trackProblems(page, errors);
    await logInAsAdmin(page);
    await page.goto(`/admin/users?search=${encodeURIComponent(customer.email)}`);
    const row = page.getByTestId('user-row').filter({ hasText: customer.email });
    await row.getByRole('button', { name: 'Delete Bola Ade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Bola Ade?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('User deleted successfully').first().waitFor();
    await page.getByText('No users match these filters.').waitFor();

    // Other specs may have made admins of their own: the refusal comes only when this is the last one.
    await page.goto('/admin/users?role=ADMIN&active=true');
    const admins = page.getByTestId('user-row');
    await admins.first().waitFor();
    if ((await admins.count()) === 1) {
      await admins
        .first()
        .getByRole('button', { name: /^Make customer: / })
        .click();
      await page.getByRole('alert').filter({ hasText: 'Error: There must be at least one active admin' }).waitFor();
      await admins
        .first()
        .getByRole('button', { name: /^Make customer: / })
        .waitFor();
    }
    // The table scrolls in its own box on a phone; the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The refusal is a 409 the page expects (and the browser logs).
    expect(
      problems().filter((line) => !line.startsWith('409 /api/users/') && !line.startsWith('Failed to load resource')),
    ).toEqual([]);
    await context.close();
  });

  it('works by keyboard alone: search, disable, and the delete confirmation opened and closed with Escape', async () => {
    const customer = await createCustomer({ firstName: 'Emeka', lastName: 'Obi' });
    const { page, context } = await shop.newPage();
    await logInAsAdmin(page);
    await page.goto('/admin/users');
    // From the tabs: Tab reaches Manage Users' search box.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Users' }).focus();
    const focusedName = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return element?.getAttribute('aria-label') ?? element?.textContent ?? '';
      });
    const tabTo = async (name: string) => {
      for (let presses = 0; presses < 40; presses++) {
        if ((await focusedName()) === name) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${name}`);
    };
    const search = page.getByRole('searchbox', { name: 'Search by name or email' });
    for (let presses = 0; presses < 10 && !(await search.evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type(customer.email);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);

    await tabTo('Disable Emeka Obi');
    await page.keyboard.press('Enter');
    await page.getByTestId('user-row').getByText('Disabled', { exact: true }).waitFor();
    // The button stays focused, now offering the opposite.
    expect(await focusedName()).toBe('Activate Emeka Obi');

    await tabTo('Delete Emeka Obi');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete Emeka Obi?' });
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedName()).toBe('Delete Emeka Obi');
    await page.getByTestId('user-row').filter({ hasText: customer.email }).waitFor();
    await context.close();
  });
});
