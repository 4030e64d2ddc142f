import type { ReactNode } from 'react';
import { Spinner } from './spinner';

type QueryLike<T> = { data: T | undefined; error: Error | null; isPending: boolean };

type QueryStateProps<T> = {
  query: QueryLike<T>;
  loadingLabel?: string;
  isEmpty?: (data: T) => boolean;
  emptyMessage?: ReactNode;
  errorHint?: ReactNode;
  children: (data: T) => ReactNode;
};

/** The loading, error and empty states every list in the shop shows, in one place. */
export function QueryState<T>({ query, loadingLabel, isEmpty, emptyMessage, errorHint, children }: QueryStateProps<T>) {
  if (query.error && query.data === undefined) {
    return (
      <div
        role="alert"
        className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        <p className="font-semibold">{query.error.message}</p>
        {errorHint && <p className="mt-1 text-sm">{errorHint}</p>}
      </div>
    );
  }
  if (query.data === undefined) return <Spinner label={loadingLabel} />;
  if (isEmpty?.(query.data)) {
    return (
      <p className="rounded-xl bg-linen-100 p-6 text-center text-stone-700 dark:bg-stone-900 dark:text-stone-300">
        {emptyMessage}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}
