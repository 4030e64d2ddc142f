// bench:abuse's second part (decision 039): the attacks that found holds with no end and mail
// aimed at strangers, each run against the same shop as the flood, with the default limits and
// with them lifted. Every request goes over HTTP to the built shop on loopback; the database is
// read only to count what was held and what was mailed, and to mark the attackers' own addresses
// verified (an attacker can click their own links).
//
// 1. IPv6 rotation: one /64 (one home line), a new address of it for every account; each account
//    places an unpaid transfer.
// 2. One carrier NAT address: 30 accounts behind it; the first 20 fill the address's transfers,
//    then every account places a card order, which must go through.
// 3. Pay on delivery across many accounts, each on an address of its own, on one scarce product:
//    each holds what it may; then an honest card buyer takes what is left.
// 4. The alert mail loop: accounts buy a product out, a guest asks a back-in-stock alert for a
//    stranger's address, the orders are cancelled; five times. What the stranger was sent.
// 5. Cancel-and-reorder: one account holds its share of a product by transfer, cancels, places it
//    again; ten times.
import pg from 'pg';
import { type Customer, type Product, placeOrder, readCatalogue, register, Visitor } from './abuse-client';

// Documentation ranges (RFC 3849, RFC 5737): header values only, never an address contacted.
const LINE = '2001:db8:66:1';
const NAT = '192.0.2.180';
const VICTIM = 'stranger.victim@example.com';

export interface HoldAttacks {
  rotation: { tried: number; registered: number; transfersAccepted: number };
  nat: { accounts: number; transfersAccepted: number; cardTried: number; cardAccepted: number };
  pod: {
    product: string;
    stock: number;
    /** What the shop has of it as the limits count it: the shelf plus what unpaid orders hold and may give back. */
    total: number;
    accounts: number;
    podAccepted: number;
    unitsHeldByLongHolds: number;
    /** On the shelf after the attack: what card buyers can still order. */
    leftOnShelf: number;
    /** What one honest card buyer's orders then took (one customer's share of it, unpaid). */
    honestBought: number;
  };
  alertLoop: { cycles: number; mailsToStranger: number; byTemplate: Record<string, number> };
  reorder: { rounds: number; reordersAccepted: number };
}

async function query<Row extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The attacker clicked the verification link of an address they own. */
async function verified(databaseUrl: string, customer: Customer): Promise<Customer> {
  await query(databaseUrl, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [customer.id]);
  return customer;
}

/** Accounts registered `count` at a time from `addressOf(index)`; those the shop refused are left out. */
async function accounts(base: string, count: number, addressOf: (index: number) => string, label: string) {
  const made: Customer[] = [];
  for (let index = 0; index < count; index += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, count - index) }, (_, offset) =>
        register(base, addressOf(index + offset), label, () => {}),
      ),
    );
    for (const account of batch) if (account) made.push(account);
  }
  return made;
}

/** Orders `product` for `customer` as much as the shop lets it: the largest of a halving ladder. */
async function holdMost(
  customer: Customer,
  product: Product,
  wanted: number,
  method: 'card' | 'bankTransfer' | 'payOnDelivery',
): Promise<number> {
  for (let quantity = wanted; quantity >= 1; quantity = Math.floor(quantity / 2)) {
    const answer = await placeOrder(customer, [{ product, quantity }], method);
    if (answer.status === 201) return quantity;
  }
  return 0;
}

async function shelfOf(reader: Visitor, productId: string): Promise<number> {
  const answer = await reader.call('GET', `/api/products/${productId}`);
  return Number((answer.body as { product?: { stock?: number } }).product?.stock ?? 0);
}

async function rotation(base: string): Promise<HoldAttacks['rotation']> {
  const tried = 40;
  const made = await accounts(base, tried, (index) => `${LINE}::${(index + 1).toString(16)}`, 'rotating');
  const reader = new Visitor(base, `${LINE}::ffff`);
  const product = (await readCatalogue(reader)).filter((entry) => entry.stock >= 100).at(-1);
  let transfersAccepted = 0;
  if (product) {
    for (const account of made) {
      if ((await placeOrder(account, [{ product, quantity: 1 }], 'bankTransfer')).status === 201) transfersAccepted++;
    }
  }
  return { tried, registered: made.length, transfersAccepted };
}

