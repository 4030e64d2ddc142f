import { isIP } from 'node:net';
import path from 'node:path';
import {
  newPasswordSchema,
  ORDER_PAYMENT_WINDOW_MINUTES_DEFAULT,
  PAYSTACK_CHANNELS_DEFAULT,
  type PaystackChannel,
  POD_CAP_NAIRA_DEFAULT,
  POD_CONFIRM_WINDOW_HOURS_DEFAULT,
  POD_CONFIRM_WINDOW_HOURS_MAX,
  STOCK_ALERT_MAILS_PER_WEEK_DEFAULT,
} from '@shop/shared';
import { z } from 'zod';
import { QUERY_BOUNDS_DEFAULT, type QueryBounds } from './db/query-bounds';
import { repoRoot, serverRoot } from './lib/package-root';
import { paystackChannelsSetting } from './modules/payments/paystack-channels-setting';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'));

/** What Fastify's `trustProxy` takes: all, none, a number of hops, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

/** Names proxy-addr (Fastify's) knows for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `10.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8` or one of PROXY_RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * The TRUST_PROXY setting as Fastify takes it. Fastify refuses a bare hop count (it trusts no
 * one for it), so a count becomes a function that believes the nearest `hops` addresses: only
 * safe when the server cannot be reached except through those proxies (README, decision 008).
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  if (setting === 0) return false;
  return (_address, hop) => hop < setting;
}

/** A comma-separated list of addresses and CIDR ranges: its entries, and those that are not one. */
function addressList(value: string): { entries: string[]; wrong: string[] } {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return { entries, wrong: entries.filter((entry) => !isProxyAddress(entry)) };
}

/**
 * TRUST_PROXY: `true`/`false`, a hop count (`1` is one proxy in front, `0` none: a number is
 * never read as a flag), or a comma-separated list of proxy addresses and CIDR ranges
 * (docs/decisions/008-trusted-proxies.md).
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (value === undefined || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const { entries, wrong } = addressList(value);
    if (entries.length === 0 || wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges (not an address: ${wrong.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * METRICS_ALLOWED_ADDRESSES: who may scrape /api/metrics without the token, in TRUST_PROXY's list
 * syntax (addresses, CIDR ranges, loopback/linklocal/uniquelocal).
 */
