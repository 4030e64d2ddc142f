import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverRoot } from '../../../../lib/package-root';
import { PAGE_HEADERS } from '../../../../plugins/security-headers';
import { BUTTON_CHANNELS, isButtonChannel, readChannels, TEST_TRANSFER_ACCOUNT, ussdCodeOf } from './channels';
import type { GatewayStore, GatewayTransaction } from './gateway-store';
import { decideCharge } from './test-cards';
import type { WebhookSender } from './webhooks';

// The test gateway's HTTP surface, mounted under /test-gateway (docs/payments.md):
//   REST, as api.paystack.co (Bearer secret key):
//     POST /transaction/initialize, GET /transaction/verify/:reference, POST /refund
//   The browser's side, as js.paystack.co and checkout.paystack.com (public key or access code):
//     GET /v1/inline.js, GET /v2/inline.js   the PaystackPop script with the card form
//     GET  /checkout/transaction/:accessCode  what the card form shows
//     POST /checkout/transaction              newTransaction({key, email, amount, reference})
//     POST /checkout/charge                   one attempt with a test card (PIN, OTP steps)
//     POST /checkout/channel                  a bank transfer or USSD payment settled by a button
//     GET  /checkout/:accessCode              the hosted page authorization_url points at

export interface TestGatewayRoutesOptions {
  store: GatewayStore;
  webhooks: WebhookSender;
  secretKey: string;
  publicKey: string;
  /** The shop's address as the browser sees it, for authorization_url. */
  publicBase: (request: FastifyRequest) => string;
}

const REFERENCE_PATTERN = /^[A-Za-z0-9.=-]{1,100}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

const publicDir = path.join(serverRoot, 'src/modules/payments/providers/test-gateway/public');
const inlineScript = readFileSync(path.join(publicDir, 'inline.js'), 'utf8');
const checkoutScript = readFileSync(path.join(publicDir, 'checkout.js'), 'utf8');

/** Paystack's `data` of verify and charge.success. */
export function verifyData(tx: GatewayTransaction) {
  return {
    id: tx.id,
    domain: 'test',
    status: tx.status,
    reference: tx.reference,
    amount: tx.amountKobo,
    currency: tx.currency,
    gateway_response: tx.gatewayResponse ?? (tx.status === 'abandoned' ? 'The transaction was not completed' : null),
    paid_at: tx.paidAt,
    paidAt: tx.paidAt,
    created_at: tx.createdAt,
    createdAt: tx.createdAt,
    channel: tx.channel,
    metadata: tx.metadata ?? '',
    requested_amount: tx.amountKobo,
    customer: { email: tx.email },
    authorization: tx.cardLast4
      ? { last4: tx.cardLast4, channel: 'card', reusable: false, country_code: 'NG' }
      : tx.channel
        ? { channel: tx.channel, reusable: false, country_code: 'NG' }
        : {},
  };
}

const fail = (reply: FastifyReply, status: number, message: string, extra: Record<string, unknown> = {}) =>
  reply.code(status).send({ status: false, message, ...extra });

function positiveKobo(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null;
}

