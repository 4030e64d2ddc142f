import type { ReactNode } from 'react';
import {
  ScrollRegion,
  stackActionsTdClass,
  stackTableClass,
  stackTdClass,
  stackTheadClass,
  stackTrClass,
  thClass,
} from './list-controls';

export type AdminColumn<Row> = {
  /** The column's name: its header, and the name a phone shows before each cell (data-label). */
  header: string;
  /**
   * A row's controls (a checkbox, its buttons): the header is read by screen readers only, and on
   * a phone the cell is a line of its own with no name before it.
   */
  controls: boolean;
  headerClassName?: string;
  cellClassName?: string;
  cell: (row: Row) => ReactNode;
};

export type AdminColumnOptions = {
  /** The cell's classes ("font-medium", "whitespace-nowrap"). */
  className?: string;
  headerClassName?: string;
  /** The row's controls rather than a value (AdminColumn's `controls`). */
  controls?: boolean;
};

/**
 * One column of an AdminTable: its name, what a row's cell shows, and how it looks. AdminTable
 * hands it to its `columns` typed for its rows:
 * `columns={(column) => [column('Email', (user) => user.email, { className: 'break-all' })]}`.
 */
function column<Row>(
  header: string,
  cell: (row: Row) => ReactNode,
  { className, headerClassName, controls = false }: AdminColumnOptions = {},
): AdminColumn<Row> {
  return { header, controls, headerClassName, cellClassName: className, cell };
}

type ColumnOf<Row> = (header: string, cell: (row: Row) => ReactNode, options?: AdminColumnOptions) => AdminColumn<Row>;

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * An admin list's table (users, orders, subscribers): its own scrolling region, a table on a
 * wide screen and a stack of cards on a phone (list-controls' stack classes), one row per item.
 */
export function AdminTable<Row extends { id: string }>({
  label,
  rows,
  rowTestId,
  columns,
}: {
  /** The table's name ("Users"); its scrolling region is "Users table". */
  label: string;
  /** One row each, keyed by its id. */
  rows: readonly Row[];
  rowTestId: string;
  /** The columns, in order, each made with `column` (typed for these rows). */
  columns: (column: ColumnOf<Row>) => readonly AdminColumn<Row>[];
}) {
  const fields = columns(column);
  return (
    <ScrollRegion label={`${label} table`}>
      <table className={stackTableClass} aria-label={label}>
        <thead className={stackTheadClass}>
          <tr>
            {fields.map((field) => (
              <th key={field.header} scope="col" className={classes(thClass, field.headerClassName)}>
                {field.controls ? <span className="sr-only">{field.header}</span> : field.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-linen-200 dark:divide-stone-800">
          {rows.map((row) => (
            <tr key={row.id} data-testid={rowTestId} className={stackTrClass}>
              {fields.map((field) =>
                field.controls ? (
                  <td key={field.header} className={classes(stackActionsTdClass, field.cellClassName)}>
                    {field.cell(row)}
                  </td>
                ) : (
                  <td
                    key={field.header}
                    data-label={field.header}
                    className={classes(stackTdClass, field.cellClassName)}
                  >
                    {field.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
