/**
 * How long one statement may run, and wait for a lock, on PostgreSQL (0: no bound). A request's
 * statements are short (an admin's orders list over 100,000 orders answers in 65 ms at p99,
 * bench/RESULTS.md), so 15 s means something is wrong; a lock is held for milliseconds by an order or a
 * payment, so 5 s of waiting means a stuck transaction, and the request answers 503 with
 * Retry-After instead of holding its connection (and the customer) without end. Migrations,
 * the demo catalogue, a CSV import and the database tools take `jobMs` instead.
 */
export interface QueryBounds {
  statementMs: number;
  lockMs: number;
  jobMs: number;
}

export const QUERY_BOUNDS_DEFAULT: QueryBounds = { statementMs: 15_000, lockMs: 5_000, jobMs: 600_000 };
