import { ORDER_MESSAGES as M } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createCustomer, logIn, PASSWORD, trackProblems } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { addToCart, fillShipping, placeOrder, productsToBuy, squash, stockOf } from './fixtures/checkout';
import { waitForMessage } from './fixtures/mailbox';

const shop = useBrowser();

describe('a customer cancelling their own unpaid order', () => {
  it('places a bank-transfer order on a phone, cancels it from its page after confirming: CANCELLED, the stock back on sale, an email', async () => {
    const { page, context, errors } = await shop.newPage({ width: 375, height: 800 });
    const problems = trackProblems(page, errors);
    const { email } = await createCustomer({ firstName: 'Funke' });
    await logIn(page, email, PASSWORD);
    const [product] = await productsToBuy(1);
    if (!product) throw new Error('no product to buy');
    const before = await stockOf(product.id);
    await addToCart(page, product, 1);
    await page.goto('/checkout');
    await fillShipping(page);
    const orderNumber = await placeOrder(page, /^Regular delivery/, /^Bank transfer/);
    expect(await stockOf(product.id)).toBe(before - 1);
    // A bank transfer has a deadline: unpaid by then, the shop cancels it.
    await page.getByTestId('pay-by').waitFor();

    await page.getByRole('link', { name: 'View order' }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
    await page.getByTestId('pay-by').waitFor();

    // Asked first: keeping it changes nothing.
    await page.getByRole('button', { name: M.cancelOrder }).click();
    const dialog = page.getByRole('dialog', { name: M.cancelConfirmTitle });
    expect(squash(await dialog.textContent())).toContain(squash(M.cancelConfirmBody(orderNumber)));
    expect(await seriousViolations(page, '/orders/:id (cancel dialog, phone)')).toEqual([]);
    await dialog.getByRole('button', { name: M.keepOrder }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('order-status').getByText('PENDING').waitFor();

    await page.getByRole('button', { name: M.cancelOrder }).click();
    await dialog.getByRole('button', { name: M.cancelOrder }).click();
    await page.locator('.Toastify__toast', { hasText: M.orderCancelled }).waitFor();
    await page.getByTestId('order-status').getByText('CANCELLED').waitFor();
    await page
      .getByTestId('order-history')
      .getByText(/Status: PENDING → CANCELLED/)
      .waitFor();
    // Nothing is left to pay, or to cancel.
    expect(await page.getByTestId('bank-transfer-details').count()).toBe(0);
    expect(await page.getByRole('button', { name: M.cancelOrder }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await stockOf(product.id)).toBe(before);

    await waitForMessage(email, (mail) => mail.subject.includes(orderNumber));

    await page.goto('/orders');
    await page.getByTestId('order-row').filter({ hasText: orderNumber }).getByText('CANCELLED').waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });
});
