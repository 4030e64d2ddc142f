import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatUnitPrice, PRODUCT_WRITE_MESSAGES, type Product, STOCK_ALERT_MESSAGES, saleTermsOf } from '@shop/shared';
import { freePort, type RunningShop, startBuiltShop } from '@shop/testing';
import pg from 'pg';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, logIn } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { outputDir } from './fixtures/browser';
import { type MailboxMessage, startMailbox } from './fixtures/mailbox';

// Back-in-stock alerts (decision 031) change a product's stock, so this spec runs its own shop
// and mailbox, never the one the other specs share (global-setup.ts).

const state: {
  shop?: RunningShop;
  mailbox?: Awaited<ReturnType<typeof startMailbox>>;
  browser?: Browser;
  cleanup: (() => Promise<void>)[];
} = { cleanup: [] };

const baseUrl = () => {
  if (!state.shop) throw new Error('shop not started');
  return state.shop.baseUrl;
};

/** A fresh PostgreSQL database when DATABASE_URL is set (as global-setup.ts makes one), else PGlite. */
async function ownDatabase(): Promise<string> {
  if (!process.env.DATABASE_URL) return '';
  const name = `shop_e2e_alerts_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  state.cleanup.push(async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  mkdirSync(outputDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-alerts-'));
  state.cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const mailbox = await startMailbox();
  state.mailbox = mailbox;
  state.cleanup.push(() => mailbox.stop());
  // The emails' links name PUBLIC_URL: this shop's own address, so the browser can follow them.
  const port = await freePort();
  const shop = await startBuiltShop(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: await ownDatabase(),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: mailbox.smtpUrl,
      OUTBOX_POLL_MS: '200',
      OUTBOX_RETRY_BASE_MS: '200',
    },
    { port },
  );
  state.shop = shop;
  state.cleanup.push(() => shop.stop());
  state.browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  state.cleanup.push(async () => state.browser?.close());
});

afterAll(async () => {
  for (const step of state.cleanup.reverse()) await step().catch(() => {});
});

/** A fresh context on this spec's shop, waiting for the app to start on every load (as fixtures/browser.ts). */
async function newPage({ width = 1280, dark = false }: { width?: number; dark?: boolean } = {}) {
  if (!state.browser) throw new Error('browser not started');
  const context = await state.browser.newContext({ baseURL: baseUrl(), viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (dark) await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', null, { timeout: 15_000 });
    return response;
  };
  return { page, context, errors };
}

async function messagesTo(address: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${state.mailbox?.httpUrl}/messages?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

async function waitForMail(address: string): Promise<MailboxMessage> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [found] = await messagesTo(address);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no email to ${address} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

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
  it('a visitor asks on a sold-out product, the admin sees who waits and restocks, and exactly one email arrives', async () => {
    const listed = await fetch(`${baseUrl()}/api/products?limit=1&pageSize=1`);
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
    await form.getByRole('status').getByText(STOCK_ALERT_MESSAGES.requested).waitFor();
    expect(await seriousViolations(visitor, 'sold-out product page after the request')).toEqual([]);
    // The page fits the phone.
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The admin's list and dashboard say one person waits.
    await admin.goto(`/admin/products?search=${encodeURIComponent(product.name)}`);
    const row = admin.getByRole('row').filter({ hasText: product.name }).first();
    await row.getByText('1 waiting').waitFor();
    await admin.goto('/admin');
    const waiting = admin.getByRole('list', { name: STOCK_ALERT_MESSAGES.dashboardHeading });
    await waiting.getByRole('listitem').filter({ hasText: product.name }).getByText('1 waiting').waitFor();

    // Restocked in the admin: one email, with the name, the price, the link and the unsubscribe link.
    await setStockInAdmin(admin, product, '10');
    const mail = await waitForMail(email);
    // A long subject is folded into encoded words; the test mailbox's decoding may leave a space at a fold.
    const words = (text: string) => text.replace(/\s+/g, '');
    expect(words(mail.subject)).toBe(words(`Back in stock: ${product.name}`));
    expect(mail.text).toContain(price);
    const productUrl = `${baseUrl()}/products/${product.slug}`;
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
    expect(await messagesTo(email)).toHaveLength(1);

    // The unsubscribe link shows a button; pressing it says it is done.
    // A plain page of the server's (no app to wait for).
    const reader = await (state.browser as Browser).newPage();
    await reader.goto(unsubscribe ?? '');
    await reader.getByText(STOCK_ALERT_MESSAGES.unsubscribeConfirm).waitFor();
    await reader.getByRole('button', { name: STOCK_ALERT_MESSAGES.unsubscribeButton }).click();
    await reader.getByText(STOCK_ALERT_MESSAGES.unsubscribed).waitFor();
    expect(errors).toEqual([]);
  });
});
