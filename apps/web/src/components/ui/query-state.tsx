import type { ReactNode } from 'react';
import { isWorthRetrying } from '../../lib/api-client';
import { Button } from './button';
import { Spinner } from './spinner';

export type QueryLike<T> = {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isFetching?: boolean;
  refetch?: () => unknown;
};

type QueryStateProps<T> = {
  query: QueryLike<T>;
  loadingLabel?: string;
  isEmpty?: (data: T) => boolean;
  emptyMessage?: ReactNode;
  errorHint?: ReactNode;
  /**
   * SPEC.md §8's sentence for this list or page ('Failed to fetch products'), shown above the
   * reason when the shop failed or could not be reached. A 4xx keeps the shop's own message
   * ('Product Not Found'): it says what is wrong better than a generic sentence.
   */
  failedMessage?: string;
  /** Replaces the error box (its headline, reason and hint); `retry` is the Retry button, or null. */
  renderError?: (error: Error, retry: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
};

/** The loading, error and empty states every list in the shop shows, in one place. */
export function QueryState<T>({
  query,
  loadingLabel,
  isEmpty,
  emptyMessage,
  errorHint,
  failedMessage,
  renderError,
  children,
}: QueryStateProps<T>) {
  if (query.error && query.data === undefined) {
    const { refetch } = query;
    // The shop may be back a moment later; a 4xx will not change by asking again.
    const retry =
      refetch && isWorthRetrying(query.error) ? (
        <Button variant="secondary" disabled={query.isFetching} onClick={() => refetch()}>
          Retry
        </Button>
      ) : null;
    if (renderError) return renderError(query.error, retry);
    const headline = failedMessage && isWorthRetrying(query.error) ? failedMessage : query.error.message;
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
        <div role="alert">
          <p className="font-semibold">{headline}</p>
          {headline !== query.error.message && <p className="mt-1 text-sm">{query.error.message}</p>}
          {errorHint && <p className="mt-1 text-sm">{errorHint}</p>}
        </div>
        {retry}
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
