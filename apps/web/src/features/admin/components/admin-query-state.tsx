import type { ReactNode } from 'react';
import { type QueryLike, QueryState } from '../../../components/ui/query-state';
import { AdminError } from './admin-error';

type AdminQueryStateProps<T> = {
  /** With `isPlaceholderData`, the previous page stays shown (dimmed) while the next one loads. */
  query: QueryLike<T> & { isPlaceholderData?: boolean };
  loadingLabel: string;
  isEmpty?: (data: T) => boolean;
  emptyMessage?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * An admin list's loading, error and empty states: the shop's QueryState, with the error read
 * as 'Error: {message}' (SPEC.md §8) above its Retry, and a stale page dimmed while the next loads.
 */
export function AdminQueryState<T>({ query, loadingLabel, isEmpty, emptyMessage, children }: AdminQueryStateProps<T>) {
  const stale = query.isPlaceholderData === true;
  return (
    <QueryState
      query={query}
      loadingLabel={loadingLabel}
      isEmpty={isEmpty}
      emptyMessage={emptyMessage}
      renderError={(error, retry) => (
        <div className="space-y-3">
          <AdminError error={error} />
          {retry}
        </div>
      )}
    >
      {(data) => (
        <div aria-busy={stale} className={`space-y-6 transition-opacity ${stale ? 'opacity-60' : ''}`}>
          {children(data)}
        </div>
      )}
    </QueryState>
  );
}