export async function testGatewayRoutes(app: FastifyInstance, options: TestGatewayRoutesOptions) {
  const { store, webhooks } = options;

  // ---------- REST, as api.paystack.co ----------
  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        return fail(reply, 401, 'Invalid key');
      }
    });

    api.post('/transaction/initialize', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const email = typeof body.email === 'string' ? body.email.trim() : '';
      if (!EMAIL_PATTERN.test(email)) return fail(reply, 400, 'Invalid Email Address Passed');
      const amountKobo = positiveKobo(body.amount);
      if (amountKobo === null) return fail(reply, 400, 'Invalid Amount Sent');
      const currency = body.currency === undefined ? 'NGN' : body.currency;
      if (currency !== 'NGN') return fail(reply, 400, 'Currency not supported by merchant');
      const reference =
        body.reference === undefined ? `T${Date.now()}${Math.floor(Math.random() * 1e6)}` : String(body.reference);
      if (!REFERENCE_PATTERN.test(reference)) {
        return fail(reply, 400, 'Invalid transaction reference: use letters, digits, -, . and = only');
      }
      const channels = readChannels(body.channels);
      if (!channels.ok) return fail(reply, 400, channels.message);
      const tx = await store.create({
        reference,
        email,
        amountKobo,
        currency,
        channels: channels.channels,
        metadata:
          typeof body.metadata === 'object' && body.metadata !== null
            ? (body.metadata as Record<string, unknown>)
            : undefined,
        callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : undefined,
      });
      if (!tx) {
        return fail(reply, 400, 'Duplicate Transaction Reference', {
          code: 'duplicate_reference',
          type: 'validation_error',
        });
      }
      return {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `${options.publicBase(request)}/test-gateway/checkout/${tx.accessCode}`,
          access_code: tx.accessCode,
          reference: tx.reference,
        },
      };
    });

    api.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (request, reply) => {
      const tx = await store.byReference(request.params.reference);
      if (!tx) return fail(reply, 400, 'Transaction reference not found', { code: 'transaction_not_found' });
      return { status: true, message: 'Verification successful', data: verifyData(tx) };
    });

    api.post('/refund', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const reference = String(body.transaction ?? '');
      const amountKobo = body.amount === undefined ? undefined : positiveKobo(body.amount);
      if (amountKobo === null) return fail(reply, 400, 'Invalid Amount Sent');
      const before = await store.byReference(reference);
      if (!before) return fail(reply, 404, 'Transaction reference not found', { code: 'transaction_not_found' });
      if (before.status !== 'success')
        return fail(reply, 400, 'Transaction has not been completed or was already reversed');
      const tx = await store.refund(reference, amountKobo);
      if (!tx) return fail(reply, 400, 'Refund amount cannot be more than the unrefunded transaction amount');
      const amount = amountKobo ?? before.amountKobo - before.refundedKobo;
      const refund = {
        id: `${tx.id}-${tx.refundedKobo}`,
        transaction: { id: tx.id, reference: tx.reference, amount: tx.amountKobo, currency: tx.currency },
        transaction_reference: tx.reference,
        domain: 'test',
        amount,
        currency: tx.currency,
        deducted_amount: amount,
        customer: { email: tx.email },
      };
      webhooks.send('refund.pending', { ...refund, status: 'pending' });
      webhooks.send('refund.processed', { ...refund, status: 'processed' });
      return { status: true, message: 'Refund has been queued for processing', data: { ...refund, status: 'pending' } };
    });
  });

  // ---------- The browser's side, as js.paystack.co and checkout.paystack.com ----------
  for (const version of ['v1', 'v2']) {
    app.get(`/${version}/inline.js`, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(inlineScript),
    );
  }
  app.get('/checkout.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(checkoutScript),
  );

  const publicView = (tx: GatewayTransaction) => ({
    accessCode: tx.accessCode,
    reference: tx.reference,
    email: tx.email,
    amount: tx.amountKobo,
    currency: tx.currency,
    status: tx.status,
    transactionId: tx.id,
    callbackUrl: tx.callbackUrl,
    channels: tx.channels,
    ...(tx.channels.includes('bank_transfer') ? { bankTransfer: TEST_TRANSFER_ACCOUNT } : {}),
    ...(tx.channels.includes('ussd') ? { ussdCode: ussdCodeOf(tx) } : {}),
  });

  app.get<{ Params: { accessCode: string } }>('/checkout/transaction/:accessCode', async (request, reply) => {
    const tx = await store.byAccessCode(request.params.accessCode);
    if (!tx) return fail(reply, 404, 'Transaction not found');
    return { status: true, data: publicView(tx) };
  });

  app.post('/checkout/transaction', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.key !== options.publicKey) return fail(reply, 401, 'Invalid key');
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!EMAIL_PATTERN.test(email)) return fail(reply, 400, 'Invalid Email Address Passed');
    const amountKobo = positiveKobo(body.amount);
    if (amountKobo === null) return fail(reply, 400, 'Invalid Amount Sent');
    if (body.currency !== undefined && body.currency !== 'NGN')
      return fail(reply, 400, 'Currency not supported by merchant');
    const reference =
      body.reference === undefined || body.reference === null || body.reference === ''
        ? `T${Date.now()}${Math.floor(Math.random() * 1e6)}`
        : String(body.reference);
    if (!REFERENCE_PATTERN.test(reference)) return fail(reply, 400, 'Invalid transaction reference');
    const channels = readChannels(body.channels);
    if (!channels.ok) return fail(reply, 400, channels.message);
    const tx = await store.create({
      reference,
      email,
      amountKobo,
      currency: 'NGN',
      channels: channels.channels,
      metadata:
        typeof body.metadata === 'object' && body.metadata !== null
          ? (body.metadata as Record<string, unknown>)
          : undefined,
    });
    if (!tx) return fail(reply, 400, 'Duplicate Transaction Reference', { code: 'duplicate_reference' });
    return { status: true, data: publicView(tx) };
  });

  app.post('/checkout/charge', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);
    const tx = await store.byAccessCode(text('accessCode') ?? '');
    if (!tx) return fail(reply, 404, 'Transaction not found');
    const done = (current: GatewayTransaction) => ({
      status: 'success',
      message: 'Approved',
      reference: current.reference,
      transactionId: current.id,
    });
    if (tx.status === 'success') return done(tx);
    if (tx.status === 'reversed') return fail(reply, 400, 'This transaction was refunded');
    if (!tx.channels.includes('card')) return fail(reply, 400, 'Card payments are not allowed for this transaction');
    const decision = decideCharge({
      cardNumber: text('cardNumber') ?? '',
      expiry: text('expiry') ?? '',
      cvv: text('cvv') ?? '',
      pin: text('pin'),
      otp: text('otp'),
    });
    switch (decision.kind) {
      case 'invalid':
        return { status: 'invalid', field: decision.field, message: decision.message };
      case 'send_pin':
        return { status: 'send_pin', message: 'Please enter your 4-digit card PIN' };
      case 'send_otp':
        return { status: 'send_otp', message: 'Please enter the OTP sent to your phone (123456 for this test card)' };
      case 'failed':
        await store.markFailed(tx.accessCode, decision.gatewayResponse, { channel: 'card', cardLast4: decision.last4 });
        return { status: 'failed', message: decision.gatewayResponse, reference: tx.reference, transactionId: tx.id };
      case 'success': {
        const paid = await store.markPaid(tx.accessCode, { channel: 'card', cardLast4: decision.last4 });
        // Only the request that marked it paid sends the webhook: one charge, one charge.success.
        if (paid) webhooks.send('charge.success', verifyData(paid));
        return done(paid ?? tx);
      }
    }
  });

  // A bank transfer or a USSD payment: the window shows the account or the code, and the
  // customer's button says how it went. Success is a charge like a card's (one webhook).
  app.post('/checkout/channel', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const tx = await store.byAccessCode(typeof body.accessCode === 'string' ? body.accessCode : '');
    if (!tx) return fail(reply, 404, 'Transaction not found');
    const channel = body.channel;
    if (!isButtonChannel(channel) || !tx.channels.includes(channel)) {
      return fail(reply, 400, 'This channel is not allowed for this transaction');
    }
    if (body.outcome !== 'success' && body.outcome !== 'failed') {
      return fail(reply, 400, 'outcome must be success or failed');
    }
    const answer = (current: GatewayTransaction, status: string, message: string) => ({
      status,
      message,
      reference: current.reference,
      transactionId: current.id,
      channel: current.channel,
    });
    if (tx.status === 'success') return answer(tx, 'success', 'Approved');
    if (tx.status === 'reversed') return fail(reply, 400, 'This transaction was refunded');
    if (body.outcome === 'failed') {
      const failure = BUTTON_CHANNELS[channel].failure;
      await store.markFailed(tx.accessCode, failure, { channel });
      return answer({ ...tx, channel }, 'failed', failure);
    }
    const paid = await store.markPaid(tx.accessCode, { channel });
    if (paid) webhooks.send('charge.success', verifyData(paid));
    // Not marked by this request: another one paid it meanwhile.
    const settled = paid ?? (await store.byAccessCode(tx.accessCode)) ?? tx;
    return answer(settled, settled.status === 'success' ? 'success' : 'failed', settled.gatewayResponse ?? 'Approved');
  });

  app.get<{ Params: { accessCode: string } }>('/checkout/:accessCode', async (request, reply) => {
    // A page: it carries the shop's page headers, the CSP among them (decision 013).
    reply.headers(PAGE_HEADERS);
    const tx = await store.byAccessCode(request.params.accessCode);
    if (!tx)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Not found</title><p>Transaction not found.</p>');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Test payment</title></head>
<body data-access-code="${tx.accessCode}">
<main><h1>Test payment</h1><p id="checkout-status" role="status">Opening the card form…</p></main>
<script src="../v2/inline.js"></script>
<script src="../checkout.js"></script>
</body>
</html>`);
  });
}
