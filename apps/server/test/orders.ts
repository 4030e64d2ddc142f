import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hundredthsToUnits, parseQuantity, type SaleTerms } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig, type PaymentsConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { categories, products, subcategories } from '../src/db/schema';
import { TEST_GATEWAY_KEYS, TEST_GATEWAY_PATH } from '../src/modules/payments/providers';
import { paystackSignature } from '../src/modules/payments/providers/paystack/paystack-client';
import { bearer, type Session } from './accounts';
import { testConfig } from './helper';

/** Helpers for tests of orders and payments through HTTP. */

let productCounter = 0;

/**
 * A product of its own (in a category of its own), so tests never share stock. `stock` is in the
 * unit of sale (12.5 yards); `terms` says how it is sold (a piece with no breaks by default).
 */
export async function createProduct(
  database: Database,
  {
    priceKobo = 500_000,
    stock = 10,
    name,
    terms = {},
  }: { priceKobo?: number; stock?: number; name?: string; terms?: Partial<SaleTerms> } = {},
) {
  productCounter += 1;
  const tag = `${Date.now().toString(36)}${productCounter}${randomBytes(2).toString('hex')}`;
  const [category] = await database.db
    .insert(categories)
    .values({ name: `Category ${tag}`, slug: `category-${tag}` })
    .returning();
  if (!category) throw new Error('no category');
  const [subcategory] = await database.db
    .insert(subcategories)
    .values({ categoryId: category.id, name: `Sub ${tag}`, slug: `sub-${tag}` })
    .returning();
  if (!subcategory) throw new Error('no subcategory');
  const [product] = await database.db
    .insert(products)
    .values({
      name: name ?? `Gold lace ${tag}`,
      slug: `gold-lace-${tag}`,
      priceKobo,
      stockHundredths: parseQuantity(stock) ?? 0,
      unit: terms.unit ?? 'piece',
      stepHundredths: terms.stepHundredths ?? 100,
      minQuantityHundredths: terms.minHundredths ?? 100,
      packSize: terms.packSize ?? null,
      packItemName: terms.packItemName ?? null,
      priceBreaks: [...(terms.priceBreaks ?? [])],
      images: [`/images/${tag}.webp`, `/images/${tag}-2.webp`],
      subcategoryId: subcategory.id,
      categoryId: category.id,
    })
    .returning();
  if (!product) throw new Error('no product');
  return product;
}

/** A product's stock in hundredths of its unit, as stored (2.5 yd is 250). */
export async function stockHundredthsOf(database: Database, productId: string): Promise<number> {
  const [row] = await database.query<{ stock: number }>(
    'SELECT stock_hundredths AS stock FROM products WHERE id = $1',
    [productId],
  );
  if (!row) throw new Error(`no product ${productId}`);
  return row.stock;
}

/** A product's stock in its unit, as the API writes it (12.5 yards; 3 pieces). */
export async function stockOf(database: Database, productId: string): Promise<number> {
  return hundredthsToUnits(await stockHundredthsOf(database, productId));
}

export const SHIPPING = {
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada.obi@example.com',
  phoneNumber: '08012345678',
  address: '12 Balogun Street',
  city: 'Lagos',
  state: 'Lagos',
  area: 'Ikeja',
  zipCode: '100001',
  country: 'Nigeria',
} as const;

export function orderBody(
  lines: { productId: string; quantity: number; price: number }[],
  overrides: Record<string, unknown> = {},
) {
  return {
    shippingDetails: SHIPPING,
    paymentDetails: { method: 'card', transactionId: null },
    deliveryMethod: 'EXPRESS',
    items: lines,
    ...overrides,
  };
}

export async function placeOrder(
  app: FastifyInstance,
  session: Session,
  lines: { productId: string; quantity: number; price: number }[],
  overrides: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(session),
    payload: orderBody(lines, overrides),
  });
}

export async function waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A local server that takes every request and never answers: a payment provider that times out. */
export async function startHangingServer() {
  const held = new Set<ServerResponse>();
  const server: Server = createServer((_request, response) => {
    held.add(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A local server that answers 200 to everything: where the test gateway's own webhooks go when a test sends them itself. */
export async function startSink() {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Payment settings for a test app: the built-in test gateway, with its webhooks sent to `webhookUrl`. */
export function paymentsConfig(overrides: Partial<PaymentsConfig> = {}): PaymentsConfig {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }).payments;
  return { ...base, ...overrides };
}

export const CARDS = {
  success: { cardNumber: '4084 0840 8408 4081', expiry: '12/40', cvv: '408' },
  declined: { cardNumber: '4084 0800 0000 5408', expiry: '12/40', cvv: '001' },
  insufficientFunds: { cardNumber: '4084 0800 0067 0037', expiry: '12/40', cvv: '787' },
} as const;

/** The customer types a test card into the test gateway's window for this access code. */
export async function payWithCard(
  app: FastifyInstance,
  accessCode: string,
  card: Record<string, string> = CARDS.success,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/test-gateway/checkout/charge',
    payload: { accessCode, ...card },
  });
  return response.json() as { status: string; message: string; reference: string };
}

/** The test gateway's `data` for a reference, exactly as Paystack's verify call answers it (null: unknown). */
export async function gatewayTransactionData(app: FastifyInstance, reference: string) {
  const response = await app.inject({
    method: 'GET',
    url: `${TEST_GATEWAY_PATH}/transaction/verify/${encodeURIComponent(reference)}`,
    headers: { authorization: `Bearer ${TEST_GATEWAY_KEYS.secretKey}` },
  });
  if (response.statusCode !== 200) return null;
  return (response.json() as { data: Record<string, unknown> }).data;
}

/** The charge.success webhook Paystack sends for a paid reference, signed with `secretKey`. */
export async function chargeSuccessWebhook(
  app: FastifyInstance,
  reference: string,
  secretKey: string = TEST_GATEWAY_KEYS.secretKey,
) {
  const data = await gatewayTransactionData(app, reference);
  if (!data) throw new Error(`no transaction ${reference}`);
  const payload = JSON.stringify({ event: 'charge.success', data });
  return {
    payload,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(secretKey, payload) },
  };
}

/**
 * The same shop, on `database`, whose payment provider never answers (PAYSTACK_API_URL at
 * `hangingUrl`, a startHangingServer), with its outbox and expiry job off: tests run its rounds.
 */
export function stalledShop(
  database: Database,
  hangingUrl: string,
  options: { webhookUrl?: string; orders?: AppConfig['orders'] } = {},
): Promise<FastifyInstance> {
  return buildApp(
    testConfig({
      seedDemoCatalogue: false,
      outbox: { worker: false, pollMs: 60_000, retryBaseMs: 1_000 },
      orders: options.orders ?? { ...testConfig().orders, expiryWorker: false, expiryPollMs: 60_000 },
      payments: paymentsConfig({
        ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}),
        apiUrl: hangingUrl,
        timeoutMs: 150,
      }),
    }),
    { database },
  );
}
