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
  /** The header is read by screen readers only (a checkbox or a row's buttons). */
  hiddenHeader?: boolean;
  /** The row's controls: no name before them on a phone, a line of their own instead. */
  actions?: boolean;
  headerClassName?: string;
  cellClassName?: string;
  cell: (row: Row) => ReactNode;
};

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * An admin list's table (users, orders, subscribers): its own scrolling region, a table on a
 * wide screen and a stack of cards on a phone (list-controls' stack classes), one row per item.
 */
export function AdminTable<Row>({
  label,
  rows,
  rowKey,
  rowTestId,
  columns,
}: {
  /** The table's name ("Users"); its scrolling region is "Users table". */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowTestId: string;
  columns: readonly AdminColumn<Row>[];
}) {
  return (
    <ScrollRegion label={`${label} table`}>
      <table className={stackTableClass} aria-label={label}>
        <thead className={stackTheadClass}>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={classes(thClass, column.headerClassName)}>
                {column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-linen-200 dark:divide-stone-800">
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId} className={stackTrClass}>
              {columns.map((column) =>
                column.actions ? (
                  <td key={column.header} className={classes(stackActionsTdClass, column.cellClassName)}>
                    {column.cell(row)}
                  </td>
                ) : (
                  <td
                    key={column.header}
                    data-label={column.header}
                    className={classes(stackTdClass, column.cellClassName)}
                  >
                    {column.cell(row)}
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
