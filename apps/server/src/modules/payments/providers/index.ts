import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_GATEWAY_CHANNELS } from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CardProvider, ProviderCall } from './card-provider';
import { PaystackClient } from './paystack/paystack-client';
import { GatewayStore } from './test-gateway/gateway-store';
import { testGatewayRoutes } from './test-gateway/test-gateway.routes';
import { WebhookSender } from './test-gateway/webhooks';

export const PAYSTACK_API_URL = 'https://api.paystack.co';
export const PAYSTACK_INLINE_SCRIPT_URL = 'https://js.paystack.co/v2/inline.js';
/** Where the offline test gateway is mounted on the shop's port. */
export const TEST_GATEWAY_PATH = '/test-gateway';
/** The shop's webhook route (payments.routes.ts registers it); the test gateway posts its events there. */
export const PAYSTACK_WEBHOOK_PATH = '/api/payments/paystack/webhook';
/**
 * The test gateway's keys. Not secrets: the gateway runs only in development and test, takes only
 * test cards, and every process on one database must sign and check webhooks alike.
 */
export const TEST_GATEWAY_KEYS = {
  secretKey: 'sk_test_stitchandtrim_offline_gateway',
  publicKey: 'pk_test_stitchandtrim_offline_gateway',
} as const;

/**
 * A second socket on 127.0.0.1 (random port) answered by the shop app itself, through the same
 * router as its public port. The adapter reaches the test gateway — and the gateway the shop's
 * webhook — over real HTTP at this address, which is known as soon as the app is ready, whether
 * or not the app listens (tests that only inject), and whatever HOST and PORT say.
 */
class LoopbackSocket {
  #server?: Server;
  #url?: Promise<string>;

  constructor(private readonly app: FastifyInstance) {}

  url(): Promise<string> {
    this.#url ??= new Promise<string>((resolve, reject) => {
      const server = createServer((request, response) => this.app.routing(request, response));
      server.keepAliveTimeout = 5_000;
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.unref();
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      });
      this.#server = server;
    });
    return this.#url;
  }

  async close(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * The card method's provider. With Paystack keys the adapter talks to Paystack. Without them the
 * built-in test gateway is mounted under /test-gateway — only when NODE_ENV is development or test
 * — and the same adapter talks to it over HTTP (docs/payments.md). Any other shop without keys
 * (production, or NODE_ENV unset) does not start.
 */
export async function createCardProvider(
  app: FastifyInstance,
  observe: { onCall?: (call: ProviderCall) => void } = {},
): Promise<CardProvider> {
  const config = app.config.payments;
  const log = app.log.child({ module: 'payments' });
  const bankTransfer = config.bankTransfer;
  const channels = config.channels;

  if (config.paystack) {
    const { secretKey, publicKey } = config.paystack;
    return new PaystackClient({
      secretKey,
      apiUrl: config.apiUrl ?? PAYSTACK_API_URL,
      timeoutMs: config.timeoutMs,
      log,
      onCall: observe.onCall,
      publicConfig: {
        provider: 'paystack',
        publicKey,
        inlineScriptUrl: PAYSTACK_INLINE_SCRIPT_URL,
        currency: 'NGN',
        // Paystack's test keys charge no real money either: the storefront says so.
        testMode: publicKey.startsWith('pk_test_'),
        bankTransfer,
        channels,
      },
    });
  }
  // The same rule as the default admin: only an explicit development or test shop takes
  // fake payments. Production, and NODE_ENV unset (a start without npm start's
  // local-defaults.env), must name real keys.
  if (app.config.env !== 'development' && app.config.env !== 'test') {
    throw new Error(
      'Payments need PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY unless NODE_ENV is development or test (the test gateway runs only there)',
    );
  }
  const notEmulated = channels.filter((channel) => !TEST_GATEWAY_CHANNELS.includes(channel));
  if (notEmulated.length > 0) {
    throw new Error(
      `PAYSTACK_CHANNELS: the test gateway emulates ${TEST_GATEWAY_CHANNELS.join(', ')} only; ${notEmulated.join(', ')} need Paystack keys`,
    );
  }
  const loopback = new LoopbackSocket(app);
  app.addHook('onReady', async () => {
    const url = await loopback.url();
    log.info(`test payment gateway at ${TEST_GATEWAY_PATH} (adapter and webhooks through ${url})`);
  });
  const webhooks = new WebhookSender({
    secretKey: TEST_GATEWAY_KEYS.secretKey,
    url: async () => config.webhookUrl ?? `${await loopback.url()}${PAYSTACK_WEBHOOK_PATH}`,
    log,
  });
  app.addHook('onClose', async () => {
    await webhooks.stop();
    await loopback.close();
  });
  await app.register(testGatewayRoutes, {
    prefix: TEST_GATEWAY_PATH,
    store: new GatewayStore(app.database),
    webhooks,
    secretKey: TEST_GATEWAY_KEYS.secretKey,
    publicKey: TEST_GATEWAY_KEYS.publicKey,
    // authorization_url is opened by a browser: the shop's public address, else the port it listens on.
    publicBase: (request: FastifyRequest) => app.publicAddress.url ?? shopOrigin(app, request),
  });
  return new PaystackClient({
    secretKey: TEST_GATEWAY_KEYS.secretKey,
    apiUrl: config.apiUrl ?? (async () => `${await loopback.url()}${TEST_GATEWAY_PATH}`),
    timeoutMs: config.timeoutMs,
    log,
    onCall: observe.onCall,
    publicConfig: {
      provider: 'paystack',
      publicKey: TEST_GATEWAY_KEYS.publicKey,
      inlineScriptUrl: `${TEST_GATEWAY_PATH}/v2/inline.js`,
      currency: 'NGN',
      testMode: true,
      bankTransfer,
      channels,
    },
  });
}

function shopOrigin(app: FastifyInstance, request: FastifyRequest): string {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://localhost:${address.port}`;
  return `${request.protocol}://${request.host}`;
}
