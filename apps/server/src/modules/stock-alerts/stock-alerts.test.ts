import {
  MESSAGES,
  PRODUCT_CSV_COLUMNS,
  STOCK_ALERT_LIMITS,
  STOCK_ALERT_MAILS_PER_WEEK_DEFAULT,
  STOCK_ALERT_MESSAGES,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, bearer, customer, login, type Session, verifiedCustomer } from '../../../test/accounts';
import { createTestApp } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { createProduct, placeOrder } from '../../../test/orders';
import { addressHash } from '../../mail/mail-consent';
import { renderEmail } from '../../mail/templates';
import { tokenHash } from './stock-alerts.service';

// Back-in-stock alerts through HTTP on the real app (decision 031): the request and its limits,
// every path that restocks (admin edit, CSV import, a cancelled or an expired order), exactly one
// email per waiting address, and the email's unsubscribe link. The outbox runs only when a test
// drains it, so what a restock queued can be read before it is sent.

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let admin: Session;

beforeAll(async () => {
  shop = await createTestApp({
    seedDemoCatalogue: false,
    publicUrl: 'https://shop.example.com',
    outbox: { worker: false, pollMs: 60_000, retryBaseMs: 60_000 },
  });
  app = shop.app;
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => shop?.close());

type Product = Awaited<ReturnType<typeof createProduct>>;

let ip = 0;
/** Each call from its own address unless one is given: the per-IP limit is tested on its own. */
const ask = (productId: string, email: unknown, options: { remoteAddress?: string; headers?: object } = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/products/${productId}/stock-alerts`,
    payload: { email } as object,
    remoteAddress: options.remoteAddress ?? `198.51.100.${(ip++ % 250) + 1}`,
    headers: options.headers as Record<string, string> | undefined,
  });

interface ConfirmEmail {
  to: string;
  template: 'stock-alert-confirm';
  expiresAt?: string;
  data: { productName: string; confirmUrl: string; hours: number };
}

/** The confirmation emails queued for this address, oldest first (read before a drain sends them). */
const confirmationsTo = (email: string) =>
  shop.database
    .query<{ payload: ConfirmEmail }>(
      `SELECT payload FROM outbox WHERE kind = 'email' AND payload->>'template' = 'stock-alert-confirm'
          AND payload->>'to' = $1 ORDER BY created_at, id`,
      [email],
    )
    .then((rows) => rows.map((row) => row.payload));

/** The path (with its token) of the last confirmation link mailed to this address. */
async function confirmPath(email: string): Promise<string> {
  const last = (await confirmationsTo(email)).at(-1);
  if (!last) throw new Error(`no confirmation email to ${email}`);
  const url = new URL(last.data.confirmUrl);
  return `${url.pathname}${url.search}`;
}

/** The confirmation page's button, as the browser sends it. */
const pressConfirm = (path: string) =>
  app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
    payload: 'answer=page',
  });

/** A guest asks, and the address confirms by the link mailed to it: an alert that will be emailed. */
async function waitFor(productId: string, email: string) {
  const asked = await ask(productId, email);
  expect(asked.statusCode, asked.body).toBe(201);
  const confirmed = await pressConfirm(await confirmPath(email));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

const setStock = (productId: string, hundredths: number) =>
  shop.database.query('UPDATE products SET stock_hundredths = $2 WHERE id = $1', [productId, hundredths]);

interface SentEmail {
  to: string;
  template: string;
  listUnsubscribe?: string;
  data: { productName: string; price: string; productUrl: string; unsubscribeUrl: string };
}

/** Runs the outbox (the stock-returned jobs, then their emails, kept unsent: no SMTP here). */
const drain = () => app.outbox.drain();

/** The back-in-stock emails queued for this product, by address. */
async function emailsFor(product: Product): Promise<SentEmail[]> {
  const rows = await shop.database.query<{ payload: SentEmail }>(
    `SELECT payload FROM outbox WHERE kind = 'email' AND payload->>'template' = 'stock-returned'
        AND payload->'data'->>'productName' = $1 ORDER BY payload->>'to'`,
    [product.name],
  );
  return rows.map((row) => row.payload);
}

const alertsOf = (productId: string) =>
  shop.database.query<{
    email: string;
    notified_at: Date | null;
    cancelled_at: Date | null;
    confirmed_at: Date | null;
    user_id: string | null;
  }>(
    'SELECT email, notified_at, cancelled_at, confirmed_at, user_id FROM stock_alerts WHERE product_id = $1 ORDER BY email, created_at',
    [productId],
  );

async function soldOut(terms: Parameters<typeof createProduct>[1] = {}) {
  return createProduct(shop.database, { stock: 0, priceKobo: 120_000, ...terms });
}

/** The admin's product form, sent as the admin's edit page sends it, with a new stock. */
async function adminSetStock(product: Product, stock: string) {
  const body = multipart({
    name: product.name,
    description: 'Lace for the test.',
    price: String(product.priceKobo / 100),
    stock,
    unit: product.unit,
    subcategoryId: product.subcategoryId,
    specifications: '[]',
    isHotBuy: 'false',
    isNewlyAdded: 'false',
    existingImages: JSON.stringify(product.images),
  });
  const response = await app.inject({
    method: 'PUT',
    url: `/api/products/${product.id}`,
    payload: body.payload,
    headers: { ...bearer(admin), ...body.headers },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('asking for a back-in-stock alert', () => {
  it('keeps one open alert per address (lower-cased) and answers a repeat the same, without a second row', async () => {
    const product = await soldOut();
    const first = await ask(product.id, '  Ada@Example.com ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ message: STOCK_ALERT_MESSAGES.confirmationSent });
    const again = await ask(product.id, 'ADA@example.com');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await alertsOf(product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'ada@example.com',
      notified_at: null,
      cancelled_at: null,
      confirmed_at: null,
      user_id: null,
    });
    // One confirmation email for both requests.
    expect(await confirmationsTo('ada@example.com')).toHaveLength(1);
  });

  it('takes a signed-in customer’s own address at once, tied to the account, with no email', async () => {
    const product = await soldOut();
    const account = await verifiedCustomer(app);
    const asked = await ask(product.id, account.email, { headers: bearer(account.session) });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toEqual({ message: STOCK_ALERT_MESSAGES.requested });
    const [alert] = await alertsOf(product.id);
    expect(alert?.user_id).toBe(account.id);
    expect(alert?.confirmed_at).not.toBeNull();
    expect(await confirmationsTo(account.email)).toEqual([]);
  });

  it('treats an unverified account’s own address as a guest’s: the alert waits for the link', async () => {
    const product = await soldOut();
    // Anyone may register under a stranger's address: until its link is opened, it is only a claim.
    const account = await customer(app);
    const asked = await ask(product.id, account.email, { headers: bearer(account.session) });
    expect(asked.json()).toEqual({ message: STOCK_ALERT_MESSAGES.confirmationSent });
    expect((await alertsOf(product.id))[0]?.confirmed_at).toBeNull();
    expect(await confirmationsTo(account.email)).toHaveLength(1);
    await setStock(product.id, 500);
    await drain();
    expect(await emailsFor(product)).toEqual([]);
  });

  it('answers 409 IN_STOCK for a product that can be bought now, 404 for an unknown one, 400 for a bad email', async () => {
    const inStock = await createProduct(shop.database, { stock: 3 });
    const bought = await ask(inStock.id, 'ada@example.com');
    expect(bought.statusCode).toBe(409);
    expect(bought.json()).toEqual({ code: 'IN_STOCK', message: STOCK_ALERT_MESSAGES.inStock });

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-product']) {
      const unknown = await ask(id, 'ada@example.com');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: STOCK_ALERT_MESSAGES.productNotFound });
    }

    const product = await soldOut();
    // By its slug too, like the product's own routes: the alert is the product's.
    expect((await ask(product.slug, 'by-slug@example.com')).statusCode).toBe(201);
    expect((await alertsOf(product.id)).map((alert) => alert.email)).toEqual(['by-slug@example.com']);
    await shop.database.query('DELETE FROM stock_alerts WHERE product_id = $1', [product.id]);
    const bad = await ask(product.id, 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_INPUT', errors: { email: 'Invalid email address' } });
    const missing = await ask(product.id, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'INVALID_INPUT', errors: { email: 'Email is required' } });
    expect(await alertsOf(product.id)).toEqual([]);
  });

  it('counts a product below its minimum as sold out (4 yards left of a 5-yard minimum)', async () => {
    const product = await createProduct(shop.database, {
      stock: 4,
      terms: { unit: 'yard', stepHundredths: 100, minHundredths: 500 },
    });
    expect((await ask(product.id, 'yards@example.com')).statusCode).toBe(201);
  });

  it('limits the open alerts of one address, and of one product', async () => {
    const collector = await verifiedCustomer(app);
    const email = collector.email;
    const signedIn = { headers: bearer(collector.session) };
    for (let i = 0; i < STOCK_ALERT_LIMITS.openPerEmail; i += 1) {
      expect((await ask((await soldOut()).id, email, signedIn)).statusCode).toBe(201);
    }
    const over = await ask((await soldOut()).id, email, signedIn);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ code: 'STOCK_ALERT_LIMIT', message: STOCK_ALERT_MESSAGES.tooManyForEmail });

    const crowded = await soldOut();
    await shop.database.query(
      `INSERT INTO stock_alerts (product_id, email, confirmed_at)
         SELECT $1, 'fan' || n || '@example.com', now() FROM generate_series(1, $2::int) n`,
      [crowded.id, STOCK_ALERT_LIMITS.openPerProduct],
    );
    const full = await ask(crowded.id, 'one-more@example.com');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ code: 'STOCK_ALERT_LIMIT', message: STOCK_ALERT_MESSAGES.tooManyForProduct });
    // One already waiting still gets the same answer.
    expect((await ask(crowded.id, 'fan1@example.com')).statusCode).toBe(201);
  });

  it('limits requests per IP address with 429 and Retry-After', async () => {
    const product = await soldOut();
    const remoteAddress = '203.0.113.50';
    for (let i = 0; i < STOCK_ALERT_LIMITS.requestsPerIp; i += 1) {
      expect((await ask(product.id, `ip${i}@example.com`, { remoteAddress })).statusCode).toBe(201);
    }
    const refused = await ask(product.id, 'ip-over@example.com', { remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await alertsOf(product.id)).map((row) => row.email)).not.toContain('ip-over@example.com');
  });
});

describe('a restock', () => {
  it('after an admin edit, queues exactly one email per waiting address with the product, price, link and unsubscribe link', async () => {
    const product = await soldOut({ terms: { unit: 'yard', stepHundredths: 50, minHundredths: 100 } });
    await waitFor(product.id, 'ada@example.com');
    await waitFor(product.id, 'bisi@example.com');
    await adminSetStock(product, '12.5');
    await drain();

    const emails = await emailsFor(product);
    expect(emails.map((email) => email.to)).toEqual(['ada@example.com', 'bisi@example.com']);
    for (const email of emails) {
      expect(email.data).toMatchObject({
        productName: product.name,
        price: '₦1,200 / yard',
        productUrl: `https://shop.example.com/products/${product.slug}`,
      });
      expect(email.data.unsubscribeUrl).toMatch(
        /^https:\/\/shop\.example\.com\/api\/stock-alerts\/unsubscribe\?token=/,
      );
      expect(email.listUnsubscribe).toBe(email.data.unsubscribeUrl);
    }
    // The two links differ, and the table keeps only their hashes.
    expect(new Set(emails.map((email) => email.data.unsubscribeUrl)).size).toBe(2);
    const token = new URL(emails[0]?.data.unsubscribeUrl ?? '').searchParams.get('token') ?? '';
    const [stored] = await shop.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stock_alerts WHERE unsubscribe_token_hash = $1',
      [tokenHash(token)],
    );
    expect(stored?.n).toBe(1);
    expect(await shop.database.query('SELECT 1 FROM stock_alerts WHERE unsubscribe_token_hash = $1', [token])).toEqual(
      [],
    );
    expect((await alertsOf(product.id)).every((row) => row.notified_at !== null)).toBe(true);

    // Sold out and back again: nothing more to them.
    await adminSetStock(product, '0');
    await adminSetStock(product, '20');
    await drain();
    expect(await emailsFor(product)).toHaveLength(2);
  });

  it('renders the email with the name, price, product link and unsubscribe link in text and HTML', () => {
    const email = renderEmail('stock-returned', {
      productName: 'Gold <lace>',
      price: '₦1,200 / yard',
      productUrl: 'https://shop.example.com/products/gold-lace',
      unsubscribeUrl: 'https://shop.example.com/api/stock-alerts/unsubscribe?token=abc',
    });
    expect(email.subject).toBe('Back in stock: Gold <lace>');
    for (const part of ['Gold <lace>', '₦1,200 / yard', 'https://shop.example.com/products/gold-lace']) {
      expect(email.text).toContain(part);
    }
    // The link stops every back-in-stock email to the address, and says so.
    expect(email.text).toContain(
      'No more back-in-stock emails? This link stops them for this address, no login needed:\nhttps://shop.example.com/api/stock-alerts/unsubscribe?token=abc',
    );
    expect(email.html).toContain('Gold &lt;lace&gt;');
    expect(email.html).toContain('href="https://shop.example.com/products/gold-lace"');
    expect(email.html).toContain('href="https://shop.example.com/api/stock-alerts/unsubscribe?token=abc"');
  });

  it('that does not reach the minimum sends nothing, and the alert waits for one that does', async () => {
    const product = await soldOut({ terms: { unit: 'yard', stepHundredths: 100, minHundredths: 500 } });
    await waitFor(product.id, 'patient@example.com');
    await setStock(product.id, 400);
    await drain();
    expect(await emailsFor(product)).toEqual([]);
    expect((await alertsOf(product.id))[0]?.notified_at).toBeNull();
    await setStock(product.id, 500);
    await drain();
    expect((await emailsFor(product)).map((email) => email.to)).toEqual(['patient@example.com']);
  });

  it('gone again before the job ran sends nothing; the next restock does', async () => {
    const product = await soldOut();
    await waitFor(product.id, 'late@example.com');
    await setStock(product.id, 100);
    await setStock(product.id, 0);
    await drain();
    expect(await emailsFor(product)).toEqual([]);
    await setStock(product.id, 300);
    await drain();
    expect(await emailsFor(product)).toHaveLength(1);
  });

  it('through a CSV import', async () => {
    const product = await soldOut();
    await waitFor(product.id, 'csv@example.com');
    const exported = await app.inject({ method: 'GET', url: '/api/products/export.csv', headers: bearer(admin) });
    const { parse } = await import('csv-parse/sync');
    const rows = parse(exported.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    const row = rows.find((candidate) => candidate.id === product.id);
    if (!row) throw new Error('product not exported');
    const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
    const csv = `${PRODUCT_CSV_COLUMNS.join(',')}\n${PRODUCT_CSV_COLUMNS.map((column) => cell(column === 'stock' ? '7' : column === 'description' ? 'Lace for the test.' : (row[column] ?? ''))).join(',')}\n`;
    const body = multipart({}, [
      { field: 'file', filename: 'p.csv', contentType: 'text/csv', bytes: Buffer.from(csv) },
    ]);
    const imported = await app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload: body.payload,
      headers: { ...bearer(admin), ...body.headers },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await drain();
    expect((await emailsFor(product)).map((email) => email.to)).toEqual(['csv@example.com']);
  });

  it('through a cancelled order and an expired one giving their units back', async () => {
    for (const how of ['cancelled', 'expired'] as const) {
      const product = await createProduct(shop.database, { stock: 1, priceKobo: 120_000 });
      const buyer = await customer(app);
      const placed = await placeOrder(app, buyer.session, [{ productId: product.id, quantity: 1, price: 1200 }]);
      expect(placed.statusCode, placed.body).toBe(201);
      const orderId = placed.json().order.id as string;
      await waitFor(product.id, `${how}@example.com`);
      await drain();
      expect(await emailsFor(product)).toEqual([]);
      if (how === 'cancelled') {
        const cancelled = await app.inject({
          method: 'POST',
          url: `/api/orders/${orderId}/cancel`,
          headers: bearer(buyer.session),
        });
        expect(cancelled.statusCode, cancelled.body).toBe(200);
      } else {
        await shop.database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
          orderId,
        ]);
        await app.payments.expiry.runOnce();
      }
      await drain();
      expect((await emailsFor(product)).map((email) => email.to)).toEqual([`${how}@example.com`]);
    }
  });

  it('sends once when two jobs for one product run at once', async () => {
    const product = await soldOut();
    await waitFor(product.id, 'twice@example.com');
    await setStock(product.id, 500);
    await shop.database.query(`INSERT INTO outbox (kind, payload) VALUES ('stock-returned', $1::jsonb)`, [
      JSON.stringify({ productId: product.id }),
    ]);
    await Promise.all([drain(), drain()]);
    expect(await emailsFor(product)).toHaveLength(1);
  });
});

