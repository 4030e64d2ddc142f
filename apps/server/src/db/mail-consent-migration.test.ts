import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { createProduct } from '../../test/orders';
import { serverRoot } from '../lib/package-root';
import { addressHash } from '../mail/mail-consent';

// 0020_mail_consent.sql carries what people asked before it into the new rules: every address
// that had unsubscribed (from the newsletter, or from a back-in-stock email) goes on the one list,
// hashed as the server hashes; an open alert stays only when a signed-in customer asked for the
// account's own address. Its data statements are run here again, on a database already migrated,
// over rows as the shop had them before.

const statements = readFileSync(path.join(serverRoot, 'src/db/migrations/0020_mail_consent.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim());
/** The statement that does this (its SQL, comments before it included). */
const statement = (pattern: RegExp) => {
  const found = statements.find((candidate) => pattern.test(candidate));
  if (!found) throw new Error(`no statement matches ${pattern}`);
  return found;
};
const fillList = statement(/INSERT INTO "mail_unsubscribed"/);
const keepOwn = statement(/UPDATE "stock_alerts" AS "a" SET "confirmed_at"/);
const closeOthers = statement(/UPDATE "stock_alerts" SET "cancelled_at" = now\(\)/);

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await testDatabase.database.migrate();
});
afterAll(async () => testDatabase?.drop());

describe('migration 0020', () => {
  it('puts every address that unsubscribed on the hashed list, and keeps only the alerts their own address asked for', async () => {
    const { database } = testDatabase;
    await database.query(
      `INSERT INTO newsletter_subscribers (email, active, unsubscribe_token) VALUES
         ('Stays@Example.com', true, 'token-stays-aaaaaaaaaaaaaaaa'),
         ('Left@Example.com', false, 'token-left-aaaaaaaaaaaaaaaaa'),
         ('both@example.com', false, 'token-both-aaaaaaaaaaaaaaaaa')`,
    );
    const product = await createProduct(database, { stock: 0 });
    const [user] = await database.query<{ id: string }>(
      `INSERT INTO users (first_name, last_name, email, password_hash) VALUES ('Ada', 'Obi', 'Ada.Obi@example.com', 'x')
       RETURNING id`,
    );
    await database.query(
      `INSERT INTO stock_alerts (product_id, email, user_id, unsubscribe_token_hash, notified_at, cancelled_at) VALUES
         ($1, 'alert.leaver@example.com', NULL, 'hash-1', now() - interval '2 days', now() - interval '1 day'),
         ($1, 'both@example.com', NULL, 'hash-2', now() - interval '2 days', now()),
         ($1, 'guest@example.com', NULL, NULL, NULL, NULL),
         ($1, 'ada.obi@example.com', $2, NULL, NULL, NULL),
         ($1, 'not.ada@example.com', $2, NULL, NULL, NULL)`,
      [product.id, user?.id],
    );
    await database.query('DELETE FROM mail_unsubscribed');

    for (const sql of [fillList, keepOwn, closeOthers]) await database.query(sql);

    const listed = await database.query<{ email_hash: string }>('SELECT email_hash FROM mail_unsubscribed');
    expect(listed.map((row) => row.email_hash).sort()).toEqual(
      ['left@example.com', 'both@example.com', 'alert.leaver@example.com'].map(addressHash).sort(),
    );
    const alerts = await database.query<{ email: string; open: boolean; confirmed: boolean }>(
      `SELECT email, (notified_at IS NULL AND cancelled_at IS NULL) AS open, confirmed_at IS NOT NULL AS confirmed
         FROM stock_alerts WHERE product_id = $1 ORDER BY email`,
      [product.id],
    );
    expect(alerts.filter((alert) => alert.open)).toEqual([
      { email: 'ada.obi@example.com', open: true, confirmed: true },
    ]);
  });
});
