import type { ProductPage } from '@shop/shared';
import { Pagination } from '../../../components/ui/pagination';
import { type QueryLike, QueryState } from '../../../components/ui/query-state';
import { FIRST_SCREEN_CARDS, ProductGrid } from './product-grid';

type ProductListProps = {
  query: QueryLike<ProductPage>;
  label: string;
  emptyMessage: string;
};

/** A paginated product grid, the page's main content, with its loading, error and empty states. */
export function ProductList({ query, label, emptyMessage }: ProductListProps) {
  return (
    <QueryState
      query={query}
      loadingLabel="Loading products…"
      isEmpty={(page) => page.products.length === 0}
      emptyMessage={emptyMessage}
    >
      {(page) => (
        <>
          <ProductGrid products={page.products} label={label} eagerImages={FIRST_SCREEN_CARDS} />
          <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
        </>
      )}
    </QueryState>
  );
}
