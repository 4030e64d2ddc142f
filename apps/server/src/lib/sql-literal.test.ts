import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { likePattern } from './sql-literal';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => test?.drop());

// Everything text(100) lets through that means something to a string literal or to LIKE.
const HOSTILE = [
  "'",
  "\\'",
  "\\\\'",
  "' OR 1=1 --",
  "'); DROP TABLE orders; --",
  '\\',
  'ends with a backslash\\',
  '\\x27\\u0027\\047',
  "$$'$$",
  '%_\\%\\_',
  'Ọ̀ṣun 日本語 🧵 \u2028\u2029',
  'İstanbul ß ﬀ',
];

describe('likePattern', () => {
  for (const conforming of ['on', 'off']) {
    it(`reads back exactly what it was given, standard_conforming_strings ${conforming}`, async () => {
      await test.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL standard_conforming_strings = ${conforming}`));
        for (const value of HOSTILE) {
          const result = (await tx.execute(
            sql`SELECT ${likePattern(value)} AS literal, ${value}::text AS param`,
          )) as unknown as {
            rows: { literal: string; param: string }[];
          };
          expect(result.rows).toEqual([{ literal: value, param: value }]);
        }
      });
    });
  }
});
