import { APP_START_MESSAGES, SHOP_FILTERS_TOGGLE } from '@shop/shared';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { useAppStarted } from '../../../lib/use-app-started';
import { usePageTitle } from '../../../lib/use-page-title';
import { addToCartCardAction } from '../../cart';
import { SavedDataNotice } from '../../saved-catalogue';
import { useProducts } from '../api/get-products';
import { ProductList } from '../components/product-list';
import { ShopSidebar } from '../components/shop-sidebar';
import { ShopToolbar } from '../components/shop-toolbar';
import { readShopFilters } from '../shop-filters';

export default function ShopPage() {
  usePageTitle('Shop');
  const [searchParams] = useSearchParams();
  const products = useProducts(readShopFilters(searchParams));
  // On a wide screen the categories sit beside the products, and wait for nothing. On a phone
  // they and the filters fold into one panel that opens on demand, so the products fill the
  // first screen; a drawn page's toggle waits for the app, saying so.
  const [panelOpen, setPanelOpen] = useState(false);
  const started = useAppStarted();
  const panel = panelOpen ? 'block' : 'hidden lg:block';
  return (
    <PageContainer>
      <PageHeading>Shop</PageHeading>
      <p className="mt-2 text-stone-700 dark:text-stone-300">Every lace, trim, button and embellishment we stock.</p>
      <SavedDataNotice className="mt-6" />
      <button
        type="button"
        className="mt-6 inline-flex items-center gap-2 rounded-full border border-linen-300 px-4 py-2 text-sm font-medium hover:bg-linen-100 disabled:opacity-60 lg:hidden dark:border-stone-700 dark:hover:bg-stone-800"
        aria-expanded={panelOpen}
        aria-controls="shop-categories-panel shop-filters-panel"
        disabled={!started}
        onClick={() => setPanelOpen((open) => !open)}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {started ? SHOP_FILTERS_TOGGLE : APP_START_MESSAGES.gettingReady}
        {!started && <span className="sr-only"> {APP_START_MESSAGES.reason}</span>}
      </button>
      <div className="mt-6 grid gap-8 lg:mt-8 lg:grid-cols-[16rem_1fr]">
        <aside id="shop-categories-panel" aria-labelledby="shop-categories" className={panel}>
          <h2 id="shop-categories" className="mb-3 font-sans text-sm font-semibold tracking-wider uppercase">
            Categories
          </h2>
          <ShopSidebar />
        </aside>
        <section aria-label="Products">
          <div id="shop-filters-panel" className={panel}>
            <ShopToolbar />
          </div>
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
