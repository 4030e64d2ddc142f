import { type SQL, sql } from 'drizzle-orm';

/**
 * A LIKE pattern written into the statement as a string literal rather than sent as a parameter.
 * The PostgreSQL pool plans every statement once, generically (`plan_cache_mode =
 * force_generic_plan`, db/client.ts), and a generic plan cannot use a pattern index (btree
 * `text_pattern_ops`, pg_trgm) for `LIKE $1`: it must see the pattern. The value is quoted as an
 * E'' literal with `\` and `'` doubled, so nothing in it can end the literal; search texts are
 * already checked by `text()` (no control characters, at most 100 characters).
 */
export function likePattern(pattern: string): SQL {
  return sql.raw(`E'${pattern.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`);
}