const metricsAddressesSchema = z
  .string()
  .optional()
  .transform((value, ctx): string[] | undefined => {
    if (value === undefined) return undefined;
    const { entries, wrong } = addressList(value);
    if (entries.length === 0 || wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of addresses or CIDR ranges (not an address: ${wrong.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * How long a change of stock alone may take to reach the cached catalogue answers that show it
 * (CATALOG_STOCK_REFRESH_MS). Orders change stock up to hundreds of times a second; dropping the
 * answers at each one would rebuild a busy list as often as orders come. Gathered over this
 * period, an answer is rebuilt at most once per period however many orders touch its products.
 * Half a second is less than a visitor takes to read a stock figure, and the figure decides
 * nothing: an order re-checks stock in the same statement that takes it (decision 019).
 */
export const CATALOG_STOCK_REFRESH_MS_DEFAULT = 500;

/** Every environment variable the server reads; README.md lists them for operators. */
/**
 * A limit set to this (its largest value) is off: nothing is counted for it. Test suites and
 * benchmarks that stand in for many customers set it (UNLIMITED_ORDERS_ENV in @shop/testing).
 */
export const LIMIT_OFF = 1_000_000_000;

/** Where a development or test shop listens when HOST is unset. */
export const LOOPBACK_HOST = '127.0.0.1';

const envSchema = z.object({
  /** Unset is not development: `npm start` sets development itself (local-defaults.env). */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  /** Unset: loopback for a development or test shop, every address otherwise (loadConfig). */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** How long a request waits for a PostgreSQL connection before it answers 503 (decision 028). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** PostgreSQL: the longest a statement may run, and wait for a lock (0: no bound); past it, 503 (db/client.ts QueryBounds). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(QUERY_BOUNDS_DEFAULT.statementMs),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(QUERY_BOUNDS_DEFAULT.lockMs),
  /** The same bound for long jobs: migrations, the demo catalogue, a CSV import, the database tools. */
  DATABASE_JOB_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(QUERY_BOUNDS_DEFAULT.jobMs),
  /** The shop's public address (links in pages and emails; an allowed origin); required, https, in production. */
  PUBLIC_URL: z.url({ message: 'must be a URL such as https://shop.example.com' }).optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  TRUST_PROXY: trustProxySchema,
  SEED_DEMO_CATALOGUE: flag(true),
  CATALOG_CACHE: flag(true),
  /** How late a change of stock alone may reach the cached answers that show it (decision 019). */
  CATALOG_STOCK_REFRESH_MS: z.coerce.number().int().min(0).max(60_000).default(CATALOG_STOCK_REFRESH_MS_DEFAULT),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  DEMO_IMAGES_DIR: z.string().default(path.join(serverRoot, 'public/generated/demo')),
  /**
   * `background`: once listening, draw the demo pictures not yet on disk (most-viewed first);
   * `on-request`: only the ones asked for. Unset: background, except under NODE_ENV=test.
   */
  DEMO_PICTURES: z.enum(['background', 'on-request']).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // Accounts and email.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Stitch & Trim <no-reply@localhost>'),
  ADMIN_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  /** Where contact form messages go; the first admin's address when unset. A first value of the shop's settings (decision 025). */
  CONTACT_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  /** Where the shop's own order emails go (a new order, a transfer proof); CONTACT_EMAIL when unset. A first value (decision 025). */
  ORDERS_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .refine((value) => value === undefined || newPasswordSchema.safeParse(value).success, {
      message: 'must follow the password rule (6+ characters with upper and lower case, a digit and one of @$!%*?&)',
    }),
  SESSION_TTL_DAYS: z.coerce.number().min(0.01).max(365).default(7),
  COOKIE_SECURE: z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'must be a redis:// or rediss:// URL' })
    .optional(),
  OUTBOX_WORKER: flag(true),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(2_000),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5_000),
  // Back-in-stock emails one address may be sent in 7 days, over all products (docs/SECURITY.md).
  STOCK_ALERT_MAILS_PER_WEEK: z.coerce.number().int().min(1).max(1_000).default(STOCK_ALERT_MAILS_PER_WEEK_DEFAULT),
  // Orders. The two windows, the POD cap and BANK_* are first values of the shop's settings:
  // once the admin saves them, the database's are used (modules/settings, decision 025).
  ORDER_PAYMENT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(ORDER_PAYMENT_WINDOW_MINUTES_DEFAULT),
  BANK_TRANSFER_WINDOW_HOURS: z.coerce.number().int().min(1).max(2_160).default(24),
  // How long a pay-on-delivery order waits for the shop's phone call (docs/decisions/039-every-hold-ends.md).
  POD_CONFIRM_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(POD_CONFIRM_WINDOW_HOURS_MAX)
    .default(POD_CONFIRM_WINDOW_HOURS_DEFAULT),
  // Pay on delivery (docs/decisions/022-pay-on-delivery.md): the most one order may be, in naira; 0 switches it off.
  PAY_ON_DELIVERY_CAP_NAIRA: z.coerce.number().int().min(0).max(21_000_000).default(POD_CAP_NAIRA_DEFAULT),
  // What one customer's unpaid orders may hold (docs/decisions/020-payments-module-and-hold-limits.md).
  ORDER_LIMIT_UNPAID_ORDERS: z.coerce.number().int().min(1).max(LIMIT_OFF).default(3),
  ORDER_LIMIT_UNPAID_ORDERS_PER_ADDRESS: z.coerce.number().int().min(1).max(LIMIT_OFF).default(20),
  ORDER_LIMIT_UNPAID_VALUE_NAIRA: z.coerce.number().int().min(1).max(LIMIT_OFF).default(2_000_000),
  ORDER_LIMIT_PRODUCT_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  ORDER_LIMIT_LONG_HOLD_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  /** Every per-address key groups an IPv6 address by this prefix (one home line or server is a /64). */
  ADDRESS_IPV6_PREFIX: z.coerce.number().int().min(16).max(128).default(64),
  ORDER_LIMIT_ORDERS_PER_HOUR: z.coerce.number().int().min(1).max(LIMIT_OFF).default(10),
  ORDER_LIMIT_ORDERS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).max(LIMIT_OFF).default(60),
  PAYMENT_CALLS_PER_CUSTOMER: z.coerce.number().int().min(1).max(LIMIT_OFF).default(30),
  PAYMENT_CALLS_PER_ORDER: z.coerce.number().int().min(1).max(LIMIT_OFF).default(12),
  ORDER_EXPIRY_WORKER: flag(true),
  ORDER_EXPIRY_POLL_MS: z.coerce.number().int().min(100).default(60_000),
  // Payments (docs/payments.md). No keys outside production: the built-in test gateway.
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, { message: 'must be a Paystack secret key (sk_test_… or sk_live_…)' })
    .optional(),
  PAYSTACK_PUBLIC_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, { message: 'must be a Paystack public key (pk_test_… or pk_live_…)' })
    .optional(),
  PAYSTACK_API_URL: z.url({ message: 'must be a URL such as https://api.paystack.co' }).optional(),
  PAYSTACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  PAYSTACK_WEBHOOK_URL: z.url({ message: 'must be a URL' }).optional(),
  PAYSTACK_CHANNELS: paystackChannelsSetting.optional(),
  BANK_ACCOUNT_NAME: z.string().trim().min(1).max(100).optional(),
  BANK_NAME: z.string().trim().min(1).max(100).optional(),
  BANK_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{10}$/, { message: 'must be a 10-digit NUBAN account number' })
    .optional(),
  // Uploaded product images (README "Catalogue admin and images"): DATA_DIR/uploads, or an
  // S3-compatible bucket when S3_BUCKET is set.
  UPLOADS_DIR: z.string().min(1).optional(),
  // Private files (bank transfer proofs), never served at a public URL: DATA_DIR/private, or the
  // bucket under S3_PRIVATE_PREFIX (docs/decisions/023-transfer-proofs-and-order-emails.md).
  PRIVATE_FILES_DIR: z.string().min(1).optional(),
  S3_PRIVATE_PREFIX: z
    .string()
    .regex(/^(?:[A-Za-z0-9_-]+\/)+$/, { message: 'must be folder names each ending with /' })
    .default('private/transfer-proofs/'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be an S3 bucket name' })
    .optional(),
  S3_ENDPOINT: z.url({ message: 'must be a URL such as https://s3.eu-west-1.amazonaws.com' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^(?:[A-Za-z0-9_-]+\/)*$/, { message: 'must be empty or folder names each ending with /' })
    .default('product-images/'),
  // GET /api/metrics (README "Metrics and readiness", docs/decisions/027-metrics-and-readiness.md).
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters (a long random string)' }).optional(),
  METRICS_ALLOWED_ADDRESSES: metricsAddressesSchema,
});

