import { CATALOG_MESSAGES } from '@shop/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { parsePage } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { addToCartCardAction } from '../../cart';
import { SavedDataNotice } from '../../saved-catalogue';
import { useSubcategory } from '../api/get-subcategory';
import { useSubcategoryProducts } from '../api/get-subcategory-products';
import { ProductList } from '../components/product-list';

export default function SubcategoryPage() {
  const { subcategoryId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const subcategory = useSubcategory(subcategoryId);
  const products = useSubcategoryProducts(subcategory.data?.id, parsePage(searchParams.get('page')));
  usePageTitle(subcategory.data?.name ?? 'Subcategory');

  return (
    <PageContainer>
      <SavedDataNotice className="mb-6" />
      <QueryState
        query={subcategory}
        loadingLabel="Loading subcategory…"
        failedMessage={CATALOG_MESSAGES.loadCategoriesFailed}
      >
        {(data) => (
          <>
            <Breadcrumb
              items={[
                { label: 'Home', to: paths.home.href() },
                { label: data.category.name, to: paths.category.href(data.category.id) },
                { label: data.name },
              ]}
            />
            <Link
              to={paths.category.href(data.category.id)}
              className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-wine-700 hover:underline dark:text-wine-300"
            >
              <ArrowLeft aria-hidden="true" className="size-4" /> Back to {data.category.name}
            </Link>
            <PageHeading>{data.name}</PageHeading>
            {data.description && (
              <p className="mt-2 max-w-3xl text-stone-700 dark:text-stone-300">{data.description}</p>
            )}
            <section aria-label={`${data.name} products`} className="mt-8">
              <ProductList
                cardAction={addToCartCardAction}
                query={products}
                label={`${data.name} products`}
                failedMessage={CATALOG_MESSAGES.loadProductsFailed}
                emptyMessage="No products in this subcategory yet."
              />
            </section>
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}
