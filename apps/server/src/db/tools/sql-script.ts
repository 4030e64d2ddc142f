import { Transform, type TransformCallback } from 'node:stream';
import { ToolError } from './connection';

// Reading a plain-SQL dump as psql reads it (docs/decisions/040-plain-sql-backups.md): statements
// end at a `;` outside quotes, comments and dollar-quoted bodies; a line starting with `\` between
// statements is a psql meta-command; `COPY … FROM stdin;` is followed by data lines up to `\.`.
// db:restore runs a backup through this on either engine, and db:backup reads its own file back
// with it to count the rows. Only what pg_dump writes needs to be understood, but a value that
// holds `;`, `--`, a quote or a line break must never end a statement or start one.

/** What a script holds, in order. */
export type ScriptEvent =
  /** A whole `--` line between statements (its text after `--`, trimmed). */
  | { kind: 'comment'; text: string }
  /** One SQL statement, without its `;`. */
  | { kind: 'statement'; sql: string }
  /** A psql meta-command line (`\restrict KEY`). */
  | { kind: 'meta'; line: string }
  /** `COPY table (columns) FROM stdin`: its data lines follow as `row` events, then `copy-end`. */
  | { kind: 'copy'; sql: string; table: string; columns: string[] | null }
  | { kind: 'row'; line: string }
  | { kind: 'copy-end' };

type State = 'normal' | 'single' | 'escape' | 'double' | 'dollar' | 'block';

const IDENTIFIER_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;
const SPECIAL = /[-/'"$;]/g;
const COPY_FROM_STDIN =
  /^COPY\s+((?:"(?:[^"]|"")*"|[^\s(".]+)(?:\.(?:"(?:[^"]|"")*"|[^\s(".]+))?)\s*(?:\((.*)\))?\s+FROM\s+stdin$/is;
const INSERT_INTO = /^INSERT\s+INTO\s+((?:"(?:[^"]|"")*"|[^\s(".]+)(?:\.(?:"(?:[^"]|"")*"|[^\s(".]+))?)/i;

