import { ORDER_QUANTITY_MAX } from '@shop/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mainNav, PASSWORD, trackProblems, uniqueEmail } from './fixtures/accounts';
import { useBrowser } from './fixtures/browser';
import {
  addToCart,
  gateway,
  naira,
  payWithCard,
  placeOrder,
  productsToBuy,
  squash,
  stockOf,
  stockShownOnProductPage,
  TEST_CARDS,
  type TestCard,
} from './fixtures/checkout';
import { messagesTo } from './fixtures/mailbox';

const shop = useBrowser();

async function register(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Chiamaka');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).waitFor();
}

async function waitForMail(address: string, subject: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await messagesTo(address)).filter((m) => m.subject === subject);
    if (mail.length > 0) return mail;
    if (Date.now() > deadline) throw new Error(`no '${subject}' email to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * SPEC.md §4's checkout flow end to end: a new customer buys two products with Express
 * delivery and pays by card in the test gateway; the server confirms with the provider.
 */
async function buyTwoProducts(card: TestCard) {
  const { page, context, errors } = await shop.newPage();
  const problems = trackProblems(page, errors);
  const email = uniqueEmail('buyer');
  const products = await productsToBuy(2);
  const [first, second] = products as [(typeof products)[0], (typeof products)[0]];
  const stockBefore = [await stockOf(first.id), await stockOf(second.id)];

  await register(page, email);
  await addToCart(page, first, 1);
  await addToCart(page, second, 2);

  await page.getByRole('button', { name: /^Cart/ }).click();
  await page.getByRole('dialog', { name: 'Your Cart' }).getByRole('link', { name: 'Checkout' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout');
  await page.getByText('Test payments: no real money is charged.', { exact: false }).waitFor();
  expect(await page.getByLabel('Email').inputValue()).toBe(email);
  expect(await page.getByLabel('Country').inputValue()).toBe('Nigeria');
  await page.getByLabel('Phone number').fill('0803 123 4567');
  await page.getByLabel('Address').fill('14 Adeniran Ogunsanya Street, Surulere');
  await page.getByLabel('City').fill('Lagos');
  await page.getByLabel('State').selectOption('Lagos');
  await page.getByLabel('Area (local government)').selectOption('Surulere');
  await page.getByLabel('Zip code').fill('101283');
  await page.getByRole('radio', { name: /^Express delivery/ }).check();
  const subtotal = first.price + second.price;
  expect(squash(await page.getByTestId('summary-subtotal').textContent())).toBe(naira(subtotal));
  expect(squash(await page.getByTestId('summary-delivery-fee').textContent())).toBe(naira(5000));
  expect(squash(await page.getByTestId('summary-total').textContent())).toBe(naira(subtotal + 5000));

  const orderNumber = await placeOrder(page);
  expect(orderNumber).toMatch(/^TS-[0-9A-Z]{8}$/);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await gateway(page)
    .getByRole('button', { name: `Pay ${naira(subtotal + 5000)}` })
    .waitFor();
  await payWithCard(page, card);

  await page.waitForURL((url) => url.pathname === '/order/success', { timeout: 30_000 });
  await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor();
  expect(squash(await page.getByTestId('order-number').textContent())).toBe(orderNumber);
  expect(squash(await page.getByTestId('transaction-id').textContent())).toMatch(/^\w+$/);
  expect(await page.getByTestId('cart-count').count()).toBe(0);

  // /orders lists it; its page says paid and processing, with the Express estimate.
  await page.goto('/orders');
  const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
  await row.getByText('PROCESSING').waitFor();
  await row.getByRole('link', { name: `View order ${orderNumber}` }).click();
  await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
  expect(await page.getByTestId('order-status').textContent()).toBe('PROCESSING');
  expect(await page.locator('[data-field="payment-status"]').textContent()).toBe('Paid');
  expect(await page.locator('[data-field="estimated-delivery"]').textContent()).toBe('1-2 business days');
  expect(squash(await page.locator('[data-field="total"]').textContent())).toBe(naira(subtotal + 5000));
  expect(await page.getByTestId('order-item').count()).toBe(2);
  // Paid once: one history entry, however many times the payment was confirmed.
  const paidEntry = page.getByTestId('order-history').getByText(/^Payment: UNPAID → PAID/);
  await paidEntry.waitFor();
  expect(await paidEntry.count()).toBe(1);

  // The stock went down by what was bought.
  // The API says so exactly; the product page's quantity goes up to what is left, or to the most
  // one order may take of a piece (the shared quantity rule, decision 030).
  for (const [index, product] of [first, second].entries()) {
    const left = (stockBefore[index] ?? 0) - 1;
    expect(await stockOf(product.id)).toBe(left);
    expect(await stockShownOnProductPage(page, product)).toBe(Math.min(ORDER_QUANTITY_MAX, left));
  }

  // One confirmation email, however many times the payment was confirmed.
  const mail = await waitForMail(email, `Order ${orderNumber} confirmed: payment received`);
  expect(mail).toHaveLength(1);
  expect(problems()).toEqual([]);
  await context.close();
}

describe('a new customer buying by card', () => {
  it('registers, buys two products with Express delivery, pays with the success card and gets the email', async () => {
    await buyTwoProducts(TEST_CARDS.success);
  });

  it('pays the same way with the card that asks for a PIN and an OTP', async () => {
    await buyTwoProducts(TEST_CARDS.pinAndOtp);
  });
});
