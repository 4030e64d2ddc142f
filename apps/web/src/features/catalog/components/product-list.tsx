import type { ProductPage } from '@shop/shared';
import { CATALOG_MESSAGES } from '@shop/shared';
import { Pagination } from '../../../components/ui/pagination';
import { type QueryLike, QueryState } from '../../../components/ui/query-state';
import type { ProductCardAction } from './product-card';
import { FIRST_SCREEN_CARDS, ProductGrid } from './product-grid';

type ProductListProps = {
  query: QueryLike<ProductPage>;
  label: string;
  emptyMessage: string;
  /** SPEC.md §8: the shop's list says 'Failed to fetch products', a category's 'Failed to load products'. */
  failedMessage?: string;
  cardAction?: ProductCardAction;
};

/** A paginated product grid, the page's main content, with its loading, error and empty states. */
export function ProductList({
  query,
  label,
  emptyMessage,
  failedMessage = CATALOG_MESSAGES.fetchProductsFailed,
  cardAction,
}: ProductListProps) {
  return (
    <QueryState
      query={query}
      loadingLabel="Loading products…"
      isEmpty={(page) => page.products.length === 0}
      emptyMessage={emptyMessage}
      failedMessage={failedMessage}
    >
      {(page) => (
        <>
          <ProductGrid
            products={page.products}
            label={label}
            eagerImages={FIRST_SCREEN_CARDS}
            cardAction={cardAction}
          />
          <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
        </>
      )}
    </QueryState>
  );
}
