import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  decodeCopyLine,
  dumpWithHeader,
  guardNewerSettings,
  insertTarget,
  qualifiedName,
  readScript,
  type ScriptEvent,
  splitIdentifiers,
} from './sql-script';

// The plain-SQL reader db:restore runs a backup through, and db:backup counts its rows with: a
// value holding `;`, `--`, quotes or line breaks never ends or starts a statement.

async function eventsOf(script: string): Promise<ScriptEvent[]> {
  const events: ScriptEvent[] = [];
  async function* lines() {
    yield* script.split('\n');
  }
  for await (const event of readScript(lines())) events.push(event);
  return events;
}

const statements = (events: ScriptEvent[]) =>
  events.flatMap((event) => (event.kind === 'statement' ? [event.sql] : []));

describe('readScript', () => {
  it('ends statements only at a semicolon outside strings, identifiers, comments and dollar quotes', async () => {
    const script = [
      '--',
      '-- PostgreSQL database dump',
      '--',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      "INSERT INTO public.products VALUES ('a;b', 'it''s -- not a comment', 'two",
      'lines; still the string',
      "INSERT INTO public.orders VALUES (1);');",
      "INSERT INTO public.\"odd;name\" VALUES (E'back\\'slash;', 2); -- a trailing comment; with a semicolon",
      'CREATE FUNCTION public.f() RETURNS trigger',
      '    LANGUAGE plpgsql',
      '    AS $_$',
      "BEGIN RAISE NOTICE 'x;'; RETURN NULL; END $_$;",
      '/* a block /* nested; */ comment; */ SELECT 1;',
      'SELECT $$dollar; body$$, a$b$c FROM t;',
      '',
    ].join('\n');
    const events = await eventsOf(script);
    expect(events.filter((event) => event.kind === 'comment').map((event) => (event as { text: string }).text)).toEqual(
      ['', 'PostgreSQL database dump', ''],
    );
    expect(statements(events)).toEqual([
      "SELECT pg_catalog.set_config('search_path', '', false)",
      "INSERT INTO public.products VALUES ('a;b', 'it''s -- not a comment', 'two\nlines; still the string\nINSERT INTO public.orders VALUES (1);')",
      "INSERT INTO public.\"odd;name\" VALUES (E'back\\'slash;', 2)",
      "CREATE FUNCTION public.f() RETURNS trigger\n    LANGUAGE plpgsql\n    AS $_$\nBEGIN RAISE NOTICE 'x;'; RETURN NULL; END $_$",
      'SELECT 1',
      'SELECT $$dollar; body$$, a$b$c FROM t',
    ]);
  });

  it('keeps a carriage return inside a value', async () => {
    const events = await eventsOf("INSERT INTO public.t VALUES ('a\r\nb');\n");
    expect(statements(events)).toEqual(["INSERT INTO public.t VALUES ('a\r\nb')"]);
  });

  it('reads COPY … FROM stdin with its data lines up to \\. and psql meta-commands between statements', async () => {
    const events = await eventsOf(
      [
        '\\restrict abc',
        'COPY public.orders (id, "total kobo", note) FROM stdin;',
        '1\t100\tsemi;colon -- dash',
        '2\t200\t\\N',
        '\\.',
        'SELECT 1;',
        '\\unrestrict abc',
      ].join('\n'),
    );
    expect(events).toEqual([
      { kind: 'meta', line: '\\restrict abc' },
      {
        kind: 'copy',
        sql: 'COPY public.orders (id, "total kobo", note) FROM stdin',
        table: 'public.orders',
        columns: ['id', 'total kobo', 'note'],
      },
      { kind: 'row', line: '1\t100\tsemi;colon -- dash' },
      { kind: 'row', line: '2\t200\t\\N' },
      { kind: 'copy-end' },
      { kind: 'statement', sql: 'SELECT 1' },
      { kind: 'meta', line: '\\unrestrict abc' },
    ]);
  });

  it('refuses a script cut short inside a statement or inside COPY data', async () => {
    await expect(eventsOf("INSERT INTO public.t VALUES ('never closed);")).rejects.toThrow(/cut short/);
    await expect(eventsOf('COPY public.t (a) FROM stdin;\n1\n2')).rejects.toThrow(/inside the data of a COPY/);
  });
});

describe('COPY text and names', () => {
  it('decodes COPY text format as PostgreSQL does: \\N, escapes, octal and hex bytes in UTF-8', () => {
    expect(decodeCopyLine('a\\tb\t\\N\tback\\\\slash\tline\\nbreak\t\\303\\251t\\xc3\\xa9\tGütermann')).toEqual([
      'a\tb',
      null,
      'back\\slash',
      'line\nbreak',
      'été',
      'Gütermann',
    ]);
    expect(decodeCopyLine('\\r\\b\\f\\v\\q')).toEqual(['\r\b\f\vq']);
  });

  it('reads identifiers and the table of an INSERT', () => {
    expect(splitIdentifiers('id, "Total ""kobo""", note')).toEqual(['id', 'Total "kobo"', 'note']);
    expect(qualifiedName('public."Odd.name"')).toEqual({ schema: 'public', name: 'Odd.name' });
    expect(qualifiedName('orders')).toEqual({ schema: null, name: 'orders' });
    expect(insertTarget('INSERT INTO public.order_items VALUES (1)')).toBe('public.order_items');
    expect(insertTarget('INSERT INTO drizzle.__drizzle_migrations (id) VALUES (1)')).toBe(
      'drizzle.__drizzle_migrations',
    );
    expect(insertTarget('SELECT 1')).toBeNull();
  });
});

describe('a dump for older servers', () => {
  it('guards a setting PostgreSQL 15 does not know and leaves the others', () => {
    const preamble = "SET statement_timeout = 0;\nSET transaction_timeout = 0;\nSET client_encoding = 'UTF8';\n";
    expect(guardNewerSettings(preamble)).toBe(
      "SET statement_timeout = 0;\nSELECT pg_catalog.set_config('transaction_timeout', '0', false) WHERE pg_catalog.current_setting('server_version_num')::integer >= 170000;\nSET client_encoding = 'UTF8';\n",
    );
  });

  it('puts the header first and changes nothing after the preamble, byte for byte, whatever the chunks', async () => {
    const dump = [
      '-- PostgreSQL database dump',
      'SET transaction_timeout = 0;',
      '--',
      '-- Name: t; Type: TABLE; Schema: public; Owner: -',
      "INSERT INTO public.t VALUES ('SET transaction_timeout = 0;', 'été');",
      'SET transaction_timeout = 0;',
      '',
    ].join('\n');
    const bytes = Buffer.from(dump, 'utf8');
    // Chunks of 7 bytes split 'é' between two of them.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    const out: Buffer[] = [];
    for await (const chunk of Readable.from(chunks).pipe(dumpWithHeader('-- ours\n'))) out.push(chunk as Buffer);
    const text = Buffer.concat(out).toString('utf8');
    expect(text.startsWith('-- ours\n-- PostgreSQL database dump\nSELECT pg_catalog.set_config(')).toBe(true);
    expect(text.endsWith(dump.slice(dump.indexOf('-- Name: t')))).toBe(true);
  });
});
