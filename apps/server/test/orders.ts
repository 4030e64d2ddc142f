import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { categories, products, subcategories } from '../src/db/schema';
import { paystackSignature } from '../src/payments/paystack/paystack-client';
import { bearer, type Session } from './accounts';

/** Helpers for tests of orders and payments through HTTP. */

let productCounter = 0;

/** A product of its own (in a category of its own), so tests never share stock. */
export async function createProduct(
  database: Database,
  { priceKobo = 500_000, stock = 10, name }: { priceKobo?: number; stock?: number; name?: string } = {},
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
      stock,
      images: [`/images/${tag}.webp`, `/images/${tag}-2.webp`],
      subcategoryId: subcategory.id,
      categoryId: category.id,
    })
    .returning();
  if (!product) throw new Error('no product');
  return product;
}

export async function stockOf(database: Database, productId: string): Promise<number> {
  const [row] = await database.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId]);
  if (!row) throw new Error(`no product ${productId}`);
  return row.stock;
}

export const SHIPPING = {
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada.obi@example.com',
  phoneNumber: '08012345678',
  address: '12 Balogun Street',
  city: 'Lagos',
  state: 'Lagos',
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

interface FakeTransaction {
  id: number;
  reference: string;
  amount: number;
  email: string;
  status: string;
  gateway_response: string | null;
  paid_at: string | null;
  currency: string;
}

/**
 * A Paystack REST API on loopback (initialize, verify) that tests drive: `pay(reference)` is a
 * customer paying in the provider's window. `hang` makes it answer nothing, as a provider that
 * times out. The shop's real adapter talks to it over HTTP.
 */
export async function startPaystackApi(secretKey: string) {
  const transactions = new Map<string, FakeTransaction>();
  let nextId = 4_000_000;
  const state = { hang: false, calls: 0 };
  const hanging = new Set<import('node:http').ServerResponse>();
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
  };
  const server: Server = createServer(async (request, response) => {
    state.calls += 1;
    if (state.hang) {
      hanging.add(response);
      return;
    }
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return send(401, { status: false, message: 'Invalid key' });
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'POST' && url.pathname === '/transaction/initialize') {
      const body = await readBody(request);
      if (transactions.has(body.reference)) {
        return send(400, {
          status: false,
          message: 'Duplicate Transaction Reference',
          code: 'duplicate_reference',
          type: 'validation_error',
        });
      }
      nextId += 1;
      transactions.set(body.reference, {
        id: nextId,
        reference: body.reference,
        amount: body.amount,
        email: body.email,
        status: 'abandoned',
        gateway_response: 'The transaction was not completed',
        paid_at: null,
        currency: body.currency ?? 'NGN',
      });
      return send(200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `http://checkout.local/${body.reference}`,
          access_code: `ac_${nextId}`,
          reference: body.reference,
        },
      });
    }
    const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
    if (request.method === 'GET' && verify) {
      const transaction = transactions.get(decodeURIComponent(verify[1] ?? ''));
      if (!transaction) return send(400, { status: false, message: 'Transaction reference not found' });
      return send(200, { status: true, message: 'Verification successful', data: verifyData(transaction) });
    }
    send(404, { status: false, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const verifyData = (t: FakeTransaction) => ({
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    currency: t.currency,
    gateway_response: t.gateway_response,
    paid_at: t.paid_at,
    channel: 'card',
    customer: { email: t.email },
  });

  return {
    url,
    state,
    transactions,
    /** The customer pays (or is declined) in the provider's window. */
    pay(reference: string, outcome: { status?: string; amountKobo?: number; gatewayResponse?: string } = {}) {
      const transaction = transactions.get(reference);
      if (!transaction) throw new Error(`no transaction ${reference}`);
      transaction.status = outcome.status ?? 'success';
      transaction.gateway_response =
        outcome.gatewayResponse ?? (transaction.status === 'success' ? 'Approved' : 'Declined');
      if (outcome.amountKobo !== undefined) transaction.amount = outcome.amountKobo;
      if (transaction.status === 'success') transaction.paid_at = new Date().toISOString();
      return transaction;
    },
    /** The charge.success webhook Paystack would send for a paid reference, signed. */
    webhook(reference: string, signWith = secretKey) {
      const transaction = transactions.get(reference);
      if (!transaction) throw new Error(`no transaction ${reference}`);
      const payload = JSON.stringify({ event: 'charge.success', data: verifyData(transaction) });
      return {
        payload,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(signWith, payload) },
      };
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type PaystackApi = Awaited<ReturnType<typeof startPaystackApi>>;

/**
 * Points the app's payment gateway at `api` through the real Paystack adapter, with short
 * timeouts so a hanging provider fails fast.
 */
export async function usePaystack(app: FastifyInstance, api: PaystackApi, secretKey: string) {
  const { PaystackClient } = await import('../src/payments/paystack/paystack-client');
  const client = new PaystackClient({
    secretKey,
    apiUrl: api.url,
    timeoutMs: 300,
    attempts: 2,
    backoffMs: 20,
    publicConfig: {
      provider: 'paystack',
      publicKey: 'pk_test_shop',
      inlineScriptUrl: `${api.url}/inline.js`,
      currency: 'NGN',
      testMode: true,
      bankTransfer: { accountName: 'Stitch & Trim', bankName: 'Test Bank', accountNumber: '0123456789' },
    },
  });
  app.decorate('payments' as never, client as never);
  return client;
}
