import { useEffect, useRef } from 'react';

// Choosing orders on the Manage Orders list for one action (cancelling them): a checkbox on each
// row, and one for the whole page shown. Both work as table cells on a wide screen and as lines
// of the stacked cards on a phone.

const checkboxClass =
  'size-5 shrink-0 rounded border-stone-400 accent-wine-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine-700 dark:accent-wine-300';

/** One order's checkbox, named after it; on a phone its word 'Select' shows beside it. */
export function SelectOrderCheckbox({
  orderNumber,
  checked,
  onChange,
}: {
  orderNumber: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    // The label is the touch target: larger than the box itself.
    <label className="-m-2 inline-flex cursor-pointer items-center gap-3 p-2">
      <input
        type="checkbox"
        aria-label={`Select order ${orderNumber}`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className={checkboxClass}
      />
      <span aria-hidden="true" className="text-stone-600 md:hidden dark:text-stone-400">
        Select
      </span>
    </label>
  );
}

/**
 * Every order on this page, or none: checked when all are, mixed (indeterminate) when some are.
 * Clicking it when mixed selects them all, as a browser's own mixed checkbox does.
 */
export function SelectAllOnPage({
  count,
  selected,
  onChange,
}: {
  count: number;
  selected: number;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const mixed = selected > 0 && selected < count;
  useEffect(() => {
    // Only a script can set it: there is no indeterminate attribute.
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="inline-flex cursor-pointer items-center gap-3 py-2 text-sm font-medium">
      <input
        ref={ref}
        type="checkbox"
        checked={count > 0 && selected === count}
        disabled={count === 0}
        onChange={(event) => onChange(event.target.checked)}
        className={checkboxClass}
      />
      Select all on this page
    </label>
  );
}