export type Env = z.infer<typeof envSchema>;

/**
 * What one customer may hold in unpaid orders, and how fast orders may be placed. Paid orders
 * never count: a customer who pays can buy any quantity in stock.
 */
export interface OrderLimits {
  /** Unpaid, pending orders open at once per customer. */
  unpaidOrders: number;
  /** Unpaid, pending orders open at once placed from one client address (many accounts, one address). */
  unpaidOrdersPerAddress: number;
  /** The value (kobo) those orders may hold together. */
  unpaidValueKobo: number;
  /** The share (%) of a product (on the shelf plus what unpaid orders hold) one customer's unpaid orders may hold; at least one unit. */
  productSharePercent: number;
  /**
   * The share (%) of a product that every customer's unpaid long holds (LONG_HOLD_METHODS: bank
   * transfer, pay on delivery) may hold together; past it those methods are refused for it.
   */
  longHoldSharePercent: number;
  /** Orders placed (or tried) per customer per hour. */
  ordersPerHour: number;
  /** Orders placed (or tried) from one address per hour. */
  ordersPerHourPerAddress: number;
  /** Payment starts, and confirmations, per customer in 10 minutes (each may ask the provider). */
  paymentCallsPerCustomer: number;
  /** The same per order. */
  paymentCallsPerOrder: number;
}

