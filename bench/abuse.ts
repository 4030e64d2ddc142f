// `npm run bench:abuse`: one customer account tries, from outside, to take the shop's stock off
// sale, as the account of decision 020 did (25 unpaid transfers of 50 lines × 99 units in 0.3 s).
//
// The built shop starts (startBuiltShop) on a fresh PostgreSQL database with the demo catalogue,
// NODE_ENV test (the test gateway takes card payments) and the DEFAULT order limits; every
// request goes over HTTP to 127.0.0.1, each actor with an address of its own in X-Forwarded-For
// (TRUST_PROXY=127.0.0.1: this process stands for the proxy in front of the shop).
//
// 1. The flood. An attacker registers, logs in, reads the whole catalogue through GET
//    /api/products, then for --duration seconds (at most --requests requests, --concurrency at
//    once) places the largest orders the API takes (50 lines × 99 units, or the whole shelf, bank
//    transfer and card, the scarcest products first, the next 50 after each accepted order). A
//    flood cannot wait for one answer before sending the next, so its orders come in a ladder of
//    sizes (all, ½, ¼ … down to one unit a line); a refusal for value, for a product's share or
//    for an order too large cuts the ladder's top by half, a product's share or its shelf caps
//    that product, and the public shelf is read again every second. In between it starts
//    payments on its orders and "confirms" them with a forged success, and when it holds all the
//    unpaid orders it may, cancels its smallest and reorders twice at once (cancel-and-reorder).
//    Every answer is counted by status and code.
// 2. What it holds: its unpaid orders (GET /api/orders/my-orders), each product's share of its
//    starting stock against the rule (productHoldMax: half of shelf plus everything held in unpaid
//    orders, at least one unit), the products at 0; checked against the database.
// 3. An honest customer, from another address, buys one of every product that was in stock and
//    a sensible quantity of the three the attacker held most of, paying each order by card.
// 4. Many accounts from one address: --accounts registrations from one address (31: one more
//    than an address may make in an hour), then each account, one after the other, holds what
//    the limits let one customer hold of the products cheapest to empty; a cancel-and-reorder
//    race on the first. What they hold together is reported, not a failure (the limits are per
//    customer); any one of them beyond the rule is a failure.
// 5. The attacks of decision 039 (abuse-holds.ts): IPv6 /64 rotation, 30 accounts behind one NAT
//    address, pay on delivery across many accounts, the alert mail loop, cancel-and-reorder.
// 6. The "before": the flood and the attacks of 5 again on a fresh database with the limits
//    lifted (UNLIMITED_ORDERS_ENV, each IPv6 address its own), and the honest customer after it.
//
// Prints the figures, appends them to bench/RESULTS.md, and exits 1 if, under the default limits,
// one account held more of a product than the rule lets it, or the honest customer could not buy.
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SUCCESS_CARD, scratchPostgres, startBuiltShop, UNLIMITED_ORDERS_ENV } from '@shop/testing';
import pg from 'pg';
import { loadConfig, type OrderLimits } from '../apps/server/src/config';
import { productHoldMax } from '../apps/server/src/modules/orders/order-limits';
import { PAGE_SIZE_MAX } from '../packages/shared/src/constants';
import { ORDER_LINES_MAX, ORDER_QUANTITY_MAX } from '../packages/shared/src/orders';
import { PIECE_TERMS, QUANTITY_SCALE } from '../packages/shared/src/units';
import {
  type Customer,
  type Holdings,
  holdingsOf,
  type Json,
  type Order,
  type Product,
  placeOrder,
  purchasable,
  readCatalogue,
  register,
  Tally,
  Visitor,
} from './abuse-client';
import { type HoldAttacks, holdAttacks, holdAttacksTable } from './abuse-holds';
import { dropDatabase } from './orders-load';
import { BENCH_SERVER_URL } from './servers';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    requests: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '48' },
    accounts: { type: 'string', default: '31' },
  },
});
const duration = Number(args.duration);
const maxRequests = Number(args.requests);
const concurrency = Number(args.concurrency);
const accountCount = Number(args.accounts);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(BENCH_SERVER_URL).hostname)) {
  throw new Error(`bench:abuse runs on a loopback PostgreSQL only, not ${new URL(BENCH_SERVER_URL).hostname}`);
}
const DATABASE = 'shop_bench_abuse';

// The shop's own defaults, read as it reads them: nothing set but NODE_ENV.
const LIMITS: OrderLimits = loadConfig({ NODE_ENV: 'test' }).orders.limits;
// Settings this environment may hold that would change what is measured: unset for the shop (an
// empty value counts as unset), so the limits are its defaults and the test gateway takes payments.
const UNSET = Object.fromEntries(
  [
    ...Object.keys(UNLIMITED_ORDERS_ENV),
    'ORDER_PAYMENT_WINDOW_MINUTES',
    'BANK_TRANSFER_WINDOW_HOURS',
    'POD_CONFIRM_WINDOW_HOURS',
    'ADDRESS_IPV6_PREFIX',
    'PAYSTACK_SECRET_KEY',
    'PAYSTACK_PUBLIC_KEY',
    'PAYSTACK_API_URL',
    'PAYSTACK_WEBHOOK_URL',
    'REDIS_URL',
    'SMTP_URL',
  ].map((name) => [name, '']),
);

