import { readFileSync } from 'node:fs';
import path from 'node:path';
import { nigerianMobile } from '@shop/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { serverRoot } from '../lib/package-root';

// 0010_phone_numbers.sql brings the phone numbers stored before decision 021 to the one form
// the shared rule keeps (+2348031234567 for a Nigerian mobile). Its SQL and the TypeScript rule
// must say the same of every number: the migration's own statements are run here, on a database
// already migrated, against numbers the TypeScript rule is asked about too.

const migration = readFileSync(path.join(serverRoot, 'src/db/migrations/0010_phone_numbers.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim());
const [createFunction, updateUsers, updateOrders, dropFunction] = migration as [string, string, string, string];

/** Numbers as people typed them, Nigerian mobiles or not, and a few that only look like one. */
const SAMPLES = [
  '08031234567',
  '0803 123 4567',
  '0803-123-4567',
  '(0803) 123.4567',
  '+2348031234567',
  '+234 803 123 4567',
  '2348031234567',
  '234 803 123 4567',
  '+234 0803 123 4567',
  '+2340803 1234567',
  '2340803-123-4567',
  '07061234567',
  '09171234567',
  '08111234567',
  '0803\u00a0123\u00a04567',
  '0803\u2009123\u30004567',
  '\ufeff08031234567',
  // Not Nigerian mobiles: kept as they are.
  '08221234567',
  '06031234567',
  '0803123456',
  '080312345678',
  '+2348221234567',
  '+44 20 7946 0958',
  '+447946095812',
  '12025550143',
  '+233201234567',
  '00 234 803 123 4567',
  '0803 123 4567 ext 2',
  '+234+8031234567',
  '٠٨٠٣١٢٣٤٥٦٧',
  '',
  'call me',
];

/** Strings built from the pieces phone numbers are made of, so many of them are near misses. */
const typedNumber = fc
  .array(
    fc.constantFrom(
      '0',
      '1',
      '2',
      '3',
      '4',
      '7',
      '8',
      '9',
      '803',
      '0803',
      '234',
      '+',
      '+234',
      '1234567',
      ' ',
      '-',
      '.',
      '(',
      ')',
      '\u00a0',
      '\u2009',
      '\u3000',
      '\ufeff',
      '\u0085',
      '/',
      'x',
      '٣',
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(''));
/** A real mobile with separators sprinkled in. */
const sprinkledMobile = fc
  .tuple(
    fc.constantFrom('0', '234', '+234', '2340', '+2340'),
    fc.constantFrom('7', '8', '9'),
    fc.constantFrom('0', '1'),
    fc.stringMatching(/^\d{8}$/),
    fc.array(fc.constantFrom(' ', '-', '.', '(', ')', '\u00a0'), { maxLength: 3 }),
  )
  .map(([prefix, first, second, rest, separators]) => {
    const digits = `${prefix}${first}${second}${rest}`;
    const at = Math.min(separators.length * 3, digits.length);
    return `${digits.slice(0, at)}${separators.join('')}${digits.slice(at)}`;
  });

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await testDatabase.database.migrate();
});
afterAll(async () => testDatabase.drop());

async function sqlNigerianMobile(numbers: string[]): Promise<(string | null)[]> {
  const rows = await testDatabase.database.query<{ mobile: string | null }>(
    `SELECT shop_nigerian_mobile(typed) AS mobile FROM unnest($1::text[]) WITH ORDINALITY AS sample(typed, n) ORDER BY n`,
    [numbers],
  );
  return rows.map((row) => row.mobile);
}

describe('0010_phone_numbers.sql', () => {
  it('finds the same Nigerian mobiles as the shared rule, in the samples and in generated numbers', async () => {
    await testDatabase.database.query(createFunction);
    try {
      expect(await sqlNigerianMobile(SAMPLES)).toEqual(SAMPLES.map(nigerianMobile));
      // The samples are not all of one kind: both answers appear.
      expect(SAMPLES.map(nigerianMobile).filter(Boolean).length).toBeGreaterThan(10);
      expect(SAMPLES.map(nigerianMobile).filter((mobile) => mobile === null).length).toBeGreaterThan(10);

      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(typedNumber, sprinkledMobile), { minLength: 1, maxLength: 40 }),
          async (numbers) => {
            expect(await sqlNigerianMobile(numbers)).toEqual(numbers.map(nigerianMobile));
          },
        ),
        { numRuns: 150 },
      );
    } finally {
      await testDatabase.database.query(dropFunction);
    }
  });

  it('rewrites the Nigerian mobiles of users and orders, and leaves every other number and field as it was', async () => {
    const db = testDatabase.database;
    const stored = [...SAMPLES, null];
    const userIds: string[] = [];
    for (const [index, phone] of stored.entries()) {
      const [user] = await db.query<{ id: string }>(
        `INSERT INTO users (first_name, last_name, email, password_hash, phone_number)
         VALUES ('Ada', 'Obi', $1, 'x', $2) RETURNING id`,
        [`phone-${index}@example.com`, phone],
      );
      if (!user) throw new Error('no user');
      userIds.push(user.id);
      await db.query(
        `INSERT INTO orders (order_number, user_id, customer_first_name, customer_last_name, customer_email,
                             delivery_method, payment_method, subtotal_kobo, delivery_fee_kobo, total_kobo,
                             shipping_address)
         VALUES ($1, $2, 'Ada', 'Obi', 'ada@example.com', 'EXPRESS', 'card', 100, 0, 100, $3::jsonb)`,
        [
          `TS-PHONE${index}`,
          user.id,
          JSON.stringify({
            firstName: 'Ada',
            lastName: 'Obi',
            email: 'ada@example.com',
            phoneNumber: phone,
            address: '12 Balogun Street',
            city: 'Lagos',
            state: 'Lagos',
            zipCode: '100001',
            country: 'Nigeria',
          }),
        ],
      );
    }

    // Twice: a second run finds nothing left to change.
    for (let run = 0; run < 2; run++) {
      for (const statement of [createFunction, updateUsers, updateOrders, dropFunction]) await db.query(statement);
    }

    const expected = stored.map((phone) => (phone === null ? null : (nigerianMobile(phone) ?? phone)));
    const users = await db.query<{ id: string; phone_number: string | null }>(
      'SELECT id, phone_number FROM users WHERE id = ANY($1::uuid[])',
      [userIds],
    );
    const byId = new Map(users.map((user) => [user.id, user.phone_number]));
    expect(userIds.map((id) => byId.get(id))).toEqual(expected);
    expect(byId.get(userIds[1] ?? '')).toBe('+2348031234567');
    expect(byId.get(userIds[22] ?? '')).toBe('+44 20 7946 0958');

    const orders = await db.query<{ order_number: string; shipping_address: Record<string, unknown> }>(
      `SELECT order_number, shipping_address FROM orders WHERE order_number LIKE 'TS-PHONE%'`,
    );
    const byNumber = new Map(orders.map((order) => [order.order_number, order.shipping_address]));
    stored.forEach((phone, index) => {
      expect(byNumber.get(`TS-PHONE${index}`), String(phone)).toEqual({
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'ada@example.com',
        phoneNumber: expected[index],
        address: '12 Balogun Street',
        city: 'Lagos',
        state: 'Lagos',
        zipCode: '100001',
        country: 'Nigeria',
      });
    });
    // The function was only the migration's.
    const [left] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_proc WHERE proname = 'shop_nigerian_mobile'`,
    );
    expect(left?.count).toBe(0);
  });
});
