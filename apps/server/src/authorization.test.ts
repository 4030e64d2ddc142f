import { PRODUCT_CSV_COLUMNS } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, register, type Session, verifiedCustomer } from '../test/accounts';
import { createTestApp } from '../test/helper';
import { multipart, picture } from '../test/multipart';
import { createProduct, placeOrder } from '../test/orders';

/**
 * Every admin endpoint of API.md, one line each: called as a guest it answers 401, as a
 * customer 403 (also when the customer claims to be an admin in headers), as an admin 2xx.
 * `prepare` makes what a call needs (a user to change or delete) and returns its url and body.
 */
type Call = { url: string; payload?: object | Buffer; headers?: Record<string, string> };
interface AdminEndpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  prepare: (app: FastifyInstance) => Promise<Call>;
}

const aUser = async (app: FastifyInstance) => (await register(app)).id;

/** An order of the test's customer, for the admin's order calls. */
const anOrder = async (app: FastifyInstance, method: 'card' | 'bankTransfer' = 'card') => {
  const product = await createProduct(shop.database, { stock: 5 });
  const placed = await placeOrder(
    app,
    customerSession,
    [{ productId: product.id, quantity: 1, price: product.priceKobo / 100 }],
    { paymentDetails: { method, transactionId: null } },
  );
  return placed.json().order.id as string;
};

let subscribers = 0;
/** A newsletter subscriber, for the admin's newsletter calls. */
const aSubscriber = async () => {
  subscribers += 1;
  const [row] = await shop.database.query<{ id: string }>(
    'INSERT INTO newsletter_subscribers (email, unsubscribe_token) VALUES ($1, $2) RETURNING id',
    [`matrix${subscribers}.${Date.now()}@example.com`, `matrix-token-${subscribers}-${Date.now()}`],
  );
  return row?.id ?? '';
};