export interface AppConfig {
  /** undefined when NODE_ENV is unset, which counts as production for the default admin. */
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  /**
   * connectTimeoutMs: the longest wait for a PostgreSQL connection; bounds: statement_timeout and
   * lock_timeout, of requests and of long jobs (either unset in a test's own config: the defaults).
   */
  database: { url?: string; dataDir: string; poolSize: number; connectTimeoutMs?: number; bounds?: QueryBounds };
  publicUrl?: string;
  allowedOrigins: string[];
  /** Which proxies' X-Forwarded-* headers are believed (the client address of rate limits). */
  trustProxy: TrustProxy;
  /** Every per-address limit keys an IPv6 client by this many leading bits (lib/client-network.ts). */
  addressIpv6Prefix: number;
  seedDemoCatalogue: boolean;
  catalogCache: boolean;
  /** Stock changes are gathered this long before the answers showing them are dropped (0: at once). */
  catalogStockRefreshMs: number;
  webDistDir: string;
  demoImagesDir: string;
  /**
   * The demo catalogue's pictures are drawn after the shop listens (plugins/demo-pictures.ts):
   * all of them in the background, or only those asked for.
   */
  demoPictures: 'background' | 'on-request';
  shutdownTimeoutMs: number;
  mail: { smtpUrl?: string; from: string };
  /** The shop's inbox for contact form messages; unset means the first admin's address. */
  contactEmail?: string;
  /** The shop's inbox for order emails (new orders, transfer proofs); unset means contactEmail's. */
  ordersEmail?: string;
  /** The first admin; unset, and NODE_ENV development or test, means admin@example.com with README's password. */
  admin: { email?: string; password?: string };
  sessionTtlDays: number;
  cookieSecure: boolean;
  redisUrl?: string;
  outbox: { worker: boolean; pollMs: number; retryBaseMs: number };
  /** Back-in-stock emails one address may be sent in 7 days; the ones over it are dropped unsent. */
  stockAlerts: { mailsPerWeek: number };
  /** Unpaid card orders keep their stock for paymentWindowMinutes; the expiry job looks every expiryPollMs. */
  orders: {
    paymentWindowMinutes: number;
    expiryWorker: boolean;
    expiryPollMs: number;
    /** Unpaid bank-transfer orders are cancelled this many hours after they were placed (default 24). */
    bankTransferWindowHours: number;
    /** Pay-on-delivery orders not confirmed by phone are cancelled this many hours after they were placed (default 48). */
    podConfirmWindowHours: number;
    limits: OrderLimits;
  };
  payments: PaymentsConfig;
  /** Where uploaded product images live (apps/server/src/storage). */
  storage: StorageConfig;
  /** Where private files (transfer proofs) live: never served by the public image route. */
  privateStorage: StorageConfig;
  /**
   * Who may read GET /api/metrics: a request with `Authorization: Bearer <token>`, or from one of
   * the addresses (the client address as TRUST_PROXY makes it). Neither set: loopback outside
   * production (NODE_ENV development or test), nobody otherwise.
   */
  metrics: { token?: string; allowedAddresses: string[] };
}

export type StorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Unset: AWS itself; set (MinIO, R2, Spaces, s3rver): path-style requests to it. */
      endpoint?: string;
      region: string;
      /** Unset: the AWS SDK's own chain (environment, instance role). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** Folder of the bucket the images go under. */
      prefix: string;
      /** The objects' Cache-Control; unset, a year and immutable (content-hashed images). */
      cacheControl?: string;
    };