/** The most of a product one customer may hold, as the shop counts it (order-limits.ts). */
const ruleMax = (totalOfProduct: number) => holdMax(totalOfProduct, 0);

/** productHoldMax in whole pieces: this benchmark buys whole units (hundredths inside the shop). */
function holdMax(shelf: number, held: number): number {
  return productHoldMax(LIMITS, PIECE_TERMS, shelf * QUANTITY_SCALE, held * QUANTITY_SCALE) / QUANTITY_SCALE;
}

// Documentation ranges (RFC 5737): header values only, never an address contacted.
const ADDRESS = { attacker: '203.0.113.66', honest: '198.51.100.20', many: '192.0.2.77' } as const;
const TEST_CARD = SUCCESS_CARD;

// ---------- The database, to check what the API said ----------

async function freshDatabase(): Promise<string> {
  return (await scratchPostgres({ serverUrl: BENCH_SERVER_URL, name: DATABASE, ifExists: 'replace' })).url;
}

interface DatabaseView {
  stock: Map<string, number>;
  /** Units in unpaid, pending orders, by user then product. */
  held: Map<string, Map<string, number>>;
  /** Products whose shelf plus the units of orders that still hold stock is not the starting stock. */
  unbalanced: number;
}

async function databaseView(databaseUrl: string, start: Product[]): Promise<DatabaseView> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stock = new Map(
      // In the unit of sale, as the API writes stock (hundredths / 100: 37.5 yards).
      (
        await client.query<{ id: string; stock: number }>(
          'SELECT id, (stock_hundredths / 100.0)::float8 AS stock FROM products',
        )
      ).rows.map((row) => [row.id, row.stock]),
    );
    const held = new Map<string, Map<string, number>>();
    const rows = await client.query<{ user_id: string; product_id: string; units: number }>(
      `SELECT o.user_id, i.product_id, (sum(i.quantity_hundredths) / 100.0)::float8 AS units
         FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.status = 'PENDING' AND o.payment_status = 'UNPAID'
        GROUP BY 1, 2`,
    );
    for (const row of rows.rows) {
      const mine = held.get(row.user_id) ?? new Map<string, number>();
      mine.set(row.product_id, row.units);
      held.set(row.user_id, mine);
    }
    const taken = new Map(
      (
        await client.query<{ product_id: string; units: number }>(
          `SELECT i.product_id, (sum(i.quantity_hundredths) / 100.0)::float8 AS units
             FROM orders o JOIN order_items i ON i.order_id = o.id
            WHERE o.stock_released_at IS NULL
            GROUP BY 1`,
        )
      ).rows.map((row) => [row.product_id, row.units]),
    );
    const unbalanced = start.filter(
      (product) => (stock.get(product.id) ?? 0) + (taken.get(product.id) ?? 0) !== product.stock,
    ).length;
    return { stock, held, unbalanced };
  } finally {
    await client.end();
  }
}

// ---------- 1. The flood ----------

const LADDER = 8; // 99 units a line, halved seven times, is one unit a line

interface Flood {
  tally: Tally;
  sent: number;
  seconds: number;
  accepted: number;
  /** When the last order was accepted, seconds into the flood. */
  lastAcceptedSeconds: number;
  acceptedByMethod: Record<string, number>;
  cancelled: number;
}

