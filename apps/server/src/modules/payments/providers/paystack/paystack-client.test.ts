import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentConfigSchema } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../../test/helper';
import { gatewayTransactionData } from '../../../../../test/orders';
import {
  DuplicateReferenceError,
  PaymentProviderRejectedError,
  PaymentProviderUnavailableError,
} from '../card-provider';
import { TEST_GATEWAY_KEYS } from '../index';
import { PaystackClient, paystackSignature } from './paystack-client';

const publicConfig = paymentConfigSchema.parse({
  provider: 'paystack',
  publicKey: 'pk_test_x',
  inlineScriptUrl: 'https://js.paystack.co/v2/inline.js',
  currency: 'NGN',
  testMode: true,
  bankTransfer: { accountName: 'A', bankName: 'B', accountNumber: '0000000000' },
  channels: ['card'],
  payOnDelivery: { enabled: true, capNaira: 150_000 },
});

function recordingLog() {
  const lines: unknown[] = [];
  const record = (...args: unknown[]) => lines.push(args);
  return { log: { warn: record, error: record }, text: () => JSON.stringify(lines) };
}

/** A throwaway HTTP server standing in for Paystack, counting the requests it got. */
async function fakeProvider(handle: (request: IncomingMessage, response: ServerResponse, hit: number) => void) {
  let hits = 0;
  const server: Server = createServer((request, response) => {
    hits += 1;
    handle(request, response, hits);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

describe('the Paystack adapter against the test gateway', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let shop: string;

  beforeAll(async () => {
    t = await createTestApp();
    // The card form's requests go to the shop's own port, as a browser's would.
    shop = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const charge = async (accessCode: string, card: Record<string, string>) => {
    const response = await fetch(`${shop}/test-gateway/checkout/charge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessCode, ...card }),
    });
    return (await response.json()) as { status: string; message?: string };
  };

  it('initialises, verifies and refunds a payment in kobo, as Paystack does', async () => {
    const payments = t.app.payments.provider;
    const started = await payments.initialize({
      email: 'ada@example.com',
      amountKobo: 2_550_075,
      reference: 'TS-ROUNDTRIP',
      metadata: { orderId: 'o-1' },
    });
    expect(started.reference).toBe('TS-ROUNDTRIP');
    expect(started.accessCode).toMatch(/^[a-z0-9]+$/);
    expect(started.authorizationUrl).toBe(
      `${shop.replace('127.0.0.1', 'localhost')}/test-gateway/checkout/${started.accessCode}`,
    );

    const unpaid = await payments.verify('TS-ROUNDTRIP');
    expect(unpaid).toMatchObject({
      reference: 'TS-ROUNDTRIP',
      status: 'abandoned',
      amountKobo: 2_550_075,
      paidAt: null,
    });

    expect(
      await charge(started.accessCode, { cardNumber: '4084 0840 8408 4081', expiry: '12/99', cvv: '408' }),
    ).toEqual(expect.objectContaining({ status: 'success', message: 'Approved' }));
    const paid = await payments.verify('TS-ROUNDTRIP');
    expect(paid).toMatchObject({
      reference: 'TS-ROUNDTRIP',
      status: 'success',
      amountKobo: 2_550_075,
      currency: 'NGN',
      channel: 'card',
      customerEmail: 'ada@example.com',
      gatewayResponse: 'Successful',
    });
    expect(paid?.id).toMatch(/^\d+$/);
    expect(Date.parse(paid?.paidAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(paid?.outcome).toBe('paid');
    expect(await gatewayTransactionData(t.app, 'TS-ROUNDTRIP')).toMatchObject({
      amount: 2_550_075,
      metadata: { orderId: 'o-1' },
    });

    expect(await payments.refund({ reference: 'TS-ROUNDTRIP', amountKobo: 50_000 })).toEqual({
      status: 'pending',
      amountKobo: 50_000,
    });
    expect((await payments.verify('TS-ROUNDTRIP'))?.status).toBe('success');
    // Without an amount, what is left is refunded and the transaction is reversed.
    expect(await payments.refund({ reference: 'TS-ROUNDTRIP' })).toEqual({ status: 'pending', amountKobo: 2_500_075 });
    expect((await payments.verify('TS-ROUNDTRIP'))?.status).toBe('reversed');
    await expect(payments.refund({ reference: 'TS-ROUNDTRIP' })).rejects.toBeInstanceOf(PaymentProviderRejectedError);
  });

  it('refuses a reference used before with a DuplicateReferenceError', async () => {
    await t.app.payments.provider.initialize({ email: 'ada@example.com', amountKobo: 100_000, reference: 'TS-DUP' });
    await expect(
      t.app.payments.provider.initialize({ email: 'ada@example.com', amountKobo: 100_000, reference: 'TS-DUP' }),
    ).rejects.toBeInstanceOf(DuplicateReferenceError);
  });

  it('answers null for a reference the provider does not know', async () => {
    expect(await t.app.payments.provider.verify('TS-NEVER-SEEN')).toBeNull();
  });

  it('reports a wrong secret key as a refused call, logging no key', async () => {
    const { log, text } = recordingLog();
    const client = new PaystackClient({
      secretKey: 'sk_test_wrong_key_123',
      apiUrl: `${shop}/test-gateway`,
      publicConfig,
      log,
    });
    const error = await client.verify('TS-DUP').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderRejectedError);
    expect(error).toBeInstanceOf(PaymentProviderUnavailableError);
    expect((error as PaymentProviderRejectedError).status).toBe(401);
    expect(text()).toContain('PAYSTACK_SECRET_KEY');
    expect(text()).not.toContain('sk_test_wrong_key_123');
    expect((error as Error).message).not.toContain('sk_test_wrong_key_123');
  });

  it('checks webhook signatures over the raw bytes with the secret key', () => {
    const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: 'TS-1', amount: 100 } }));
    const valid = paystackSignature(TEST_GATEWAY_KEYS.secretKey, body);
    expect((t.app.payments.provider as PaystackClient).isValidWebhookSignature(body, valid)).toBe(true);
    expect((t.app.payments.provider as PaystackClient).isValidWebhookSignature(body, valid.toUpperCase())).toBe(true);
    // A changed byte, another key, a cut or missing signature: all refused.
    const tampered = Buffer.from(body.toString().replace('100', '900'));
    expect((t.app.payments.provider as PaystackClient).isValidWebhookSignature(tampered, valid)).toBe(false);
    expect(
      (t.app.payments.provider as PaystackClient).isValidWebhookSignature(
        body,
        paystackSignature('sk_test_other', body),
      ),
    ).toBe(false);
    expect((t.app.payments.provider as PaystackClient).isValidWebhookSignature(body, valid.slice(0, 64))).toBe(false);
    expect((t.app.payments.provider as PaystackClient).isValidWebhookSignature(body, `${valid.slice(0, 127)}z`)).toBe(
      false,
    );
    expect((t.app.payments.provider as PaystackClient).isValidWebhookSignature(body, undefined)).toBe(false);
    expect((t.app.payments.provider as PaystackClient).isValidWebhookSignature(body, '')).toBe(false);
  });
});

describe('the Paystack adapter when the provider misbehaves', () => {
  const quick = (url: string) =>
    new PaystackClient({
      secretKey: 'sk_test_abc',
      apiUrl: url,
      publicConfig,
      timeoutMs: 200,
      attempts: 3,
      backoffMs: 10,
    });

  it('gives up on a provider that never answers after 3 timed-out attempts', async () => {
    const provider = await fakeProvider(() => {
      // never answers
    });
    try {
      await expect(quick(provider.url).verify('TS-1')).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
      expect(provider.hits()).toBe(3);
    } finally {
      await provider.close();
    }
  });

  it('retries a 500 a bounded number of times, then reports the provider unavailable', async () => {
    const provider = await fakeProvider((_request, response) =>
      json(response, 500, { status: false, message: 'oops' }),
    );
    try {
      const error = await quick(provider.url)
        .initialize({ email: 'a@example.com', amountKobo: 100, reference: 'TS-1' })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PaymentProviderUnavailableError);
      expect(error).not.toBeInstanceOf(PaymentProviderRejectedError);
      expect(provider.hits()).toBe(3);
    } finally {
      await provider.close();
    }
  });

  it('succeeds when a retry gets through after a 503', async () => {
    const provider = await fakeProvider((request, response, hit) => {
      if (hit === 1) return json(response, 503, { message: 'busy' });
      expect(request.headers.authorization).toBe('Bearer sk_test_abc');
      json(response, 200, {
        status: true,
        message: 'Verification successful',
        data: { id: 42, reference: 'TS-1', status: 'success', amount: 150_000, currency: 'NGN', paid_at: null },
      });
    });
    try {
      expect(await quick(provider.url).verify('TS-1')).toMatchObject({
        id: '42',
        status: 'success',
        amountKobo: 150_000,
      });
      expect(provider.hits()).toBe(2);
    } finally {
      await provider.close();
    }
  });

  it('never retries a 400', async () => {
    const provider = await fakeProvider((_request, response) =>
      json(response, 400, { status: false, message: 'Transaction reference not found' }),
    );
    try {
      expect(await quick(provider.url).verify('TS-1')).toBeNull();
      expect(provider.hits()).toBe(1);
      await expect(
        quick(provider.url).initialize({ email: 'a@example.com', amountKobo: 100, reference: 'TS-1' }),
      ).rejects.toBeInstanceOf(PaymentProviderRejectedError);
      expect(provider.hits()).toBe(2);
    } finally {
      await provider.close();
    }
  });

  it('sends the channels it was configured with to initialize, card alone by default', async () => {
    const bodies: Record<string, unknown>[] = [];
    const provider = await fakeProvider((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        bodies.push(JSON.parse(Buffer.concat(chunks).toString()));
        json(response, 200, {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: 'https://checkout.example/x', access_code: 'ac_x', reference: 'TS-1' },
        });
      });
    });
    try {
      await quick(provider.url).initialize({ email: 'a@example.com', amountKobo: 100, reference: 'TS-1' });
      const all = new PaystackClient({
        secretKey: 'sk_test_abc',
        apiUrl: provider.url,
        publicConfig: { ...publicConfig, channels: ['card', 'bank_transfer', 'ussd'] },
      });
      await all.initialize({ email: 'a@example.com', amountKobo: 100, reference: 'TS-2' });
      expect(bodies.map((body) => body.channels)).toEqual([['card'], ['card', 'bank_transfer', 'ussd']]);
      expect(bodies[1]).toMatchObject({ amount: 100, currency: 'NGN', reference: 'TS-2' });
    } finally {
      await provider.close();
    }
  });

  it('reports a provider it cannot connect to as unavailable', async () => {
    const provider = await fakeProvider(() => undefined);
    const url = provider.url;
    await provider.close();
    await expect(quick(url).verify('TS-1')).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
  });
});