async function nat(base: string): Promise<HoldAttacks['nat']> {
  const made = await accounts(base, 30, () => NAT, 'nat');
  const reader = new Visitor(base, NAT);
  const product = (await readCatalogue(reader)).filter((entry) => entry.stock >= 100).at(-2);
  let transfersAccepted = 0;
  let cardAccepted = 0;
  if (product) {
    for (const account of made.slice(0, 20)) {
      if ((await placeOrder(account, [{ product, quantity: 1 }], 'bankTransfer')).status === 201) transfersAccepted++;
    }
    for (const account of made) {
      if ((await placeOrder(account, [{ product, quantity: 1 }], 'card')).status === 201) cardAccepted++;
    }
  }
  return { accounts: made.length, transfersAccepted, cardTried: made.length, cardAccepted };
}

async function payOnDelivery(base: string, databaseUrl: string): Promise<HoldAttacks['pod']> {
  const reader = new Visitor(base, '198.51.100.90');
  // A scarce product pay on delivery takes whole (its cap is ₦150,000 an order).
  // The dearest that still fits: the accounts of one address before took the cheapest to empty.
  const product = (await readCatalogue(reader))
    .filter((entry) => entry.stock >= 10 && entry.stock <= 40 && entry.price * entry.stock <= 100_000)
    .sort((a, b) => b.price - a.price)
    .at(0);
  if (!product)
    return {
      product: '—',
      stock: 0,
      accounts: 0,
      podAccepted: 0,
      unitsHeldByLongHolds: 0,
      leftOnShelf: 0,
      honestBought: 0,
      total: 0,
    };
  const [held] = await query<{ units: number }>(
    databaseUrl,
    `SELECT (coalesce(sum(i.quantity_hundredths), 0) / 100.0)::float8 AS units
       FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE i.product_id = $1 AND o.payment_status = 'UNPAID'
        AND (o.status = 'PENDING' OR (o.payment_method = 'payOnDelivery' AND o.status <> 'CANCELLED'))`,
    [product.id],
  );
  const total = product.stock + (held?.units ?? 0);
  const count = 10;
  const made = await accounts(base, count, (index) => `198.51.100.${100 + index}`, 'pod');
  let podAccepted = 0;
  let unitsHeldByLongHolds = 0;
  for (const account of made) {
    await verified(databaseUrl, account);
    const held = await holdMost(account, product, product.stock, 'payOnDelivery');
    if (held > 0) podAccepted++;
    unitsHeldByLongHolds += held;
  }
  const honest = await register(base, '198.51.100.99', 'honest');
  const left = await shelfOf(reader, product.id);
  const honestBought = honest && left > 0 ? await holdMost(honest, product, left, 'card') : 0;
  return {
    product: product.name,
    stock: product.stock,
    total,
    accounts: made.length,
    podAccepted,
    unitsHeldByLongHolds,
    leftOnShelf: left,
    honestBought,
  };
}