async function flood(attacker: Customer, catalogue: Product[]): Promise<Flood> {
  // The scarcest first: they are the ones an order can empty.
  // Only what a line can be ordered of (a product below its minimum is out of stock to an order).
  const inStock = catalogue.filter(purchasable).sort((a, b) => a.stock - b.stock);
  // What the attacker believes it may still ask of each product: the shelf at first, then what
  // the refusals taught it.
  const cap = new Map(inStock.map((product) => [product.id, Math.min(ORDER_QUANTITY_MAX, product.stock)]));
  const mine = new Map<string, number>();
  const own = new Map<
    string,
    { id: string; method: string; totalAmount: number; lines: { product: Product; quantity: number }[] }
  >();
  const tally = new Tally();
  // The ladder's steps in play (step s: quantities ÷ 2^s): from `bottom`, the largest size not yet
  // refused, to `top`, the largest size accepted (nothing smaller is needed after it).
  let bottom = 0;
  let top = LADDER - 1;
  let cursor = 0; // the next accepted order goes on to the next products
  let sent = 0;
  let placements = 0;
  let accepted = 0;
  let cancelled = 0;
  let full = false;
  let blocked = false;
  let lastAcceptedAt = 0;
  const acceptedByMethod: Record<string, number> = {};
  const started = Date.now();
  const deadline = started + duration * 1000;
  const more = () => Date.now() < deadline && sent < maxRequests;

  /** Sizes at `step` and above were refused: from now on half of it at most. */
  const halve = (step: number) => {
    bottom = Math.max(bottom, Math.min(LADDER - 1, step + 1));
    top = Math.max(top, bottom);
  };

  // The shelf is public: read it again every second and ask no more than is on it.
  const watchShelf = async () => {
    while (more()) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const shelf = await readCatalogue(attacker.visitor, tally).catch(() => []);
      sent += Math.ceil(shelf.length / PAGE_SIZE_MAX);
      for (const product of shelf) {
        if (cap.has(product.id)) cap.set(product.id, Math.min(cap.get(product.id) ?? 0, product.stock));
      }
    }
  };

  const place = async () => {
    const step = Math.min(LADDER - 1, bottom + (placements % (Math.max(top, bottom) - bottom + 1)));
    // Transfer and card in turn, shifted by one each sweep of the ladder: both at every size.
    const method = (placements + Math.floor(placements / LADDER)) % 2 === 0 ? 'bankTransfer' : 'card';
    placements++;
    const open = inStock.filter((product) => (cap.get(product.id) ?? 0) > 0);
    if (open.length === 0) return;
    const lines = Array.from({ length: Math.min(ORDER_LINES_MAX, open.length) }, (_, index) => {
      const product = open[(cursor + index) % open.length] as Product;
      return { product, quantity: Math.max(1, Math.floor((cap.get(product.id) ?? 1) / 2 ** step)) };
    });
    sent++;
    const answer = await placeOrder(attacker, lines, method);
    tally.add('POST /api/orders', answer);
    const productId = String(answer.body.productId ?? '');
    if (answer.status === 201) {
      const order = answer.body.order as Order;
      own.set(order.id, { id: order.id, method, totalAmount: order.totalAmount, lines });
      for (const line of lines) mine.set(line.product.id, (mine.get(line.product.id) ?? 0) + line.quantity);
      accepted++;
      lastAcceptedAt = Date.now() - started;
      acceptedByMethod[method] = (acceptedByMethod[method] ?? 0) + 1;
      top = Math.min(top, step);
      cursor = (cursor + ORDER_LINES_MAX) % Math.max(1, open.length);
    } else if (answer.code === 'HOLD_LIMIT_REACHED') {
      if (answer.body.limit === 'unpaidOrders') full = true;
      if (answer.body.limit === 'productShare' && typeof answer.body.most === 'number') {
        cap.set(productId, Math.max(0, answer.body.most - (mine.get(productId) ?? 0)));
      }
      if (answer.body.limit === 'value' || answer.body.limit === 'productShare') halve(step);
    } else if (answer.code === 'OUT_OF_STOCK' && typeof answer.body.available === 'number') {
      cap.set(productId, Math.min(cap.get(productId) ?? 0, answer.body.available));
    } else if (answer.code === 'INVALID_INPUT' && answer.body.errors && 'items' in (answer.body.errors as Json)) {
      halve(step); // more than an order may be worth (KOBO_COLUMN_MAX): smaller
    } else if (answer.status === 429) {
      blocked = true;
    }
  };

  const anyOwn = () => {
    const list = [...own.values()];
    return list[Math.floor(Math.random() * list.length)];
  };

  const worker = async () => {
    while (more()) {
      const roll = sent % 4;
      const order = anyOwn();
      if (order && roll === 1) {
        sent++;
        tally.add(
          `POST /api/orders/{id}/payment (${order.method})`,
          await attacker.visitor.call('POST', `/api/orders/${order.id}/payment`, {}),
        );
      } else if (order && roll === 2) {
        sent++;
        const answer = await attacker.visitor.call('POST', '/api/orders/confirm-payment', {
          orderId: order.id,
          transactionId: `forged-${sent}`,
          status: 'success',
        });
        tally.add('POST /api/orders/confirm-payment (forged)', answer);
      } else if (order && roll === 3 && full && !blocked) {
        // Cancel-and-reorder: the smallest order out, two new ones in at the same moment.
        const smallest = [...own.values()].sort((a, b) => a.totalAmount - b.totalAmount)[0] ?? order;
        sent++;
        const [answer] = await Promise.all([
          attacker.visitor.call('POST', `/api/orders/${smallest.id}/cancel`, {}),
          place(),
          place(),
        ]);
        tally.add('POST /api/orders/{id}/cancel', answer);
        if (answer.status === 200) {
          own.delete(smallest.id);
          for (const line of smallest.lines) {
            mine.set(line.product.id, (mine.get(line.product.id) ?? 0) - line.quantity);
          }
          cancelled++;
          full = false;
        }
      } else {
        await place();
      }
    }
  };
  await Promise.all([watchShelf(), ...Array.from({ length: concurrency }, worker)]);
  return {
    tally,
    sent,
    seconds: (Date.now() - started) / 1000,
    accepted,
    lastAcceptedSeconds: lastAcceptedAt / 1000,
    acceptedByMethod,
    cancelled,
  };
}

// ---------- 2. What one account holds ----------

interface Hold {
  unpaidOrders: number;
  units: number;
  valueNaira: number;
  paidOrders: number;
  /** The largest held / starting stock over every product, and over products of 2 units or more. */
  largestShare: { share: number; product: string; held: number; stock: number };
  largestShareAbove1: { share: number; product: string; held: number; stock: number };
  /** Products held beyond the rule (more than productHoldMax of the starting stock). */
  overRule: { product: string; held: number; most: number }[];
  /** In stock at the start, 0 on the shelf now. */
  drivenToZero: string[];
  latestDeadlineMin: Record<string, number>;
  /** The API's figures agree with the database's. */
  agrees: boolean;
  unbalanced: number;
}

