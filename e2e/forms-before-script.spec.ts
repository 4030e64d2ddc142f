import { APP_START_MESSAGES, NEWSLETTER_MESSAGES, STOCK_ALERT_MESSAGES } from '@shop/shared';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, submitLogin, uniqueEmail } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { apiToken } from './fixtures/orders';

// A drawn page is on screen seconds before its app starts on a slow phone (README "Forms before
// the script"). Here the app's scripts are held back: every form a visitor can reach on a drawn
// page either works without them or is disabled and says so; then the scripts run and the same
// form works through the app, with what was typed before still in it. No URL ever carries an
// address or a password.

const shop = useBrowser();

type ApiProduct = { id: string; slug: string; name: string; stock: number; unit: string };

async function api<T>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${shop.baseUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function products(): Promise<ApiProduct[]> {
  const all: ApiProduct[] = [];
  for (let page = 1; ; page += 1) {
    const body = await api<{ products: ApiProduct[]; total: number }>(`/api/products?pageSize=100&page=${page}`);
    all.push(...body.products);
    if (body.products.length === 0 || all.length >= body.total) return all;
  }
}

/** Whether the newsletter has `email` as an active subscriber, asked of the admin API. */
async function isSubscribed(email: string): Promise<boolean> {
  const token = await apiToken(ADMIN.email, ADMIN.password);
  const { subscribers } = await api<{ subscribers: { email: string; active: boolean }[] }>(
    `/api/newsletter/subscribers?search=${encodeURIComponent(email)}`,
    token,
  );
  return subscribers.some((row) => row.email === email && row.active);
}

/**
 * A page whose app scripts (the entry and its chunks, under /assets/) are held until `release()`:
 * what a visitor on a slow phone has for seconds. /start-app.js itself runs (it only asks for the
 * entry; being a classic script in the head, holding it would hold the page's markup too). Every
 * URL the page asks for or shows is kept in `urls`.
 */
async function pageWithScriptsHeld(options: { width?: number } = {}) {
  const opened = await shop.newPage({ width: options.width });
  const { page } = opened;
  let held = true;
  let late: RegExp | undefined;
  const waiting: Route[] = [];
  const pass = async (route: Route) => {
    if (late?.test(route.request().url())) await new Promise((resolve) => setTimeout(resolve, LATE_SCRIPT_MS));
    await route.continue();
  };
  const hold = async (route: Route) => {
    if (held) waiting.push(route);
    else await pass(route);
  };
  await page.route('**/assets/*.js', hold);
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  return {
    ...opened,
    urls,
    /**
     * Opens `path` without waiting for the app (fixtures/browser.ts waits for it on page.goto),
     * nor for the load events, which wait for the held scripts.
     */
    async open(path: string) {
      const response = await page.mainFrame().goto(`${shop.baseUrl}${path}`, { waitUntil: 'commit' });
      await page.locator('#page-data').waitFor({ state: 'attached' });
      expect(await appReady(page)).toBe(false);
      return response;
    },
    /**
     * Lets the scripts run, and waits for the app to take the page over. Scripts matching
     * `options.late` arrive LATE_SCRIPT_MS after the others: a page's own chunk on a slow link.
     */
    async release(options: { late?: RegExp } = {}) {
      held = false;
      late = options.late;
      await Promise.all(waiting.splice(0).map(pass));
      await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', null, {
        timeout: 15_000,
      });
    },
  };
}

/** Longer than the entry waits for a page's own chunk before it starts without it (main.tsx). */
const LATE_SCRIPT_MS = 2_500;

/** The product page's own chunk (product-<hash>.js, not product-form- or product-list-). */
const PRODUCT_PAGE_CHUNK = /\/assets\/product-[\w-]{8}\.js$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const appReady = (page: Page) => page.evaluate(() => document.documentElement.dataset.appReady === 'true');

