import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  postgresAnswers,
  type RunningShop,
  scratchPostgres,
  startBuiltShop,
  UNLIMITED_ORDERS_ENV,
} from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, logIn, PASSWORD, trackProblems, uniqueEmail } from './fixtures/accounts';
import { useBrowser } from './fixtures/browser';
import {
  type ApiProduct,
  fillShipping,
  gateway,
  naira,
  payWithCard,
  placeOrder,
  squash,
  TEST_CARDS,
} from './fixtures/checkout';
import { type MailboxMessage, ORDERS_EMAIL, startMailbox } from './fixtures/mailbox';
import { type RoundRobinProxy, startRoundRobinProxy } from './fixtures/round-robin-proxy';
import { STOCK_REFRESH_MS } from './fixtures/stock';

// docs/deploy.md's shop on several boxes, as far as one machine can show it: two built shop
// processes on one fresh PostgreSQL database and one Redis, a round-robin proxy in front (no
// sticky sessions: a customer's requests land on either), the test gateway's webhook sent to
// process B alone. The whole purchase runs in Chromium through the proxy. The shared e2e shop
// (global-setup.ts) is not used: this spec brings its own database, shops and mailbox.

/** The PostgreSQL server this spec makes its database on: DATABASE_URL's, or the machine's. */
const POSTGRES_SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const WEBHOOK_PATH = '/api/payments/paystack/webhook';
/** A Redis database of this spec's own, so its rate-limit windows never meet another test's (never flushed). */
const REDIS_DB = 13;

type LogLine = { msg?: string; reqId?: string; req?: { url?: string }; res?: { statusCode?: number }; level?: number };

interface Process {
  name: 'A' | 'B';
  shop: RunningShop;
  logLines: LogLine[];
}

let proxy: RoundRobinProxy;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let processes: Process[] = [];
let dropDatabase = async () => {};
const dataDirs: string[] = [];

/** A fresh database on POSTGRES_SERVER, dropped after. */
async function freshDatabase(): Promise<string> {
  const database = await scratchPostgres({ serverUrl: POSTGRES_SERVER, label: 'scale' });
  dropDatabase = database.drop;
  return database.url;
}

/** REDIS_URL (or the machine's Redis) with this spec's database number. */
function redisUrl(): string {
  const url = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  url.pathname = `/${REDIS_DB}`;
  return url.toString();
}

/** One Redis command, in the inline form: enough for the one question this spec asks. */
function redisCommand(url: string, command: string): Promise<string> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    let answer = '';
    socket.setTimeout(2_000, () => socket.destroy(new Error('redis did not answer')));
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      // SELECT's +OK, then the command's one-line answer.
      const lines = answer.split('\r\n');
      if (lines.length >= 3) {
        socket.end();
        resolve(lines[1] ?? '');
      }
    });
    socket.write(`SELECT ${pathname.slice(1) || '0'}\r\n${command}\r\n`);
  });
}

/** CI always sets DATABASE_URL; a developer's `npm test` without a PostgreSQL server skips this spec, saying so. */
const hasPostgres = Boolean(process.env.DATABASE_URL) || (await postgresAnswers(POSTGRES_SERVER, 2_000));
if (!hasPostgres) console.warn(`scale-two-processes.spec.ts skipped: no PostgreSQL answers at ${POSTGRES_SERVER}`);
/** Without a Redis server the shops keep their limits in memory: the journey still runs, the Redis check is left out. */
const hasRedis = await redisCommand(redisUrl(), 'PING').then(
  (answer) => answer === '+PONG',
  () => false,
);
if (!hasRedis) console.warn('scale-two-processes.spec.ts: no Redis answers, the shops count rate limits in memory');