export interface PaymentsConfig {
  /** Both keys, or neither: then the built-in test gateway takes payments (never in production). */
  paystack?: { secretKey: string; publicKey: string };
  /** Where the adapter sends its calls; unset, Paystack's own (or the test gateway's). */
  apiUrl?: string;
  /** Per attempt of a call to Paystack. */
  timeoutMs: number;
  /** Test gateway only: where it sends webhooks; unset, this shop's own webhook route. */
  webhookUrl?: string;
  /** The ways Paystack's window offers to pay a card-method order (PAYSTACK_CHANNELS; card by default). */
  channels: PaystackChannel[];
  /** The shop's account for bank transfers, shown at checkout. */
  bankTransfer: { accountName: string; bankName: string; accountNumber: string };
  /** The largest order (naira, with delivery) that may be paid on delivery, in Lagos; 0: not offered. */
  payOnDeliveryCapNaira: number;
}

/** Shown outside production when BANK_* are unset: plainly not a real account. */
export const DEMO_BANK_ACCOUNT = {
  accountName: 'Stitch & Trim Demo',
  bankName: 'Demo Bank',
  accountNumber: '0000000000',
} as const;

export class ConfigError extends Error {}

/** Parse the environment once at start-up; a wrong value stops the server with its name. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither');
  }
  if (Boolean(env.PAYSTACK_SECRET_KEY) !== Boolean(env.PAYSTACK_PUBLIC_KEY)) {
    throw new ConfigError('Invalid configuration:\n  PAYSTACK_SECRET_KEY, PAYSTACK_PUBLIC_KEY: set both or neither');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (env.S3_ENDPOINT && !env.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when S3_ENDPOINT is set');
  }
  if (env.NODE_ENV === 'production') {
    const problems: string[] = [];
    const missing = [
      ...(env.PAYSTACK_SECRET_KEY ? [] : ['PAYSTACK_SECRET_KEY', 'PAYSTACK_PUBLIC_KEY']),
      ...(['BANK_ACCOUNT_NAME', 'BANK_NAME', 'BANK_ACCOUNT_NUMBER'] as const).filter((name) => !env[name]),
    ];
    if (missing.length > 0) {
      problems.push(
        `  ${missing.join(', ')}: required in production (the test payment gateway runs only outside production)`,
      );
    }
    // The shop's links (canonical, Open Graph, the sitemap, emails) come from PUBLIC_URL, never
    // from a Host header a client chose; and the session cookie is Secure only over https.
    if (!env.PUBLIC_URL) {
      problems.push(
        '  PUBLIC_URL: required in production (the https address of the shop, e.g. https://shop.example.com)',
      );
    } else if (new URL(env.PUBLIC_URL).protocol !== 'https:') {
      problems.push('  PUBLIC_URL: must be an https:// URL in production');
    }
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const uploadsDir = path.resolve(env.UPLOADS_DIR ?? path.join(env.DATA_DIR, 'uploads'));
  const privateDir = path.resolve(env.PRIVATE_FILES_DIR ?? path.join(env.DATA_DIR, 'private'));
  // The public image route serves every flat key of the uploads folder (or prefix): private
  // files kept in the same place would be served to anyone who guessed a name.
  if (env.S3_BUCKET ? env.S3_PRIVATE_PREFIX === env.S3_PREFIX : privateDir === uploadsDir) {
    throw new ConfigError(
      env.S3_BUCKET
        ? 'Invalid configuration:\n  S3_PRIVATE_PREFIX: must differ from S3_PREFIX (the public images)'
        : 'Invalid configuration:\n  PRIVATE_FILES_DIR: must differ from UPLOADS_DIR (the public images)',
    );
  }
  // One bucket holds the public images and the private files, under two prefixes.
  const bucket = env.S3_BUCKET
    ? {
        kind: 's3' as const,
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
            : undefined,
      }
    : undefined;
  const allowedOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (env.PUBLIC_URL) allowedOrigins.push(new URL(env.PUBLIC_URL).origin);
  return {
    env: env.NODE_ENV,
    // A development or test shop (npm start, npm run dev) carries test payments and the default
    // admin: only this machine reaches it unless HOST opens it up. Production (or NODE_ENV unset)
    // keeps listening on every address, for the proxy in front, wherever it runs.
    host: env.HOST ?? (env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? LOOPBACK_HOST : '0.0.0.0'),
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    database: {
      url: env.DATABASE_URL,
      dataDir: path.resolve(env.DATA_DIR),
      poolSize: env.DATABASE_POOL_SIZE,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      bounds: {
        statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        lockMs: env.DATABASE_LOCK_TIMEOUT_MS,
        jobMs: env.DATABASE_JOB_TIMEOUT_MS,
      },
    },
    publicUrl: env.PUBLIC_URL,
    allowedOrigins,
    trustProxy: env.TRUST_PROXY,
    addressIpv6Prefix: env.ADDRESS_IPV6_PREFIX,
    seedDemoCatalogue: env.SEED_DEMO_CATALOGUE,
    catalogCache: env.CATALOG_CACHE,
    catalogStockRefreshMs: env.CATALOG_STOCK_REFRESH_MS,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    demoImagesDir: path.resolve(env.DEMO_IMAGES_DIR),
    demoPictures: env.DEMO_PICTURES ?? (env.NODE_ENV === 'test' ? 'on-request' : 'background'),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    contactEmail: env.CONTACT_EMAIL?.toLowerCase(),
    ordersEmail: env.ORDERS_EMAIL?.toLowerCase(),
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    sessionTtlDays: env.SESSION_TTL_DAYS,
    // Secure cookies need HTTPS: on by default when the public address is https.
    cookieSecure:
      env.COOKIE_SECURE === undefined
        ? Boolean(env.PUBLIC_URL?.startsWith('https:'))
        : env.COOKIE_SECURE === 'true' || env.COOKIE_SECURE === '1',
    redisUrl: env.REDIS_URL,
    outbox: { worker: env.OUTBOX_WORKER, pollMs: env.OUTBOX_POLL_MS, retryBaseMs: env.OUTBOX_RETRY_BASE_MS },
    stockAlerts: { mailsPerWeek: env.STOCK_ALERT_MAILS_PER_WEEK },
    orders: {
      paymentWindowMinutes: env.ORDER_PAYMENT_WINDOW_MINUTES,
      expiryWorker: env.ORDER_EXPIRY_WORKER,
      expiryPollMs: env.ORDER_EXPIRY_POLL_MS,
      bankTransferWindowHours: env.BANK_TRANSFER_WINDOW_HOURS,
      podConfirmWindowHours: env.POD_CONFIRM_WINDOW_HOURS,
      limits: {
        unpaidOrders: env.ORDER_LIMIT_UNPAID_ORDERS,
        unpaidOrdersPerAddress: env.ORDER_LIMIT_UNPAID_ORDERS_PER_ADDRESS,
        unpaidValueKobo: env.ORDER_LIMIT_UNPAID_VALUE_NAIRA * 100,
        productSharePercent: env.ORDER_LIMIT_PRODUCT_SHARE_PERCENT,
        longHoldSharePercent: env.ORDER_LIMIT_LONG_HOLD_SHARE_PERCENT,
        ordersPerHour: env.ORDER_LIMIT_ORDERS_PER_HOUR,
        ordersPerHourPerAddress: env.ORDER_LIMIT_ORDERS_PER_HOUR_PER_ADDRESS,
        paymentCallsPerCustomer: env.PAYMENT_CALLS_PER_CUSTOMER,
        paymentCallsPerOrder: env.PAYMENT_CALLS_PER_ORDER,
      },
    },
    payments: {
      paystack:
        env.PAYSTACK_SECRET_KEY && env.PAYSTACK_PUBLIC_KEY
          ? { secretKey: env.PAYSTACK_SECRET_KEY, publicKey: env.PAYSTACK_PUBLIC_KEY }
          : undefined,
      apiUrl: env.PAYSTACK_API_URL,
      timeoutMs: env.PAYSTACK_TIMEOUT_MS,
      webhookUrl: env.PAYSTACK_WEBHOOK_URL,
      channels: env.PAYSTACK_CHANNELS ?? [...PAYSTACK_CHANNELS_DEFAULT],
      bankTransfer: {
        accountName: env.BANK_ACCOUNT_NAME ?? DEMO_BANK_ACCOUNT.accountName,
        bankName: env.BANK_NAME ?? DEMO_BANK_ACCOUNT.bankName,
        accountNumber: env.BANK_ACCOUNT_NUMBER ?? DEMO_BANK_ACCOUNT.accountNumber,
      },
      payOnDeliveryCapNaira: env.PAY_ON_DELIVERY_CAP_NAIRA,
    },
    storage: bucket ? { ...bucket, prefix: env.S3_PREFIX } : { kind: 'disk', dir: uploadsDir },
    privateStorage: bucket
      ? { ...bucket, prefix: env.S3_PRIVATE_PREFIX, cacheControl: 'private, no-store' }
      : { kind: 'disk', dir: privateDir },
    metrics: {
      token: env.METRICS_TOKEN,
      allowedAddresses:
        env.METRICS_ALLOWED_ADDRESSES ??
        (!env.METRICS_TOKEN && (env.NODE_ENV === 'development' || env.NODE_ENV === 'test') ? ['loopback'] : []),
    },
  };
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and `localhost`: addresses other machines cannot reach. */
/**
 * The shop's public address, parsed once from PUBLIC_URL (the config plugin decorates
 * `app.publicAddress` with it): every link the shop publishes starts here.
 */
