import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useLocation } from 'react-router';

type PaginationProps = { page: number; pageSize: number; total: number };

/** Previous / next links that keep the other query parameters and set `page`. */
export function Pagination({ page, pageSize, total }: PaginationProps) {
  const { pathname, search } = useLocation();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end (its last row was just deleted, or an old link) leads to the last page.
  const pastEnd = page > pageCount;
  if (pageCount <= 1 && !pastEnd) return null;

  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    if (target <= 1) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const linkClass =
    'inline-flex items-center gap-1 rounded-full border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-linen-100 dark:border-stone-600 dark:hover:bg-stone-800';

  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-4">
      {pastEnd ? (
        <Link to={hrefFor(pageCount)} className={linkClass}>
          <ChevronLeft aria-hidden="true" className="size-4" /> Last page
        </Link>
      ) : page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous
        </Link>
      ) : null}
      <p className="text-sm text-stone-600 dark:text-stone-300">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
          Next <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}

// The ?page= rule the server's drawn pages follow too (packages/shared storefront-pages.ts).
export { parsePage } from '@shop/shared';
