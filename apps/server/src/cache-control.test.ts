import { lagosDate } from '@shop/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../test/accounts';
import { createTestApp } from '../test/helper';
import { createProduct, payWithCard, placeOrder } from '../test/orders';
import type { Database } from './db/client';

// Answers that carry an order, an address, a phone or an email are never kept by a browser, a
// proxy or a CDN; the catalogue and the payment config keep their own Cache-Control.

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let database: Database;
let admin: Session;

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false });
  ({ app, database } = shop);
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => shop?.close());

/** The Lagos day of now, and the days either side, as the admin's date filters take them. */
const day = (offsetDays: number) => lagosDate(Date.now(), offsetDays);

function expectNoStore(answers: Record<string, LightMyRequestResponse>, status: (code: number) => boolean) {
  for (const [what, answer] of Object.entries(answers)) {
    expect(status(answer.statusCode), `${what}: ${answer.statusCode} ${answer.body.slice(0, 200)}`).toBe(true);
    expect(answer.headers['cache-control'], what).toBe('no-store');
  }
}

describe('personal answers', () => {
  it('are no-store: the account, the orders, a payment and the admin’s lists', async () => {
    const buyer = await customer(app, { phoneNumber: '08012345678' });
    const auth = { headers: bearer(buyer.session) };
    const asAdmin = { headers: bearer(admin) };
    const product = await createProduct(database, { priceKobo: 250_000, stock: 20 });
    const lines = [{ productId: product.id, quantity: 1, price: 2_500 }];

    const created = await placeOrder(app, buyer.session, lines);
    const order = created.json().order as { id: string; orderNumber: string };
    const started = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/payment`, ...auth });
    expect((await payWithCard(app, started.json().accessCode)).status).toBe('success');
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/orders/confirm-payment',
      ...auth,
      payload: { orderId: order.id, transactionId: null, status: 'success' },
    });
    const transfer = await placeOrder(app, buyer.session, lines, {
      paymentDetails: { method: 'bankTransfer', transactionId: null },
    });

    expectNoStore(
      {
        'POST /api/users/register': buyer.response,
        'POST /api/users/login': await app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: buyer.email, password: buyer.password },
        }),
        'GET /api/users/session': await app.inject({ method: 'GET', url: '/api/users/session', ...auth }),
        'GET /api/users/verify': await app.inject({ method: 'GET', url: '/api/users/verify', ...auth }),
        'PUT /api/users/profile': await app.inject({
          method: 'PUT',
          url: '/api/users/profile',
          ...auth,
          payload: { firstName: 'Ada', lastName: 'Obi', phoneNumber: '08087654321', address: '3 Marina, Lagos' },
        }),
        'POST /api/orders': created,
        'GET /api/orders/my-orders': await app.inject({ method: 'GET', url: '/api/orders/my-orders', ...auth }),
        'GET /api/orders/{id}': await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, ...auth }),
        'GET /api/orders/{orderNumber}': await app.inject({
          method: 'GET',
          url: `/api/orders/${order.orderNumber}`,
          ...auth,
        }),
        'POST /api/orders/{id}/payment': started,
        'POST /api/orders/confirm-payment': confirmed,
        'GET /api/orders/admin': await app.inject({ method: 'GET', url: '/api/orders/admin', ...asAdmin }),
        'GET /api/orders/admin/export.csv': await app.inject({
          method: 'GET',
          url: `/api/orders/admin/export.csv?from=${day(-1)}&to=${day(1)}`,
          ...asAdmin,
        }),
        'GET /api/orders/{id} (admin)': await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, ...asAdmin }),
        'PATCH /api/orders/{id}/status': await app.inject({
          method: 'PATCH',
          url: `/api/orders/${order.id}/status`,
          ...asAdmin,
          payload: { status: 'SHIPPED' },
        }),
        'PATCH /api/orders/{id}/confirm-transfer': await app.inject({
          method: 'PATCH',
          url: `/api/orders/${transfer.json().order.id}/confirm-transfer`,
          ...asAdmin,
          payload: { amountReceived: transfer.json().order.totalAmount, note: 'GTB ref 0042' },
        }),
        'GET /api/users': await app.inject({ method: 'GET', url: '/api/users', ...asAdmin }),
        'GET /api/newsletter/subscribers': await app.inject({
          method: 'GET',
          url: '/api/newsletter/subscribers',
          ...asAdmin,
        }),
        'GET /api/newsletter/subscribers/export.csv': await app.inject({
          method: 'GET',
          url: '/api/newsletter/subscribers/export.csv',
          ...asAdmin,
        }),
        'GET /api/admin/dashboard': await app.inject({ method: 'GET', url: '/api/admin/dashboard', ...asAdmin }),
      },
      (code) => code >= 200 && code < 300,
    );
  });

  it('are no-store when refused too: a guest, someone else’s order, an unknown route', async () => {
    const owner = await customer(app);
    const stranger = await customer(app);
    const product = await createProduct(database);
    const order = (await placeOrder(app, owner.session, [{ productId: product.id, quantity: 1, price: 5_000 }])).json()
      .order as { id: string };
    expectNoStore(
      {
        'GET /api/orders/my-orders (guest)': await app.inject({ method: 'GET', url: '/api/orders/my-orders' }),
        'GET /api/orders/{id} (someone else’s)': await app.inject({
          method: 'GET',
          url: `/api/orders/${order.id}`,
          headers: bearer(stranger.session),
        }),
        'GET /api/users (a customer)': await app.inject({
          method: 'GET',
          url: '/api/users',
          headers: bearer(stranger.session),
        }),
        'GET /api/no-such-route': await app.inject({ method: 'GET', url: '/api/no-such-route' }),
      },
      (code) => code >= 400 && code < 500,
    );
  });
});

describe('public answers', () => {
  it('keep their own Cache-Control: the catalogue and the payment config may be kept and revalidated', async () => {
    const product = await createProduct(database);
    for (const url of [
      '/api/categories',
      '/api/products',
      `/api/products/${product.slug}`,
      '/api/products/featured',
      '/api/products/search?query=lace',
      '/api/payments/config',
    ]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