const ADMIN_ENDPOINTS: AdminEndpoint[] = [
  { name: 'list users', method: 'GET', prepare: async () => ({ url: '/api/users?page=1&pageSize=5' }) },
  {
    name: 'change a user',
    method: 'PUT',
    prepare: async (app) => ({ url: `/api/users/${await aUser(app)}`, payload: { role: 'CUSTOMER' } }),
  },
  { name: 'delete a user', method: 'DELETE', prepare: async (app) => ({ url: `/api/users/${await aUser(app)}` }) },
  { name: 'list all orders', method: 'GET', prepare: async () => ({ url: '/api/orders/admin?page=1&pageSize=5' }) },
  {
    name: "change an order's status",
    method: 'PATCH',
    prepare: async (app) => ({ url: `/api/orders/${await anOrder(app)}/status`, payload: { status: 'SHIPPED' } }),
  },
  // Catalogue writes (issue 12): the product form is multipart, with a real picture.
  { name: 'list products (admin)', method: 'GET', prepare: async () => ({ url: '/api/products/admin?search=lace' }) },
  {
    name: 'create a product',
    method: 'POST',
    prepare: async () => {
      const { subcategoryId } = await createProduct(shop.database);
      return { url: '/api/products', ...(await productForm({ subcategoryId })) };
    },
  },
  {
    name: 'edit a product',
    method: 'PUT',
    prepare: async () => {
      const product = await createProduct(shop.database);
      const form = await productForm({
        subcategoryId: product.subcategoryId,
        existingImages: JSON.stringify(product.images),
      });
      return { url: `/api/products/${product.id}`, ...form };
    },
  },
  {
    name: 'delete a product',
    method: 'DELETE',
    prepare: async () => ({ url: `/api/products/${(await createProduct(shop.database)).id}` }),
  },
  {
    name: 'create a category',
    method: 'POST',
    prepare: async () => ({ url: '/api/categories', payload: { name: 'New' } }),
  },
  {
    name: 'rename a category',
    method: 'PUT',
    prepare: async () => ({
      url: `/api/categories/${(await createProduct(shop.database)).categoryId}`,
      payload: { name: 'Renamed' },
    }),
  },
  {
    name: 'delete a category',
    method: 'DELETE',
    prepare: async (app) => ({ url: `/api/categories/${await anEmptyCategory(app)}` }),
  },
  {
    name: 'reorder the categories',
    method: 'PUT',
    prepare: async (app) => ({ url: '/api/categories/order', payload: { ids: (await categoryIds(app)).reverse() } }),
  },
  {
    name: 'create a subcategory',
    method: 'POST',
    prepare: async () => ({
      url: '/api/subcategories',
      payload: { name: 'New sub', categoryId: (await createProduct(shop.database)).categoryId },
    }),
  },
  {
    name: 'rename or move a subcategory',
    method: 'PUT',
    prepare: async () => {
      const product = await createProduct(shop.database);
      return {
        url: `/api/subcategories/${product.subcategoryId}`,
        payload: { name: 'Renamed sub', categoryId: product.categoryId },
      };
    },
  },
  {
    name: 'delete a subcategory',
    method: 'DELETE',
    prepare: async (app) => {
      const categoryId = await anEmptyCategory(app);
      const sub = await app.inject({
        method: 'POST',
        url: '/api/subcategories',
        payload: { name: 'Short-lived', categoryId },
        headers: bearer(adminSession),
      });
      return { url: `/api/subcategories/${sub.json().subcategory.id}` };
    },
  },
  {
    name: 'reorder the subcategories of a category',
    method: 'PUT',
    prepare: async () => {
      const product = await createProduct(shop.database);
      return {
        url: '/api/subcategories/order',
        payload: { categoryId: product.categoryId, ids: [product.subcategoryId] },
      };
    },
  },
  { name: 'export the catalogue as CSV', method: 'GET', prepare: async () => ({ url: '/api/products/export.csv' }) },
  {
    name: 'preview a CSV import',
    method: 'POST',
    prepare: async () => {
      const body = multipart({}, [
        {
          field: 'file',
          filename: 'products.csv',
          contentType: 'text/csv',
          bytes: Buffer.from(`${PRODUCT_CSV_COLUMNS.join(',')}\n`),
        },
      ]);
      return { url: '/api/products/import?dryRun=true', payload: body.payload, headers: body.headers };
    },
  },

  // GET /api/orders/{id} is not admin-only (its owner reads it); that a customer never sees its
  // payment events or staff notes is tested in modules/orders/admin-orders.test.ts.
  {
    name: 'list orders with every filter',
    method: 'GET',
    prepare: async () => ({
      url: '/api/orders/admin?status=PENDING&search=ts-&from=2026-01-01&to=2026-12-31&page=1&pageSize=5',
    }),
  },
  {
    name: 'export orders as CSV',
    method: 'GET',
    prepare: async () => ({ url: '/api/orders/admin/export.csv?from=2026-01-01&to=2026-01-31' }),
  },
  {
    name: 'cancel an order with a note',
    method: 'PATCH',
    prepare: async (app) => ({
      url: `/api/orders/${await anOrder(app)}/status`,
      payload: { status: 'CANCELLED', note: 'Customer called' },
    }),
  },
  {
    name: 'confirm a bank transfer',
    method: 'PATCH',
    prepare: async (app) => {
      const id = await anOrder(app, 'bankTransfer');
      const [row] = await shop.database.query<{ total: number }>(
        'SELECT total_kobo AS total FROM orders WHERE id = $1',
        [id],
      );
      return {
        url: `/api/orders/${id}/confirm-transfer`,
        payload: { amountReceived: (row?.total ?? 0) / 100, note: 'ref' },
      };
    },
  },
  {
    name: 'list users by role and status',
    method: 'GET',
    prepare: async () => ({ url: '/api/users?role=CUSTOMER&active=true&search=a' }),
  },
  {
    name: 'list newsletter subscribers',
    method: 'GET',
    prepare: async () => ({ url: '/api/newsletter/subscribers?active=true&search=example' }),
  },
  {
    name: 'deactivate a newsletter subscriber',
    method: 'PATCH',
    prepare: async () => ({ url: `/api/newsletter/subscribers/${await aSubscriber()}`, payload: { active: false } }),
  },
  {
    name: 'export newsletter subscribers as CSV',
    method: 'GET',
    prepare: async () => ({ url: '/api/newsletter/subscribers/export.csv' }),
  },
  { name: 'the sales dashboard', method: 'GET', prepare: async () => ({ url: '/api/admin/dashboard' }) },
  {
    name: 'cancel several orders',
    method: 'POST',
    prepare: async (app) => ({
      url: '/api/orders/admin/cancel',
      payload: { orderIds: [await anOrder(app), await anOrder(app, 'bankTransfer')], note: 'Matrix' },
    }),
  },
  // Pay on delivery's steps: each on a Lagos order of its own customer (one open order each).
  ...(['confirm', 'received', 'refused'] as const).map(
    (step): AdminEndpoint => ({
      name: `pay on delivery: ${step}`,
      method: 'POST',
      prepare: async (app) => {
        const id = await aPayOnDeliveryOrder(app);
        const [row] = await shop.database.query<{ total: number }>(
          'SELECT total_kobo AS total FROM orders WHERE id = $1',
          [id],
        );
        const payload = {
          confirm: { note: 'Called' },
          received: { amountReceived: (row?.total ?? 0) / 100, how: 'cash' },
          refused: { reason: 'Not at home' },
        }[step];
        return { url: `/api/orders/${id}/pay-on-delivery/${step}`, payload };
      },
    }),
  ),
  {
    name: 'reject a transfer proof',
    method: 'PATCH',
    prepare: async (app) => {
      const id = await anOrder(app, 'bankTransfer');
      const body = multipart({}, [
        { field: 'file', filename: 'proof.png', contentType: 'image/png', bytes: await picture('png') },
      ]);
      const uploaded = await app.inject({
        method: 'POST',
        url: `/api/orders/${id}/transfer-proof`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(customerSession) },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      return { url: `/api/orders/${id}/reject-transfer`, payload: { reason: 'Unreadable' } };
    },
  },
  // The shop's settings (issue 23, decision 025): the whole object, its save, its record.
  { name: 'read the shop settings', method: 'GET', prepare: async () => ({ url: '/api/settings/admin' }) },
  {
    name: 'save the shop settings',
    method: 'PUT',
    prepare: async (app) => ({
      url: '/api/settings',
      payload: (await app.inject({ method: 'GET', url: '/api/settings/admin', headers: bearer(adminSession) })).json()
        .settings,
    }),
  },
  {
    name: 'list the changes of the shop settings',
    method: 'GET',
    prepare: async () => ({ url: '/api/settings/changes?page=1&pageSize=5' }),
  },
  // Later admin endpoints (products, categories) go here, one line each.
];

/** A pay-on-delivery order of a new, verified Lagos customer (a customer has one open at a time). */
async function aPayOnDeliveryOrder(app: FastifyInstance): Promise<string> {
  const product = await createProduct(shop.database, { stock: 5 });
  const { session } = await verifiedCustomer(app);
  const placed = await placeOrder(
    app,
    session,
    [{ productId: product.id, quantity: 1, price: product.priceKobo / 100 }],
    {
      paymentDetails: { method: 'payOnDelivery', transactionId: null },
    },
  );
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().order.id as string;
}

/** A product form (multipart) with one real picture. */
async function productForm(fields: Record<string, string>) {
  const body = multipart({ name: 'Matrix lace', description: 'Lace', price: '100', stock: '1', ...fields }, [
    { field: 'images', filename: 'lace.png', contentType: 'image/png', bytes: await picture('png') },
  ]);
  return { payload: body.payload, headers: body.headers };
}

async function anEmptyCategory(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/categories',
    payload: { name: 'Empty' },
    headers: bearer(adminSession),
  });
  return response.json().category.id;
}