describe('the admin sees who waits', () => {
  it('in the products list and on the dashboard', async () => {
    const product = await soldOut({ name: 'Waited-for lace' });
    await waitFor(product.id, 'w1@example.com');
    await waitFor(product.id, 'w2@example.com');
    const list = await app.inject({
      method: 'GET',
      url: `/api/products/admin?search=${encodeURIComponent('Waited-for lace')}`,
      headers: bearer(admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().products).toEqual([expect.objectContaining({ id: product.id, waiting: 2 })]);

    const dashboard = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().waitingForRestock).toContainEqual({ id: product.id, name: 'Waited-for lace', waiting: 2 });
    expect(dashboard.json().lowStock.find((row: { id: string }) => row.id === product.id)?.waiting ?? 2).toBe(2);
  });
});

describe('the unsubscribe link', () => {
  it('opens a page with a button (changing nothing), and its POST stops every alert of that address; the same answer for any token', async () => {
    const product = await soldOut();
    const other = await soldOut();
    await waitFor(product.id, 'leaving@example.com');
    await waitFor(other.id, 'leaving@example.com');
    await waitFor(other.id, 'staying@example.com');
    await setStock(product.id, 100);
    await drain();
    const [email] = await emailsFor(product);
    const url = new URL(email?.data.unsubscribeUrl ?? '');
    const path = `${url.pathname}${url.search}`;

    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain(STOCK_ALERT_MESSAGES.unsubscribeConfirm);
    expect((await alertsOf(product.id))[0]?.cancelled_at).toBeNull();

    // RFC 8058's one-click from a mail provider's servers: form-encoded, a foreign origin.
    const oneClick = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ message: STOCK_ALERT_MESSAGES.unsubscribed });
    expect((await alertsOf(product.id))[0]?.cancelled_at).not.toBeNull();
    // The address's other alert is stopped too; another address's is not.
    const others = await alertsOf(other.id);
    expect(others.filter((alert) => alert.cancelled_at !== null).map((alert) => alert.email)).toEqual([
      'leaving@example.com',
    ]);
    expect(others.filter((alert) => alert.cancelled_at === null).map((alert) => alert.email)).toEqual([
      'staying@example.com',
    ]);
    await setStock(other.id, 100);
    await drain();
    expect((await emailsFor(other)).map((email) => email.to)).toEqual(['staying@example.com']);

    const button = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=page',
    });
    expect(button.statusCode).toBe(200);
    expect(button.body).toContain(STOCK_ALERT_MESSAGES.unsubscribed);

    const unknown = await app.inject({
      method: 'POST',
      url: '/api/stock-alerts/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: STOCK_ALERT_MESSAGES.unsubscribed });
  });
});