/** The events of a script given line by line (without their line ends). */
export async function* readScript(lines: AsyncIterable<string>): AsyncGenerator<ScriptEvent> {
  let state: State = 'normal';
  let tag = '';
  let depth = 0;
  let buffer = '';
  let copying = false;
  for await (const line of lines) {
    if (copying) {
      if (line === '\\.') {
        copying = false;
        yield { kind: 'copy-end' };
      } else {
        yield { kind: 'row', line };
      }
      continue;
    }
    if (state === 'normal' && buffer.trim() === '') {
      const trimmed = line.trimStart();
      if (trimmed.startsWith('\\')) {
        buffer = '';
        yield { kind: 'meta', line: trimmed };
        continue;
      }
      if (trimmed.startsWith('--')) {
        yield { kind: 'comment', text: trimmed.slice(2).trim() };
        continue;
      }
    }
    const text = `${line}\n`;
    let i = 0;
    while (i < text.length) {
      if (state === 'normal') {
        SPECIAL.lastIndex = i;
        const found = SPECIAL.exec(text);
        if (!found) {
          buffer += text.slice(i);
          break;
        }
        const at = found.index;
        const char = text[at];
        buffer += text.slice(i, at);
        i = at;
        if (char === '-' && text[at + 1] === '-') {
          buffer += '\n'; // the rest of the line is a comment
          break;
        }
        if (char === '/' && text[at + 1] === '*') {
          state = 'block';
          depth = 1;
          buffer += ' ';
          i = at + 2;
          continue;
        }
        if (char === "'") {
          const before = buffer.at(-1) ?? '';
          const prefix = buffer.at(-2) ?? '';
          state = (before === 'E' || before === 'e') && !IDENTIFIER_CHAR.test(prefix) ? 'escape' : 'single';
          buffer += char;
          i = at + 1;
          continue;
        }
        if (char === '"') {
          state = 'double';
          buffer += char;
          i = at + 1;
          continue;
        }
        if (char === '$') {
          DOLLAR_TAG.lastIndex = at;
          const opened = IDENTIFIER_CHAR.test(buffer.at(-1) ?? '') ? null : DOLLAR_TAG.exec(text);
          if (opened) {
            state = 'dollar';
            tag = opened[0];
            buffer += tag;
            i = at + tag.length;
            continue;
          }
          buffer += char;
          i = at + 1;
          continue;
        }
        if (char === ';') {
          const sql = buffer.trim();
          buffer = '';
          i = at + 1;
          if (!sql) continue;
          const copy = COPY_FROM_STDIN.exec(sql);
          if (copy) {
            copying = true;
            yield {
              kind: 'copy',
              sql,
              table: copy[1] as string,
              columns: copy[2] === undefined ? null : splitIdentifiers(copy[2]),
            };
            break; // pg_dump writes nothing after the `;` of a COPY; its data starts on the next line
          }
          yield { kind: 'statement', sql };
          continue;
        }
        buffer += char; // a lone `-` or `/`
        i = at + 1;
      } else if (state === 'single' || state === 'escape') {
        let at = i;
        for (;;) {
          const quote = text.indexOf("'", at);
          const backslash = state === 'escape' ? text.indexOf('\\', at) : -1;
          if (backslash >= 0 && (quote < 0 || backslash < quote)) {
            at = backslash + 2; // the escaped character, whatever it is
            continue;
          }
          if (quote < 0) {
            at = -1;
            break;
          }
          if (text[quote + 1] === "'") {
            at = quote + 2; // a doubled quote inside the string
            continue;
          }
          at = quote;
          break;
        }
        if (at < 0 || at >= text.length) {
          buffer += text.slice(i);
          break;
        }
        buffer += text.slice(i, at + 1);
        state = 'normal';
        i = at + 1;
      } else if (state === 'double') {
        let at = i;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote >= 0 && text[quote + 1] === '"') {
            at = quote + 2;
            continue;
          }
          at = quote;
          break;
        }
        if (at < 0) {
          buffer += text.slice(i);
          break;
        }
        buffer += text.slice(i, at + 1);
        state = 'normal';
        i = at + 1;
      } else if (state === 'dollar') {
        const at = text.indexOf(tag, i);
        if (at < 0) {
          buffer += text.slice(i);
          break;
        }
        buffer += text.slice(i, at + tag.length);
        state = 'normal';
        i = at + tag.length;
      } else {
        // A block comment, which nests in PostgreSQL.
        const open = text.indexOf('/*', i);
        const close = text.indexOf('*/', i);
        if (close < 0 && open < 0) break;
        if (open >= 0 && (close < 0 || open < close)) {
          depth += 1;
          i = open + 2;
        } else {
          depth -= 1;
          i = close + 2;
          if (depth === 0) state = 'normal';
        }
      }
    }
  }
  if (copying) throw new ToolError('The script is cut short: it ends inside the data of a COPY.');
  if (state !== 'normal' || buffer.trim() !== '') {
    throw new ToolError('The script is cut short: it ends inside a statement.');
  }
}

/** `a, "b ""c""", d` → ['a', 'b "c"', 'd']. */
export function splitIdentifiers(list: string): string[] {
  const names: string[] = [];
  const pattern = /\s*("(?:[^"]|"")*"|[^\s,"]+)\s*(?:,|$)/gy;
  for (const match of list.matchAll(pattern)) names.push(unquote(match[1] as string));
  return names;
}

export function unquote(identifier: string): string {
  return identifier.startsWith('"') ? identifier.slice(1, -1).replaceAll('""', '"') : identifier;
}

/** `public."Order"` → { schema: 'public', name: 'Order' }; a bare name has schema null. */
export function qualifiedName(written: string): { schema: string | null; name: string } {
  const parts = [...written.matchAll(/"(?:[^"]|"")*"|[^."]+/g)].map((match) => unquote(match[0]));
  return parts.length > 1
    ? { schema: parts[0] as string, name: parts[1] as string }
    : { schema: null, name: parts[0] ?? '' };
}

