import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { neutraliseCsvCell } from '@shop/shared';
import { stringify } from 'csv-stringify';

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvStreamOptions {
  /** A UTF-8 byte-order mark first, so a spreadsheet opens the file as UTF-8 (₦, accents). */
  bom?: boolean;
}

/**
 * A CSV download as a stream: a header row of `columns`, then the rows that `rows` yields, a
 * batch at a time, so a big export never sits in memory whole. Every text cell goes through
 * neutraliseCsvCell (a leading `=`, `+`, `-`, `@` gets a `'`), so a customer's name cannot
 * become a spreadsheet formula.
 */
export function csvStream<Column extends string>(
  columns: readonly Column[],
  rows: AsyncIterable<Record<Column, CsvCell>>,
  onError: (error: unknown) => void,
  { bom = false }: CsvStreamOptions = {},
): Readable {
  const stringifier = stringify({ header: true, columns: [...columns], record_delimiter: '\r\n', bom });
  async function* cells() {
    for await (const row of rows) {
      const out: Record<string, CsvCell> = {};
      for (const column of columns) {
        const value = row[column];
        out[column] = typeof value === 'string' ? neutraliseCsvCell(value) : value;
      }
      yield out;
    }
  }
  pipeline(Readable.from(cells()), stringifier).catch((error) => {
    onError(error);
    stringifier.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return stringifier;
}
