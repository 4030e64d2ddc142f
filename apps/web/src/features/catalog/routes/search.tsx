import { CATALOG_MESSAGES, searchCountText } from '@shop/shared';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination, parsePage } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { usePageTitle } from '../../../lib/use-page-title';
import { addToCartCardAction } from '../../cart';
import { SavedDataNotice } from '../../saved-catalogue';
import { useProductSearch } from '../api/search-products';
import { FIRST_SCREEN_CARDS, ProductGrid } from '../components/product-grid';

export default function SearchPage() {
  const [searchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  const results = useProductSearch(query, parsePage(searchParams.get('page')));
  usePageTitle(query ? `Search: ${query}` : 'Search');

  if (!query) {
    return (
      <PageContainer>
        <PageHeading>Search</PageHeading>
        <p className="mt-3 text-stone-700 dark:text-stone-300">
          Use the search button in the header to find laces, trims, buttons and more.
        </p>
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <PageHeading>Search Results for "{query}"</PageHeading>
      <SavedDataNotice className="mt-6" />
      <div className="mt-6">
        <QueryState
          query={results}
          loadingLabel="Searching…"
          failedMessage={CATALOG_MESSAGES.fetchSearchResultsFailed}
          isEmpty={(data) => data.products.length === 0}
          emptyMessage="No products found matching your search."
        >
          {(data) => (
            <>
              <p className="mb-6 text-stone-700 dark:text-stone-300">{searchCountText(data.total, data.totalCapped)}</p>
              <ProductGrid
                products={data.products}
                label="Search results"
                eagerImages={FIRST_SCREEN_CARDS}
                cardAction={addToCartCardAction}
              />
              <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
            </>
          )}
        </QueryState>
      </div>
    </PageContainer>
  );
}
