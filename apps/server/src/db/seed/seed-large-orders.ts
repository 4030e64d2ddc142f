// The orders part of `npm run seed:large -- --orders 100000`: a few thousand customers and their
// orders over the last 120 days, for the admin benchmarks (bench/admin.ts). Everything is made by
// INSERT … SELECT over generate_series in the database, a batch at a time, so 100,000 orders
// with their lines take seconds, not minutes. Existing orders are kept and counted.
import { DELIVERY_FEE_KOBO, LAGOS_AREAS } from '@shop/shared';
import type { Database } from '../client';

const BATCH = 20_000;
/** The order number's alphabet (orders.service.ts): no 0/O, 1/I/L, 5/S, 8/B. */
const ALPHABET = '234679ACDEFGHJKMNPQRTUVWXYZ';
const FIRST_NAMES = [
  'Adaeze',
  'Babatunde',
  'Chiamaka',
  'Damilola',
  'Emeka',
  'Folake',
  'Gbenga',
  'Halima',
  'Ifeoma',
  'Jide',
  'Kemi',
  'Lanre',
  'Musa',
  'Nneka',
  'Obinna',
  'Patience',
  'Rukayat',
  'Segun',
  'Temitope',
  'Uche',
  'Yetunde',
  'Zainab',
];
const LAST_NAMES = [
  'Adeyemi',
  'Bello',
  'Chukwu',
  'Danjuma',
  'Eze',
  'Fashola',
  'Garba',
  'Ibrahim',
  'Johnson',
  'Kalu',
  'Lawal',
  'Mohammed',
  'Nwosu',
  'Okafor',
  'Okonkwo',
  'Olawale',
  'Salami',
  'Usman',
  'Williams',
  'Yusuf',
];
const CITIES = ['Lagos', 'Ibadan', 'Abuja', 'Port Harcourt', 'Kano', 'Enugu', 'Benin City', 'Abeokuta'];

const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Adds customers (up to `customers`) and orders until the shop holds `target` orders. Mix: about
 * 75% card and 25% bank transfer; 8% PENDING unpaid, 15% PROCESSING, 15% SHIPPED, 50% DELIVERED
 * (all paid), 12% CANCELLED (a third of them refunded); 1 to 4 lines of 1 to 5 each.
 */
