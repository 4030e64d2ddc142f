import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TRANSFER_PROOF_MESSAGES as P, TRANSFER_PROOF_MAX_BYTES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, bearer, customer, login, type Session } from '../../../test/accounts';
import { createTestApp } from '../../../test/helper';
import { multipart, picture } from '../../../test/multipart';
import { createProduct, placeOrder } from '../../../test/orders';
import type { Database } from '../../db/client';
import { shopInbox } from '../../mail/shop-inbox';
import { safeFileName, sniffProofType, TRANSFER_PROOF_UPLOAD_LIMIT } from './transfer-proofs.service';

// Transfer proofs (decision 023) and the order emails, through HTTP on a PGlite shop: what the
// customer and the admin see, what is stored where, and what is queued in the outbox.

const ORDERS_EMAIL = 'orders@shop.example.com';
// Made by the first upload, so the test sees the folder's mode as the shop makes it.
const privateDir = path.join(mkdtempSync(path.join(tmpdir(), 'shop-proofs-private-')), 'private');
const uploadsDir = mkdtempSync(path.join(tmpdir(), 'shop-proofs-public-'));

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let database: Database;
let buyer: Session;
let stranger: Session;
let admin: Session;

beforeAll(async () => {
  shop = await createTestApp({
    seedDemoCatalogue: false,
    publicUrl: 'https://shop.example.com',
    ordersEmail: ORDERS_EMAIL,
    storage: { kind: 'disk', dir: uploadsDir },
    privateStorage: { kind: 'disk', dir: privateDir },
  });
  app = shop.app;
  database = shop.database;
  buyer = (await customer(app)).session;
  stranger = (await customer(app)).session;
  admin = await login(app, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await shop?.close();
});
// Uploads are counted per customer (TRANSFER_PROOF_UPLOAD_LIMIT): each test has its own.
beforeEach(async () => {
  buyer = (await customer(app)).session;
});

async function newOrder(method: 'bankTransfer' | 'card' = 'bankTransfer', session = buyer) {
  const product = await createProduct(database, { priceKobo: 250_000, stock: 20 });
  const response = await placeOrder(app, session, [{ productId: product.id, quantity: 2, price: 2500 }], {
    paymentDetails: { method, transactionId: null },
  });
  expect(response.statusCode, response.body).toBe(201);
  return {
    order: response.json().order as { id: string; orderNumber: string; expiresAt: string; totalAmount: number },
    product,
  };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function upload(orderId: string, bytes: Buffer, filename: string, session: Session | null = buyer, type = 'image/png') {
  const body = multipart({}, [{ field: 'file', filename, contentType: type, bytes }]);
  return app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/transfer-proof`,
    payload: body.payload,
    headers: { ...(session ? bearer(session) : {}), ...body.headers },
  });
}

const read = (orderId: string, session: Session | null) =>
  app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}/transfer-proof`,
    headers: session ? bearer(session) : {},
  });

async function outbox(template: string, orderNumber: string) {
  return database.query<{ payload: { to: string; data: Record<string, unknown> } }>(
    `SELECT payload FROM outbox WHERE payload->>'template' = $1 AND payload->'data'->>'orderNumber' = $2`,
    [template, orderNumber],
  );
}

async function proofRows(orderId: string) {
  return database.query<{ storage_key: string; status: string; reason: string | null; file_name: string }>(
    'SELECT storage_key, status, reason, file_name FROM transfer_proofs WHERE order_id = $1 ORDER BY uploaded_at',
    [orderId],
  );
}

describe('the order emails', () => {
  it.each(['bankTransfer', 'card'] as const)(
    'queue one order-placed email to the customer and one to ORDERS_EMAIL for a %s order',
    async (method) => {
      const { order, product } = await newOrder(method);
      const [mine, ...moreMine] = await outbox('order-placed', order.orderNumber);
      expect(moreMine).toHaveLength(0);
      expect(mine?.payload.to).toBe(buyer.user.email);
      expect(mine?.payload.data).toMatchObject({
        orderNumber: order.orderNumber,
        paymentMethod: method,
        totalKobo: 500_000 + (mine?.payload.data.deliveryFeeKobo as number),
        items: [
          {
            name: product.name,
            quantityHundredths: 200,
            unit: 'piece',
            packSize: null,
            packItemName: null,
            priceKobo: 250_000,
            listPriceKobo: null,
            lineTotalKobo: 500_000,
          },
        ],
        deadline: order.expiresAt,
        orderUrl: `https://shop.example.com/orders/${order.id}`,
      });
      if (method === 'bankTransfer') {
        expect(mine?.payload.data.bank).toEqual(app.config.payments.bankTransfer);
      } else {
        expect(mine?.payload.data.bank).toBeUndefined();
      }
      const shopMails = await outbox('order-placed-shop', order.orderNumber);
      expect(shopMails).toHaveLength(1);
      expect(shopMails[0]?.payload).toMatchObject({
        to: ORDERS_EMAIL,
        data: { paymentMethod: method, adminUrl: `https://shop.example.com/admin/orders/${order.id}` },
      });
    },
  );

  it('go to CONTACT_EMAIL, or else the first admin, when ORDERS_EMAIL is unset', async () => {
    expect(await shopInbox(database.db, { contactEmail: 'hello@shop.example.com' })).toBe('hello@shop.example.com');
    expect(await shopInbox(database.db, {})).toBe(ADMIN.email);
  });
});

describe('uploading a transfer proof', () => {
  it.each([
    ['image/png', 'receipt.png', () => picture('png')],
    ['image/jpeg', 'receipt.jpg', () => picture('jpeg')],
    ['image/webp', 'receipt.webp', () => picture('webp')],
    ['application/pdf', 'statement.pdf', async () => PDF],
  ] as const)('takes a %s, stores it privately and shows it as awaiting review', async (type, name, make) => {
    const { order } = await newOrder();
    const bytes = await make();
    const response = await upload(order.id, bytes, name, buyer, type);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(P.uploaded);
    expect(response.json().order.transferProof).toMatchObject({
      status: 'pending',
      contentType: type,
      fileName: name,
      reason: null,
    });
    const [row] = await proofRows(order.id);
    expect(row?.storage_key).toMatch(/^proof-[0-9a-f]{48}\.(png|jpg|webp|pdf)$/);
    // In the private folder, nowhere near the public one.
    expect(existsSync(path.join(privateDir, row?.storage_key as string))).toBe(true);
    expect(readdirSync(uploadsDir)).not.toContain(row?.storage_key);
    // Only the shop's account reads it, whatever the process umask (docs/SECURITY.md).
    expect(statSync(path.join(privateDir, row?.storage_key as string)).mode & 0o777).toBe(0o600);
    expect(statSync(privateDir).mode & 0o777).toBe(0o700);
    const stored = readFileSync(path.join(privateDir, row?.storage_key as string));
    expect(sniffProofType(stored)).toBe(type);
    if (type === 'application/pdf') expect(stored.equals(PDF)).toBe(true);

    const owner = await read(order.id, buyer);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toBe(type);
    expect(owner.headers['content-disposition']).toBe(`inline; filename="${name}"`);
    expect(owner.headers['x-content-type-options']).toBe('nosniff');
    expect(owner.headers['cache-control']).toBe('private, no-store');
    expect(owner.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(owner.rawPayload.equals(stored)).toBe(true);

    const byAdmin = await read(order.id, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(stored)).toBe(true);

    // The shop hears of it, once, with the admin page.
    const mails = await outbox('transfer-proof-shop', order.orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.payload).toMatchObject({
      to: ORDERS_EMAIL,
      data: { fileName: name, adminUrl: `https://shop.example.com/admin/orders/${order.id}` },
    });
  });

  it('is at no public URL: not under /images/uploads, not as a static file', async () => {
    const { order } = await newOrder();
    expect((await upload(order.id, await picture('png'), 'proof.png')).statusCode).toBe(201);
    const [row] = await proofRows(order.id);
    const key = row?.storage_key as string;
    for (const url of [
      `/images/uploads/${key}`,
      `/${key}`,
      `/private/${key}`,
      `/images/uploads/..%2Fprivate%2F${key}`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(
        response.statusCode === 404 || !response.rawPayload.includes(readFileSync(path.join(privateDir, key))),
        url,
      ).toBe(true);
      expect(response.headers['content-type'] ?? '').not.toMatch(/^image\/png/);
    }
  });

  it('strips a picture of its metadata', async () => {
    const { order } = await newOrder();
    const bytes = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#224488' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'GPS-SECRET-12345' } })
      .toBuffer();
    expect(bytes.includes('GPS-SECRET-12345')).toBe(true);
    expect((await upload(order.id, bytes, 'phone.jpg', buyer, 'image/jpeg')).statusCode).toBe(201);
    const [row] = await proofRows(order.id);
    expect(readFileSync(path.join(privateDir, row?.storage_key as string)).includes('GPS-SECRET-12345')).toBe(false);
  });

  it('refuses a text file named .png or .pdf with 415 and its message, and stores nothing', async () => {
    const { order } = await newOrder();
    for (const [name, type] of [
      ['proof.png', 'image/png'],
      ['proof.pdf', 'application/pdf'],
    ]) {
      const response = await upload(order.id, Buffer.from('I paid, honestly.\n'), name as string, buyer, type);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: P.unsupportedType });
    }
    // A PNG header on a body that is not a picture is refused too.
    const fake = Buffer.concat([(await picture('png')).subarray(0, 16), Buffer.alloc(200, 7)]);
    expect((await upload(order.id, fake, 'broken.png')).statusCode).toBe(415);
    expect(await proofRows(order.id)).toHaveLength(0);
  });

  it('refuses a file of 5 MB and 1 byte with 413 and its message', async () => {
    const { order } = await newOrder();
    const big = Buffer.concat([PDF, Buffer.alloc(TRANSFER_PROOF_MAX_BYTES + 1 - PDF.length, 0x20)]);
    const response = await upload(order.id, big, 'big.pdf', buyer, 'application/pdf');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: P.tooLarge });
    expect(await proofRows(order.id)).toHaveLength(0);
    // Exactly 5 MB passes.
    const fits = Buffer.concat([PDF, Buffer.alloc(TRANSFER_PROOF_MAX_BYTES - PDF.length, 0x20)]);
    expect((await upload(order.id, fits, 'fits.pdf', buyer, 'application/pdf')).statusCode).toBe(201);
  });

  it("answers 404 for another customer's order, both ways, and 401 to a guest", async () => {
    const { order } = await newOrder();
    const theirs = await upload(order.id, PDF, 'p.pdf', stranger, 'application/pdf');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Order Not Found');
    expect((await upload(order.id, PDF, 'p.pdf', buyer, 'application/pdf')).statusCode).toBe(201);
    expect((await read(order.id, stranger)).statusCode).toBe(404);
    expect((await upload(order.id, PDF, 'p.pdf', null, 'application/pdf')).statusCode).toBe(401);
    expect((await read(order.id, null)).statusCode).toBe(401);
    // The stranger's order detail does not exist either; the owner's names the proof.
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(stranger) })).statusCode,
    ).toBe(404);
    expect(await proofRows(order.id)).toHaveLength(1);
  });

  it('refuses a proof for a card order or a cancelled one with 409', async () => {
    const card = (await newOrder('card')).order;
    const refused = await upload(card.id, PDF, 'p.pdf', buyer, 'application/pdf');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ORDER_NOT_AWAITING_TRANSFER', message: P.notAwaitingTransfer });
    const { order } = await newOrder();
    expect(
      (await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: bearer(buyer), payload: {} }))
        .statusCode,
    ).toBe(200);
    expect((await upload(order.id, PDF, 'p.pdf', buyer, 'application/pdf')).statusCode).toBe(409);
  });

  it('replaces a proof still waiting for review, and deletes its file', async () => {
    const { order } = await newOrder();
    expect((await upload(order.id, PDF, 'first.pdf', buyer, 'application/pdf')).statusCode).toBe(201);
    const [first] = await proofRows(order.id);
    const second = await upload(order.id, await picture('png'), 'second.png');
    expect(second.statusCode).toBe(201);
    const rows = await proofRows(order.id);
    expect(rows.map((row) => row.file_name)).toEqual(['second.png']);
    expect(existsSync(path.join(privateDir, first?.storage_key as string))).toBe(false);
  });

  it('counts uploads per customer: past the limit, 429 with its message', async () => {
    const { order } = await newOrder();
    for (let i = 0; i < TRANSFER_PROOF_UPLOAD_LIMIT.max; i++) {
      expect((await upload(order.id, PDF, `p${i}.pdf`, buyer, 'application/pdf')).statusCode).toBe(201);
    }
    const refused = await upload(order.id, PDF, 'one-more.pdf', buyer, 'application/pdf');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(P.tooManyUploads);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the admin reviews a proof', () => {
  const reject = (orderId: string, reason: unknown, session = admin) =>
    app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/reject-transfer`,
      headers: bearer(session),
      payload: { reason },
    });

  it('rejects it with a reason: the order stays unpaid with its deadline, the customer is emailed, and may upload again', async () => {
    const { order } = await newOrder();
    expect((await upload(order.id, PDF, 'p.pdf', buyer, 'application/pdf')).statusCode).toBe(201);
    expect((await reject(order.id, 'Not our account', buyer)).statusCode).toBe(403);
    expect((await reject(order.id, '  ')).json().errors.reason).toBe(P.reasonRequired);

    const response = await reject(order.id, 'The amount shown is ₦500 short');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(P.rejected);
    expect(response.json().order).toMatchObject({
      paymentStatus: 'UNPAID',
      status: 'PENDING',
      expiresAt: order.expiresAt,
      transferProof: { status: 'rejected', reason: 'The amount shown is ₦500 short' },
    });
    expect(response.json().order.history.map((entry: { note: string }) => entry.note)).toContain(
      'Transfer proof rejected: The amount shown is ₦500 short',
    );
    const mails = await outbox('transfer-proof-rejected', order.orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.payload.data).toMatchObject({
      reason: 'The amount shown is ₦500 short',
      deadline: order.expiresAt,
      orderUrl: `https://shop.example.com/orders/${order.id}`,
    });
    // The customer sees why.
    const mine = (await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) })).json();
    expect(mine.order.transferProof).toEqual({
      status: 'rejected',
      reason: 'The amount shown is ₦500 short',
      contentType: 'application/pdf',
      fileName: 'p.pdf',
      uploadedAt: expect.any(String),
    });
    // Staff notes stay the staff's.
    expect(mine.order.history.some((entry: { field: string }) => entry.field === 'note')).toBe(false);
    // Nothing left to reject.
    expect((await reject(order.id, 'again')).json().code).toBe('TRANSFER_PROOF_NOT_PENDING');
    // A new proof, and the rejected one stays as the record of its review.
    expect((await upload(order.id, await picture('png'), 'better.png')).statusCode).toBe(201);
    expect((await proofRows(order.id)).map((row) => [row.file_name, row.status])).toEqual([
      ['p.pdf', 'rejected'],
      ['better.png', 'pending'],
    ]);
  });

  it('confirms it with the transfer: the order is paid, the proof confirmed, the receipt queued, and no more proofs taken', async () => {
    const { order } = await newOrder();
    expect((await upload(order.id, await picture('png'), 'paid.png')).statusCode).toBe(201);
    const done = await app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/confirm-transfer`,
      headers: bearer(admin),
      payload: { amountReceived: order.totalAmount, note: '' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().order).toMatchObject({ paymentStatus: 'PAID', transferProof: { status: 'confirmed' } });
    const receipts = await outbox('order-paid', order.orderNumber);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.payload.data.paymentMethod).toBe('bankTransfer');
    expect((await upload(order.id, PDF, 'late.pdf', buyer, 'application/pdf')).statusCode).toBe(409);
    expect((await reject(order.id, 'too late')).statusCode).toBe(409);
  });
});

describe('a proof waiting for review at the deadline', () => {
  const orderRow = async (orderId: string) => {
    const [row] = await database.query<{ status: string; expires_at: Date | null; hold_extended_at: Date | null }>(
      'SELECT status, expires_at, hold_extended_at FROM orders WHERE id = $1',
      [orderId],
    );
    return row;
  };

  it('keeps the order once, 48 hours more, tells the shop, then lets it expire unreviewed', async () => {
    const { order } = await newOrder();
    expect((await upload(order.id, await picture('png'), 'paid.png')).statusCode).toBe(201);
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    const first = await app.payments.expiry.runOnce();
    expect(first.extended).toBe(1);
    const kept = await orderRow(order.id);
    expect(kept?.status).toBe('PENDING');
    expect(kept?.hold_extended_at).not.toBeNull();
    const hoursLeft = ((kept?.expires_at?.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(47.9);
    expect(hoursLeft).toBeLessThan(48);
    const notices = await outbox('proof-review-reminder-shop', order.orderNumber);
    expect(notices.map((mail) => mail.payload.to)).toEqual([ORDERS_EMAIL]);
    expect(notices[0]?.payload.data).toMatchObject({
      deadline: kept?.expires_at?.toISOString(),
      adminUrl: `https://shop.example.com/admin/orders/${order.id}`,
    });
    // The customer's page shows the new deadline.
    const mine = (await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) })).json();
    expect(mine.order.expiresAt).toBe(kept?.expires_at?.toISOString());

    // Bounded: at the new deadline, still unreviewed, it expires as any other, and is not kept again.
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    const second = await app.payments.expiry.runOnce();
    expect(second.extended).toBe(0);
    expect((await orderRow(order.id))?.status).toBe('CANCELLED');
    expect(await outbox('proof-review-reminder-shop', order.orderNumber)).toHaveLength(1);
  });

  it('does not keep an order whose proof was rejected, or that never had one', async () => {
    const rejected = (await newOrder()).order;
    expect((await upload(rejected.id, PDF, 'p.pdf', buyer, 'application/pdf')).statusCode).toBe(201);
    const review = await app.inject({
      method: 'PATCH',
      url: `/api/orders/${rejected.id}/reject-transfer`,
      headers: bearer(admin),
      payload: { reason: 'Not our account' },
    });
    expect(review.statusCode).toBe(200);
    const none = (await newOrder()).order;
    await database.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])`, [
      `{${rejected.id},${none.id}}`,
    ]);
    await app.payments.expiry.runOnce();
    expect((await orderRow(rejected.id))?.status).toBe('CANCELLED');
    expect((await orderRow(none.id))?.status).toBe('CANCELLED');
  });
});

describe('file names and types', () => {
  it('keeps a safe name ending with the real extension', () => {
    expect(safeFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(safeFileName('C:\\Users\\Ada\\Bank "receipt".png', 'image/png')).toBe('Bank _receipt_.png');
    expect(safeFileName('evil.html', 'image/png')).toBe('evil.png');
    expect(safeFileName('', 'image/jpeg')).toBe('proof.jpg');
    expect(safeFileName('.hidden', 'image/webp')).toBe('hidden.webp');
  });

  it('sniffs the four types and nothing else', async () => {
    expect(sniffProofType(PDF)).toBe('application/pdf');
    expect(sniffProofType(await picture('avif'))).toBeUndefined();
    expect(sniffProofType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });
});
