import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { parsePage } from '../../components/ui/pagination';
import { useProducts } from '../../features/catalog/api/get-products';
import { CategoryList } from '../../features/catalog/components/category-list';
import { ProductList } from '../../features/catalog/components/product-list';
import { usePageTitle } from '../../lib/use-page-title';

export default function ShopPage() {
  usePageTitle('Shop');
  const [searchParams] = useSearchParams();
  const products = useProducts({ page: parsePage(searchParams.get('page')) });
  return (
    <PageContainer>
      <PageHeading>Shop</PageHeading>
      <p className="mt-2 text-stone-700 dark:text-stone-300">Every lace, trim, button and embellishment we stock.</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_1fr]">
        <aside aria-labelledby="shop-categories">
          <h2 id="shop-categories" className="mb-3 font-sans text-sm font-semibold tracking-wider uppercase">
            Categories
          </h2>
          <CategoryList />
        </aside>
        <section aria-label="Products">
          <ProductList query={products} label="Products" emptyMessage="No products available at the moment." />
        </section>
      </div>
    </PageContainer>
  );
}
