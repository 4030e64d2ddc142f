import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';

/** The look of every filter input and select on the admin's lists. */
export const adminFieldClass =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus:border-wine-700 focus:outline-none focus:ring-2 focus:ring-wine-700/30 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';

/**
 * A list's filters live in the URL (reload and Back keep them). `update` writes some of them
 * (an empty value removes it) and goes back to the first page, as a new history entry.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    next.delete('page');
    setParams(next);
  };
  return { params, update };
}

/**
 * A search box sent with Enter or its button. Uncontrolled, so typing is never slowed down by
 * the list; Back or a link sets it from the URL again.
 */
export function SearchBox({ label, value, onSearch }: { label: string; value: string; onSearch: (v: string) => void }) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.value = value;
  }, [value]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim());
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> has no landmark role in older browsers yet
    <form role="search" aria-label={label} onSubmit={submit} className="flex min-w-0 flex-1 basis-64 items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <input
          ref={ref}
          id={id}
          name="search"
          type="search"
          maxLength={100}
          defaultValue={value}
          className={adminFieldClass}
        />
      </div>
      <Button type="submit" variant="secondary" className="py-2">
        Search
      </Button>
    </form>
  );
}

/** A labelled select whose value is one URL parameter ('' = all). */
export function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="min-w-36">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={adminFieldClass}>
        {children}
      </select>
    </div>
  );
}

/** "12 users", above a list. */
export function ListTotal({ total, one, many }: { total: number; one: string; many: string }) {
  return (
    <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="list-total" aria-live="polite">
      {total} {total === 1 ? one : many}
    </p>
  );
}

export const tableClass = 'w-full min-w-[40rem] text-left text-sm';
export const thClass = 'py-2 pr-4 font-medium text-stone-600 dark:text-stone-400';
export const tdClass = 'py-3 pr-4 align-middle';

// A list's table that becomes a stack of cards below the md breakpoint (a phone): each row a
// block, each cell a line led by its column's name (the cell's data-label), the header kept for
// screen readers only. From md up it is a plain table.
export const stackTableClass = 'w-full text-left text-sm md:min-w-[40rem]';
export const stackTheadClass = 'max-md:sr-only';
export const stackTrClass = 'max-md:block max-md:py-3';
export const stackTdClass =
  'py-3 pr-4 align-middle max-md:flex max-md:gap-3 max-md:py-1 max-md:pr-0 max-md:before:w-24 max-md:before:shrink-0 max-md:before:text-stone-600 max-md:before:content-[attr(data-label)] dark:max-md:before:text-stone-400';
/** The row's buttons: on a phone, a line of their own. */
export const stackActionsTdClass = 'py-3 pr-4 align-middle max-md:block max-md:py-2 max-md:pr-0';

/**
 * A table's own sideways-scrolling box (a phone scrolls the table, not the page). Focusable and
 * named, so a keyboard can scroll it too; `relative` keeps visually hidden headers inside it.
 */
export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={`relative overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-wine-700 ${className}`}
    >
      {children}
    </section>
  );
}
