import { adminOrderPageSchema, dashboardSchema, type Order, PROOFS_TO_REVIEW_MAX } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session, verifiedCustomer } from '../../../test/accounts';
import { createTestApp } from '../../../test/helper';
import { multipart, picture } from '../../../test/multipart';
import { createProduct, placeOrder } from '../../../test/orders';
import type { Database } from '../../db/client';

// What the admin reviews first: the orders whose bank transfer proof waits for review, above the
// list (`proofsToReview`) and counted on the dashboard, with the pay-on-delivery orders still to
// confirm by phone. Through HTTP on a PGlite shop.

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let database: Database;
let admin: Session;

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false });
  app = shop.app;
  database = shop.database;
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await shop?.close();
});

/** A new customer (uploads are counted per customer) and their unpaid order. */
async function newOrder(method: 'bankTransfer' | 'card' | 'payOnDelivery' = 'bankTransfer', who?: Session) {
  // Pay on delivery needs a verified address.
  const session = who ?? (await verifiedCustomer(app, { lastName: 'Okafor' })).session;
  const product = await createProduct(database, { priceKobo: 250_000, stock: 20 });
  const response = await placeOrder(app, session, [{ productId: product.id, quantity: 2, price: 2500 }], {
    paymentDetails: { method, transactionId: null },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { order: response.json().order as Order, session };
}

/** The customer uploads a proof; then it is dated `minutesAgo` so the tests fix who came first. */
async function uploadProof(order: Order, session: Session, minutesAgo = 0) {
  const body = multipart({}, [
    { field: 'file', filename: 'paid.png', contentType: 'image/png', bytes: await picture('png') },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/transfer-proof`,
    payload: body.payload,
    headers: { ...bearer(session), ...body.headers },
  });
  expect(response.statusCode, response.body).toBe(201);
  await database.query(
    `UPDATE transfer_proofs SET uploaded_at = now() - make_interval(mins => $2::int) WHERE order_id = $1`,
    [order.id, minutesAgo],
  );
}

async function adminList(query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/orders/admin${query}`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return adminOrderPageSchema.parse(response.json());
}

/** The list of one customer's orders (a search by their whole email), so other tests' orders stay out. */
const listOf = (email: string, more = '') => adminList(`?search=${encodeURIComponent(email)}${more}`);

const review = (path: 'reject-transfer' | 'confirm-transfer', order: Order, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/orders/${order.id}/${path}`, headers: bearer(admin), payload });

async function dashboard() {
  const response = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return dashboardSchema.parse(response.json());
}

describe('the admin list: proofs to review first', () => {
  it('carries the orders whose proof waits for review, oldest upload first, each with its proof and deadline', async () => {
    const { session, email } = await customer(app, { lastName: 'Adeyemi' });
    const later = await newOrder('bankTransfer', session);
    const earlier = await newOrder('bankTransfer', session);
    const noProof = await newOrder('bankTransfer', session);
    await uploadProof(later.order, session, 5);
    await uploadProof(earlier.order, session, 30);

    const list = await listOf(email);
    // The page itself is as it was: every order of the filter, newest first.
    expect(list.total).toBe(3);
    expect(list.orders.map((order) => order.id)).toEqual([noProof.order.id, earlier.order.id, later.order.id]);
    // Above it, the two with a proof, the one sent first first, whatever their order numbers or dates.
    expect(list.proofsToReview?.total).toBe(2);
    expect(list.proofsToReview?.orders.map((order) => order.id)).toEqual([earlier.order.id, later.order.id]);
    const [first] = list.proofsToReview?.orders ?? [];
    expect(first).toMatchObject({
      orderNumber: earlier.order.orderNumber,
      status: 'PENDING',
      paymentStatus: 'UNPAID',
      paymentMethod: 'bankTransfer',
      expiresAt: earlier.order.expiresAt,
      transferProof: { status: 'pending', fileName: 'paid.png', contentType: 'image/png' },
      items: [expect.objectContaining({ quantity: 2 })],
    });
    expect(Date.parse(first?.transferProof?.uploadedAt ?? '')).toBeLessThan(Date.now() - 29 * 60_000);

    // The unfiltered list has them too, and the same group on every page.
    const all = await adminList('?pageSize=1');
    expect(all.proofsToReview?.orders.map((order) => order.id)).toEqual(
      expect.arrayContaining([earlier.order.id, later.order.id]),
    );
    const second = await adminList('?pageSize=1&page=2');
    expect(second.proofsToReview).toEqual(all.proofsToReview);
    expect(second.orders).toHaveLength(1);
  });

  it('leaves out a proof rejected or confirmed, an order cancelled, and a card order', async () => {
    const { session, email } = await customer(app, { lastName: 'Eze' });
    const rejected = await newOrder('bankTransfer', session);
    const confirmed = await newOrder('bankTransfer', session);
    const cancelled = await newOrder('bankTransfer', session);
    const waiting = await newOrder('bankTransfer', session);
    await newOrder('card', session);
    for (const { order } of [rejected, confirmed, cancelled, waiting]) await uploadProof(order, session);
    expect((await listOf(email)).proofsToReview?.total).toBe(4);

    expect((await review('reject-transfer', rejected.order, { reason: 'Not our account' })).statusCode).toBe(200);
    const paid = await review('confirm-transfer', confirmed.order, {
      amountReceived: confirmed.order.totalAmount,
      note: '',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/orders/${cancelled.order.id}/cancel`,
      headers: bearer(session),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const list = await listOf(email);
    expect(list.total).toBe(5);
    expect(list.proofsToReview).toMatchObject({ total: 1, orders: [{ id: waiting.order.id }] });
  });

  it('keeps to the filters: another status or method, or dates before the order, has none to review', async () => {
    const { order, session } = await newOrder();
    await uploadProof(order, session);
    const email = order.user.email;
    expect((await listOf(email, '&status=PENDING')).proofsToReview?.total).toBe(1);
    expect((await listOf(email, '&paymentMethod=bankTransfer')).proofsToReview?.total).toBe(1);
    for (const other of ['&status=PROCESSING', '&paymentMethod=card', '&from=2020-01-01&to=2020-01-31']) {
      const list = await listOf(email, other);
      expect(list.proofsToReview, other).toEqual({ total: 0, orders: [] });
      expect(list.total, other).toBe(0);
    }
  });

  it(`counts them all and carries the ${PROOFS_TO_REVIEW_MAX} sent first`, async () => {
    const { order, session } = await newOrder();
    await uploadProof(order, session, 60 * 24);
    // More waiting than the group carries: proofs of the shop's other unpaid transfers, as rows.
    const { session: busy } = await customer(app);
    for (let n = 0; n < PROOFS_TO_REVIEW_MAX; n += 1) {
      const more = await newOrder('bankTransfer', busy);
      await database.query(
        `INSERT INTO transfer_proofs (order_id, storage_key, content_type, size_bytes, file_name)
         VALUES ($1, $2, 'image/png', 100, 'paid.png')`,
        [more.order.id, `proof-test-${more.order.id}.png`],
      );
    }
    const list = await adminList();
    const { total, orders } = list.proofsToReview ?? { total: 0, orders: [] };
    const [counted] = await database.query<{ n: number }>(
      `SELECT count(DISTINCT o.id)::int AS n FROM orders o JOIN transfer_proofs p ON p.order_id = o.id
        WHERE p.status = 'pending' AND o.status = 'PENDING' AND o.payment_status = 'UNPAID'`,
    );
    expect(total).toBe(counted?.n);
    expect(total).toBeGreaterThan(PROOFS_TO_REVIEW_MAX);
    expect(orders.length).toBe(PROOFS_TO_REVIEW_MAX);
    // A day old, it is the first to review.
    expect(orders[0]?.id).toBe(order.id);
  });
});

describe('the dashboard: what waits for the shop', () => {
  it('counts the proofs to review at once, though the other figures are kept until an order changes', async () => {
    const before = (await dashboard()).proofsToReview;
    const { order, session } = await newOrder();
    // Placing the order cleared the kept figures; now they are kept again.
    expect((await dashboard()).proofsToReview).toBe(before);
    // An upload writes transfer_proofs only: the count follows all the same.
    await uploadProof(order, session);
    expect((await dashboard()).proofsToReview).toBe(before + 1);
    expect((await review('reject-transfer', order, { reason: 'Wrong amount' })).statusCode).toBe(200);
    expect((await dashboard()).proofsToReview).toBe(before);
    await uploadProof(order, session);
    expect((await dashboard()).proofsToReview).toBe(before + 1);
    expect((await listOf(order.user.email)).proofsToReview?.total).toBe(1);
  });

  it('counts the pay-on-delivery orders still to confirm by phone, not those confirmed', async () => {
    const before = await dashboard();
    const { order } = await newOrder('payOnDelivery');
    const placed = await dashboard();
    expect(placed.payOnDeliveryToConfirm).toBe(before.payOnDeliveryToConfirm + 1);
    expect(placed.payOnDeliveryAwaiting).toBe(before.payOnDeliveryAwaiting + 1);
    const confirm = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/pay-on-delivery/confirm`,
      headers: bearer(admin),
      payload: {},
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const confirmed = await dashboard();
    expect(confirmed.payOnDeliveryToConfirm).toBe(before.payOnDeliveryToConfirm);
    // Confirmed, the rider still has the money to collect.
    expect(confirmed.payOnDeliveryAwaiting).toBe(before.payOnDeliveryAwaiting + 1);
  });
});