export async function seedLargeOrders(database: Database, target: number, customers = 3_000) {
  const started = Date.now();
  await database.query(
    `INSERT INTO users (first_name, last_name, email, password_hash, phone_number, address)
     SELECT (${sqlArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}],
            (${sqlArray(LAST_NAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
            'customer' || n || '@bench.example.com',
            '!seeded-no-login', '+234803' || lpad(n::text, 7, '0'), n || ' Allen Avenue'
       FROM generate_series(1, $1::int) AS n
     ON CONFLICT DO NOTHING`,
    [customers],
  );
  const [{ count: before } = { count: 0 }] = await database.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM orders',
  );
  const [{ products } = { products: 0 }] = await database.query<{ products: number }>(
    'SELECT count(*)::int AS products FROM products',
  );
  if (products === 0) throw new Error('seed the catalogue first: orders need products');
  const fees = `jsonb_build_object('PICKUP', ${DELIVERY_FEE_KOBO.PICKUP}, 'STANDARD', ${DELIVERY_FEE_KOBO.STANDARD}, 'REGULAR', ${DELIVERY_FEE_KOBO.REGULAR}, 'EXPRESS', ${DELIVERY_FEE_KOBO.EXPRESS})`;

  for (let made = before; made < target; made += BATCH) {
    const from = made + 1;
    const to = Math.min(target, made + BATCH);
    await database.query(
      `WITH buyers AS (
         SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE '%@bench.example.com'
       ), picked AS (
         SELECT n, h, (SELECT ids FROM buyers) AS ids,
                ('{PICKUP,STANDARD,REGULAR,EXPRESS}'::text[])[1 + (h / 7) % 4] AS delivery,
                CASE WHEN (h / 11) % 4 = 0 THEN 'bankTransfer' ELSE 'card' END AS method,
                CASE WHEN h % 100 < 8 THEN 'PENDING' WHEN h % 100 < 23 THEN 'PROCESSING'
                     WHEN h % 100 < 38 THEN 'SHIPPED' WHEN h % 100 < 88 THEN 'DELIVERED' ELSE 'CANCELLED' END AS status,
                CASE WHEN h % 100 < 8 THEN 'UNPAID' WHEN h % 100 < 88 THEN 'PAID'
                     WHEN h % 3 = 0 THEN 'REFUNDED' ELSE 'UNPAID' END AS payment,
                -- Pending orders are of the last day, so the expiry job leaves them alone.
                now() - make_interval(secs => (h % (CASE WHEN h % 100 < 8 THEN 86400 ELSE 120 * 86400 END))::double precision) AS created
           FROM (SELECT n, ((n::bigint * 2654435761) % 4294967291)::bigint AS h
                   FROM generate_series($1::int, $2::int) AS n) numbers
       )
       INSERT INTO orders (order_number, user_id, customer_first_name, customer_last_name, customer_email, status,
                           payment_status, delivery_method, payment_method, subtotal_kobo, delivery_fee_kobo,
                           total_kobo, shipping_address, transaction_id, paid_at, created_at, updated_at)
       SELECT 'TS-' || (SELECT string_agg(substr('${ALPHABET}', 1 + ((p.n::bigint * 1000003) / (27::bigint ^ k)::bigint % 27)::int, 1), '' ORDER BY k)
                          FROM generate_series(0, 7) AS k),
              u.id, u.first_name, u.last_name, u.email, p.status, p.payment, p.delivery, p.method,
              0, (${fees} ->> p.delivery)::int, 0,
              jsonb_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email,
                                 'phoneNumber', u.phone_number, 'address', u.address,
                                 'city', (${sqlArray(CITIES)})[1 + p.h % ${CITIES.length}], 'state', 'Lagos',
                                 'area', (${sqlArray(LAGOS_AREAS)})[1 + (p.h / 13) % ${LAGOS_AREAS.length}],
                                 'zipCode', '100001', 'country', 'Nigeria'),
              CASE WHEN p.payment = 'UNPAID' THEN NULL
                   WHEN p.method = 'card' THEN (4000000000 + p.n)::text ELSE 'transfer:seed' END,
              CASE WHEN p.payment = 'UNPAID' THEN NULL ELSE p.created + interval '7 minutes' END,
              p.created, p.created
         FROM picked p
         JOIN users u ON u.id = p.ids[1 + p.h % array_length(p.ids, 1)]
       ON CONFLICT (order_number) DO NOTHING`,
      [from, to],
    );
    // 1 to 4 lines per new order (of this batch: no line yet), a product and 1 to 5 of it.
    await database.query(
      `WITH catalogue AS (SELECT array_agg(id ORDER BY id) AS ids FROM products),
            fresh AS (SELECT o.id, o.created_at, abs(hashtext(o.id::text))::bigint AS h
                        FROM orders o WHERE o.subtotal_kobo = 0 AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)),
            lines AS (
              SELECT f.id AS order_id, f.created_at, line,
                     (SELECT ids FROM catalogue)[1 + ((f.h + line * 7919) % (SELECT array_length(ids, 1) FROM catalogue))] AS product_id,
                     1 + (f.h / (line + 3)) % 5 AS quantity
                FROM fresh f, generate_series(1, 1 + (f.h % 4)::int) AS line
            )
       -- Whole units (on every demo step); the unit price after the product's price break, if the
       -- quantity reaches one (units.ts unitPriceKobo); a whole quantity never rounds.
       INSERT INTO order_items (order_id, product_id, name, image, price_kobo, quantity_hundredths, unit, pack_size,
                                pack_item_name, list_price_kobo, line_total_kobo, created_at)
       SELECT l.order_id, p.id, p.name, p.images->>0, u.price, l.quantity * 100, p.unit, p.pack_size, p.pack_item_name,
              CASE WHEN u.price < p.price_kobo THEN p.price_kobo END, u.price::bigint * l.quantity, l.created_at
         FROM lines l JOIN products p ON p.id = l.product_id
         CROSS JOIN LATERAL (
           SELECT least(p.price_kobo, coalesce(min((b.line->>'priceKobo')::int), p.price_kobo)) AS price
             FROM jsonb_array_elements(p.price_breaks) AS b(line)
            WHERE (b.line->>'minHundredths')::int <= l.quantity * 100
         ) u`,
    );
    await database.query(
      `UPDATE orders o SET subtotal_kobo = t.subtotal, total_kobo = t.subtotal + o.delivery_fee_kobo
         FROM (SELECT order_id, sum(line_total_kobo)::int AS subtotal FROM order_items GROUP BY order_id) t
        WHERE o.subtotal_kobo = 0 AND t.order_id = o.id`,
    );
    console.log(`orders: ${to} of ${target}`);
  }
  await database.query('VACUUM ANALYZE orders');
  await database.query('VACUUM ANALYZE order_items');
  await database.query('VACUUM ANALYZE users');
  const [{ count: after } = { count: 0 }] = await database.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM orders',
  );
  return { before, after, ms: Date.now() - started };
}
