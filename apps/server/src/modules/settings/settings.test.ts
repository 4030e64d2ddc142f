import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  SHOP_SETTINGS_MESSAGES as M,
  SHOP_INFO_DEFAULTS,
  type ShopSettings,
  type ShopSettingsAnswer,
  type ShopSettingsChange,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session, verifiedCustomer } from '../../../test/accounts';
import { createTestApp, testConfig, testEngine } from '../../../test/helper';
import { createProduct, placeOrder } from '../../../test/orders';
import { buildApp } from '../../app';
import type { AppConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { renderEmail } from '../../mail/templates';

// The shop's settings (decision 025) through HTTP, on one database shared by two server
// processes: the first values from the environment, the admin's save and its record, and every
// reader (checkout's config, the next order, its emails, the drawn pages) taking the new values.

const webDistDir = mkdtempSync(path.join(tmpdir(), 'shop-settings-pages-'));
copyFileSync(path.join(import.meta.dirname, '../../../../web/index.html'), path.join(webDistDir, 'index.html'));

const ENV_BANK = { accountName: 'Adire Trims Ltd', bankName: 'Zenith Bank', accountNumber: '1234567890' };

function overrides(): Partial<AppConfig> {
  const base = testConfig();
  return {
    seedDemoCatalogue: false,
    webDistDir,
    contactEmail: 'shop@adire.example',
    ordersEmail: 'orders@adire.example',
    payments: { ...base.payments, bankTransfer: ENV_BANK, payOnDeliveryCapNaira: 150_000 },
    orders: { ...base.orders, paymentWindowMinutes: 45, bankTransferWindowHours: 12, podConfirmWindowHours: 36 },
  };
}

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let two: FastifyInstance;
let otherDatabase: Database | undefined;
let admin: Session;

beforeAll(async () => {
  shop = await createTestApp(overrides());
  app = shop.app;
  otherDatabase = shop.databaseUrl ? await openDatabase({ url: shop.databaseUrl, dataDir: '' }) : undefined;
  two = await buildApp(testConfig(overrides()), { database: otherDatabase ?? shop.database });
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await two?.close();
  await otherDatabase?.close();
  await shop?.close();
});

const adminGet = async (url: string, on = app) => on.inject({ method: 'GET', url, headers: bearer(admin) });
const put = (payload: unknown, session = admin) =>
  app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(session), payload: payload as object });

/** The answer of `on` once `check` holds (another process hears of a save at its commit). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 150 && !check(value); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

/** The page-data block of a page, as the web app reads it. */
function pageData(html: string): Record<string, unknown> {
  const match = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no page-data block');
  return JSON.parse(match[1]);
}

const NEW_BANK = { accountName: 'Stitch & Trim Ventures', bankName: 'GTBank', accountNumber: '0987654321' };