async function measureHold(databaseUrl: string, attacker: Customer, start: Product[], reader: Visitor): Promise<Hold> {
  let holdings: Holdings;
  let shelf: Product[];
  let view: DatabaseView;
  let agrees = false;
  // The catalogue's cache is cleared by a NOTIFY after each commit: a read a moment after the
  // last order may come before it, so a disagreement is read again before it counts.
  for (let attempt = 0; ; attempt++) {
    holdings = await holdingsOf(attacker);
    shelf = await readCatalogue(reader);
    view = await databaseView(databaseUrl, start);
    const shelfNow = new Map(shelf.map((product) => [product.id, product.stock]));
    const databaseUnits = view.held.get(attacker.id) ?? new Map<string, number>();
    agrees =
      start.every((product) => (shelfNow.get(product.id) ?? -1) === (view.stock.get(product.id) ?? -2)) &&
      start.every((product) => (holdings.units.get(product.id) ?? 0) === (databaseUnits.get(product.id) ?? 0));
    if (agrees || attempt === 5) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const shelfById = new Map(shelf.map((product) => [product.id, product.stock]));
  const share = (product: Product) => {
    const held = holdings.units.get(product.id) ?? 0;
    return { share: product.stock > 0 ? held / product.stock : 0, product: product.name, held, stock: product.stock };
  };
  const none = { share: 0, product: '—', held: 0, stock: 0 };
  const shares = start.filter((product) => product.stock > 0).map(share);
  const largest = (list: typeof shares) => list.reduce((best, next) => (next.share > best.share ? next : best), none);
  return {
    unpaidOrders: holdings.unpaid.length,
    units: [...holdings.units.values()].reduce((sum, units) => sum + units, 0),
    valueNaira: holdings.valueNaira,
    paidOrders: holdings.paid,
    largestShare: largest(shares),
    largestShareAbove1: largest(shares.filter((entry) => entry.stock >= 2)),
    overRule: start
      .map((product) => ({
        product: product.name,
        held: holdings.units.get(product.id) ?? 0,
        most: ruleMax(product.stock),
      }))
      .filter((entry) => entry.held > entry.most),
    drivenToZero: start
      .filter((product) => product.stock > 0 && (shelfById.get(product.id) ?? 0) === 0)
      .map((product) => product.name),
    latestDeadlineMin: holdings.latestDeadlineMin,
    agrees,
    unbalanced: view.unbalanced,
  };
}

// ---------- 3. An honest customer ----------

interface Honest {
  /** Products in stock at the start. */
  wanted: number;
  bought: number;
  notBought: { productId: string; product: string; stockAtStart: number; reason: string }[];
  few: { product: string; quantity: number; bought: boolean; reason: string }[];
  orders: number;
}

/** Places a card order, pays it with the test card and has the shop confirm it; lines it could not have are dropped. */
async function buy(
  customer: Customer,
  lines: { product: Product; quantity: number }[],
  refused: (product: Product, reason: string) => void,
): Promise<{ bought: { product: Product; quantity: number }[]; placed: boolean }> {
  let left = [...lines];
  for (let attempt = 0; attempt < 3 && left.length > 0; attempt++) {
    const answer = await placeOrder(customer, left, 'card');
    if (answer.status !== 201) {
      const productId = answer.body.productId;
      const line = left.find((entry) => entry.product.id === productId);
      if (!line) {
        for (const entry of left) refused(entry.product, `${answer.status} ${answer.code}`);
        return { bought: [], placed: false };
      }
      refused(line.product, `${answer.status} ${answer.code}${answer.body.limit ? ` (${answer.body.limit})` : ''}`);
      left = left.filter((entry) => entry !== line);
      continue;
    }
    const order = answer.body.order as Order;
    const payment = await customer.visitor.call('POST', `/api/orders/${order.id}/payment`, {});
    const charge = await customer.visitor.call('POST', '/test-gateway/checkout/charge', {
      accessCode: payment.body.accessCode,
      ...TEST_CARD,
    });
    const confirm = await customer.visitor.call('POST', '/api/orders/confirm-payment', { orderId: order.id });
    const paid = (confirm.body.order as Order | undefined)?.paymentStatus === 'PAID';
    if (!paid) {
      const reason = `payment: start ${payment.status}, charge ${String(charge.body.status)}, confirm ${confirm.status} ${confirm.code}`;
      for (const entry of left) refused(entry.product, reason);
      return { bought: [], placed: true };
    }
    return { bought: left, placed: true };
  }
  for (const entry of left) refused(entry.product, 'refused three times');
  return { bought: [], placed: false };
}

async function honestCustomer(base: string, start: Product[], attackerUnits: Map<string, number>): Promise<Honest> {
  const customer = await register(base, ADDRESS.honest, 'honest');
  if (!customer) throw new Error('the honest customer could not register');
  const now = new Map((await readCatalogue(customer.visitor)).map((product) => [product.id, product]));
  const wanted = start.filter(purchasable);
  const notBought: Honest['notBought'] = [];
  const stockAtStart = new Map(start.map((product) => [product.id, product.stock]));
  const refused = (product: Product, reason: string) =>
    notBought.push({
      productId: product.id,
      product: product.name,
      stockAtStart: stockAtStart.get(product.id) ?? 0,
      reason,
    });
  const onShelf: Product[] = [];
  for (const product of wanted) {
    const current = now.get(product.id);
    if (!current || current.stock < 1) refused(product, 'shown with 0 in stock');
    else onShelf.push(current);
  }
  let bought = 0;
  let orders = 0;
  for (let index = 0; index < onShelf.length; index += ORDER_LINES_MAX) {
    const lines = onShelf.slice(index, index + ORDER_LINES_MAX).map((product) => ({ product, quantity: 1 }));
    const result = await buy(customer, lines, refused);
    bought += result.bought.length;
    if (result.placed) orders++;
  }
  // A sensible quantity (a tenth of the starting stock, at most 10) of the three products the
  // attacker held the largest share of, among those with 20 or more at the start.
  const few: Honest['few'] = [];
  const after = new Map((await readCatalogue(customer.visitor)).map((product) => [product.id, product]));
  const contested = start
    .filter((product) => product.stock >= 20)
    .sort(
      (a, b) =>
        (attackerUnits.get(b.id) ?? 0) / b.stock - (attackerUnits.get(a.id) ?? 0) / a.stock || b.stock - a.stock,
    )
    .slice(0, 3);
  const fewLines = contested.map((product) => ({
    product: after.get(product.id) ?? product,
    quantity: Math.min(10, Math.floor(product.stock / 10)),
  }));
  const fewRefused = new Map<string, string>();
  const result = await buy(customer, fewLines, (product, reason) => fewRefused.set(product.id, reason));
  if (result.placed) orders++;
  for (const line of fewLines) {
    const reason = fewRefused.get(line.product.id);
    few.push({ product: line.product.name, quantity: line.quantity, bought: !reason, reason: reason ?? '' });
  }
  return { wanted: wanted.length, bought, notBought, few, orders };
}

// ---------- 4. Many accounts from one address ----------

interface ManyAccounts {
  registered: number;
  registrationRefused: string[];
  placements: number;
  accepted: number;
  tally: Tally;
  unitsHeld: number;
  valueHeldNaira: number;
  /** In stock before this phase, 0 on the shelf after it. */
  drivenToZero: number;
  inStockBefore: number;
  /** Products the accounts together hold more than half of (of shelf plus everything held, as the rule counts). */
  togetherOverHalf: number;
  largestTogetherShare: number;
  /** Any one account beyond the rule, counted against the product's shelf plus every unpaid hold. */
  oneAccountOverRule: number;
  race: { placed: number; accepted: number; cancelled: boolean; unpaidAfter: number };
}

async function manyAccounts(base: string, databaseUrl: string, start: Product[]): Promise<ManyAccounts> {
  const registrationRefused: string[] = [];
  const accounts: Customer[] = [];
  // Argon2 hashes: a few at once, as a script would.
  for (let index = 0; index < accountCount; index += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, accountCount - index) }, () =>
        register(base, ADDRESS.many, 'many', (answer) => registrationRefused.push(`${answer.status} ${answer.code}`)),
      ),
    );
    for (const account of batch) if (account) accounts.push(account);
  }
  const reader = new Visitor(base, ADDRESS.many);
  const before = await databaseView(databaseUrl, start);
  const shelfBefore = await readCatalogue(reader);
  const heldBefore = new Map<string, number>();
  for (const units of before.held.values()) {
    for (const [productId, count] of units) heldBefore.set(productId, (heldBefore.get(productId) ?? 0) + count);
  }
  // What the rule counts a product's stock as: the shelf plus every unit held in unpaid orders.
  const totalOf = new Map(
    shelfBefore.map((product) => [product.id, product.stock + (heldBefore.get(product.id) ?? 0)]),
  );
  const ours = new Map<string, number>(); // units these accounts hold, all together
  const tally = new Tally();
  let placements = 0;
  let accepted = 0;
  let addressSpent = false;
  const race = { placed: 0, accepted: 0, cancelled: false, unpaidAfter: 0 };

  // Cancel-and-reorder race, on the first account: with every unpaid order it may have taken (one
  // unit each), cancel one and place three more at the same moment. One slot is freed, so at most
  // one may be accepted and it never holds more than its unpaid orders' limit.
  const plentiful = shelfBefore.filter((product) => product.stock >= 50).slice(-3);
  const [racer, ...holders] = accounts;
  if (racer && plentiful.length > 0) {
    for (let index = 0; index < LIMITS.unpaidOrders; index++) {
      const answer = await placeOrder(racer, [{ product: plentiful[0] as Product, quantity: 1 }], 'bankTransfer');
      placements++;
      tally.add('POST /api/orders (race: filling the unpaid orders)', answer);
      if (answer.status === 201) accepted++;
    }
    const victim = (await holdingsOf(racer)).unpaid[0];
    if (victim) {
      const [cancel, ...placed] = await Promise.all([
        racer.visitor.call('POST', `/api/orders/${victim.id}/cancel`, {}),
        ...plentiful.map((product) => placeOrder(racer, [{ product, quantity: 1 }], 'bankTransfer')),
      ]);
      race.cancelled = cancel?.status === 200;
      race.placed = placed.length;
      race.accepted = placed.filter((answer) => answer.status === 201).length;
      placements += placed.length;
      accepted += race.accepted;
      for (const answer of placed) tally.add('POST /api/orders (race: cancel one, reorder three at once)', answer);
      race.unpaidAfter = (await holdingsOf(racer)).unpaid.length;
    }
  }

  // The others, one after the other, each what one customer may hold of the cheapest products to
  // empty, counting what its sibling accounts already hold as the rule does.
  for (const account of holders) {
    if (addressSpent) break;
    const mine = new Map<string, number>();
    let valueLeft = LIMITS.unpaidValueKobo;
    let ordersLeft = LIMITS.unpaidOrders;
    const learned = new Map<string, number>();
    for (let attempt = 0; attempt < LIMITS.ordersPerHour && ordersLeft > 0; attempt++) {
      const shelf = await readCatalogue(reader);
      // The cheapest to empty first: what is left on the shelf times its price.
      const candidates = shelf.filter(purchasable).sort((a, b) => a.stock * a.priceKobo - b.stock * b.priceKobo);
      const lines: { product: Product; quantity: number }[] = [];
      let value = 0;
      for (const product of candidates) {
        if (lines.length === ORDER_LINES_MAX) break;
        const held = mine.get(product.id) ?? 0;
        const most = learned.get(product.id) ?? holdMax(product.stock, ours.get(product.id) ?? 0);
        let quantity = Math.min(ORDER_QUANTITY_MAX, product.stock, most - held);
        quantity = Math.min(quantity, Math.floor((valueLeft - value) / product.priceKobo));
        if (quantity < 1) continue;
        lines.push({ product, quantity });
        value += quantity * product.priceKobo;
      }
      if (lines.length === 0) break;
      placements++;
      const answer = await placeOrder(account, lines, 'bankTransfer');
      tally.add('POST /api/orders', answer);
      if (answer.status === 201) {
        accepted++;
        ordersLeft--;
        valueLeft -= value;
        for (const line of lines) {
          mine.set(line.product.id, (mine.get(line.product.id) ?? 0) + line.quantity);
          ours.set(line.product.id, (ours.get(line.product.id) ?? 0) + line.quantity);
        }
      } else if (answer.status === 429) {
        addressSpent = true;
      } else if (answer.code === 'HOLD_LIMIT_REACHED' && answer.body.limit === 'productShare') {
        learned.set(String(answer.body.productId), Number(answer.body.most));
      } else if (answer.code !== 'OUT_OF_STOCK') {
        break;
      }
    }
  }

  const after = await databaseView(databaseUrl, start);
  const shelfAfter = new Map((await readCatalogue(reader)).map((product) => [product.id, product.stock]));
  const ids = new Set(accounts.map((account) => account.id));
  const together = new Map<string, number>();
  let oneAccountOverRule = 0;
  let unitsHeld = 0;
  for (const [userId, units] of after.held) {
    if (!ids.has(userId)) continue;
    for (const [productId, count] of units) {
      together.set(productId, (together.get(productId) ?? 0) + count);
      unitsHeld += count;
      if (count > holdMax(totalOf.get(productId) ?? 0, 0)) oneAccountOverRule++;
    }
  }
  const priceOf = new Map(start.map((product) => [product.id, product.priceKobo]));
  let valueKobo = 0;
  for (const [productId, count] of together) valueKobo += count * (priceOf.get(productId) ?? 0);
  let togetherOverHalf = 0;
  let largestTogetherShare = 0;
  for (const [productId, count] of together) {
    const total = totalOf.get(productId) ?? 0;
    if (total <= 0) continue;
    largestTogetherShare = Math.max(largestTogetherShare, count / total);
    if (count > ruleMax(total)) togetherOverHalf++;
  }
  const inStock = shelfBefore.filter((product) => product.stock > 0);
  return {
    registered: accounts.length,
    registrationRefused,
    placements,
    accepted,
    tally,
    unitsHeld,
    valueHeldNaira: valueKobo / 100,
    drivenToZero: inStock.filter((product) => (shelfAfter.get(product.id) ?? 0) === 0).length,
    inStockBefore: inStock.length,
    togetherOverHalf,
    largestTogetherShare,
    oneAccountOverRule,
    race,
  };
}