async function categoryIds(app: FastifyInstance): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: '/api/categories' });
  return (response.json().categories as { id: string }[]).map((category) => category.id);
}

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let customerSession: Session;
let adminSession: Session;

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false });
  app = shop.app;
  customerSession = (await customer(app)).session;
  adminSession = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => shop?.close());

const callers: [string, () => Record<string, string>, number | 'ok'][] = [
  ['a guest', () => ({}), 401],
  ['a customer (cookie)', () => ({ cookie: customerSession.cookie }), 403],
  ['a customer (bearer)', () => bearer(customerSession), 403],
  ['a customer (x-auth-token)', () => ({ 'x-auth-token': customerSession.token }), 403],
  [
    'a customer claiming x-user-role: ADMIN and an x-admin-token',
    () => ({ ...bearer(customerSession), 'x-user-role': 'ADMIN', 'x-admin-token': adminSession.token }),
    403,
  ],
  ['a guest with only the admin headers', () => ({ 'x-user-role': 'ADMIN', 'x-admin-token': 'anything' }), 401],
  ['an admin', () => bearer(adminSession), 'ok'],
  ['an admin (cookie)', () => ({ cookie: adminSession.cookie }), 'ok'],
];

describe('the authorization matrix of the admin endpoints', () => {
  for (const endpoint of ADMIN_ENDPOINTS) {
    for (const [who, headers, expected] of callers) {
      it(`${endpoint.method} ${endpoint.name} as ${who} answers ${expected === 'ok' ? '2xx' : expected}`, async () => {
        const call = await endpoint.prepare(app);
        const response = await app.inject({
          method: endpoint.method,
          url: call.url,
          payload: call.payload,
          headers: { ...call.headers, ...headers() },
        });
        if (expected === 'ok') {
          expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
          expect(response.statusCode, response.body).toBeLessThan(300);
        } else {
          expect(response.statusCode, response.body).toBe(expected);
          expect(response.json()).toHaveProperty('message');
        }
      });
    }
  }
});

