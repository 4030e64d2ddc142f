import type { ToolConnection } from './connection';
import { quote, type TableInfo } from './schema-info';

/**
 * What must be equal on both sides of a copy: the rows of every table, and the figures a shop
 * owner would notice first (orders and their totals per status, stock on the shelf, units sold).
 * Sums are decimal strings: no rounding, no overflow.
 */
export interface Checks {
  counts: Record<string, number>;
  sums: Record<string, string>;
}

export async function checksOf(connection: ToolConnection, tables: TableInfo[]): Promise<Checks> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await connection.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM public.${quote(table.name)}`,
    );
    counts[table.name] = Number(row?.count ?? 0);
  }
  const names = new Set(tables.map((table) => table.name));
  const sums: Record<string, string> = {};
  if (names.has('orders')) {
    const statuses = await connection.query<{ status: string; count: string; total: string }>(
      `SELECT status, count(*)::text AS count, coalesce(sum(total_kobo), 0)::text AS total
         FROM orders GROUP BY status ORDER BY status`,
    );
    for (const { status, count, total } of statuses) {
      sums[`orders ${status}: count`] = count;
      sums[`orders ${status}: total kobo`] = total;
    }
  }
  // A copy keeps the source's migration level: before migration 0014 stock and quantities were
  // whole pieces in `stock` and `quantity`; from it on, hundredths of the unit of sale.
  const has = (table: string, column: string) =>
    tables.some((info) => info.name === table && info.columns.some((c) => c.name === column));
  if (names.has('products')) {
    const hundredths = has('products', 'stock_hundredths');
    const [row] = await connection.query<{ stock: string }>(
      `SELECT coalesce(sum(${hundredths ? 'stock_hundredths' : 'stock'}), 0)::text AS stock FROM products`,
    );
    sums[hundredths ? 'products: stock (hundredths)' : 'products: stock'] = row?.stock ?? '0';
  }
  if (names.has('order_items')) {
    if (has('order_items', 'quantity_hundredths')) {
      // Quantities in hundredths of the unit, and each line's total as charged (after any break).
      const [row] = await connection.query<{ quantity: string; total: string }>(
        `SELECT coalesce(sum(quantity_hundredths), 0)::text AS quantity,
                coalesce(sum(line_total_kobo), 0)::text AS total FROM order_items`,
      );
      sums['order items: quantity (hundredths)'] = row?.quantity ?? '0';
      sums['order items: line total kobo'] = row?.total ?? '0';
    } else {
      const [row] = await connection.query<{ quantity: string }>(
        'SELECT coalesce(sum(quantity), 0)::text AS quantity FROM order_items',
      );
      sums['order items: quantity'] = row?.quantity ?? '0';
    }
  }
  return { counts, sums };
}

export interface CheckLine {
  name: string;
  expected: string;
  actual: string;
  ok: boolean;
}

/** Every count and sum of either side, side by side. */
export function compareChecks(expected: Checks, actual: Checks): CheckLine[] {
  const lines: CheckLine[] = [];
  for (const [kind, left, right] of [
    ['rows', expected.counts, actual.counts],
    ['', expected.sums, actual.sums],
  ] as const) {
    const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
    for (const key of kind === 'rows' ? keys : keys.sort()) {
      const a = left[key] === undefined ? '-' : String(left[key]);
      const b = right[key] === undefined ? '-' : String(right[key]);
      lines.push({ name: kind ? `${key}: rows` : key, expected: a, actual: b, ok: a === b });
    }
  }
  return lines;
}

export function formatChecks(lines: CheckLine[], headings: [string, string]): string {
  const width = Math.max(...lines.map((line) => line.name.length), 10);
  const column = Math.max(headings[0].length, ...lines.map((line) => line.expected.length)) + 2;
  const header = `${''.padEnd(width)}  ${headings[0].padStart(column)}  ${headings[1].padStart(column)}`;
  return [
    header,
    ...lines.map(
      (line) =>
        `${line.name.padEnd(width)}  ${line.expected.padStart(column)}  ${line.actual.padStart(column)}${line.ok ? '' : '  MISMATCH'}`,
    ),
  ].join('\n');
}