/** The table an `INSERT INTO table …` statement writes, as written; null for any other statement. */
export function insertTarget(sql: string): string | null {
  return INSERT_INTO.exec(sql)?.[1] ?? null;
}

/**
 * One data line of COPY's text format as values: fields split at tabs, `\N` is null, and the
 * backslash escapes (`\t`, `\n`, `\\`, octal and hex bytes…) decoded as PostgreSQL does.
 */
export function decodeCopyLine(line: string): (string | null)[] {
  return line.split('\t').map((field) => (field === '\\N' ? null : unescapeCopyField(field)));
}

const SIMPLE_ESCAPES: Record<string, number> = { b: 8, f: 12, n: 10, r: 13, t: 9, v: 11 };

function unescapeCopyField(field: string): string {
  if (!field.includes('\\')) return field;
  // Octal and hex escapes are bytes of the file's encoding (UTF-8): decode the whole field as bytes.
  const bytes: number[] = [];
  const push = (text: string) => {
    for (const byte of Buffer.from(text, 'utf8')) bytes.push(byte);
  };
  let i = 0;
  while (i < field.length) {
    const backslash = field.indexOf('\\', i);
    if (backslash < 0 || backslash === field.length - 1) {
      push(field.slice(i));
      break;
    }
    push(field.slice(i, backslash));
    const next = field[backslash + 1] as string;
    const octal = /^[0-7]{1,3}/.exec(field.slice(backslash + 1, backslash + 4));
    const hex = next === 'x' ? /^[0-9A-Fa-f]{1,2}/.exec(field.slice(backslash + 2, backslash + 4)) : null;
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8) & 0xff);
      i = backslash + 1 + octal[0].length;
    } else if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i = backslash + 2 + hex[0].length;
    } else {
      const simple = SIMPLE_ESCAPES[next];
      if (simple === undefined) push(next);
      else bytes.push(simple);
      i = backslash + 2;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Settings a newer pg_dump writes that an older server does not know: each `SET` of one is
 * rewritten to take effect only on a server of that version or newer, so psql with
 * ON_ERROR_STOP restores the file into PostgreSQL 15 as well as into PGlite (PostgreSQL 18).
 */
export const NEWER_SETTINGS: Record<string, number> = { transaction_timeout: 170000 };

export function guardNewerSettings(preamble: string): string {
  return preamble.replace(/^SET ([a-z_]+) = ([\w.]+);$/gm, (whole, name: string, value: string) => {
    const since = NEWER_SETTINGS[name];
    return since === undefined
      ? whole
      : `SELECT pg_catalog.set_config('${name}', '${value}', false) WHERE pg_catalog.current_setting('server_version_num')::integer >= ${since};`;
  });
}

/** Where pg_dump's preamble (its session settings) ends: at the first object it dumps. */
const PREAMBLE_END = /^-- (?:Data for )?Name: /m;

/**
 * A stream of pg_dump's output with `header` (our comment lines) before it and its preamble's
 * settings guarded (guardNewerSettings); the objects and rows after the preamble pass untouched,
 * byte for byte (the preamble is found in the bytes read as latin1, one character per byte).
 */
export function dumpWithHeader(header: string): Transform {
  let head = Buffer.alloc(0);
  let passing = false;
  const release = (at: number) =>
    Buffer.concat([
      Buffer.from(header, 'utf8'),
      Buffer.from(guardNewerSettings(head.subarray(0, at).toString('latin1')), 'latin1'),
      head.subarray(at),
    ]);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      if (passing) return callback(null, chunk);
      head = Buffer.concat([head, typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk]);
      const end = PREAMBLE_END.exec(head.toString('latin1'));
      if (!end && head.length < 1 << 16) return callback();
      passing = true;
      callback(null, release(end ? end.index : head.length));
    },
    flush(callback: TransformCallback) {
      callback(null, passing ? undefined : release(head.length));
    },
  });
}