async function messagesTo(address: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${mailbox.httpUrl}/messages?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/** A product's stock as one process answers it, straight from its port. */
async function stockAt(at: Process, productId: string): Promise<number> {
  const data = await (await fetch(`${at.shop.baseUrl}/api/products/${productId}`)).json();
  return (data.product ?? data).stock as number;
}

/** Requests for `url` in a process's log, with the status each was answered with. */
function answered(at: Process, url: string): (number | undefined)[] {
  const ids = at.logLines.filter((l) => l.msg === 'incoming request' && l.req?.url === url).map((l) => l.reqId);
  return ids.map((id) => at.logLines.find((l) => l.msg === 'request completed' && l.reqId === id)?.res?.statusCode);
}

describe.skipIf(!hasPostgres)('the whole purchase on two shop processes behind a round-robin proxy', () => {
  const shop = useBrowser({ baseUrl: () => proxy.url });

  beforeAll(async () => {
    const databaseUrl = await freshDatabase();
    mailbox = await startMailbox();
    // The proxy's address is the shops' PUBLIC_URL (links, the gateway's window, allowed Origin), so
    // it starts first and learns the shops' addresses once they are up.
    proxy = await startRoundRobinProxy();
    const portB = await freePort();
    const env = (name: string) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `shop-scale-${name}-`));
      dataDirs.push(dataDir);
      return {
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        // Each box its own disk: nothing of the journey may depend on files another process wrote.
        DATA_DIR: dataDir,
        // Info, to read from B's log that the webhook reached it (kept in memory, not printed).
        LOG_LEVEL: 'info',
        PUBLIC_URL: proxy.url,
        TRUST_PROXY: 'loopback',
        REDIS_URL: hasRedis ? redisUrl() : '',
        SMTP_URL: mailbox.smtpUrl,
        ORDERS_EMAIL,
        OUTBOX_WORKER: 'true',
        OUTBOX_POLL_MS: '200',
        OUTBOX_RETRY_BASE_MS: '200',
        ORDER_EXPIRY_WORKER: 'true',
        ORDER_EXPIRY_POLL_MS: '1000',
        ...UNLIMITED_ORDERS_ENV,
        CATALOG_STOCK_REFRESH_MS: String(STOCK_REFRESH_MS),
        // The test gateway's webhooks go to process B directly, whichever process took the charge.
        PAYSTACK_WEBHOOK_URL: `http://127.0.0.1:${portB}${WEBHOOK_PATH}`,
      };
    };
    const start = async (name: Process['name'], port?: number): Promise<Process> => {
      const logLines: LogLine[] = [];
      const running = await startBuiltShop(env(name), {
        port,
        onOutput: (line) => {
          try {
            const parsed = JSON.parse(line) as LogLine;
            logLines.push(parsed);
            if ((parsed.level ?? 0) >= 50) process.stderr.write(`[shop ${name}] ${line}\n`);
          } catch {
            process.stderr.write(`[shop ${name}] ${line}\n`);
          }
        },
      });
      return { name, shop: running, logLines };
    };
    // Started together on the empty database: one migrates and seeds, the other waits (decision 029).
    processes = await Promise.all([start('A'), start('B', portB)]);
    proxy.setBackends(processes.map((p) => p.shop.baseUrl));
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.shop.stop()));
    await proxy?.stop();
    await mailbox?.stop();
    await dropDatabase();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('browses, buys by card and is emailed once; the admin and both processes agree the order is paid and the stock went down', async () => {
    const [a, b] = processes as [Process, Process];
    // A category with a product in good stock, as the catalogue answers through the proxy.
    const { categories } = await (await fetch(`${proxy.url}/api/categories`)).json();
    let found: { category: { id: string; name: string }; product: ApiProduct } | undefined;
    for (const candidate of categories as { id: string; name: string }[]) {
      const listed = await (await fetch(`${proxy.url}/api/products/category/${candidate.id}?pageSize=24`)).json();
      const inStock = (listed.products as ApiProduct[]).find((p) => p.stock >= 20);
      if (inStock) {
        found = { category: candidate, product: inStock };
        break;
      }
    }
    if (!found) throw new Error('no product in good stock in the demo catalogue');
    const { category, product } = found;
    const stockBefore = { a: await stockAt(a, product.id), b: await stockAt(b, product.id) };
    expect(stockBefore.a).toBe(stockBefore.b);

    const { page, context, errors } = await shop.newPage();
    const problems = trackProblems(page, errors);
    const email = uniqueEmail('scale');

    // Browse: the category, then the product from its grid.
    await page.goto(`/categories/${category.id}`);
    await page
      .getByRole('list', { name: `${category.name} products` })
      .getByRole('link', { name: product.name, exact: true })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === `/products/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();

    // Register: the cart lives in the browser, so it is still there whichever process answers next.
    await page.goto('/register');
    await page.getByLabel('First name').fill('Ifeoma');
    await page.getByLabel('Last name').fill('Eze');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();

    // Check out and pay in the test gateway's window; the session is in the database, so every
    // request of it is recognised by either process.
    await page.getByRole('button', { name: /^Cart/ }).click();
    await page.getByRole('dialog', { name: 'Your Cart' }).getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    // Prefilled from the account, whichever process answers the profile.
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await fillShipping(page);
    const orderNumber = await placeOrder(page);
    expect(orderNumber).toMatch(/^TS-[0-9A-Z]{8}$/);
    const total = product.price + 5000; // Express delivery
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await gateway(page)
      .getByRole('button', { name: `Pay ${naira(total)}` })
      .waitFor();
    await payWithCard(page, TEST_CARDS.success);
    await page.waitForURL((url) => url.pathname === '/order/success', { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor();
    expect(squash(await page.getByTestId('order-number').textContent())).toBe(orderNumber);

    // The order page says paid, once.
    await page.goto('/orders');
    const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
    await row.getByRole('link', { name: `View order ${orderNumber}` }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
    expect(await page.locator('[data-field="payment-status"]').textContent()).toBe('Paid');
    expect(await page.getByTestId('order-status').textContent()).toBe('PROCESSING');
    expect(
      await page
        .getByTestId('order-history')
        .getByText(/^Payment: UNPAID → PAID/)
        .count(),
    ).toBe(1);
    expect(problems()).toEqual([]);
    await context.close();

    // One confirmation email although both processes run the outbox worker.
    const subject = `Order ${orderNumber} confirmed: payment received`;
    await expect
      .poll(async () => (await messagesTo(email)).filter((m) => m.subject === subject).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // ten more polls of each worker
    expect((await messagesTo(email)).filter((m) => m.subject === subject)).toHaveLength(1);

    // The admin, through the proxy too, sees it paid in the orders list.
    const admin = await shop.newPage();
    await logIn(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.goto('/admin/orders');
    const search = admin.page.getByRole('searchbox', { name: 'Search by order number or customer' });
    await search.fill(orderNumber);
    await search.press('Enter');
    const adminRow = admin.page.getByTestId('order-row').filter({ hasText: orderNumber });
    await adminRow.locator('[data-label="Payment"]').getByText('Paid', { exact: true }).waitFor();
    await admin.context.close();

    // Each process, asked directly, answers the lower stock once its refresh period has passed.
    for (const at of [a, b]) {
      await expect
        .poll(() => stockAt(at, product.id), { timeout: 10_000, interval: STOCK_REFRESH_MS })
        .toBe(stockBefore.a - 1);
    }

    // Both processes served the journey, and the webhook reached B (and only B), which took it.
    const [servedA = 0, servedB = 0] = proxy.served;
    expect(servedA, 'requests served by A').toBeGreaterThan(10);
    expect(servedB, 'requests served by B').toBeGreaterThan(10);
    expect(proxy.log.filter((entry) => entry.path === WEBHOOK_PATH)).toEqual([]);
    await expect.poll(() => answered(b, WEBHOOK_PATH), { timeout: 10_000 }).toContain(200);
    expect(answered(a, WEBHOOK_PATH)).toEqual([]);
    // Their rate limits were counted in the one Redis (the registration, by the browser's address).
    if (hasRedis) expect(await redisCommand(redisUrl(), 'EXISTS shop:rate:register-ip:127.0.0.1')).toBe(':1');
  }, 180_000);
});
