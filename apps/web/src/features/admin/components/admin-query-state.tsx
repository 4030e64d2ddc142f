import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { QueryLike } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { isWorthRetrying } from '../../../lib/api-client';
import { AdminError } from './admin-error';

type AdminQueryStateProps<T> = {
  /** With `isPlaceholderData`, the previous page stays shown (dimmed) while the next one loads. */
  query: QueryLike<T> & { isPlaceholderData?: boolean };
  loadingLabel: string;
  isEmpty?: (data: T) => boolean;
  emptyMessage?: ReactNode;
  children: (data: T) => ReactNode;
};

/** An admin list's loading, error ('Error: {message}', SPEC.md §8, with Retry) and empty states. */
export function AdminQueryState<T>({ query, loadingLabel, isEmpty, emptyMessage, children }: AdminQueryStateProps<T>) {
  if (query.error && query.data === undefined) {
    const { refetch } = query;
    return (
      <div className="space-y-3">
        <AdminError error={query.error} />
        {refetch && isWorthRetrying(query.error) && (
          <Button variant="secondary" disabled={query.isFetching} onClick={() => refetch()}>
            Retry
          </Button>
        )}
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
  const stale = query.isPlaceholderData === true;
  return (
    <div aria-busy={stale} className={`space-y-6 transition-opacity ${stale ? 'opacity-60' : ''}`}>
      {children(query.data)}
    </div>
  );
}
