import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { addToCartCardAction } from '../../cart/components/add-to-cart-button';
import { SavedDataNotice } from '../../saved-catalogue/saved-data-notice';
import { useCategories } from '../api/get-categories';
import { useProducts } from '../api/get-products';
import { ProductList } from '../components/product-list';
import { ShopSidebar } from '../components/shop-sidebar';
import { ShopToolbar } from '../components/shop-toolbar';
import { readShopFilters } from '../shop-filters';

export default function ShopPage() {
  usePageTitle('Shop');
  const [searchParams] = useSearchParams();
  const products = useProducts(readShopFilters(searchParams));
  // On a phone the categories sit above the products: both wait for them (or for their error),
  // so the products do not jump down the screen when the categories arrive after them.
  const categories = useCategories();
  const waitingForCategories = categories.data === undefined && !categories.error;
  return (
    <PageContainer>
      <PageHeading>Shop</PageHeading>
      <p className="mt-2 text-stone-700 dark:text-stone-300">Every lace, trim, button and embellishment we stock.</p>
      <SavedDataNotice className="mt-6" />
      {waitingForCategories && <Spinner label="Loading products…" className="mt-8" />}
      {/* Hidden rather than left out, so the sidebar's query is not asked again on mounting. */}
      <div hidden={waitingForCategories} className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-labelledby="shop-categories">
          <h2 id="shop-categories" className="mb-3 font-sans text-sm font-semibold tracking-wider uppercase">
            Categories
          </h2>
          <ShopSidebar />
        </aside>
        <section aria-label="Products">
          <ShopToolbar />
          {products.data && (
            <p className="mb-4 text-sm text-stone-700 dark:text-stone-300" data-testid="shop-total">
              {products.data.total} {products.data.total === 1 ? 'product' : 'products'}
            </p>
          )}
          <ProductList
            cardAction={addToCartCardAction}
            query={products}
            label="Products"
            emptyMessage="No products available at the moment."
          />
        </section>
      </div>
    </PageContainer>
  );
}