describe(`shop settings (${testEngine})`, () => {
  let first: ShopSettings;

  it('answers the first values from the environment on a database where none were saved', async () => {
    const response = await adminGet('/api/settings/admin');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const answer: ShopSettingsAnswer = response.json();
    first = answer.settings;
    expect(answer).toEqual({
      settings: {
        ...SHOP_INFO_DEFAULTS,
        email: 'shop@adire.example',
        bankAccount: ENV_BANK,
        ordersEmail: 'orders@adire.example',
        payOnDeliveryCapNaira: 150_000,
        cardPaymentWindowMinutes: 45,
        bankTransferWindowHours: 12,
        podConfirmWindowHours: 36,
      },
      updatedAt: null,
      updatedBy: null,
    });

    const info = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ ...SHOP_INFO_DEFAULTS, email: 'shop@adire.example' });
    // The public part only: no bank account, no orders email, no windows.
    expect(info.body).not.toContain('accountNumber');
    expect(info.body).not.toContain('orders@adire.example');
    expect(info.headers['cache-control']).toBe('no-cache');
    const etag = info.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await app.inject({ method: 'GET', url: '/api/settings', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // The emails keep the short name they always signed with until the admin saves one.
    const emailShop = await app.settings.emailShop();
    expect(emailShop).toMatchObject({ name: 'Stitch & Trim', email: 'shop@adire.example' });
  });

  it('lets no guest (401) nor customer (403) read or change the settings', async () => {
    const { session } = await customer(app);
    for (const [method, url] of [
      ['GET', '/api/settings/admin'],
      ['PUT', '/api/settings'],
      ['GET', '/api/settings/changes'],
    ] as const) {
      const payload = method === 'PUT' ? first : undefined;
      expect((await app.inject({ method, url, payload })).statusCode).toBe(401);
      expect((await app.inject({ method, url, payload, headers: bearer(session) })).statusCode).toBe(403);
    }
    expect((await adminGet('/api/settings/changes')).json().total).toBe(0);
  });

  it('refuses a bad NUBAN, phone, email, cap and an empty hours line with each field message', async () => {
    const response = await put({
      ...first,
      phone: '12ab',
      email: 'not-an-email',
      payOnDeliveryCapNaira: -1,
      bankAccount: { ...first.bankAccount, accountNumber: '123' },
      openingHours: [{ days: '', hours: '9:00 – 17:00' }],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('INVALID_INPUT');
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors).toEqual({
      phone: M.phoneInvalid,
      email: M.emailInvalid,
      payOnDeliveryCapNaira: M.podCapInvalid,
      'bankAccount.accountNumber': M.nubanInvalid,
      'openingHours.0.days': M.hoursDaysRequired,
    });
    expect((await adminGet('/api/settings/admin')).json().updatedAt).toBeNull();
  });

  it('records who changed which fields from what to what, and nothing for a save that changes nothing', async () => {
    const hours = [
      { days: 'Monday to Saturday', hours: '9:00 – 19:00' },
      { days: 'Sunday', hours: 'Closed' },
    ];
    const response = await put({ ...first, phone: '0803 555 1234', openingHours: hours, bankAccount: NEW_BANK });
    expect(response.statusCode).toBe(200);
    const answer: ShopSettingsAnswer = response.json();
    expect(answer.settings).toMatchObject({ phone: '+2348035551234', openingHours: hours, bankAccount: NEW_BANK });
    expect(answer.updatedBy).toEqual({ id: admin.user.id, email: ADMIN.email });
    expect(Date.parse(answer.updatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const changes = (await adminGet('/api/settings/changes')).json();
    expect(changes).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    const [change] = changes.changes as ShopSettingsChange[];
    expect(change?.by).toEqual({ id: admin.user.id, email: ADMIN.email });
    expect(change?.at).toBe(answer.updatedAt);
    expect(change?.changes).toEqual([
      { field: 'phone', from: SHOP_INFO_DEFAULTS.phone, to: '+2348035551234' },
      { field: 'openingHours', from: SHOP_INFO_DEFAULTS.openingHours, to: hours },
      { field: 'bankAccount.accountName', from: ENV_BANK.accountName, to: NEW_BANK.accountName },
      { field: 'bankAccount.bankName', from: ENV_BANK.bankName, to: NEW_BANK.bankName },
      { field: 'bankAccount.accountNumber', from: ENV_BANK.accountNumber, to: NEW_BANK.accountNumber },
    ]);

    // The same values again (the phone as typed before): nothing recorded, nothing rewritten.
    const same = await put({ ...answer.settings, phone: '0803 555 1234' });
    expect(same.statusCode).toBe(200);
    expect(same.json().updatedAt).toBe(answer.updatedAt);
    expect((await adminGet('/api/settings/changes')).json().total).toBe(1);

    const { phone } = (await app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(phone).toBe('+2348035551234');
  });

  it('shows the change on a second server process on the same database', async () => {
    const read = async () => (await two.inject({ method: 'GET', url: '/api/settings' })).json();
    const info = await eventually(read, (value) => value.phone === '+2348035551234');
    expect(info.openingHours[0]).toEqual({ days: 'Monday to Saturday', hours: '9:00 – 19:00' });
    const config = await eventually(
      async () => (await two.inject({ method: 'GET', url: '/api/payments/config' })).json(),
      (value) => value.bankTransfer.accountNumber === NEW_BANK.accountNumber,
    );
    expect(config.bankTransfer).toEqual(NEW_BANK);

    // And the other way round: a save on the second process reaches the first.
    const renamed = await two.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: bearer(admin),
      payload: { ...(await adminGet('/api/settings/admin', two)).json().settings, name: 'Adire Trims' },
    });
    expect(renamed.statusCode).toBe(200);
    const seen = await eventually(
      async () => (await app.inject({ method: 'GET', url: '/api/settings' })).json(),
      (value) => value.name === 'Adire Trims',
    );
    expect(seen.name).toBe('Adire Trims');
  });

  it("gives the next order the new bank account, windows and cap, in checkout's config and its emails", async () => {
    const settings = (await adminGet('/api/settings/admin')).json().settings as ShopSettings;
    const saved = await put({
      ...settings,
      cardPaymentWindowMinutes: 20,
      bankTransferWindowHours: 6,
      payOnDeliveryCapNaira: 0,
      ordersEmail: 'new-orders@adire.example',
    });
    expect(saved.statusCode).toBe(200);

    const config = (await app.inject({ method: 'GET', url: '/api/payments/config' })).json();
    expect(config.bankTransfer).toEqual(NEW_BANK);
    expect(config.payOnDelivery).toMatchObject({ enabled: false, capNaira: 0 });

    // Verified: the refusal below is the switch's, not the unverified email's.
    const { session } = await verifiedCustomer(app);
    const product = await createProduct(shop.database, { priceKobo: 500_000, stock: 10 });
    const line = [{ productId: product.id, quantity: 1, price: 5_000 }];
    const transfer = await placeOrder(app, session, line, {
      paymentDetails: { method: 'bankTransfer', transactionId: null },
    });
    expect(transfer.statusCode).toBe(201);
    const card = await placeOrder(app, session, line);
    expect(card.statusCode).toBe(201);
    const pod = await placeOrder(app, session, line, {
      paymentDetails: { method: 'payOnDelivery', transactionId: null },
    });
    expect(pod.statusCode).toBe(409);
    expect(pod.json()).toMatchObject({ code: 'PAY_ON_DELIVERY_UNAVAILABLE', reason: 'off' });

    const rows = await shop.database.query<{ id: string; created_at: Date; expires_at: Date; order_number: string }>(
      'SELECT id, created_at, expires_at, order_number FROM orders WHERE id = ANY($1)',
      [[transfer.json().order.id, card.json().order.id]],
    );
    const held = (id: string) => {
      const row = rows.find((found) => found.id === id);
      if (!row) throw new Error('no order');
      return (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 60_000;
    };
    expect(held(transfer.json().order.id)).toBeCloseTo(6 * 60, 0);
    expect(held(card.json().order.id)).toBeCloseTo(20, 0);

    const transferNumber = rows.find((row) => row.id === transfer.json().order.id)?.order_number;
    const mails = await shop.database.query<{ payload: { template: string; to: string; data: { bank?: unknown } } }>(
      `SELECT payload FROM outbox WHERE payload->'data'->>'orderNumber' = $1 ORDER BY created_at, id`,
      [transferNumber],
    );
    const placed = mails.find((mail) => mail.payload.template === 'order-placed');
    expect(placed?.payload.data.bank).toEqual(NEW_BANK);
    const toShop = mails.find((mail) => mail.payload.template === 'order-placed-shop');
    expect(toShop?.payload.to).toBe('new-orders@adire.example');

    // Written by the outbox worker with the shop's details as they are now.
    const shopNow = await app.settings.emailShop();
    const email = renderEmail('order-placed', placed?.payload.data as never, shopNow);
    expect(email.text).toContain(`Account number: ${NEW_BANK.accountNumber}`);
    expect(email.text).toContain(
      'Questions about your order? Call us on +234 803 555 1234 or WhatsApp +234 801 234 5678, or write to shop@adire.example.',
    );
    expect(email.text.trimEnd().endsWith('Adire Trims')).toBe(true);
    expect(email.html).toContain('18 Balogun Street, Lagos Island, Lagos, Nigeria');
    const confirmation = renderEmail('contact-confirmation', { fullname: 'Ada Obi' }, shopNow);
    expect(confirmation.subject).toBe('We received your message - Adire Trims');
    expect(confirmation.text).toContain('Monday to Saturday: 9:00 – 19:00\nSunday: Closed');
  });

  it('embeds the public settings in every page the server sends, and sends the new ones after a save', async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    const info = (await app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(pageData(home.body)['/api/settings']).toEqual(info);
    // A page the catalogue does not draw carries them too (the footer, the contact page).
    const contact = await app.inject({ method: 'GET', url: '/contact' });
    expect(contact.statusCode).toBe(200);
    expect(pageData(contact.body)['/api/settings']).toEqual(info);
    expect(contact.body).toContain('<title>');

    const settings = (await adminGet('/api/settings/admin')).json().settings as ShopSettings;
    expect((await put({ ...settings, whatsapp: '08099998888' })).statusCode).toBe(200);
    for (const url of ['/', '/contact']) {
      const page = await app.inject({ method: 'GET', url });
      expect((pageData(page.body)['/api/settings'] as { whatsapp: string }).whatsapp).toBe('+2348099998888');
    }
    const other = await eventually(
      async () => pageData((await two.inject({ method: 'GET', url: '/contact' })).body)['/api/settings'],
      (value) => (value as { whatsapp: string }).whatsapp === '+2348099998888',
    );
    expect((other as { whatsapp: string }).whatsapp).toBe('+2348099998888');
  });

  it('lists the changes newest first, a page at a time', async () => {
    const all = (await adminGet('/api/settings/changes')).json();
    expect(all.total).toBe(4);
    const fields = (all.changes as ShopSettingsChange[]).map((change) => change.changes.map((c) => c.field));
    expect(fields[0]).toEqual(['whatsapp']);
    expect(fields[3]).toContain('phone');
    const second = (await adminGet('/api/settings/changes?page=2&pageSize=1')).json();
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: 4 });
    expect(second.changes).toHaveLength(1);
    expect(second.changes[0].id).toBe(all.changes[1].id);
  });

  it('follows a change made by hand in SQL in every process, and the first values once the row is deleted', async () => {
    await shop.database.query(`UPDATE shop_settings SET settings = jsonb_set(settings, '{name}', '"By Hand Trims"')`);
    for (const on of [app, two]) {
      const info = await eventually(
        async () => (await on.inject({ method: 'GET', url: '/api/settings' })).json(),
        (value) => value.name === 'By Hand Trims',
      );
      expect(info.name).toBe('By Hand Trims');
    }

    await shop.database.query('DELETE FROM shop_settings');
    const back = await eventually(
      async () => (await two.inject({ method: 'GET', url: '/api/payments/config' })).json(),
      (value) => value.bankTransfer.accountNumber === ENV_BANK.accountNumber,
    );
    expect(back.payOnDelivery).toMatchObject({ enabled: true, capNaira: 150_000 });
    const answer = (await adminGet('/api/settings/admin')).json();
    expect(answer).toMatchObject({ settings: first, updatedAt: null, updatedBy: null });
    // The record of changes stays.
    expect((await adminGet('/api/settings/changes')).json().total).toBe(4);
  });
});
