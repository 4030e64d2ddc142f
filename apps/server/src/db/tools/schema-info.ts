import { journal, type ToolConnection, ToolError } from './connection';

/** A table of the shop (schema public) and its stored columns, with their SQL types for input casts. */
export interface TableInfo {
  name: string;
  columns: { name: string; type: string }[];
}

export interface SequenceValue {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** How far a database is migrated: the number of the project's migrations applied, and the last one's tag. */
export interface MigrationLevel {
  level: number;
  tag: string | null;
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables of the shop, each after every table its foreign keys point at. */
export async function tablesOf(connection: ToolConnection): Promise<TableInfo[]> {
  const columns = await connection.query<{ table_name: string; column_name: string; type: string }>(
    `SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
        AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
  );
  const references = await connection.query<{ table_name: string; referenced: string }>(
    `SELECT c.relname AS table_name, r.relname AS referenced
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_class r ON r.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> r.oid`,
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [] };
    table.columns.push({ name: row.column_name, type: row.type });
    tables.set(row.table_name, table);
  }
  const dependsOn = new Map<string, Set<string>>([...tables.keys()].map((name) => [name, new Set<string>()]));
  for (const { table_name, referenced } of references) dependsOn.get(table_name)?.add(referenced);
  // Kahn's order, alphabetical among equals so two runs copy in the same order.
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  while (done.size < tables.size) {
    const ready = [...tables.keys()]
      .filter((name) => !done.has(name) && [...(dependsOn.get(name) ?? [])].every((other) => done.has(other)))
      .sort();
    if (ready.length === 0) throw new ToolError('The tables reference each other in a cycle: cannot order the copy.');
    for (const name of ready) {
      done.add(name);
      ordered.push(tables.get(name) as TableInfo);
    }
  }
  return ordered;
}

export async function sequencesOf(connection: ToolConnection): Promise<SequenceValue[]> {
  const names = await connection.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY 1`,
  );
  const values: SequenceValue[] = [];
  for (const { name } of names) {
    const [row] = await connection.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM public.${quote(name)}`,
    );
    if (row) values.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return values;
}

/** Drizzle's record of the applied migrations, matched against this version's journal. */
export async function migrationLevelOf(connection: ToolConnection): Promise<MigrationLevel> {
  const [present] = await connection.query<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!present?.present) return { level: 0, tag: null };
  const [last] = await connection.query<{ created_at: string | null }>(
    'SELECT max(created_at)::text AS created_at FROM drizzle.__drizzle_migrations',
  );
  if (!last?.created_at) return { level: 0, tag: null };
  const entries = journal();
  const index = entries.findIndex((entry) => String(entry.when) === last.created_at);
  if (index < 0) {
    throw new ToolError(
      `${connection.label} was migrated by another version of the shop (its last migration is not one of this version's): use the shop's version that made it.`,
    );
  }
  return { level: index + 1, tag: entries[index]?.tag ?? null };
}

/** The tables that hold rows: a target must have none. */
export async function nonEmptyTables(connection: ToolConnection): Promise<string[]> {
  const tables = await connection.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  const full: string[] = [];
  for (const { name } of tables) {
    const [row] = await connection.query<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM public.${quote(name)}) AS any`,
    );
    if (row?.any) full.push(name);
  }
  return full;
}