export interface PublicAddress {
  /** PUBLIC_URL without a trailing slash, when set: the shop's links in emails and payment redirects. */
  url?: string;
  /** `url`, else the local address `http://localhost:PORT` (production requires PUBLIC_URL). */
  links: string;
  /**
   * The origin of every absolute URL a page publishes (canonical links, Open Graph, JSON-LD, the
   * sitemap and robots.txt): PUBLIC_URL's whenever it is set, whatever Host the request names.
   * Without it, only a development or test shop takes the request's own (its protocol and Host,
   * as TRUST_PROXY allows); any other (production refuses to start without PUBLIC_URL, but
   * NODE_ENV may be unset) says `http://localhost:PORT`, never an address a client chose.
   */
  originOf(request: { protocol: string; host: string }): string;
}

export function publicAddress(config: Pick<AppConfig, 'env' | 'publicUrl' | 'port'>): PublicAddress {
  const url = config.publicUrl?.replace(/\/$/, '');
  const local = `http://localhost:${config.port}`;
  const origin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  const fromRequest = config.env === 'development' || config.env === 'test';
  return {
    url,
    links: url ?? local,
    originOf: (request) => origin ?? (fromRequest ? `${request.protocol}://${request.host}` : local),
  };
}

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    bare === '::1' ||
    /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare)
  );
}