async function alertLoop(base: string, databaseUrl: string): Promise<HoldAttacks['alertLoop']> {
  const reader = new Visitor(base, '198.51.100.150');
  const product = (await readCatalogue(reader)).filter((entry) => entry.stock >= 1 && entry.stock <= 6).at(0);
  const cycles = 5;
  if (product) {
    const buyers = await accounts(base, 8, (index) => `198.51.100.${160 + index}`, 'looper');
    const guest = new Visitor(base, '198.51.100.170');
    for (let cycle = 0; cycle < cycles; cycle++) {
      // Out of stock: the buyers' card orders take the shelf.
      for (const buyer of buyers) {
        const left = await shelfOf(reader, product.id);
        if (left <= 0) break;
        await holdMost(buyer, product, left, 'card');
      }
      await guest.call('POST', `/api/products/${product.id}/stock-alerts`, { email: VICTIM });
      // Back on the shelf: every unpaid order cancelled.
      for (const buyer of buyers) {
        const mine = await buyer.visitor.call('GET', '/api/orders/my-orders');
        const open = ((mine.body as { orders?: { id: string; status: string }[] }).orders ?? []).filter(
          (order) => order.status === 'PENDING',
        );
        for (const order of open) await buyer.visitor.call('POST', `/api/orders/${order.id}/cancel`, {});
      }
      // The restock's alerts go out through the outbox: give its worker a round.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    }
  }
  const rows = await query<{ template: string; n: number }>(
    databaseUrl,
    `SELECT payload->>'template' AS template, count(*)::int AS n FROM outbox
      WHERE lower(payload->>'to') = $1 GROUP BY 1 ORDER BY 1`,
    [VICTIM],
  );
  const byTemplate = Object.fromEntries(rows.map((row) => [row.template, row.n]));
  return { cycles, mailsToStranger: rows.reduce((sum, row) => sum + row.n, 0), byTemplate };
}

async function reorder(base: string): Promise<HoldAttacks['reorder']> {
  const account = await register(base, '198.51.100.200', 'reorder');
  const reader = new Visitor(base, '198.51.100.200');
  const product = (await readCatalogue(reader)).filter((entry) => entry.stock >= 20).at(-3);
  const rounds = 10;
  let reordersAccepted = 0;
  if (account && product) {
    const first = await placeOrder(account, [{ product, quantity: Math.floor(product.stock / 2) }], 'bankTransfer');
    let current = first.status === 201 ? String((first.body.order as { id: string }).id) : null;
    for (let round = 0; round < rounds && current; round++) {
      await account.visitor.call('POST', `/api/orders/${current}/cancel`, {});
      const again = await placeOrder(account, [{ product, quantity: Math.floor(product.stock / 2) }], 'bankTransfer');
      current = again.status === 201 ? String((again.body.order as { id: string }).id) : null;
      if (current) reordersAccepted++;
    }
  }
  return { rounds, reordersAccepted };
}

/** The five attacks, one after the other, against the shop at `base`. */
export async function holdAttacks(base: string, databaseUrl: string): Promise<HoldAttacks> {
  console.log('  IPv6 /64 rotation…');
  const rotationResult = await rotation(base);
  console.log('  30 accounts behind one NAT address…');
  const natResult = await nat(base);
  console.log('  pay on delivery across many accounts…');
  const podResult = await payOnDelivery(base, databaseUrl);
  console.log('  the alert mail loop…');
  const alertResult = await alertLoop(base, databaseUrl);
  console.log('  cancel-and-reorder…');
  const reorderResult = await reorder(base);
  return { rotation: rotationResult, nat: natResult, pod: podResult, alertLoop: alertResult, reorder: reorderResult };
}

/** The report's table: each attack with the default limits and with them lifted. */
export function holdAttacksTable(withDefaults: HoldAttacks, lifted: HoldAttacks): string[] {
  const templates = (result: HoldAttacks) =>
    Object.entries(result.alertLoop.byTemplate)
      .map(([template, n]) => `${n} ${template}`)
      .join(', ') || 'none';
  const rows: [string, (result: HoldAttacks) => string][] = [
    [
      'IPv6: accounts registered from one /64, a new address each',
      (r) => `${r.rotation.registered} of ${r.rotation.tried}`,
    ],
    ['IPv6: unpaid transfers those accounts hold', (r) => String(r.rotation.transfersAccepted)],
    ['NAT: unpaid transfers from 20 of 30 accounts behind one address', (r) => `${r.nat.transfersAccepted} of 20`],
    ['NAT: card orders then placed by each of the 30', (r) => `${r.nat.cardAccepted} of ${r.nat.cardTried}`],
    [
      'POD: units of one scarce product held unpaid by 10 accounts on 10 addresses',
      (r) =>
        `${r.pod.unitsHeldByLongHolds} (${r.pod.podAccepted} orders) of ${r.pod.stock} on the shelf, ${r.pod.total} with what unpaid orders held; ${r.pod.product}`,
    ],
    ['POD: left on the shelf for card buyers', (r) => `${r.pod.leftOnShelf} of ${r.pod.stock}`],
    ['POD: what one honest card buyer then ordered', (r) => `${r.pod.honestBought} of ${r.pod.stock}`],
    [
      'alert loop: mails sent to a stranger named by a guest',
      (r) => `${r.alertLoop.mailsToStranger} in ${r.alertLoop.cycles} cycles (${templates(r)})`,
    ],
    [
      'cancel-and-reorder of half a product by transfer',
      (r) => `${r.reorder.reordersAccepted} of ${r.reorder.rounds} reorders accepted`,
    ],
  ];
  return [
    '| the attacks of decision 039 | default limits | limits lifted |',
    '| --- | ---: | ---: |',
    ...rows.map(([name, value]) => `| ${name} | ${value(withDefaults)} | ${value(lifted)} |`),
    '',
  ];
}
