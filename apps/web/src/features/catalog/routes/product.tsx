import type { Product, SaleTerms } from '@shop/shared';
import {
  breakSavingPercent,
  CATALOG_MESSAGES,
  formatNaira,
  formatPriceBreak,
  formatUnitPrice,
  isPurchasable,
  nairaToKobo,
  parseQuantity,
  perUnitSuffix,
  priceLineKobo,
  productCardOf,
} from '@shop/shared';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { buttonClasses } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatLineTotal } from '../../../lib/line-price';
import { usePageTitle } from '../../../lib/use-page-title';
import { AddToCartButton, addToCartCardAction, productTerms, QuantitySelector, quantityWords } from '../../cart';
import { SavedDataNotice } from '../../saved-catalogue';
import { StockAlertForm } from '../../stock-alerts';
import { ProductWhatsAppLinks } from '../../whatsapp';
import { useProduct } from '../api/get-product';
import { useRelatedProducts } from '../api/get-related-products';
import { ProductGallery } from '../components/product-gallery';
import { ProductGrid } from '../components/product-grid';
import { StockBadge } from '../components/stock-badge';

function ProductNotFound() {
  usePageTitle('Product Not Found');
  return (
    <PageContainer className="text-center">
      <PageHeading>Product Not Found</PageHeading>
      <p className="mt-3 text-stone-700 dark:text-stone-300">
        This product may have been removed or the link is wrong.
      </p>
      <Link to={paths.shop.href()} className={buttonClasses('primary', 'mt-6')}>
        Back to Shop
      </Link>
    </PageContainer>
  );
}

function ProductDetails({ product }: { product: Product }) {
  usePageTitle(product.name);
  const { subcategory } = product;
  const terms = productTerms(product);
  // What the cart keeps of the product: its card, as a list would have given it.
  const card = useMemo(() => productCardOf(product), [product]);
  const stockHundredths = parseQuantity(product.stock) ?? 0;
  const purchasable = isPurchasable(terms, stockHundredths);
  // The control starts at the least one line may take (1 yard, 1 pack, 1 piece).
  const [hundredths, setHundredths] = useState(terms.minHundredths);
  const [quantityProblem, setQuantityProblem] = useState<string | null>(null);
  return (
    <PageContainer>
      <SavedDataNotice className="mb-6" />
      <Breadcrumb
        items={[
          { label: 'Home', to: paths.home.href() },
          ...(subcategory
            ? [
                { label: subcategory.category.name, to: paths.category.href(subcategory.category.id) },
                { label: subcategory.name, to: paths.subcategory.href(subcategory.id) },
              ]
            : []),
          { label: product.name },
        ]}
      />
      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductGallery images={product.images} name={product.name} />
        <div className="flex flex-col gap-4">
          <PageHeading>{product.name}</PageHeading>
          <p className="text-2xl font-semibold text-wine-800 dark:text-wine-200" data-testid="product-price">
            {formatUnitPrice(terms, product.price)}
          </p>
          <div>
            <StockBadge stockHundredths={stockHundredths} terms={terms} />
          </div>
          {terms.priceBreaks.length > 0 && <PriceBreakTable terms={terms} price={product.price} />}
          {purchasable && (
            <>
              <div className="flex flex-wrap items-start gap-4">
                <QuantitySelector
                  terms={terms}
                  stockHundredths={stockHundredths}
                  value={hundredths}
                  onChange={setHundredths}
                  onProblem={setQuantityProblem}
                />
                <AddToCartButton
                  product={card}
                  hundredths={hundredths}
                  disabled={quantityProblem !== null}
                  className="px-7 py-3 text-base"
                />
              </div>
              <LineTotal terms={terms} price={product.price} hundredths={hundredths} />
            </>
          )}
          {!purchasable && <StockAlertForm productId={product.id} />}
          <p className="leading-relaxed whitespace-pre-line text-stone-700 dark:text-stone-300">
            {product.description}
          </p>
          <ProductWhatsAppLinks product={product} terms={terms} />
          {product.specifications.length > 0 && (
            <section aria-labelledby="specifications-title">
              <h2 id="specifications-title" className="text-lg font-semibold">
                Specifications
              </h2>
              <dl className="mt-2 divide-y divide-linen-200 rounded-xl border border-linen-200 dark:divide-stone-800 dark:border-stone-800">
                {product.specifications.map((spec) => (
                  <div key={spec.name} className="grid grid-cols-2 gap-4 px-4 py-2 text-sm">
                    <dt className="font-medium">{spec.name}</dt>
                    <dd className="text-stone-700 dark:text-stone-300">{spec.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
      </div>
      <RelatedProducts productId={product.id} />
    </PageContainer>
  );
}

/** "10 yards or more: ₦1,050 / yard (save 12%)": the product's price breaks, cheapest last. */
function PriceBreakTable({ terms, price }: { terms: SaleTerms; price: number }) {
  const priceKobo = nairaToKobo(price) ?? 0;
  return (
    <section
      aria-labelledby="price-breaks-title"
      className="rounded-xl border border-linen-200 p-4 dark:border-stone-800"
    >
      <h2 id="price-breaks-title" className="text-base font-semibold">
        Bulk prices
      </h2>
      <ul className="mt-2 space-y-1 text-sm" data-testid="price-breaks">
        {terms.priceBreaks.map((line) => (
          <li key={line.minHundredths} className="flex flex-wrap justify-between gap-x-4">
            <span>{formatPriceBreak(terms, line)}</span>
            <span className="font-medium text-emerald-800 dark:text-emerald-300">
              {`save ${breakSavingPercent(priceKobo, line.priceKobo)}%`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What the chosen quantity costs, priced as the cart and the server price it (priceLineKobo),
 * updated as it changes, saying when a price break applies.
 */
function LineTotal({ terms, price, hundredths }: { terms: SaleTerms; price: number; hundredths: number }) {
  const priced = priceLineKobo(nairaToKobo(price) ?? 0, terms, hundredths);
  return (
    <p aria-live="polite" className="text-sm text-stone-800 dark:text-stone-200" data-testid="line-total">
      {`Total for ${quantityWords(terms, hundredths)}: `}
      <strong className="tabular-nums">{formatLineTotal(priced)}</strong>
      {priced.listPriceKobo !== null && (
        <span className="text-emerald-800 dark:text-emerald-300" data-testid="line-total-break">
          {' '}
          (bulk price {formatNaira(priced.unitPriceKobo / 100)}
          {perUnitSuffix(terms)} instead of <del>{formatNaira(priced.listPriceKobo / 100)}</del>)
        </span>
      )}
    </p>
  );
}

function RelatedProducts({ productId }: { productId: string }) {
  const related = useRelatedProducts(productId);
  // Extras: nothing to show (or a failure) leaves the page as it is.
  if (!related.data || related.data.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="render-when-near mt-14">
      <h2 id="related-title" className="mb-6 text-2xl font-semibold">
        Related Products
      </h2>
      <ProductGrid products={related.data} label="Related products" cardAction={addToCartCardAction} />
    </section>
  );
}

export default function ProductPage() {
  const { productId = '' } = useParams();
  const product = useProduct(productId);
  if (product.error instanceof ApiError && product.error.code === 'NOT_FOUND') return <ProductNotFound />;
  return (
    <QueryState query={product} loadingLabel="Loading product…" failedMessage={CATALOG_MESSAGES.fetchProductFailed}>
      {(data) => <ProductDetails key={data.id} product={data} />}
    </QueryState>
  );
}