describe("a customer's own cancellation (POST /api/orders/{id}/cancel)", () => {
  const cancel = async (id: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers });

  it('is 401 for a guest, with or without admin headers, and 404 for anyone but the owner', async () => {
    const id = await anOrder(app);
    const forged = { 'x-user-role': 'ADMIN', 'x-admin-token': adminSession.token };
    expect((await cancel(id, {})).statusCode).toBe(401);
    expect((await cancel(id, forged)).statusCode).toBe(401);
    const other = (await customer(app)).session;
    const asOther = await cancel(id, { ...bearer(other), ...forged });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json()).toMatchObject({ code: 'NOT_FOUND' });
    // An admin cancels through the status change, not as the customer.
    expect((await cancel(id, bearer(adminSession))).statusCode).toBe(404);
    const owner = await cancel(id, bearer(customerSession));
    expect(owner.statusCode).toBe(200);
    expect(owner.json().order.status).toBe('CANCELLED');
  });
});

/**
 * The routes whose authority is not a session: an emailed link's token (in the body or the URL),
 * or a session of any role. Each line says who may call it and what each caller gets; none of
 * them answers 401 or 403 to a caller it lets in, and a guest gets 401 where a login is needed.
 */
describe('the authorization matrix of the link and verification routes', () => {
  type Caller = 'a guest' | 'a customer' | 'an admin';
  interface LinkEndpoint {
    name: string;
    method: 'GET' | 'POST';
    url: string;
    payload?: object;
    headers?: Record<string, string>;
    /** The status each caller gets, and the code or text of the answer. */
    expected: Record<Caller, { status: number; code?: string; html?: boolean }>;
  }
  const anyone = (answer: { status: number; code?: string; html?: boolean }) => ({
    'a guest': answer,
    'a customer': answer,
    'an admin': answer,
  });
  const ENDPOINTS: LinkEndpoint[] = [
    {
      // No login: the link may be opened on another device; the token decides.
      name: 'verify an email address with an unknown token',
      method: 'POST',
      url: '/api/users/verify-email',
      payload: { token: 'a'.repeat(64) },
      expected: anyone({ status: 400, code: 'VERIFICATION_LINK_INVALID' }),
    },
    {
      name: 'send the verification email again',
      method: 'POST',
      url: '/api/users/resend-verification',
      expected: {
        'a guest': { status: 401, code: 'UNAUTHENTICATED' },
        'a customer': { status: 200 },
        'an admin': { status: 200 },
      },
    },
    {
      name: "open a back-in-stock alert's confirmation link (unknown token)",
      method: 'GET',
      url: '/api/stock-alerts/confirm?token=no-such-token',
      expected: anyone({ status: 404, html: true }),
    },
    {
      name: "press the confirmation page's button (unknown token, Origin null as the page sends it)",
      method: 'POST',
      url: '/api/stock-alerts/confirm?token=no-such-token',
      payload: {},
      headers: { origin: 'null' },
      expected: anyone({ status: 404, html: true }),
    },
    {
      name: "open the newsletter's comeback link (unknown token)",
      method: 'GET',
      url: '/api/newsletter/confirm?token=no-such-token',
      expected: anyone({ status: 404, html: true }),
    },
    {
      name: "press the comeback page's button (unknown token, Origin null as the page sends it)",
      method: 'POST',
      url: '/api/newsletter/confirm?token=no-such-token',
      payload: {},
      headers: { origin: 'null' },
      expected: anyone({ status: 404, html: true }),
    },
  ];
  const sessionOf: Record<Caller, () => Record<string, string>> = {
    'a guest': () => ({}),
    'a customer': () => bearer(customerSession),
    'an admin': () => bearer(adminSession),
  };

  for (const endpoint of ENDPOINTS) {
    for (const who of Object.keys(sessionOf) as Caller[]) {
      const expected = endpoint.expected[who];
      it(`${endpoint.method} ${endpoint.name} as ${who} answers ${expected.status}`, async () => {
        const response = await app.inject({
          method: endpoint.method,
          url: endpoint.url,
          payload: endpoint.payload,
          headers: { ...endpoint.headers, ...sessionOf[who]() },
        });
        expect(response.statusCode, response.body).toBe(expected.status);
        if (expected.code) expect(response.json()).toMatchObject({ code: expected.code });
        if (expected.html) expect(response.headers['content-type']).toMatch(/^text\/html/);
      });
    }
  }
});