// ---------- The runs ----------

interface Run {
  label: string;
  start: Product[];
  flood: Flood;
  hold: Hold;
  attackerUnits: Map<string, number>;
  honest: Honest;
  many?: ManyAccounts;
  holds: HoldAttacks;
}

async function run(label: string, limits: Record<string, string>, withManyAccounts: boolean): Promise<Run> {
  const databaseUrl = await freshDatabase();
  const shop = await startBuiltShop({
    ...UNSET,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    SEED_DEMO_CATALOGUE: 'true',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'error',
    ...limits,
  });
  try {
    const attacker = await register(shop.baseUrl, ADDRESS.attacker, 'attacker');
    if (!attacker) throw new Error('the attacker could not register');
    const start = await readCatalogue(attacker.visitor);
    console.log(`\n${label}: the shop on ${shop.baseUrl}, ${start.length} products; the flood for ${duration} s…`);
    const floodResult = await flood(attacker, start);
    console.log(
      `  ${floodResult.sent} requests in ${floodResult.seconds.toFixed(1)} s, ${floodResult.accepted} orders accepted`,
    );
    const hold = await measureHold(databaseUrl, attacker, start, attacker.visitor);
    console.log('  the honest customer buys…');
    const attackerUnits = (await holdingsOf(attacker)).units;
    const honest = await honestCustomer(shop.baseUrl, start, attackerUnits);
    let many: ManyAccounts | undefined;
    if (withManyAccounts) {
      console.log(`  ${accountCount} accounts from one address…`);
      many = await manyAccounts(shop.baseUrl, databaseUrl, start);
    }
    const holds = await holdAttacks(shop.baseUrl, databaseUrl);
    return { label, start, flood: floodResult, hold, attackerUnits, honest, many, holds };
  } finally {
    await shop.stop();
    await dropDatabase(DATABASE);
  }
}

