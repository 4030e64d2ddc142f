import { describe, expect, it } from 'vitest';
import { trackProblems } from './fixtures/accounts';
import { useBrowser } from './fixtures/browser';
import { customerAtCheckout, placeOrder, squash } from './fixtures/checkout';

const shop = useBrowser();

describe('a customer paying by bank transfer', () => {
  it('sees the shop’s account details with the order number as reference, and the order unpaid in /orders', async () => {
    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors, ['404 /api/orders/no-such-order']);
    await customerAtCheckout(page);
    const orderNumber = await placeOrder(page, /^Regular delivery/, /^Bank transfer/);

    const config = await (await fetch(`${shop.baseUrl}/api/payments/config`)).json();
    const details = page.getByTestId('bank-transfer-details');
    expect(await details.locator('[data-field="account-name"]').textContent()).toBe(config.bankTransfer.accountName);
    expect(await details.locator('[data-field="bank-name"]').textContent()).toBe(config.bankTransfer.bankName);
    expect(await details.locator('[data-field="account-number"]').textContent()).toBe(
      config.bankTransfer.accountNumber,
    );
    expect(squash(await details.locator('[data-field="transfer-reference"]').textContent())).toBe(orderNumber);
    expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    // The order is placed: the cart is empty.
    expect(await page.getByTestId('cart-count').count()).toBe(0);

    await page.goto('/orders');
    const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
    await row.getByText('PENDING').waitFor();
    await row.getByRole('link', { name: `View order ${orderNumber}` }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
    expect(await page.locator('[data-field="payment-status"]').textContent()).toBe('Unpaid');
    expect(await page.locator('[data-field="payment-method"]').textContent()).toBe('Bank transfer');
    expect(squash(await page.locator('[data-field="transfer-reference"]').textContent())).toBe(orderNumber);

    // A wrong order id.
    await page.goto('/orders/no-such-order');
    await page.getByRole('heading', { level: 1, name: 'Order Not Found' }).waitFor();
    await page.getByText('The requested order could not be found.').waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });
});
