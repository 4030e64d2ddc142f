import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, logIn, PASSWORD, trackProblems } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { aPicture, createCategoryWithSubcategory, runId } from './fixtures/catalogue-admin';
import {
  fillShipping,
  gateway,
  naira,
  payWithCard,
  placeOrder,
  squash,
  stockOf,
  TEST_CARDS,
} from './fixtures/checkout';
import { waitForMessage } from './fixtures/mailbox';
import { apiToken, logInAsAdmin } from './fixtures/orders';

// Issue 24 (docs/decisions/030-units-of-sale-and-price-breaks.md): a tailor on a phone buys lace by
// the yard and buttons by the pack, crossing a price break, and every page, the email and the
// receipt say the same quantities, units and totals as the server computed. Both products are made
// here through the admin API, so their terms do not depend on the demo catalogue.

const shop = useBrowser();

type Made = { id: string; slug: string; name: string; images: string[] };

let adminTab: Awaited<ReturnType<typeof shop.newPage>>;
let lace: Made;
let buttons: Made;
let subcategoryId: string;

/** POST /api/products as the logged-in admin: multipart text fields and one picture. */
async function createProduct(page: Page, fields: Record<string, string>): Promise<Made> {
  const picture = await aPicture(`${fields.name}.png`, { r: 230, g: 220, b: 200 }, 'png');
  const response = await page.request.post('/api/products', {
    multipart: {
      description: 'Made by the units-of-sale journey',
      subcategoryId,
      specifications: '[]',
      ...fields,
      images: picture,
    },
  });
  if (!response.ok()) throw new Error(`POST /api/products: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { product: Made }).product;
}

beforeAll(async () => {
  adminTab = await shop.newPage({ width: 1280, height: 900 });
  await logInAsAdmin(adminTab.page);
  const tag = runId();
  ({
    subcategory: { id: subcategoryId },
  } = await createCategoryWithSubcategory(adminTab.page, `Units ${tag}`));
  lace = await createProduct(adminTab.page, {
    name: `Ivory Cord Lace ${tag}`,
    price: '1200',
    stock: '30',
    unit: 'yard',
    step: '0.5',
    minQuantity: '1',
    priceBreaks: JSON.stringify([{ minQuantity: '10', price: '1050' }]),
  });
  buttons = await createProduct(adminTab.page, {
    name: `Gold Shank Buttons ${tag}`,
    price: '2500',
    stock: '40',
    unit: 'pack',
    packSize: '12',
    packItemName: 'buttons',
    priceBreaks: JSON.stringify([{ minQuantity: '3', price: '2200' }]),
  });
});

afterAll(async () => {
  await adminTab?.context.close();
});

const text = async (page: Page, selector: string) => squash(await page.locator(selector).first().textContent());

describe('selling by the yard and by the pack', () => {
  it('a customer on a phone buys 2.5 yd of lace and 3 packs of buttons across a break; cart, checkout, order, receipt and email agree with the server', async () => {
    const found: string[] = [];
    const tab = await shop.newPage({ width: 375, height: 812 });
    const { page } = tab;
    const problems = trackProblems(page, tab.errors);
    const customer = await createCustomer({ firstName: 'Funmilayo', lastName: 'Adeyemi' });
    await logIn(page, customer.email, PASSWORD);

    // The lace: priced per yard, with its break, and a quantity typed in yards.
    await page.goto(`/products/${lace.slug}`);
    await page.getByRole('heading', { level: 1, name: lace.name }).waitFor();
    const main = page.locator('main');
    await main.getByText('₦1,200 / yard').first().waitFor();
    await main.getByText('10 yards or more: ₦1,050 / yard').first().waitFor();
    const yards = page.getByLabel('Quantity (yards)');
    await yards.fill('2.25');
    await yards.press('Tab');
    await main.getByText('Choose a quantity in steps of 0.5 yd').first().waitFor();
    expect(await yards.getAttribute('aria-invalid')).toBe('true');
    await yards.fill('2.5');
    await yards.press('Tab');
    await expect.poll(() => main.getByText('Choose a quantity in steps of 0.5 yd').count()).toBe(0);
    found.push(...(await seriousViolations(page, 'lace product page at 375 px')));
    await main
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    await page.getByTestId('cart-count').waitFor();

    // The buttons: priced per pack of 12; two packs first.
    await page.goto(`/products/${buttons.slug}`);
    await page.getByRole('heading', { level: 1, name: buttons.name }).waitFor();
    await main.getByText('₦2,500 / pack of 12').first().waitFor();
    await main.getByText('3 packs or more: ₦2,200 / pack of 12').first().waitFor();
    const packs = page.getByLabel('Quantity (packs)');
    await packs.fill('2');
    await packs.press('Tab');
    await main.getByText('2 packs (24 buttons)').first().waitFor();
    await main
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    // The badge counts packs by number and a length as one item: 1 + 2.
    await page.getByTestId('cart-count').filter({ hasText: '3' }).waitFor();

    // The cart drawer: one more pack crosses the break, and the price and total follow.
    await page.getByRole('button', { name: /^Cart/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    const laceLine = drawer.getByTestId('cart-line').filter({ hasText: lace.name });
    const buttonLine = drawer.getByTestId('cart-line').filter({ hasText: buttons.name });
    expect(squash(await laceLine.textContent())).toContain(squash('2.5 yd'));
    expect(squash(await laceLine.textContent())).toContain(naira(3000));
    expect(squash(await buttonLine.textContent())).toContain(squash('2 packs (24 buttons)'));
    expect(squash(await buttonLine.textContent())).toContain(naira(5000));
    await buttonLine.getByRole('button', { name: /^Increase/ }).click();
    await buttonLine.getByText('3 packs (36 buttons)').first().waitFor();
    await expect.poll(async () => squash(await buttonLine.textContent())).toContain(`${naira(2200)}/packof12`);
    // The price before the break is still there, struck through.
    expect(squash(await buttonLine.textContent())).toContain(`was${naira(2500)}`);
    expect(squash(await buttonLine.textContent())).toContain(naira(6600));
    expect(squash(await drawer.getByTestId('cart-subtotal').textContent())).toBe(naira(9600));
    found.push(...(await seriousViolations(page, 'cart drawer across a break at 375 px')));
    await drawer.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');

    // Checkout: the same lines and totals, Regular delivery (₦1,000).
    await fillShipping(page);
    await page.getByRole('radio', { name: /^Regular delivery/ }).check();
    const summary = page.getByRole('list', { name: 'Items in your order' });
    const summaryText = squash(await summary.textContent());
    for (const words of ['2.5 yd', '3 packs (36 buttons)', naira(3000), naira(6600)]) {
      expect(summaryText).toContain(squash(words));
    }
    expect(squash(await page.getByTestId('summary-subtotal').textContent())).toBe(naira(9600));
    expect(squash(await page.getByTestId('summary-total').textContent())).toBe(naira(10600));
    found.push(...(await seriousViolations(page, 'checkout with units at 375 px')));
    const orderNumber = await placeOrder(page, /^Regular delivery/, /^Card/);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await gateway(page)
      .getByRole('button', { name: `Pay ${naira(10600)}` })
      .waitFor();
    await payWithCard(page, TEST_CARDS.success);
    await page.waitForURL((url) => url.pathname === '/order/success', { timeout: 30_000 });

    // What the server computed.
    const token = await apiToken(customer.email, PASSWORD);
    const orders = await (
      await fetch(`${shop.baseUrl}/api/orders/my-orders`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    const order = (orders.orders as { orderNumber: string; id: string }[]).find((o) => o.orderNumber === orderNumber);
    if (!order) throw new Error('the order is not in my-orders');
    const detail = (
      await (
        await fetch(`${shop.baseUrl}/api/orders/${order.id}`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()
    ).order;
    expect(detail).toMatchObject({ subtotal: 9600, deliveryFee: 1000, totalAmount: 10600, paymentStatus: 'PAID' });
    const byName = (name: string) => detail.items.find((item: { name: string }) => item.name === name);
    expect(byName(lace.name)).toMatchObject({
      quantity: 2.5,
      unit: 'yard',
      price: 1200,
      listPrice: null,
      lineTotal: 3000,
    });
    expect(byName(buttons.name)).toMatchObject({
      quantity: 3,
      unit: 'pack',
      packSize: 12,
      packItemName: 'buttons',
      price: 2200,
      listPrice: 2500,
      lineTotal: 6600,
    });

    // The order page and the receipt say the same.
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
    const laceItem = squash(await page.getByTestId('order-item').filter({ hasText: lace.name }).textContent());
    const buttonItem = squash(await page.getByTestId('order-item').filter({ hasText: buttons.name }).textContent());
    for (const words of ['2.5 yd', '₦1,200 / yard', naira(3000)]) expect(laceItem).toContain(squash(words));
    for (const words of ['3 packs (36 buttons)', '₦2,200 / pack of 12', naira(6600)]) {
      expect(buttonItem).toContain(squash(words));
    }
    expect(await text(page, '[data-field="total"]')).toBe(naira(10600));
    found.push(...(await seriousViolations(page, 'order page with units at 375 px')));
    await page.goto(`/orders/${order.id}/receipt`);
    await page.getByRole('heading', { level: 1, name: 'Receipt' }).waitFor();
    const receiptLace = squash(await page.getByTestId('receipt-item').filter({ hasText: lace.name }).textContent());
    const receiptButtons = squash(
      await page.getByTestId('receipt-item').filter({ hasText: buttons.name }).textContent(),
    );
    for (const words of ['2.5 yd', naira(3000)]) expect(receiptLace).toContain(squash(words));
    for (const words of ['3 packs (36 buttons)', naira(6600)]) expect(receiptButtons).toContain(squash(words));
    expect(await text(page, '[data-receipt] [data-field="total"]')).toBe(naira(10600));

    // The emails: what was ordered, in the same words and figures.
    for (const subject of [`Order ${orderNumber} received`, `Order ${orderNumber} confirmed: payment received`]) {
      const mail = await waitForMessage(customer.email, (m) => m.subject === subject);
      const body = squash(mail.text);
      for (const words of ['2.5 yd', '3 packs (36 buttons)', naira(3000), naira(6600), naira(10600)]) {
        expect(body, `${subject} says ${words}`).toContain(squash(words));
      }
    }

    // The stock went down in the unit of sale.
    expect(await stockOf(lace.id)).toBe(27.5);
    expect(await stockOf(buttons.id)).toBe(37);

    expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
    expect(problems()).toEqual([]);
    await tab.context.close();
  });

  it('refuses a quantity off the step, under the minimum or over the line maximum with the message, and nothing is taken', async () => {
    const customer = await createCustomer();
    const token = await apiToken(customer.email, PASSWORD);
    const before = await stockOf(lace.id);
    const order = (quantity: number, price = 1200) =>
      fetch(`${shop.baseUrl}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          shippingDetails: {
            firstName: customer.firstName,
            lastName: customer.lastName,
            email: customer.email,
            phoneNumber: '08031234567',
            address: '14 Adeniran Ogunsanya Street',
            city: 'Surulere',
            state: 'Lagos',
            area: 'Surulere',
            zipCode: '101283',
            country: 'Nigeria',
          },
          paymentDetails: { method: 'card', transactionId: null },
          deliveryMethod: 'REGULAR',
          items: [{ productId: lace.id, quantity, price }],
        }),
      });
    for (const [quantity, message] of [
      [2.25, 'Choose a quantity in steps of 0.5 yd'],
      [0.5, 'The least you can buy is 1 yd'],
      [200.5, 'One order can take at most 200 yd of this'],
    ] as const) {
      const response = await order(quantity);
      expect(response.status, `quantity ${quantity}`).toBe(400);
      expect((await response.json()).errors['items.0.quantity']).toBe(message);
    }
    const tooMany = await order(35, 1050);
    expect(tooMany.status).toBe(409);
    expect((await tooMany.json()).message).toBe(`Only ${before} yd left in stock for ${lace.name}`);
    expect(await stockOf(lace.id)).toBe(before);
  });

  it('a break changed while the customer was at checkout: the order is refused, the cart re-prices and says so, and the next try charges what it shows', async () => {
    const tab = await shop.newPage({ width: 375, height: 812 });
    const { page } = tab;
    const customer = await createCustomer();
    await logIn(page, customer.email, PASSWORD);
    await page.goto(`/products/${lace.slug}`);
    await page.getByRole('heading', { level: 1, name: lace.name }).waitFor();
    const yards = page.getByLabel('Quantity (yards)');
    await yards.fill('10');
    await yards.press('Tab');
    await page
      .locator('main')
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    await page.getByTestId('cart-count').waitFor();
    await page.goto('/checkout');
    await fillShipping(page);
    await page.getByRole('radio', { name: /^Regular delivery/ }).check();
    expect(squash(await page.getByTestId('summary-total').textContent())).toBe(naira(10 * 1050 + 1000));

    // The admin lowers the break meanwhile.
    const response = await adminTab.page.request.put(`/api/products/${lace.id}`, {
      multipart: {
        name: lace.name,
        description: 'Made by the units-of-sale journey',
        subcategoryId,
        specifications: '[]',
        price: '1200',
        stock: String(await stockOf(lace.id)),
        unit: 'yard',
        step: '0.5',
        minQuantity: '1',
        priceBreaks: JSON.stringify([{ minQuantity: '10', price: '1000' }]),
        existingImages: JSON.stringify(lace.images),
      },
    });
    expect(response.status()).toBe(200);

    await page.getByRole('radio', { name: /^Card/ }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Some prices have changed. Your cart has been updated with the current prices.').waitFor();
    await expect
      .poll(async () => squash(await page.getByTestId('summary-total').textContent()))
      .toBe(naira(10 * 1000 + 1000));
    const orderNumber = await placeOrder(page, /^Regular delivery/, /^Card/);
    const token = await apiToken(customer.email, PASSWORD);
    const orders = await (
      await fetch(`${shop.baseUrl}/api/orders/my-orders`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    const placed = (orders.orders as { orderNumber: string; totalAmount: number }[]).find(
      (o) => o.orderNumber === orderNumber,
    );
    expect(placed?.totalAmount).toBe(11_000);
    await tab.context.close();
  });
});