const load = os.loadavg().map((value) => value.toFixed(2));
const began = Date.now();
const withDefaults = await run('default limits', {}, true);
// Lifted: every order limit off, each IPv6 address its own, and no share kept for card buyers.
const lifted = await run('limits lifted', { ...UNLIMITED_ORDERS_ENV, ADDRESS_IPV6_PREFIX: '128' }, false);
const elapsed = (Date.now() - began) / 1000;

// ---------- The report ----------

const git = (...command: string[]) => execFileSync('git', command, { encoding: 'utf8' }).trim();
const naira = (value: number) => `₦${Math.round(value).toLocaleString('en-NG')}`;
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const count = (value: number) => value.toLocaleString('en');
const inStockAtStart = withDefaults.start.filter((product) => product.stock > 0).length;
const unitsAtStart = withDefaults.start.reduce((sum, product) => sum + product.stock, 0);
const shareText = (entry: Hold['largestShare']) =>
  entry.held === 0 ? '0' : `${percent(entry.share)} (${entry.held} of ${entry.stock}, ${entry.product})`;
const deadlines = (hold: Hold) =>
  Object.entries(hold.latestDeadlineMin)
    .map(
      ([method, minutes]) =>
        `${method} ${minutes >= 120 ? `${(minutes / 60).toFixed(1)} h` : `${minutes.toFixed(0)} min`}`,
    )
    .join(', ') || '—';
