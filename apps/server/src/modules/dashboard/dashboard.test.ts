import { DASHBOARD_DAYS, dashboardSchema, LOW_STOCK_THRESHOLD, lagosDate, parseQuantity } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../../test/accounts';
import { createTestApp } from '../../../test/helper';
import { createProduct, waitFor } from '../../../test/orders';

/** How a product sold by the piece says so in the dashboard's rows. */
const PIECE = { unit: 'piece', packSize: null, packItemName: null } as const;

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let admin: Session;

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false });
  app = shop.app;
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => shop?.close());

const dashboard = async () => {
  const response = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return dashboardSchema.parse(response.json());
};

/** The Lagos date `daysAgo` days before today. */
const lagosDay = (daysAgo: number) => lagosDate(Date.now(), -daysAgo);
/** A moment of that Lagos day, as PostgreSQL reads it. */
const lagosTime = (daysAgo: number, time: string) => `${lagosDay(daysAgo)}T${time}:00+01:00`;

let orderCounter = 0;
async function insertOrder(order: {
  status: string;
  paymentStatus: string;
  method: 'card' | 'bankTransfer';
  deliveryFeeKobo: number;
  paidAt?: string;
  /** `quantity` in the unit (2.5 yards); `lineTotalKobo` as charged, else price × quantity. */
  lines: {
    productId: string | null;
    name: string;
    priceKobo: number;
    quantity: number;
    unit?: string;
    lineTotalKobo?: number;
  }[];
}) {
  orderCounter += 1;
  const totalOf = (line: (typeof order.lines)[number]) => line.lineTotalKobo ?? line.priceKobo * line.quantity;
  const subtotal = order.lines.reduce((sum, line) => sum + totalOf(line), 0);
  const [row] = await shop.database.query<{ id: string }>(
    `INSERT INTO orders (order_number, customer_first_name, customer_last_name, customer_email, status, payment_status,
                         delivery_method, payment_method, subtotal_kobo, delivery_fee_kobo, total_kobo, shipping_address,
                         paid_at, created_at)
     VALUES ($1, 'Fixture', 'Customer', 'fixture@example.com', $2, $3, 'EXPRESS', $4, $5, $6, $7, $8, $9,
             COALESCE($9::timestamptz, now()) - interval '1 hour')
     RETURNING id`,
    [
      `TS-FIXTURE${orderCounter}`,
      order.status,
      order.paymentStatus,
      order.method,
      subtotal,
      order.deliveryFeeKobo,
      subtotal + order.deliveryFeeKobo,
      JSON.stringify({
        firstName: 'Fixture',
        lastName: 'Customer',
        email: 'fixture@example.com',
        phoneNumber: null,
        address: '1 Marina',
        city: 'Lagos',
        state: 'Lagos',
        area: 'Ikeja',
        zipCode: '100001',
        country: 'Nigeria',
      }),
      order.paidAt ?? null,
    ],
  );
  if (!row) throw new Error('no order');
  for (const line of order.lines) {
    await shop.database.query(
      `INSERT INTO order_items (order_id, product_id, name, price_kobo, quantity_hundredths, unit, line_total_kobo)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        row.id,
        line.productId,
        line.name,
        line.priceKobo,
        parseQuantity(line.quantity),
        line.unit ?? 'piece',
        totalOf(line),
      ],
    );
  }
}

describe('the sales dashboard', () => {
  it('is all zeros for an empty shop, with every one of the 30 Lagos days and every status present', async () => {
    const empty = await dashboard();
    expect(empty.revenueByDay).toHaveLength(DASHBOARD_DAYS);
    expect(empty.revenueByDay[0]?.date).toBe(lagosDay(DASHBOARD_DAYS - 1));
    expect(empty.revenueByDay.at(-1)?.date).toBe(lagosDay(0));
    expect(empty.revenueByDay.every((day) => day.revenue === 0 && day.orders === 0)).toBe(true);
    expect(empty).toMatchObject({
      paidOrders: 0,
      revenue: 0,
      averageOrderValue: 0,
      ordersByStatus: { PENDING: 0, PROCESSING: 0, SHIPPED: 0, DELIVERED: 0, CANCELLED: 0 },
      ordersByPaymentStatus: { UNPAID: 0, PAID: 0, FAILED: 0, REFUNDED: 0 },
      transfersAwaiting: 0,
      proofsToReview: 0,
      payOnDeliveryToConfirm: 0,
      topProducts: [],
      lowStock: [],
      waitingForRestock: [],
      lowStockCount: 0,
      outOfStockCount: 0,
    });
  });

  it('matches a hand-computed fixture: paid revenue by Lagos day, refunds left out, counts, top products and low stock', async () => {
    const none = await createProduct(shop.database, { stock: 0, name: 'Aso-oke strip' });
    const few = await createProduct(shop.database, { stock: 3, name: 'Bridal beads' });
    const atThreshold = await createProduct(shop.database, { stock: 5, name: 'Cotton thread' });
    const d = await createProduct(shop.database, { stock: 6, name: 'Damask roll' });
    const e = await createProduct(shop.database, { stock: 50, name: 'Ivory lace' });

    // Paid today: 2 × ₦4,500 + ₦1,000.50 delivery = ₦10,000.50.
    await insertOrder({
      status: 'PROCESSING',
      paymentStatus: 'PAID',
      method: 'card',
      deliveryFeeKobo: 100_050,
      paidAt: lagosTime(0, '00:10'),
      lines: [{ productId: e.id, name: 'Ivory lace', priceKobo: 450_000, quantity: 2 }],
    });
    // Paid two days ago: ₦2,500 and ₦3,000 + ₦333.33 (the same product under an older name).
    await insertOrder({
      status: 'DELIVERED',
      paymentStatus: 'PAID',
      method: 'card',
      deliveryFeeKobo: 0,
      paidAt: lagosTime(2, '09:00'),
      lines: [{ productId: d.id, name: 'Damask roll', priceKobo: 250_000, quantity: 1 }],
    });
    await insertOrder({
      status: 'SHIPPED',
      paymentStatus: 'PAID',
      method: 'bankTransfer',
      deliveryFeeKobo: 33_333,
      paidAt: lagosTime(2, '23:50'),
      lines: [{ productId: e.id, name: 'Ivory lace (old name)', priceKobo: 300_000, quantity: 1 }],
    });
    // Refunded yesterday: not revenue, not a top product.
    await insertOrder({
      status: 'CANCELLED',
      paymentStatus: 'REFUNDED',
      method: 'card',
      deliveryFeeKobo: 0,
      paidAt: lagosTime(1, '12:00'),
      lines: [{ productId: d.id, name: 'Damask roll', priceKobo: 500_000, quantity: 10 }],
    });
    // Paid at 00:30 on the oldest day shown (23:30 UTC the day before): in.
    await insertOrder({
      status: 'PROCESSING',
      paymentStatus: 'PAID',
      method: 'card',
      deliveryFeeKobo: 0,
      paidAt: lagosTime(DASHBOARD_DAYS - 1, '00:30'),
      lines: [{ productId: null, name: 'Old ribbon', priceKobo: 99_999, quantity: 1 }],
    });
    // Paid at 23:30 the day before that: out of the 30 days.
    await insertOrder({
      status: 'DELIVERED',
      paymentStatus: 'PAID',
      method: 'card',
      deliveryFeeKobo: 100_000,
      paidAt: lagosTime(DASHBOARD_DAYS, '23:30'),
      lines: [{ productId: atThreshold.id, name: 'Cotton thread', priceKobo: 600_000, quantity: 1 }],
    });
    // Unpaid bank transfers: one waiting for the admin, one cancelled.
    await insertOrder({
      status: 'PENDING',
      paymentStatus: 'UNPAID',
      method: 'bankTransfer',
      deliveryFeeKobo: 0,
      lines: [{ productId: few.id, name: 'Bridal beads', priceKobo: 123_400, quantity: 1 }],
    });
    await insertOrder({
      status: 'CANCELLED',
      paymentStatus: 'UNPAID',
      method: 'bankTransfer',
      deliveryFeeKobo: 0,
      lines: [{ productId: few.id, name: 'Bridal beads', priceKobo: 123_400, quantity: 2 }],
    });

    // The empty shop's figures were kept until the fixture's commit NOTIFYs orders_changed.
    const figures = await waitFor(async () => {
      const now = await dashboard();
      return now.paidOrders > 0 && now.lowStock.length === 3 ? now : null;
    });
    // 1,000,050 + 250,000 + 333,333 + 99,999 = 1,683,382 kobo over 4 orders; 420,845.5 → 420,846.
    expect(figures.revenue).toBe(16_833.82);
    expect(figures.paidOrders).toBe(4);
    expect(figures.averageOrderValue).toBe(4_208.46);
    const days = Object.fromEntries(figures.revenueByDay.map((day) => [day.date, [day.revenue, day.orders]]));
    expect(figures.revenueByDay).toHaveLength(DASHBOARD_DAYS);
    expect(days[lagosDay(0)]).toEqual([10_000.5, 1]);
    expect(days[lagosDay(1)]).toEqual([0, 0]);
    expect(days[lagosDay(2)]).toEqual([5_833.33, 2]);
    expect(days[lagosDay(DASHBOARD_DAYS - 1)]).toEqual([999.99, 1]);
    expect(figures.revenueByDay.reduce((sum, day) => sum + day.orders, 0)).toBe(4);
    expect(figures.ordersByStatus).toEqual({ PENDING: 1, PROCESSING: 2, SHIPPED: 1, DELIVERED: 2, CANCELLED: 2 });
    expect(figures.ordersByPaymentStatus).toEqual({ UNPAID: 2, PAID: 5, FAILED: 0, REFUNDED: 1 });
    expect(figures.transfersAwaiting).toBe(1);
    expect(figures.topProducts).toEqual([
      { ...PIECE, productId: e.id, name: 'Ivory lace', quantity: 3, revenue: 12_000 },
      { ...PIECE, productId: d.id, name: 'Damask roll', quantity: 1, revenue: 2_500 },
      { ...PIECE, productId: null, name: 'Old ribbon', quantity: 1, revenue: 999.99 },
    ]);
    expect(figures.lowStock).toEqual([
      { ...PIECE, minQuantity: 1, id: none.id, name: 'Aso-oke strip', stock: 0, waiting: 0 },
      { ...PIECE, minQuantity: 1, id: few.id, name: 'Bridal beads', stock: 3, waiting: 0 },
      { ...PIECE, minQuantity: 1, id: atThreshold.id, name: 'Cotton thread', stock: 5, waiting: 0 },
    ]);
    expect(figures.lowStockCount).toBe(2);
    expect(figures.outOfStockCount).toBe(1);
  });

  it('counts again after a change committed by anyone, here SQL by hand', async () => {
    const before = await dashboard();
    await shop.database.query(`UPDATE orders SET status = 'DELIVERED' WHERE status = 'SHIPPED'`);
    const after = await waitFor(async () => {
      const now = await dashboard();
      return now.ordersByStatus.SHIPPED === 0 ? now : null;
    });
    expect(after.ordersByStatus.DELIVERED).toBe(before.ordersByStatus.DELIVERED + before.ordersByStatus.SHIPPED);
  });

  it('counts stock by the unit rule: less than the minimum is out, low is at most the threshold in units, figures in the unit', async () => {
    const yard = { unit: 'yard' as const, stepHundredths: 50, minHundredths: 100 };
    const halfYard = await createProduct(shop.database, { stock: 0.5, name: 'Half a yard of lace', terms: yard });
    const someYards = await createProduct(shop.database, { stock: 2.5, name: 'Some yards of lace', terms: yard });
    await createProduct(shop.database, { stock: LOW_STOCK_THRESHOLD + 0.5, name: 'Plenty of lace', terms: yard });
    const packs = await createProduct(shop.database, {
      stock: 4,
      name: 'Packs of buttons',
      terms: { unit: 'pack', packSize: 12, packItemName: 'buttons' },
    });
    // 2.5 yards at ₦1,234.57 a yard: 3,086.425 naira, charged as 308,643 kobo (rounded once).
    await insertOrder({
      status: 'PROCESSING',
      paymentStatus: 'PAID',
      method: 'card',
      deliveryFeeKobo: 0,
      paidAt: lagosTime(0, '09:00'),
      lines: [
        {
          productId: someYards.id,
          name: 'Some yards of lace',
          priceKobo: 123_457,
          quantity: 2.5,
          unit: 'yard',
          lineTotalKobo: 308_643,
        },
      ],
    });
    const raw = await waitFor(async () => {
      const response = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
      const body = response.json();
      return body.lowStock.some((row: { id: string }) => row.id === packs.id) ? body : null;
    });
    const low = new Map(raw.lowStock.map((row: { id: string }) => [row.id, row]));
    expect(low.get(halfYard.id)).toEqual({
      id: halfYard.id,
      name: 'Half a yard of lace',
      stock: 0.5,
      unit: 'yard',
      minQuantity: 1,
      packSize: null,
      packItemName: null,
      waiting: 0,
    });
    expect(low.get(someYards.id)).toMatchObject({ stock: 2.5, unit: 'yard' });
    expect(low.get(packs.id)).toMatchObject({ stock: 4, unit: 'pack', packSize: 12, packItemName: 'buttons' });
    expect([...low.values()].some((row) => (row as { name: string }).name === 'Plenty of lace')).toBe(false);
    // Those that cannot be bought come first.
    const outFirst = raw.lowStock.findIndex((row: { id: string }) => row.id === halfYard.id);
    expect(outFirst).toBeLessThan(raw.lowStock.findIndex((row: { id: string }) => row.id === someYards.id));
    // Before: 2 low and 1 out (the fixture above); now 2 more low, 1 more out (half a yard < 1 yard).
    expect(raw.lowStockCount).toBe(4);
    expect(raw.outOfStockCount).toBe(2);
    expect(raw.topProducts).toContainEqual({
      productId: someYards.id,
      name: 'Some yards of lace',
      quantity: 2.5,
      unit: 'yard',
      packSize: null,
      packItemName: null,
      revenue: 3_086.43,
    });
  });

  it('is for admins only, whatever a customer claims in headers', async () => {
    const { session } = await customer(app);
    expect((await app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { ...bearer(session), 'x-user-role': 'ADMIN', 'x-admin-token': admin.token },
    });
    expect(forged.statusCode).toBe(403);
  });
});
