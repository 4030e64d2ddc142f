import { Link, useParams, useSearchParams } from 'react-router';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { parsePage } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { useCategory } from '../../features/catalog/api/get-category';
import { useCategoryProducts } from '../../features/catalog/api/get-category-products';
import { CategoryList } from '../../features/catalog/components/category-list';
import { ProductList } from '../../features/catalog/components/product-list';
import { usePageTitle } from '../../lib/use-page-title';

export default function CategoryPage() {
  const { categoryId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const category = useCategory(categoryId);
  const products = useCategoryProducts(category.data?.id, parsePage(searchParams.get('page')));
  usePageTitle(category.data?.name ?? 'Category');

  return (
    <PageContainer>
      <nav aria-label="Categories" className="mb-6">
        <CategoryList layout="tabs" />
      </nav>
      <QueryState query={category} loadingLabel="Loading category…">
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
                    <Link
                      to={paths.subcategory.href(sub.id)}
                      className="block rounded-full bg-linen-100 px-4 py-2 text-sm font-medium hover:bg-linen-200 dark:bg-stone-800 dark:hover:bg-stone-700"
                    >
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <section aria-label={`${data.name} products`} className="mt-8">
              <ProductList
                query={products}
                label={`${data.name} products`}
                emptyMessage="No products in this category yet."
              />
            </section>
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}
