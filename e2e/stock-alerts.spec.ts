import { formatUnitPrice, PRODUCT_WRITE_MESSAGES, type Product, STOCK_ALERT_MESSAGES, saleTermsOf } from '@shop/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, logIn } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import type { MailboxMessage } from './fixtures/mailbox';
import { useOwnShop } from './fixtures/own-shop';

// Back-in-stock alerts (decision 031) change a product's stock, so this spec runs its own shop
// and mailbox, never the one the other specs share (global-setup.ts).

// The emails' links name PUBLIC_URL: this shop's own address, so the browser can follow them.
const own = useOwnShop('alerts', ({ port }) => ({ PUBLIC_URL: `http://127.0.0.1:${port}` }));
const shop = useBrowser({ baseUrl: own.baseUrl });
const newPage = (options: { width?: number; dark?: boolean } = {}) => shop.newPage({ height: 900, ...options });
const waitForMail = (address: string, predicate?: (mail: MailboxMessage) => boolean) =>
  own.mailbox.waitForMessage(address, predicate);
const messagesTo = own.mailbox.messagesTo;

/** The admin's edit page: a new stock for the product, saved. */
async function setStockInAdmin(admin: Page, product: Product, stock: string) {
  await admin.goto(`/products/${product.id}/edit`);
  const field = admin.getByLabel(/^Stock/);
  await field.fill(stock);
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await admin.getByText(PRODUCT_WRITE_MESSAGES.updated).first().waitFor();
  await admin.waitForURL((url) => url.pathname === '/admin/products');
}

