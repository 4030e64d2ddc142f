import { ORDER_ADMIN_MESSAGES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createCustomer, logIn, PASSWORD, trackProblems } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { naira, productsToBuy, squash, stockOf } from './fixtures/checkout';
import { waitForMessage } from './fixtures/mailbox';
import { adminOrder, apiToken, logInAsAdmin, payOrderByApi, placeOrderByApi } from './fixtures/orders';

const shop = useBrowser();

/** A new customer with a session token, for placing orders through the API. */
async function customerWithToken(firstName: string) {
  const customer = await createCustomer({ firstName, lastName: 'Okafor' });
  return { ...customer, token: await apiToken(customer.email, PASSWORD) };
}

describe('the admin’s Manage Orders tab', () => {
  it('finds a customer’s order, ships and delivers it: the customer sees each badge and gets an email for each', async () => {
    const customer = await customerWithToken('Ngozi');
    const products = await productsToBuy(1);
    const order = await placeOrderByApi(customer, products);
    await payOrderByApi(customer.token, order.id);

    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors);
    await logInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Orders' }).click();
    await page.getByRole('heading', { name: 'Manage Orders' }).waitFor();
    await page.getByTestId('order-row').first().waitFor();
    expect(await seriousViolations(page, '/admin/orders')).toEqual([]);

    // Found by the customer's email, then opened from the list.
    const search = page.getByRole('searchbox', { name: 'Search by order number or customer' });
    await search.fill(customer.email);
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(1);
    const row = page.getByTestId('order-row').filter({ hasText: order.orderNumber });
    expect(squash(await row.textContent())).toContain(squash(naira(order.totalAmount)));
    await row.getByRole('link', { name: order.orderNumber }).click();
    await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();
    await page.getByTestId('order-status').getByText('PROCESSING').waitFor();
    expect(await seriousViolations(page, '/admin/orders/:id')).toEqual([]);

    const shopper = await shop.newPage();
    await logIn(shopper.page, customer.email, PASSWORD);

    for (const [status, words] of [
      ['SHIPPED', 'on its way'],
      ['DELIVERED', 'delivered'],
    ] as const) {
      await page.getByLabel('Status', { exact: true }).selectOption(status);
      await page.getByLabel('Note (optional, staff only)').fill(`Set to ${status} by the e2e journey`);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('order-status').getByText(status).waitFor();
      await page.getByTestId('order-history').getByText(`Set to ${status} by the e2e journey`).waitFor();

      await waitForMessage(customer.email, (mail) => mail.subject === `Order ${order.orderNumber} is ${words}`);
      await shopper.page.goto(`/orders/${order.id}`);
      await shopper.page.getByTestId('order-status').getByText(status).waitFor();
    }
    await shopper.context.close();
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('keeps the staff note of a status change from the customer', async () => {
    const customer = await customerWithToken('Uche');
    const order = await placeOrderByApi(customer, await productsToBuy(1));
    await payOrderByApi(customer.token, order.id);

    const { page, context } = await shop.newPage();
    await logInAsAdmin(page);
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByLabel('Status', { exact: true }).selectOption('SHIPPED');
    await page.getByLabel('Note (optional, staff only)').fill('Courier asked for a tip');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('order-history').getByText('Courier asked for a tip').waitFor();
    await context.close();

    const seen = await fetch(`${shop.baseUrl}/api/orders/${order.id}`, {
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    const history = ((await seen.json()).order.history ?? []) as { to: string | null; note: string | null }[];
    expect(history.some((entry) => entry.to === 'SHIPPED')).toBe(true);
    expect(JSON.stringify(history)).not.toContain('Courier asked for a tip');
  });

  it('cancels a paid card order after confirming the refund: the stock comes back once and the refund is in the history', async () => {
    const customer = await customerWithToken('Tunde');
    const [product] = await productsToBuy(1);
    if (!product) throw new Error('no product to buy');
    const before = await stockOf(product.id);
    const order = await placeOrderByApi(customer, [product], 'card', 2);
    await payOrderByApi(customer.token, order.id);
    expect(await stockOf(product.id)).toBe(before - 2);

    const { page, context, errors } = await shop.newPage({ width: 375, height: 800 });
    const problems = trackProblems(page, errors);
    await logInAsAdmin(page);
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('CANCELLED');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this paid order?' });
    expect(squash(await dialog.textContent())).toContain(
      squash(`This refunds ${naira(order.totalAmount)} to the customer's card.`),
    );
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await page.getByTestId('order-status').getByText('CANCELLED').waitFor();
    await page.locator('[data-field="Status"]').getByText('Refunded').waitFor();
    await page
      .getByTestId('order-history')
      .getByText(/Refunded/)
      .first()
      .waitFor();
    expect(await stockOf(product.id)).toBe(before);

    // Cancelled again after another status, the stock is not returned twice.
    for (const status of ['PENDING', 'CANCELLED'] as const) {
      await page.getByLabel('Status', { exact: true }).selectOption(status);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('order-status').getByText(status).waitFor();
    }
    expect(await stockOf(product.id)).toBe(before);

    const recorded = await adminOrder(order.id);
    expect(recorded.paymentStatus).toBe('REFUNDED');
    expect(recorded.history.some((entry) => entry.note?.includes('Refunded'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('confirms a bank transfer: a short amount is refused, the full one marks the order paid and emails the customer', async () => {
    const customer = await customerWithToken('Halima');
    const products = await productsToBuy(1);
    const order = await placeOrderByApi(customer, products, 'bankTransfer');

    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors);
    await logInAsAdmin(page);
    await page.goto(`/admin/orders?search=${order.orderNumber}`);
    await page.getByTestId('order-row').filter({ hasText: order.orderNumber }).getByRole('link').click();
    await page.getByRole('heading', { name: 'Confirm bank transfer' }).waitFor();
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    expect(await seriousViolations(page, '/admin/orders/:id (bank transfer, dark)')).toEqual([]);

    const amount = page.getByLabel('Amount received (₦)');
    await amount.fill(String(order.totalAmount - 100));
    await page.getByLabel('Note (bank reference)').fill('GTB 000123');
    await page.getByRole('button', { name: 'Confirm bank transfer' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Error: / })
      .waitFor();
    expect(await amount.inputValue()).toBe(String(order.totalAmount - 100));

    await amount.fill(String(order.totalAmount));
    await page.getByRole('button', { name: 'Confirm bank transfer' }).click();
    await page.getByText(ORDER_ADMIN_MESSAGES.transferConfirmed).first().waitFor();
    await page.locator('[data-field="Status"]').getByText('Paid').waitFor();
    await page.getByTestId('order-status').getByText('PROCESSING').waitFor();
    // Paid now: there is nothing left to confirm.
    await page.getByRole('heading', { name: 'Confirm bank transfer' }).waitFor({ state: 'detached' });
    await waitForMessage(
      customer.email,
      (mail) => mail.subject === `Order ${order.orderNumber} confirmed: payment received`,
    );

    expect((await adminOrder(order.id)).paymentStatus).toBe('PAID');
    // The refusal is a 409 the page expects (and the browser logs).
    expect(
      problems().filter((line) => !line.startsWith('409 /api/orders/') && !line.startsWith('Failed to load resource')),
    ).toEqual([]);
    await context.close();
  });

  it('cancels two orders in one step from the list, on a phone: both CANCELLED, the card one refunded, the stock of each back', async () => {
    const customer = await customerWithToken('Chiamaka');
    const [forCard, forTransfer] = await productsToBuy(2);
    if (!forCard || !forTransfer) throw new Error('two products to buy expected');
    const before = { card: await stockOf(forCard.id), transfer: await stockOf(forTransfer.id) };
    const paid = await placeOrderByApi(customer, [forCard], 'card');
    await payOrderByApi(customer.token, paid.id);
    const unpaid = await placeOrderByApi(customer, [forTransfer], 'bankTransfer');
    expect(await stockOf(forCard.id)).toBe(before.card - 1);
    expect(await stockOf(forTransfer.id)).toBe(before.transfer - 1);

    const { page, context, errors } = await shop.newPage({ width: 375, height: 800 });
    const problems = trackProblems(page, errors);
    await logInAsAdmin(page);
    await page.goto(`/admin/orders?search=${encodeURIComponent(customer.email)}`);
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(2);

    // One chosen: the page's checkbox is mixed; then all of this page.
    const selectAll = page.getByRole('checkbox', { name: 'Select all on this page' });
    await page.getByRole('checkbox', { name: `Select order ${paid.orderNumber}` }).check();
    expect(await selectAll.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
    await selectAll.check();
    expect(await page.getByRole('checkbox', { name: `Select order ${unpaid.orderNumber}` }).isChecked()).toBe(true);
    expect(await seriousViolations(page, '/admin/orders (two chosen, phone)')).toEqual([]);

    await page.getByRole('button', { name: 'Cancel selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel 2 orders?' });
    expect(squash(await dialog.getByTestId('bulk-cancel-orders').textContent())).toContain(squash(paid.orderNumber));
    await dialog.getByLabel('Note (optional, staff only)').fill('Customer asked by phone');
    await dialog.getByRole('button', { name: 'Cancel orders' }).click();
    await page.locator('.Toastify__toast', { hasText: '2 orders cancelled' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    for (const order of [paid, unpaid]) {
      await page.getByTestId('order-row').filter({ hasText: order.orderNumber }).getByText('CANCELLED').waitFor();
    }
    expect(await page.getByTestId('bulk-cancel-failures').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel selected (0)' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const cancelledPaid = await adminOrder(paid.id);
    expect(cancelledPaid.status).toBe('CANCELLED');
    expect(cancelledPaid.paymentStatus).toBe('REFUNDED');
    expect((await adminOrder(unpaid.id)).status).toBe('CANCELLED');
    expect(await stockOf(forCard.id)).toBe(before.card);
    expect(await stockOf(forTransfer.id)).toBe(before.transfer);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
