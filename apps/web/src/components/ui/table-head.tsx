/** A column's header: its name, or the name with the classes of this header alone (after the shared ones). */
export type TableHeadColumn =
  | string
  | {
      label: string;
      className?: string;
      /** Read by screen readers only (a column of links or buttons that needs no visible name). */
      hidden?: boolean;
    };

/**
 * A table's header row: one `<th scope="col">` a column, each with `cellClassName` and then its
 * own classes. `<TableHead cellClassName="px-3 py-2" columns={['Line', 'Name', { label: 'View', hidden: true }]} />`.
 */
export function TableHead({
  columns,
  className,
  rowClassName,
  cellClassName,
}: {
  columns: readonly TableHeadColumn[];
  /** The `<thead>`'s classes. */
  className?: string;
  /** The header row's classes. */
  rowClassName?: string;
  /** Every header cell's classes. */
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column) => {
          const { label, className: own, hidden } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={[cellClassName, own].filter(Boolean).join(' ') || undefined}>
              {hidden ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