describe('back-in-stock alerts', () => {
  it('a visitor asks on a sold-out product and confirms by the emailed link, the admin sees who waits and restocks, and exactly one back-in-stock email arrives', async () => {
    const listed = await fetch(`${own.baseUrl()}/api/products?limit=1&pageSize=1`);
    const [product] = ((await listed.json()) as { products: Product[] }).products;
    if (!product) throw new Error('the demo catalogue is empty');
    const price = formatUnitPrice(saleTermsOf(product), product.price);
    const email = `waiting.${Date.now().toString(36)}@example.com`;

    const { page: admin } = await newPage();
    await logIn(admin, ADMIN.email, ADMIN.password);
    await setStockInAdmin(admin, product, '0');

    // A visitor on a phone, in dark mode, asks for an alert.
    const { page: visitor, errors } = await newPage({ width: 375, dark: true });
    await visitor.goto(`/products/${product.slug}`);
    await visitor.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const form = visitor.getByRole('region', { name: STOCK_ALERT_MESSAGES.heading });
    await form.waitFor();
    // No quantity control (the related products below keep their own Add to Cart).
    expect(await visitor.getByRole('spinbutton').count()).toBe(0);
    expect(await seriousViolations(visitor, 'sold-out product page, dark, 375 px')).toEqual([]);
    await form.getByRole('button', { name: STOCK_ALERT_MESSAGES.submit }).click();
    const field = form.getByRole('textbox', { name: STOCK_ALERT_MESSAGES.emailLabel });
    await visitor.waitForFunction(
      () => document.querySelector('[data-testid="stock-alert"] input')?.getAttribute('aria-invalid') === 'true',
    );
    await field.fill(email);
    await form.getByRole('button', { name: STOCK_ALERT_MESSAGES.submit }).click();
    await form.getByRole('status').getByText(STOCK_ALERT_MESSAGES.confirmationSent).waitFor();
    expect(await seriousViolations(visitor, 'sold-out product page after the request')).toEqual([]);
    // The page fits the phone.
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A guest's request waits for its address: the confirmation email, whose link opens a page
    // with a button (opening it changes nothing); pressing it confirms and says so.
    const confirmation = await waitForMail(email);
    expect(confirmation.subject).toBe('Confirm your alert');
    expect(confirmation.text).toContain(product.name);
    const confirmLink = /(http:\S+\/api\/stock-alerts\/confirm\?token=[\w-]+)/.exec(confirmation.text)?.[1];
    expect(confirmLink).toBeTruthy();
    await admin.goto(`/admin/products?search=${encodeURIComponent(product.name)}`);
    await admin.getByRole('row').filter({ hasText: product.name }).first().waitFor();
    expect(
      await admin
        .getByRole('row')
        .filter({ hasText: product.name })
        .getByText(/waiting/)
        .count(),
    ).toBe(0);
    // Opened from the mail client: a plain page of the server's, in a tab of its own.
    const { page: confirmer } = await newPage();
    await confirmer.goto(confirmLink ?? '');
    await confirmer.getByText(STOCK_ALERT_MESSAGES.confirmPrompt).waitFor();
    await confirmer.getByRole('button', { name: STOCK_ALERT_MESSAGES.confirmButton }).click();
    await confirmer.getByText(STOCK_ALERT_MESSAGES.confirmed).waitFor();

    // The admin's list and dashboard say one person waits.
    await admin.goto(`/admin/products?search=${encodeURIComponent(product.name)}`);
    const row = admin.getByRole('row').filter({ hasText: product.name }).first();
    await row.getByText('1 waiting').waitFor();
    await admin.goto('/admin');
    const waiting = admin.getByRole('list', { name: STOCK_ALERT_MESSAGES.dashboardHeading });
    await waiting.getByRole('listitem').filter({ hasText: product.name }).getByText('1 waiting').waitFor();

    // Restocked in the admin: one email, with the name, the price, the link and the unsubscribe link.
    await setStockInAdmin(admin, product, '10');
    const mail = await waitForMail(email, (message) => message.subject.replace(/\s+/g, '').startsWith('Backinstock'));
    // A long subject is folded into encoded words; the test mailbox's decoding may leave a space at a fold.
    const words = (text: string) => text.replace(/\s+/g, '');
    expect(words(mail.subject)).toBe(words(`Back in stock: ${product.name}`));
    expect(mail.text).toContain(price);
    const productUrl = `${own.baseUrl()}/products/${product.slug}`;
    expect(mail.text).toContain(productUrl);
    const unsubscribe = /(http:\S+\/api\/stock-alerts\/unsubscribe\?token=\S+)/.exec(mail.text)?.[1];
    expect(unsubscribe).toBeTruthy();

    // The link opens the product, which can be bought again.
    await visitor.goto(productUrl);
    await visitor.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await visitor
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .waitFor();
    expect(await visitor.getByTestId('stock-alert').count()).toBe(0);

    // The list no longer counts them; a second restock sends nothing more.
    await admin.goto(`/admin/products?search=${encodeURIComponent(product.name)}`);
    await admin.getByRole('row').filter({ hasText: product.name }).first().waitFor();
    expect(
      await admin
        .getByRole('row')
        .filter({ hasText: product.name })
        .getByText(/waiting/)
        .count(),
    ).toBe(0);
    await setStockInAdmin(admin, product, '0');
    await setStockInAdmin(admin, product, '12');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    // The confirmation and the one back-in-stock email, nothing more.
    expect(await messagesTo(email)).toHaveLength(2);

    // The unsubscribe link shows a button; pressing it says it is done.
    // A plain page of the server's (no app to wait for).
    const { page: reader } = await newPage();
    await reader.goto(unsubscribe ?? '');
    await reader.getByText(STOCK_ALERT_MESSAGES.unsubscribeConfirm).waitFor();
    await reader.getByRole('button', { name: STOCK_ALERT_MESSAGES.unsubscribeButton }).click();
    await reader.getByText(STOCK_ALERT_MESSAGES.unsubscribed).waitFor();
    // The empty submit's 400 is the server's answer, shown as the field's error: nothing else failed.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    expect(errors.filter((error) => error.includes('status of 400'))).toHaveLength(1);
  });
});