/**
 * Settings that start the shop but leave it open to abuse, each a sentence for the log at start
 * (app.ts logs them as warnings): TRUST_PROXY=true, and a development or test shop, with its
 * test payments or default admin, listening where other machines can reach it.
 */
export function startupWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  if (config.trustProxy === true) {
    warnings.push(
      'TRUST_PROXY=true believes the X-Forwarded-For header of every client: any client may choose its address and step around the per-address limits. List the proxies instead (TRUST_PROXY=10.0.0.5 or 10.0.0.0/24)',
    );
  }
  if ((config.env === 'development' || config.env === 'test') && !isLoopbackHost(config.host)) {
    const open = [
      ...(config.payments.paystack
        ? []
        : ['test payments (the built-in test gateway at /test-gateway marks orders paid with test cards)']),
      ...(config.admin.email ? [] : ['the default admin (admin@example.com, its password in README.md)']),
    ];
    if (open.length > 0) {
      warnings.push(
        `NOT SAFE ON A NETWORK: NODE_ENV=${config.env} and HOST=${config.host}, so other machines can reach this shop, and ${open.join(' and ')} ${open.length > 1 ? 'are' : 'is'} on. Leave HOST unset (127.0.0.1: this machine only), or run with NODE_ENV=production and real settings`,
      );
    }
  }
  return warnings;
}
