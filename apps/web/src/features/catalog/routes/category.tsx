import { CATALOG_MESSAGES } from '@shop/shared';
import { useParams, useSearchParams } from 'react-router';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { parsePage } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { addToCartCardAction } from '../../cart';
import { SavedDataNotice, useCatalogueQuery } from '../../saved-catalogue';
import { useCategory } from '../api/get-category';
import { useCategoryProducts } from '../api/get-category-products';
import { productsQueryOptions } from '../api/get-products';
import { CategoryList } from '../components/category-list';
import { ProductList } from '../components/product-list';

export default function CategoryPage() {
  const { categoryId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const category = useCategory(categoryId);
  const page = parsePage(searchParams.get('page'));
  // The subcategory toggles filter the grid in place (SPEC.md §2); the choice is kept in the URL.
  const selected = category.data?.subcategories.find((sub) => sub.id === searchParams.get('subcategory'));
  const inCategory = useCategoryProducts(selected ? undefined : category.data?.id, page);
  const inSubcategory = useCatalogueQuery({
    ...productsQueryOptions({ subcategoryId: selected?.id, page }),
    enabled: Boolean(selected),
  });
  const products = selected ? inSubcategory : inCategory;
  const toggle = (subcategoryId: string) =>
    setSearchParams(selected?.id === subcategoryId ? {} : { subcategory: subcategoryId });
  usePageTitle(category.data?.name ?? 'Category');

  return (
    <PageContainer>
      <SavedDataNotice className="mb-6" />
      <nav aria-label="Categories" className="mb-6">
        <CategoryList layout="tabs" />
      </nav>
      <QueryState
        query={category}
        loadingLabel="Loading category…"
        failedMessage={CATALOG_MESSAGES.loadCategoriesFailed}
      >
        {(data) => (
          <>
            <Breadcrumb
              items={[
                { label: 'Home', to: paths.home.href() },
                { label: 'Categories', to: paths.categories.href() },
                { label: data.name },
              ]}
            />
            <PageHeading>{data.name}</PageHeading>
            {data.description && (
              <p className="mt-2 max-w-3xl text-stone-700 dark:text-stone-300">{data.description}</p>
            )}
            {data.subcategories.length > 0 && (
              <ul aria-label="Subcategories" className="mt-6 flex flex-wrap gap-2">
                {data.subcategories.map((sub) => (
                  <li key={sub.id}>
                    <button
                      type="button"
                      aria-pressed={selected?.id === sub.id}
                      onClick={() => toggle(sub.id)}
                      className="block rounded-full bg-linen-100 px-4 py-2 text-sm font-medium hover:bg-linen-200 aria-pressed:bg-wine-700 aria-pressed:text-white dark:bg-stone-800 dark:hover:bg-stone-700 dark:aria-pressed:bg-wine-300 dark:aria-pressed:text-stone-950"
                    >
                      {sub.name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <section aria-label={`${data.name} products`} className="mt-8">
              <ProductList
                cardAction={addToCartCardAction}
                query={products}
                label={`${data.name} products`}
                failedMessage={CATALOG_MESSAGES.loadProductsFailed}
                emptyMessage="No products in this category yet."
              />
            </section>
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}