describe('mail only to people who asked', () => {
  it('order the last unit, ask for a stranger’s address, cancel, again and again: the stranger gets one confirmation email and nothing else', async () => {
    const product = await createProduct(shop.database, { stock: 1, priceKobo: 120_000 });
    const buyer = await customer(app);
    const stranger = 'victim.of.alerts@example.com';
    for (let round = 0; round < 3; round += 1) {
      const placed = await placeOrder(app, buyer.session, [{ productId: product.id, quantity: 1, price: 1200 }]);
      expect(placed.statusCode, placed.body).toBe(201);
      const asked = await ask(product.id, stranger);
      expect(asked.statusCode, asked.body).toBe(201);
      expect(asked.json()).toEqual({ message: STOCK_ALERT_MESSAGES.confirmationSent });
      const cancelled = await app.inject({
        method: 'POST',
        url: `/api/orders/${placed.json().order.id}/cancel`,
        headers: bearer(buyer.session),
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await drain();
    }
    expect(await emailsFor(product)).toEqual([]);
    // One link, asked three times: the others were not sent while it still worked.
    const confirmations = await shop.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE payload->>'template' = 'stock-alert-confirm' AND payload->>'to' = $1`,
      [stranger],
    );
    expect(confirmations[0]?.n).toBe(1);
    expect((await alertsOf(product.id)).map((alert) => alert.confirmed_at)).toEqual([null]);
  });

  it('a signed-in customer asking for an address not the account’s own waits for that address to confirm', async () => {
    const product = await soldOut();
    const account = await customer(app);
    const asked = await ask(product.id, 'someone.else@example.com', { headers: bearer(account.session) });
    expect(asked.json()).toEqual({ message: STOCK_ALERT_MESSAGES.confirmationSent });
    expect((await alertsOf(product.id))[0]?.confirmed_at).toBeNull();
    expect(await confirmationsTo('someone.else@example.com')).toHaveLength(1);
    await setStock(product.id, 500);
    await drain();
    expect(await emailsFor(product)).toEqual([]);
  });

  it('mails a link that works once the button is pressed, for a day; opening it changes nothing', async () => {
    const product = await soldOut({ name: 'Confirmed lace' });
    const email = 'confirm.me@example.com';
    await ask(product.id, email);
    const [mail] = await confirmationsTo(email);
    expect(mail?.data).toMatchObject({ productName: 'Confirmed lace', hours: STOCK_ALERT_LIMITS.confirmHours });
    expect(mail?.data.confirmUrl).toMatch(
      /^https:\/\/shop\.example\.com\/api\/stock-alerts\/confirm\?token=[\w-]{32}$/,
    );
    // The token is kept only as its hash.
    const token = new URL(mail?.data.confirmUrl ?? '').searchParams.get('token') ?? '';
    expect(
      await shop.database.query('SELECT 1 FROM stock_alerts WHERE confirm_token_hash = $1', [tokenHash(token)]),
    ).toHaveLength(1);
    expect(await shop.database.query('SELECT 1 FROM stock_alerts WHERE confirm_token_hash = $1', [token])).toEqual([]);

    const rendered = renderEmail('stock-alert-confirm', mail?.data ?? { productName: '', confirmUrl: '', hours: 0 });
    expect(rendered.subject).toBe('Confirm your alert');
    expect(rendered.text).toContain(mail?.data.confirmUrl);

    const path = await confirmPath(email);
    for (const method of ['GET', 'HEAD'] as const) {
      const page = await app.inject({ method, url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    }
    expect((await app.inject({ method: 'GET', url: path })).body).toContain(STOCK_ALERT_MESSAGES.confirmPrompt);
    expect((await alertsOf(product.id))[0]?.confirmed_at).toBeNull();

    const pressed = await pressConfirm(path);
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain(STOCK_ALERT_MESSAGES.confirmed);
    expect((await alertsOf(product.id))[0]?.confirmed_at).not.toBeNull();
    // Pressed again: the same page, nothing new.
    expect((await pressConfirm(path)).body).toContain(STOCK_ALERT_MESSAGES.confirmed);

    await setStock(product.id, 500);
    await drain();
    expect((await emailsFor(product)).map((sent) => sent.to)).toEqual([email]);
    // A link whose alert was emailed and closed does nothing more.
    expect((await pressConfirm(path)).statusCode).toBe(404);

    const unknown = await pressConfirm('/api/stock-alerts/confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(STOCK_ALERT_MESSAGES.confirmInvalid);
  });

  it('an expired link confirms nothing; asking again then mails a new one', async () => {
    const product = await soldOut();
    const email = 'slow.reader@example.com';
    await ask(product.id, email);
    const old = await confirmPath(email);
    await shop.database.query(
      `UPDATE stock_alerts SET confirm_expires_at = now() - interval '1 minute' WHERE product_id = $1`,
      [product.id],
    );
    expect((await app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
    expect((await pressConfirm(old)).statusCode).toBe(404);
    expect((await alertsOf(product.id))[0]?.confirmed_at).toBeNull();

    await ask(product.id, email);
    expect(await confirmationsTo(email)).toHaveLength(2);
    const fresh = await confirmPath(email);
    expect(fresh).not.toBe(old);
    expect((await pressConfirm(fresh)).statusCode).toBe(200);
    const alerts = await alertsOf(product.id);
    expect(alerts.filter((alert) => alert.cancelled_at === null).map((alert) => alert.confirmed_at !== null)).toEqual([
      true,
    ]);
  });

  it('confirmed after the product came back: its email is queued at once', async () => {
    const product = await soldOut();
    const email = 'came.back@example.com';
    await ask(product.id, email);
    // Read before the outbox sends it (a sent email's data is not kept).
    const path = await confirmPath(email);
    await setStock(product.id, 500);
    await drain();
    expect(await emailsFor(product)).toEqual([]);
    expect((await pressConfirm(path)).statusCode).toBe(200);
    // Pressed twice: one job.
    expect((await pressConfirm(path)).statusCode).toBe(200);
    const jobs = await shop.database.query(
      `SELECT 1 FROM outbox WHERE kind = 'stock-returned' AND payload->>'productId' = $1 AND done_at IS NULL`,
      [product.id],
    );
    expect(jobs).toHaveLength(1);
    await drain();
    expect((await emailsFor(product)).map((sent) => sent.to)).toEqual([email]);
  });

  it(`mails one address at most ${STOCK_ALERT_LIMITS.confirmationsPerDay} confirmation links a day, answering the same past it`, async () => {
    const email = 'many.products@example.com';
    const products = [];
    for (let i = 0; i <= STOCK_ALERT_LIMITS.confirmationsPerDay; i += 1) products.push(await soldOut());
    for (const product of products) {
      const asked = await ask(product.id, email);
      expect(asked.statusCode).toBe(201);
      expect(asked.json()).toEqual({ message: STOCK_ALERT_MESSAGES.confirmationSent });
    }
    expect(await confirmationsTo(email)).toHaveLength(STOCK_ALERT_LIMITS.confirmationsPerDay);
    expect(await alertsOf(products.at(-1)?.id ?? '')).toEqual([]);
  });

  it('an address that unsubscribed (from the newsletter too) gets no back-in-stock email, until it asks and confirms again', async () => {
    const email = 'left.everything@example.com';
    const product = await soldOut();
    await waitFor(product.id, email);
    // The newsletter's unsubscribe link: one list for every list mail.
    await app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email } });
    const [subscriber] = await shop.database.query<{ unsubscribe_token: string }>(
      'SELECT unsubscribe_token FROM newsletter_subscribers WHERE email = $1',
      [email],
    );
    const left = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${subscriber?.unsubscribe_token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(left.statusCode, left.body).toBe(200);
    expect((await alertsOf(product.id))[0]?.cancelled_at).not.toBeNull();
    await setStock(product.id, 500);
    await drain();
    expect(await emailsFor(product)).toEqual([]);

    // An alert confirmed before the unsubscribe but still open (however it was left) is closed
    // unsent when its product comes back.
    const other = await soldOut();
    await shop.database.query(
      `INSERT INTO stock_alerts (product_id, email, confirmed_at) VALUES ($1, $2, now() - interval '1 day')`,
      [other.id, email],
    );
    await setStock(other.id, 500);
    await drain();
    expect(await emailsFor(other)).toEqual([]);
    expect((await alertsOf(other.id))[0]?.cancelled_at).not.toBeNull();

    // The list is kept hashed: the address itself is nowhere in it.
    expect(
      await shop.database.query('SELECT 1 FROM mail_unsubscribed WHERE email_hash = $1', [addressHash(email)]),
    ).toHaveLength(1);
    expect(await shop.database.query('SELECT 1 FROM mail_unsubscribed WHERE email_hash LIKE $1', ['%@%'])).toEqual([]);

    // Asking again and confirming is the address asking: that alert is emailed.
    const later = await soldOut();
    await waitFor(later.id, email);
    await setStock(later.id, 500);
    await drain();
    expect((await emailsFor(later)).map((sent) => sent.to)).toEqual([email]);
  });

  it('unsubscribing from a back-in-stock email turns the newsletter off too', async () => {
    const email = 'reads.both@example.com';
    await app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email } });
    const product = await soldOut();
    await waitFor(product.id, email);
    await setStock(product.id, 500);
    await drain();
    const url = new URL((await emailsFor(product))[0]?.data.unsubscribeUrl ?? '');
    await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    const [row] = await shop.database.query<{ active: boolean }>(
      'SELECT active FROM newsletter_subscribers WHERE email = $1',
      [email],
    );
    expect(row?.active).toBe(false);
  });

  it(`sends one address at most STOCK_ALERT_MAILS_PER_WEEK (${STOCK_ALERT_MAILS_PER_WEEK_DEFAULT}) back-in-stock emails in 7 days; the rest are closed unsent`, async () => {
    const account = await verifiedCustomer(app);
    const products = [];
    for (let i = 0; i <= STOCK_ALERT_MAILS_PER_WEEK_DEFAULT; i += 1) products.push(await soldOut());
    for (const product of products) {
      expect((await ask(product.id, account.email, { headers: bearer(account.session) })).statusCode).toBe(201);
    }
    const warn = vi.spyOn(app.log, 'warn');
    for (const product of products) await setStock(product.id, 500);
    await drain();
    const sent = (await Promise.all(products.map((product) => emailsFor(product)))).flat();
    expect(sent).toHaveLength(STOCK_ALERT_MAILS_PER_WEEK_DEFAULT);
    // The dropped one is logged, without the address.
    const dropped = warn.mock.calls.filter((call) => String(call[1]).includes('had its emails for the week'));
    warn.mockRestore();
    expect(dropped).toHaveLength(1);
    expect(JSON.stringify(dropped)).not.toContain(account.email);
    const closed = (await Promise.all(products.map((product) => alertsOf(product.id)))).flat();
    expect(closed.filter((alert) => alert.notified_at !== null)).toHaveLength(STOCK_ALERT_MAILS_PER_WEEK_DEFAULT);
    expect(closed.filter((alert) => alert.cancelled_at !== null)).toHaveLength(1);

    // A week later the address may be told again.
    await shop.database.query(
      `UPDATE mail_sends SET sent_at = sent_at - interval '7 days 1 minute' WHERE email_hash = $1`,
      [addressHash(account.email)],
    );
    const next = await soldOut();
    await ask(next.id, account.email, { headers: bearer(account.session) });
    await setStock(next.id, 500);
    await drain();
    expect(await emailsFor(next)).toHaveLength(1);
  });
});

describe('a list mail waiting in the outbox', () => {
  it('is dropped unsent when its address unsubscribes before it goes', async () => {
    const queue = (to: string) =>
      shop.database.query<{ id: string }>(
        `INSERT INTO outbox (kind, payload) VALUES ('email', $1::jsonb) RETURNING id`,
        [
          JSON.stringify({
            to,
            template: 'stock-returned',
            data: {
              productName: 'Lace',
              price: '₦1,200',
              productUrl: 'https://shop.example.com/p',
              unsubscribeUrl: 'x',
            },
            listUnsubscribe: 'https://shop.example.com/api/stock-alerts/unsubscribe?token=x',
            listMailQueuedAt: new Date(Date.now() - 60_000).toISOString(),
          }),
        ],
      );
    const [gone] = await queue('left.meanwhile@example.com');
    const [kept] = await queue('still.here@example.com');
    await shop.database.query('INSERT INTO mail_unsubscribed (email_hash) VALUES ($1)', [
      addressHash('left.meanwhile@example.com'),
    ]);
    await drain();
    const rows = await shop.database.query<{ id: string; done: boolean; note: string | null; data: unknown }>(
      `SELECT id, done_at IS NOT NULL AS done, last_error AS note, payload->'data' AS data FROM outbox WHERE id = ANY($1::uuid[])`,
      [`{${gone?.id},${kept?.id}}`],
    );
    expect(rows.find((row) => row.id === gone?.id)).toMatchObject({
      done: true,
      note: 'dropped: the address unsubscribed',
      data: null,
    });
    // The other waits for a mail server, as every email does without SMTP_URL.
    expect(rows.find((row) => row.id === kept?.id)).toMatchObject({ done: false });
  });
});