const honestFew = (honest: Honest) => `${honest.few.filter((line) => line.bought).length} of ${honest.few.length}`;

const rows: [string, (run: Run) => string][] = [
  ['requests sent', (r) => `${count(r.flood.sent)} in ${r.flood.seconds.toFixed(1)} s`],
  [
    'orders accepted (201)',
    (r) =>
      `${count(r.flood.accepted)} (${Object.entries(r.flood.acceptedByMethod)
        .map(([method, n]) => `${n} ${method}`)
        .join(', ')}), the last at ${r.flood.lastAcceptedSeconds.toFixed(1)} s`,
  ],
  ['orders it cancelled (cancel-and-reorder)', (r) => count(r.flood.cancelled)],
  ['unpaid orders it holds at the end', (r) => count(r.hold.unpaidOrders)],
  ['units held', (r) => `${count(r.hold.units)} (${percent(r.hold.units / unitsAtStart)} of all stock)`],
  ['value held', (r) => naira(r.hold.valueNaira)],
  ['largest share of a product’s starting stock', (r) => shareText(r.hold.largestShare)],
  ['… of a product of 2 units or more', (r) => shareText(r.hold.largestShareAbove1)],
  [`products held beyond the rule (${LIMITS.productSharePercent} %, at least 1)`, (r) => count(r.hold.overRule.length)],
  [`products driven to 0 (of ${inStockAtStart} in stock)`, (r) => count(r.hold.drivenToZero.length)],
  ['latest deadline of an unpaid order, after placing', (r) => deadlines(r.hold)],
  ['orders paid by forged confirmations', (r) => count(r.hold.paidOrders)],
  [
    'honest customer: one of every product in stock, paid by card',
    (r) => `${r.honest.bought} of ${r.honest.wanted} (${r.honest.orders} order${r.honest.orders === 1 ? '' : 's'})`,
  ],
  ['honest customer: a tenth of the stock (≤ 10) of the 3 most held', (r) => honestFew(r.honest)],
  [
    'API figures = database; shelf + held = starting stock',
    (r) => (r.hold.agrees ? 'yes' : 'NO') + (r.hold.unbalanced === 0 ? ', yes' : `, ${r.hold.unbalanced} products NOT`),
  ],
];
const keys = [...new Set([...withDefaults.flood.tally.counts.keys(), ...lifted.flood.tally.counts.keys()])].sort();
const many = withDefaults.many;