/** No address, password or other secret in any URL the page asked for or showed. */
const secretsInUrls = (urls: string[]) => urls.filter((url) => /[?&#](email|password)=/i.test(url));

describe('forms before the script has started', () => {
  it('the newsletter: posted as a plain form it subscribes and comes back with the notice; then the app takes it over', async () => {
    const held = await pageWithScriptsHeld({ width: 375 });
    const { page, context } = held;
    await held.open('/');
    const section = page.locator('#newsletter');
    const field = section.getByRole('textbox', { name: 'Email address' });
    const early = uniqueEmail('before-script');
    await field.fill(early);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('newsletter') === 'subscribed', { waitUntil: 'commit' }),
      section.getByRole('button', { name: 'Subscribe' }).click(),
    ]);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await appReady(page)).toBe(false);
    await expect
      .poll(() => section.getByTestId('newsletter-result').textContent())
      .toBe(NEWSLETTER_MESSAGES.subscribed);
    expect(await isSubscribed(early)).toBe(true);
    expect(await seriousViolations(page, 'home, back from the signup form, before the script')).toEqual([]);

    // A bad address: a page that says why and keeps what was typed; corrected, it subscribes.
    await field.fill('not-an-address');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email address' }).waitFor();
    const again = page.getByRole('textbox', { name: 'Email address' });
    expect(await again.inputValue()).toBe('not-an-address');
    expect(await seriousViolations(page, 'the signup form refused')).toEqual([]);
    const corrected = uniqueEmail('corrected');
    await again.fill(corrected);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('newsletter') === 'subscribed', {
        waitUntil: 'commit',
      }),
      page.getByRole('button', { name: 'Subscribe' }).click(),
    ]);
    expect(await isSubscribed(corrected)).toBe(true);

    // Typed before the app starts, sent by the app once it has: still in the field, no reload.
    const typed = uniqueEmail('typed-early');
    await section.getByRole('textbox', { name: 'Email address' }).fill(typed);
    await held.release();
    const started = section.getByRole('textbox', { name: 'Email address' });
    expect(await started.inputValue()).toBe(typed);
    const before = page.url();
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => started.inputValue()).toBe('');
    await expect.poll(() => isSubscribed(typed)).toBe(true);
    expect(page.url()).toBe(before);
    expect(secretsInUrls(held.urls)).toEqual([]);
    await context.close();
  });

  /** A product page with stock, opened with its scripts held, its quantity field found. */
  async function stockedProductHeld() {
    const product = (await products()).find((p) => p.unit === 'piece' && p.stock >= 5);
    if (!product) throw new Error('the demo catalogue has a product with stock');
    const held = await pageWithScriptsHeld();
    await held.open(`/products/${product.slug}`);
    const main = held.page.getByRole('main');
    const quantity = main.getByRole('spinbutton').first();
    return { ...held, product, main, quantity };
  }

  /**
   * Types `typed` into the quantity before the app starts, lets the scripts run (`options` as
   * release's), and proves the app took the drawn field over with what it held: the same element
   * (a mark set on it before is still there), its value, and the cart line Add to Cart makes.
   */
  async function addsTheQuantityTypedBefore(
    opened: Awaited<ReturnType<typeof stockedProductHeld>>,
    typed: string,
    options: { late?: RegExp } = {},
  ) {
    const { page, main, quantity, product, errors } = opened;
    await quantity.fill(typed);
    await quantity.evaluate((field) => field.setAttribute('data-drawn', 'yes'));
    await opened.release(options);
    const add = main.getByRole('button', { name: new RegExp(`^Add to Cart ${escapeRegExp(product.name)}`) }).first();
    await add.waitFor();
    // First: an error here (a hydration that failed and drew the page again) says why the rest would fail.
    expect(errors).toEqual([]);
    expect(await add.isEnabled()).toBe(true);
    expect(await quantity.getAttribute('data-drawn')).toBe('yes');
    expect(await quantity.inputValue()).toBe(typed);
    await add.click();
    const lines = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
    expect(lines).toEqual([expect.objectContaining({ productId: product.id, hundredths: Number(typed) * 100 })]);
    expect(errors).toEqual([]);
  }

  it('Add to Cart: disabled and getting ready until the app starts, then adds the quantity typed before', async () => {
    const opened = await stockedProductHeld();
    const { page, main, product } = opened;
    const button = main
      .getByRole('button', { name: new RegExp(`^${APP_START_MESSAGES.gettingReady} ${escapeRegExp(product.name)}`) })
      .first();
    expect(await button.isDisabled()).toBe(true);
    expect(await button.innerText()).toContain(APP_START_MESSAGES.gettingReady);
    expect(await main.getByRole('button', { name: /^Add to Cart/ }).count()).toBe(0);
    expect(await seriousViolations(page, 'a product page before the script')).toEqual([]);
    await addsTheQuantityTypedBefore(opened, '3');
    await opened.context.close();
  });

  it('the product page’s own script arriving last, with the session answering meanwhile: the drawn page is taken over, not drawn again', async () => {
    const opened = await stockedProductHeld();
    // The session's start-up check answers while the page still waits for its chunk: a change of
    // the session reaching a page not yet taken over must not make React draw it afresh.
    await opened.page.route('**/api/users/session', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, LATE_SCRIPT_MS - 500));
      await route.continue();
    });
    await addsTheQuantityTypedBefore(opened, '4', { late: PRODUCT_PAGE_CHUNK });
    await opened.context.close();
  });

  it('the back-in-stock form: disabled and getting ready until the app starts, the address kept', async () => {
    const soldOut = (await products()).find((p) => p.stock === 0);
    if (!soldOut) throw new Error('the demo catalogue has a sold-out product');
    const held = await pageWithScriptsHeld();
    const { page, context, errors } = held;
    await held.open(`/products/${soldOut.slug}`);
    const alert = page.getByTestId('stock-alert');
    const submit = alert.locator('button[type="submit"]');
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.innerText()).toContain(APP_START_MESSAGES.gettingReady);
    const email = uniqueEmail('waiting');
    await alert.getByRole('textbox', { name: STOCK_ALERT_MESSAGES.emailLabel }).fill(email);
    // Enter on a form whose button is disabled sends nothing.
    await alert.getByRole('textbox', { name: STOCK_ALERT_MESSAGES.emailLabel }).press('Enter');
    expect(new URL(page.url()).pathname).toBe(`/products/${soldOut.slug}`);

    await alert
      .getByRole('textbox', { name: STOCK_ALERT_MESSAGES.emailLabel })
      .evaluate((field) => field.setAttribute('data-drawn', 'yes'));

    await held.release();
    await alert.getByRole('button', { name: STOCK_ALERT_MESSAGES.submit }).waitFor();
    expect(errors).toEqual([]);
    expect(await alert.getByRole('textbox', { name: STOCK_ALERT_MESSAGES.emailLabel }).getAttribute('data-drawn')).toBe(
      'yes',
    );
    expect(await alert.getByRole('textbox', { name: STOCK_ALERT_MESSAGES.emailLabel }).inputValue()).toBe(email);
    await alert.getByRole('button', { name: STOCK_ALERT_MESSAGES.submit }).click();
    // A guest's address waits for the link mailed to it (decision 039, mail only to people who asked).
    await expect.poll(() => alert.getByRole('status').textContent()).toBe(STOCK_ALERT_MESSAGES.confirmationSent);
    expect(secretsInUrls(held.urls)).toEqual([]);
    await context.close();
  });

  it('/shop’s filters: a sort chosen before the app starts is applied by it; a price range is a plain GET of /shop', async () => {
    const held = await pageWithScriptsHeld();
    const { page, context } = held;
    await held.open('/shop');
    await page.getByLabel('Min price (₦)').fill('1000');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('minPrice') === '1000', { waitUntil: 'commit' }),
      page.getByLabel('Min price (₦)').press('Enter'),
    ]);
    await page.locator('#page-data').waitFor({ state: 'attached' });
    expect(await page.getByLabel('Min price (₦)').inputValue()).toBe('1000');
    await page.getByLabel('Sort by').selectOption('price_asc');
    await held.release();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    expect(new URL(page.url()).searchParams.get('minPrice')).toBe('1000');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_asc');
    await context.close();
  });

  it('search: the form needs the app to open; /search?q= answers with the results once it starts', async () => {
    const held = await pageWithScriptsHeld();
    const { page, context } = held;
    await held.open('/shop');
    // The header's search is opened by a button the app runs: no field to type into before it.
    expect(await page.locator('input[name="q"]').count()).toBe(0);
    await held.open('/search?q=lace');
    await held.release();
    await page.getByRole('heading', { level: 1, name: 'Search Results for "lace"' }).waitFor();

    // Through the app: the header's form, sent as a GET of /search?q=.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const form = page.locator('form[role="search"]');
    expect(await form.getAttribute('action')).toBe('/search');
    expect((await form.getAttribute('method')) ?? 'get').toBe('get');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('ribbon');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'ribbon');
    await context.close();
  });

  it('login, register and contact: not drawn, so no field exists before the app; once it runs they post, never GET', async () => {
    const held = await pageWithScriptsHeld();
    const { page, context } = held;
    for (const path of ['/login', '/register', '/contact']) {
      await held.open(path);
      expect(await page.locator('#root form, #root input').count(), path).toBe(0);
    }
    await held.release();
    for (const path of ['/login', '/register', '/contact']) {
      await page.goto(path);
      const form = page.locator('main form').first();
      await form.waitFor();
      expect(await form.getAttribute('method'), path).toBe('post');
    }
    await page.goto('/login');
    await submitLogin(page, 'nobody@example.com', 'Wrong@12345');
    await page.getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(secretsInUrls(held.urls)).toEqual([]);
    await context.close();
  });
});
