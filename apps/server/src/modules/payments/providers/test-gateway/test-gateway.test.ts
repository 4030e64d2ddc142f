import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentConfigSchema } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../../test/helper';
import { gatewayTransactionData } from '../../../../../test/orders';
import { buildApp } from '../../../../app';
import { ConfigError, loadConfig } from '../../../../config';
import { TEST_GATEWAY_KEYS } from '../index';
import type { PaystackClient } from '../paystack/paystack-client';

interface Delivery {
  body: Buffer;
  signature: string | undefined;
  event: string;
  data: Record<string, unknown>;
}

/** A stand-in for the shop's webhook route (the orders module's), answering with `answers` in turn, then 200. */
async function webhookReceiver() {
  const deliveries: Delivery[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const parsed = JSON.parse(body.toString()) as { event: string; data: Record<string, unknown> };
      deliveries.push({ body, signature: request.headers['x-paystack-signature'] as string | undefined, ...parsed });
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/paystack/webhook`,
    deliveries,
    answers,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function until<T>(check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let shop: string;

beforeAll(async () => {
  receiver = await webhookReceiver();
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAYSTACK_WEBHOOK_URL: receiver.url });
  t = await createTestApp({ payments: base.payments });
  shop = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.deliveries.length = 0;
});

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${shop}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

let counter = 0;
async function newTransaction(amountKobo = 1_234_500) {
  counter += 1;
  const reference = `TS-CARD${counter}`;
  const { accessCode } = await t.app.payments.provider.initialize({ email: 'ada@example.com', amountKobo, reference });
  const charge = (card: Record<string, string>) => post('/test-gateway/checkout/charge', { accessCode, ...card });
  return { reference, accessCode, charge };
}

describe('GET /api/payments/config', () => {
  it('tells the storefront to use the test gateway, with the bank account and no secret', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.statusCode).toBe(200);
    const config = paymentConfigSchema.parse(response.json());
    expect(config).toEqual({
      provider: 'paystack',
      publicKey: TEST_GATEWAY_KEYS.publicKey,
      inlineScriptUrl: '/test-gateway/v2/inline.js',
      currency: 'NGN',
      testMode: true,
      bankTransfer: { accountName: 'Stitch & Trim Demo', bankName: 'Demo Bank', accountNumber: '0000000000' },
      channels: ['card'],
      payOnDelivery: { enabled: true, capNaira: 150_000 },
    });
    expect(response.body).not.toContain('sk_');
  });

  it('with Paystack keys points at Paystack, mounts no test gateway and never shows the secret key', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PAYSTACK_SECRET_KEY: 'sk_live_secret123',
      PAYSTACK_PUBLIC_KEY: 'pk_live_public123',
      BANK_ACCOUNT_NAME: 'Stitch and Trim Ltd',
      BANK_NAME: 'First Bank',
      BANK_ACCOUNT_NUMBER: '3012345678',
    });
    const app = await buildApp(
      { ...config, seedDemoCatalogue: false, outbox: { ...config.outbox, worker: false } },
      {
        database: t.database,
      },
    );
    try {
      const response = await app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(response.json()).toEqual({
        provider: 'paystack',
        publicKey: 'pk_live_public123',
        inlineScriptUrl: 'https://js.paystack.co/v2/inline.js',
        currency: 'NGN',
        testMode: false,
        bankTransfer: { accountName: 'Stitch and Trim Ltd', bankName: 'First Bank', accountNumber: '3012345678' },
        channels: ['card'],
        payOnDelivery: { enabled: true, capNaira: 150_000 },
      });
      expect(response.body).not.toContain('sk_live_secret123');
      expect((await app.inject({ method: 'GET', url: '/test-gateway/v2/inline.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('refuses to start in production without Paystack keys, naming the variables', async () => {
    const start = () => loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/PAYSTACK_SECRET_KEY, PAYSTACK_PUBLIC_KEY/);
    // The bank account for transfers is required too: a demo account would take real money nowhere.
    expect(start).toThrow(/BANK_ACCOUNT_NAME, BANK_NAME, BANK_ACCOUNT_NUMBER/);
    expect(() => loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_abc' })).toThrow(/set both or neither/);
    // A configuration built some other way meets the same refusal when the app is built.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    await expect(
      buildApp(
        { ...config, env: 'production', seedDemoCatalogue: false, outbox: { ...config.outbox, worker: false } },
        {
          database: t.database,
        },
      ),
    ).rejects.toThrow(/PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY/);
  });

  it('refuses to start without Paystack keys when NODE_ENV is unset, as production does', async () => {
    // Started without npm start's local-defaults.env: unset is not development.
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    expect(config.env).toBeUndefined();
    await expect(
      buildApp(
        { ...config, seedDemoCatalogue: false, outbox: { ...config.outbox, worker: false } },
        { database: t.database },
      ),
    ).rejects.toThrow(/PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY/);
  });

  it('mounts the test gateway when NODE_ENV is development', async () => {
    const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    const app = await buildApp(
      { ...config, seedDemoCatalogue: false, outbox: { ...config.outbox, worker: false } },
      { database: t.database },
    );
    try {
      expect((await app.inject({ method: 'GET', url: '/test-gateway/v2/inline.js' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('the test gateway', () => {
  it('answers 401 "Invalid key" to a call without the secret key', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer sk_test_wrong' },
      { authorization: TEST_GATEWAY_KEYS.secretKey },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${shop}/test-gateway/transaction/verify/TS-X`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ status: false, message: 'Invalid key' });
    }
    const initialize = await post('/test-gateway/transaction/initialize', { email: 'a@example.com', amount: 100 });
    expect(initialize.status).toBe(401);
  });

  it('answers a reused reference with 400 "Duplicate Transaction Reference", as Paystack does', async () => {
    const headers = { authorization: `Bearer ${TEST_GATEWAY_KEYS.secretKey}` };
    const body = { email: 'a@example.com', amount: 10_000, currency: 'NGN', reference: 'TS-REST-DUP' };
    const first = await post('/test-gateway/transaction/initialize', body, headers);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: true, message: 'Authorization URL created' });
    const second = await post('/test-gateway/transaction/initialize', body, headers);
    expect(second).toEqual({
      status: 400,
      body: {
        status: false,
        message: 'Duplicate Transaction Reference',
        code: 'duplicate_reference',
        type: 'validation_error',
      },
    });
  });

  it('charges the success card and sends one correctly signed charge.success webhook', async () => {
    const { reference, charge } = await newTransaction(1_234_500);
    const answer = await charge({ cardNumber: '4084084084084081', expiry: '09/99', cvv: '408' });
    expect(answer).toEqual({
      status: 200,
      body: { status: 'success', message: 'Approved', reference, transactionId: expect.any(Number) },
    });
    const delivery = await until(() => receiver.deliveries.find((d) => d.data.reference === reference));
    expect(delivery.event).toBe('charge.success');
    expect((t.app.payments.provider as PaystackClient).isValidWebhookSignature(delivery.body, delivery.signature)).toBe(
      true,
    );
    expect(delivery.data).toEqual(await gatewayTransactionData(t.app, reference));
    expect(delivery.data).toMatchObject({ status: 'success', amount: 1_234_500, currency: 'NGN', reference });

    // Paying again (a double click) changes nothing and sends nothing more.
    expect((await charge({ cardNumber: '4084084084084081', expiry: '09/99', cvv: '408' })).body.status).toBe('success');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.deliveries.filter((d) => d.data.reference === reference)).toHaveLength(1);
  });

  it('asks the PIN card for PIN 1111 before charging it', async () => {
    const { reference, charge } = await newTransaction();
    const card = { cardNumber: '5078 5078 5078 5078 12', expiry: '01/99', cvv: '081' };
    expect((await charge(card)).body.status).toBe('send_pin');
    expect((await charge({ ...card, pin: '1234' })).body).toMatchObject({
      status: 'invalid',
      field: 'pin',
      message: 'Incorrect PIN',
    });
    expect((await t.app.payments.provider.verify(reference))?.status).toBe('abandoned');
    expect((await charge({ ...card, pin: '1111' })).body.status).toBe('success');
    expect((await t.app.payments.provider.verify(reference))?.status).toBe('success');
    await until(() => receiver.deliveries.find((d) => d.data.reference === reference));
  });

  it('asks the PIN + OTP card for PIN 1234, then OTP 123456', async () => {
    const { reference, charge } = await newTransaction();
    const card = { cardNumber: '5060666666666666666', expiry: '01/99', cvv: '123' };
    expect((await charge(card)).body.status).toBe('send_pin');
    expect((await charge({ ...card, pin: '1234' })).body.status).toBe('send_otp');
    expect((await charge({ ...card, pin: '1234', otp: '000000' })).body).toMatchObject({
      status: 'invalid',
      message: 'Incorrect OTP',
    });
    expect((await charge({ ...card, pin: '1234', otp: '123456' })).body.status).toBe('success');
    expect((await t.app.payments.provider.verify(reference))?.status).toBe('success');
    await until(() => receiver.deliveries.find((d) => d.data.reference === reference));
  });

  it.each([
    ['declined', '4084 0800 0000 5408', '001', 'Declined'],
    ['insufficient funds', '4084 0800 0067 0037', '787', 'Insufficient Funds'],
  ])('fails the %s card with its reason and sends no webhook', async (_name, cardNumber, cvv, reason) => {
    const { reference, charge } = await newTransaction();
    expect((await charge({ cardNumber, expiry: '12/99', cvv })).body).toMatchObject({
      status: 'failed',
      message: reason,
    });
    expect(await t.app.payments.provider.verify(reference)).toMatchObject({
      status: 'failed',
      gatewayResponse: reason,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.deliveries.filter((d) => d.data.reference === reference)).toHaveLength(0);
    // Another card may still pay the same transaction, as in Paystack's popup.
    expect((await charge({ cardNumber: '4084084084084081', expiry: '12/99', cvv: '408' })).body.status).toBe('success');
    expect((await t.app.payments.provider.verify(reference))?.status).toBe('success');
  });

  it('refuses a card that is not a test card, an expired card and a wrong CVV without touching the transaction', async () => {
    const { reference, charge } = await newTransaction();
    expect((await charge({ cardNumber: '4111111111111111', expiry: '12/99', cvv: '123' })).body).toMatchObject({
      status: 'invalid',
      field: 'cardNumber',
    });
    expect((await charge({ cardNumber: '4084084084084081', expiry: '01/20', cvv: '408' })).body).toMatchObject({
      status: 'invalid',
      field: 'expiry',
    });
    expect((await charge({ cardNumber: '4084084084084081', expiry: '12/99', cvv: '000' })).body).toMatchObject({
      status: 'invalid',
      field: 'cvv',
    });
    expect((await t.app.payments.provider.verify(reference))?.status).toBe('abandoned');
  });

  it('retries a webhook the shop did not accept', async () => {
    receiver.answers.push(500);
    const { reference, charge } = await newTransaction();
    await charge({ cardNumber: '4084084084084081', expiry: '12/99', cvv: '408' });
    await until(() =>
      receiver.deliveries.filter((d) => d.data.reference === reference).length >= 2 ? true : undefined,
    );
    const [first, second] = receiver.deliveries.filter((d) => d.data.reference === reference);
    expect(second?.body.equals(first?.body as Buffer)).toBe(true);
    expect(second?.signature).toBe(first?.signature);
  });

  it('sends refund events for a refund', async () => {
    const { reference, charge } = await newTransaction(500_000);
    await charge({ cardNumber: '4084084084084081', expiry: '12/99', cvv: '408' });
    await until(() => receiver.deliveries.find((d) => d.data.reference === reference));
    await t.app.payments.provider.refund({ reference, amountKobo: 200_000 });
    const events = await until(() => {
      const found = receiver.deliveries.filter((d) => d.data.transaction_reference === reference);
      return found.length >= 2 ? found : undefined;
    });
    expect(events.map((d) => d.event).sort()).toEqual(['refund.pending', 'refund.processed']);
    for (const event of events) {
      expect((t.app.payments.provider as PaystackClient).isValidWebhookSignature(event.body, event.signature)).toBe(
        true,
      );
      expect(event.data).toMatchObject({ amount: 200_000, currency: 'NGN' });
    }
  });

  it('keeps its payments in the database, so a second server on it sees a payment taken by the first', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAYSTACK_WEBHOOK_URL: receiver.url });
    const other = await buildApp(
      { ...config, seedDemoCatalogue: false, outbox: { ...config.outbox, worker: false } },
      { database: t.database },
    );
    try {
      const otherShop = await other.listen({ port: 0, host: '127.0.0.1' });
      const { accessCode } = await t.app.payments.provider.initialize({
        email: 'ada@example.com',
        amountKobo: 99_900,
        reference: 'TS-TWO-SERVERS',
      });
      const response = await fetch(`${otherShop}/test-gateway/checkout/charge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accessCode, cardNumber: '4084084084084081', expiry: '12/99', cvv: '408' }),
      });
      expect(((await response.json()) as { status: string }).status).toBe('success');
      expect((await t.app.payments.provider.verify('TS-TWO-SERVERS'))?.status).toBe('success');
      expect((await other.payments.provider.verify('TS-TWO-SERVERS'))?.amountKobo).toBe(99_900);
      await until(() => receiver.deliveries.find((d) => d.data.reference === 'TS-TWO-SERVERS'));
    } finally {
      await other.close();
    }
  });

  it('serves the inline script for v1 and v2', async () => {
    for (const version of ['v1', 'v2']) {
      const response = await fetch(`${shop}/test-gateway/${version}/inline.js`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('javascript');
      expect(await response.text()).toContain('PaystackPop');
    }
  });
});