const lines = [
  `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — abuse: one account against the order limits, PostgreSQL`,
  '',
  `Command: \`npm run bench:abuse -- --duration ${duration} --requests ${maxRequests} --concurrency ${concurrency} --accounts ${accountCount}\``,
  `Code: ${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ' with uncommitted changes' : ''}.`,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; the built shop (NODE_ENV test, the test gateway, the demo catalogue: ${withDefaults.start.length} products, ${inStockAtStart} in stock, ${count(unitsAtStart)} units) and the attacker beside it on loopback. Load average (1, 5, 15 min) ${load.join(', ')} at start. The whole run took ${elapsed.toFixed(0)} s.`,
  '',
  `Default limits: ${LIMITS.unpaidOrders} unpaid orders, ${naira(LIMITS.unpaidValueKobo / 100)} held, ${LIMITS.productSharePercent} % of a product (shelf plus everything held unpaid, at least 1; for one account, and for the accounts of one address together), ${LIMITS.unpaidOrdersPerAddress} unpaid orders per address, ${LIMITS.ordersPerHour} orders an hour per customer and ${LIMITS.ordersPerHourPerAddress} per address, ${LIMITS.paymentCallsPerCustomer} / ${LIMITS.paymentCallsPerOrder} payment calls per customer / order in 10 minutes; long holds (transfer, pay on delivery) of every customer at most ${LIMITS.longHoldSharePercent} % of a product, per-address caps on long holds only, IPv6 keyed by its /64. Lifted: UNLIMITED_ORDERS_ENV and ADDRESS_IPV6_PREFIX=128.`,
  '',
  `| one account, ${duration} s flood, ${concurrency} requests at once | default limits | limits lifted |`,
  '| --- | ---: | ---: |',
  ...rows.map(([name, value]) => `| ${name} | ${value(withDefaults)} | ${value(lifted)} |`),
  '',
  '| the flood’s answers | default limits | limits lifted |',
  '| --- | ---: | ---: |',
  ...keys.map(
    (key) =>
      `| ${key} | ${count(withDefaults.flood.tally.counts.get(key) ?? 0)} | ${count(lifted.flood.tally.counts.get(key) ?? 0)} |`,
  ),
  '',
];
if (many) {
  lines.push(
    `| ${accountCount} accounts tried from one address, after the above (default limits) | |`,
    '| --- | ---: |',
    `| accounts registered | ${many.registered}${many.registrationRefused.length ? ` (then ${many.registrationRefused.join(', ')})` : ''} |`,
    `| orders placed / accepted | ${many.placements} / ${many.accepted} |`,
    ...[...many.tally.counts].map(([key, value]) => `| ${key} | ${value} |`),
    `| units held together | ${count(many.unitsHeld)} |`,
    `| value held together | ${naira(many.valueHeldNaira)} |`,
    `| products driven to 0 (of ${many.inStockBefore} in stock before) | ${many.drivenToZero} |`,
    `| products the accounts together hold more than the rule’s share of | ${many.togetherOverHalf} (largest ${percent(many.largestTogetherShare)}) |`,
    `| any one account beyond the rule | ${many.oneAccountOverRule} |`,
    `| cancel-and-reorder race (cancel 1 of ${LIMITS.unpaidOrders}, ${many.race.placed} orders at once) | ${many.race.cancelled ? 'cancelled' : 'not cancelled'}, ${many.race.accepted} accepted, ${many.race.unpaidAfter} unpaid after |`,
    '',
  );
}

lines.push(...holdAttacksTable(withDefaults.holds, lifted.holds));

const failures: string[] = [];
const holds = withDefaults.holds;
if (holds.nat.cardAccepted < holds.nat.cardTried) {
  failures.push(`${holds.nat.cardTried - holds.nat.cardAccepted} card orders behind one NAT address were refused`);
}
// The long holds' share is of the shelf plus what unpaid orders hold (they come back if unpaid).
if (holds.pod.unitsHeldByLongHolds > Math.max(1, Math.floor((holds.pod.total * LIMITS.longHoldSharePercent) / 100))) {
  failures.push(`long holds took ${holds.pod.unitsHeldByLongHolds} of ${holds.pod.total} units, beyond their share`);
}
if ((holds.alertLoop.byTemplate['stock-returned'] ?? 0) > 0) {
  failures.push('a stranger named by a guest was sent back-in-stock mail');
}
if (holds.reorder.reordersAccepted > 0) failures.push('cancel-and-reorder renewed a transfer hold');
for (const entry of withDefaults.hold.overRule) {
  failures.push(`the attacker held ${entry.held} of ${entry.product}, more than the rule's ${entry.most}`);
}
// A product down to its last unit can always be bought by someone (the rule's "at least one
// unit"): one that the attacker holds whole is noted, not failed; any other is a failure.
const allowedByFloor: string[] = [];
for (const entry of withDefaults.honest.notBought) {
  const held = withDefaults.attackerUnits.get(entry.productId) ?? 0;
  if (held >= entry.stockAtStart && ruleMax(entry.stockAtStart) >= entry.stockAtStart) {
    allowedByFloor.push(`${entry.product} (${entry.stockAtStart} at the start)`);
    continue;
  }
  failures.push(
    `the honest customer could not buy ${entry.product} (${entry.stockAtStart} at the start): ${entry.reason}`,
  );
}
if (allowedByFloor.length > 0) {
  lines.push(
    `Held whole by the attacker, as the rule's "at least one unit" allows for a product down to its last units: ${allowedByFloor.join(', ')}.`,
    '',
  );
}
for (const line of withDefaults.honest.few.filter((entry) => !entry.bought)) {
  failures.push(`the honest customer could not buy ${line.quantity} of ${line.product}: ${line.reason}`);
}
if (many && many.oneAccountOverRule > 0) {
  failures.push(`${many.oneAccountOverRule} holdings of one account from the shared address went beyond the rule`);
}
if (!withDefaults.hold.agrees || withDefaults.hold.unbalanced > 0) {
  failures.push('the API and the database disagree, or stock was lost or oversold');
}
lines.push(
  failures.length === 0
    ? `Verdict (default limits): passed. No product held beyond the rule by one account; the honest customer bought one of all ${withDefaults.honest.wanted} products in stock and ${honestFew(withDefaults.honest)} larger lines.`
    : `Verdict (default limits): FAILED. ${failures.join('; ')}.`,
  '',
);

const report = lines.join('\n');
appendFileSync(path.join(import.meta.dirname, 'RESULTS.md'), `\n${report}\n`);
console.log(`\n${report}`);
if (lifted.honest.notBought.length > 0) {
  console.log(
    `With the limits lifted the honest customer could not buy ${lifted.honest.notBought.length} products, e.g. ${lifted.honest.notBought
      .slice(0, 3)
      .map((entry) => `${entry.product} (${entry.reason})`)
      .join('; ')}.`,
  );
}
if (failures.length > 0) process.exitCode = 1;
