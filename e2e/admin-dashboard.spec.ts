import { describe, expect, it } from 'vitest';
import { createCustomer, PASSWORD, trackProblems } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { productsToBuy } from './fixtures/checkout';
import { apiToken, logInAsAdmin, payOrderByApi, placeOrderByApi } from './fixtures/orders';

const shop = useBrowser();

/** "₦72,500.50" → 72500.5 */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describe('the admin’s dashboard', () => {
  it('counts the revenue of the orders paid during the test, in light and dark mode', async () => {
    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors);
    await logInAsAdmin(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const revenue = page.getByTestId('dashboard-revenue');
    const paidOrders = page.getByTestId('dashboard-paid-orders');
    const revenueBefore = amountOf(await revenue.textContent());
    const paidBefore = Number(await paidOrders.textContent());

    const customer = await createCustomer({ firstName: 'Kemi' });
    const token = await apiToken(customer.email, PASSWORD);
    const first = await placeOrderByApi({ ...customer, token }, await productsToBuy(2));
    const second = await placeOrderByApi({ ...customer, token }, await productsToBuy(1), 'card', 3);
    await payOrderByApi(token, first.id);
    await payOrderByApi(token, second.id);
    // An unpaid order is not revenue.
    await placeOrderByApi({ ...customer, token }, await productsToBuy(1), 'bankTransfer');

    await page.reload();
    await revenue.waitFor();
    expect(Math.round((amountOf(await revenue.textContent()) - revenueBefore) * 100)).toBe(
      Math.round((first.totalAmount + second.totalAmount) * 100),
    );
    expect(Number(await paidOrders.textContent()) - paidBefore).toBe(2);
    // The chart is drawn, and its figures are in a table too.
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByText('Revenue by day as a table').click();
    expect(await page.getByRole('table', { name: 'Revenue by day' }).getByRole('row').count()).toBe(31);
    expect(await seriousViolations(page, '/admin (dashboard)')).toEqual([]);

    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.reload();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await seriousViolations(page, '/admin (dashboard, dark)')).toEqual([]);

    // Each low-stock product links to its edit page.
    const edit = page.getByRole('link', { name: /^Edit / }).first();
    if (await edit.count()) expect(await edit.getAttribute('href')).toMatch(/^\/products\/[^/]+\/edit$/);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
