import { ACCOUNT_MESSAGES, LAGOS_AREAS, ORDER_MESSAGES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, customer, type Session } from '../../../test/accounts';
import { createTestApp } from '../../../test/helper';
import { createProduct, placeOrder, SHIPPING } from '../../../test/orders';
import type { Database } from '../../db/client';

// Decision 021: the state of a Nigerian address is one of the 36 and the FCT, a Lagos address
// names its local government area, and a Nigerian mobile is kept as +2348031234567 on the user
// and on the order, however it was typed; other numbers are kept as typed.

let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let database: Database;
let buyer: Session;

beforeAll(async () => {
  shop = await createTestApp({ seedDemoCatalogue: false });
  app = shop.app;
  database = shop.database;
  buyer = (await customer(app)).session;
});
afterAll(async () => {
  await shop?.close();
});

const countOrders = async () =>
  (await database.query<{ count: number }>('SELECT count(*)::int AS count FROM orders'))[0]?.count;
const storedAddress = async (orderId: string) =>
  (
    await database.query<{ shipping_address: Record<string, unknown> }>(
      'SELECT shipping_address FROM orders WHERE id = $1',
      [orderId],
    )
  )[0]?.shipping_address;
const storedPhone = async (userId: string) =>
  (await database.query<{ phone_number: string | null }>('SELECT phone_number FROM users WHERE id = $1', [userId]))[0]
    ?.phone_number;

async function line() {
  const lace = await createProduct(database, { priceKobo: 100_000, stock: 50 });
  return [{ productId: lace.id, quantity: 1, price: 1_000 }];
}

describe('a Nigerian shipping address', () => {
  it('keeps the Lagos area and the phone in one form, on the order and in its answers', async () => {
    const response = await placeOrder(app, buyer, await line(), {
      shippingDetails: { ...SHIPPING, area: 'Eti-Osa', phoneNumber: '0803 123 4567' },
      paymentDetails: { method: 'bankTransfer', transactionId: null },
    });
    expect(response.statusCode).toBe(201);
    const { order } = response.json();
    expect(order.shippingAddress).toMatchObject({ state: 'Lagos', area: 'Eti-Osa', phoneNumber: '+2348031234567' });
    expect(await storedAddress(order.id)).toMatchObject({ area: 'Eti-Osa', phoneNumber: '+2348031234567' });
    const again = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) });
    expect(again.json().order.shippingAddress).toMatchObject({ area: 'Eti-Osa', phoneNumber: '+2348031234567' });
  });

  it('refuses a Lagos address without an area, or with one that is not Lagos’s, with 400 and the message', async () => {
    const before = await countOrders();
    const items = await line();
    for (const area of [undefined, null, '', 'Lekki', 'Garki']) {
      const response = await placeOrder(app, buyer, items, { shippingDetails: { ...SHIPPING, area } });
      expect(response.statusCode, String(area)).toBe(400);
      expect(response.json().code).toBe('INVALID_INPUT');
      expect(response.json().errors['shippingDetails.area']).toBe(ORDER_MESSAGES.areaRequired);
    }
    expect(await countOrders()).toBe(before);
  });

  it('refuses a state that is not one of Nigeria’s, with 400 and the message', async () => {
    const before = await countOrders();
    const items = await line();
    for (const state of ['Lagos State', 'Abuja', 'Greater Accra', 'lagos']) {
      const response = await placeOrder(app, buyer, items, { shippingDetails: { ...SHIPPING, state } });
      expect(response.statusCode, state).toBe(400);
      expect(response.json().errors['shippingDetails.state']).toBe(ORDER_MESSAGES.stateInvalid);
    }
    expect(await countOrders()).toBe(before);
  });

  it('needs no area outside Lagos, and keeps none there even if one is sent', async () => {
    const response = await placeOrder(app, buyer, await line(), {
      shippingDetails: { ...SHIPPING, city: 'Garki', state: 'Federal Capital Territory', area: LAGOS_AREAS[0] },
    });
    expect(response.statusCode).toBe(201);
    const { order } = response.json();
    expect(order.shippingAddress).toMatchObject({ state: 'Federal Capital Territory', area: null });
    expect(await storedAddress(order.id)).not.toHaveProperty('area');
  });

  it('keeps the state as typed in another country, and a foreign number as typed (without separators)', async () => {
    const response = await placeOrder(app, buyer, await line(), {
      shippingDetails: {
        ...SHIPPING,
        city: 'Accra',
        state: 'Greater Accra',
        area: undefined,
        country: 'Ghana',
        phoneNumber: '+233 20 123 4567',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().order.shippingAddress).toMatchObject({
      state: 'Greater Accra',
      area: null,
      phoneNumber: '+233201234567',
    });
  });

  it('refuses a phone number SPEC’s rule refuses, with its message', async () => {
    const response = await placeOrder(app, buyer, await line(), {
      shippingDetails: { ...SHIPPING, phoneNumber: '0803 123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors['shippingDetails.phoneNumber']).toBe('Please enter a valid phone number');
  });

  it('sends area null for an order stored before the area was asked', async () => {
    const response = await placeOrder(app, buyer, await line());
    const { order } = response.json();
    await database.query(`UPDATE orders SET shipping_address = shipping_address - 'area' WHERE id = $1`, [order.id]);
    const again = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) });
    expect(again.json().order.shippingAddress.area).toBeNull();
  });
});

describe('the phone number of an account', () => {
  it('is kept as +234… when registered in a local form, and when the profile saves another form', async () => {
    const account = await customer(app, { phoneNumber: '0803 123 4567' });
    expect(account.response.json().user.phoneNumber).toBe('+2348031234567');
    expect(await storedPhone(account.id)).toBe('+2348031234567');

    const update = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(account.session),
      payload: { phoneNumber: '234 (0) 706-123-4567' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().user.phoneNumber).toBe('+2347061234567');
    expect(await storedPhone(account.id)).toBe('+2347061234567');
  });

  it('keeps a foreign number as typed, and refuses one SPEC’s rule refuses', async () => {
    const account = await customer(app, { phoneNumber: '+44 20 7946 0958' });
    expect(await storedPhone(account.id)).toBe('+442079460958');
    const wrong = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(account.session),
      payload: { phoneNumber: '0803 12' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.phoneNumber).toBe(ACCOUNT_MESSAGES.phoneInvalid);
    expect(await storedPhone(account.id)).toBe('+442079460958');
  });
});
