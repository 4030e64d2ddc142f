import type { ProductCard as ProductCardData } from '@shop/shared';
import { CATALOG_MESSAGES } from '@shop/shared';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { IconButton } from '../../../components/ui/icon-button';
import { QueryState } from '../../../components/ui/query-state';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { addToCartCardAction } from '../../cart';
import { ProductCard } from '../../catalog';
import { useHotBuyProducts } from '../api/get-hot-buy-products';

function Carousel({ products }: { products: ProductCardData[] }) {
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps' });
  // Embla measures every slide when it starts: below the fold on a phone, it starts when the
  // visitor scrolls towards it, not while the page starts (issue 26). Until then its buttons stay
  // disabled: nobody sees them yet.
  const carouselRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(carouselRef);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const update = useCallback(() => {
    if (!embla) return;
    setCanPrev(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla, update]);

  return (
    <div ref={carouselRef} className="relative">
      <div className="mb-4 flex justify-end gap-2">
        <IconButton
          label="Previous hot buys"
          disabled={!canPrev}
          onClick={() => embla?.scrollPrev()}
          className="border border-stone-300 disabled:opacity-40 dark:border-stone-600"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </IconButton>
        <IconButton
          label="Next hot buys"
          disabled={!canNext}
          onClick={() => embla?.scrollNext()}
          className="border border-stone-300 disabled:opacity-40 dark:border-stone-600"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </IconButton>
      </div>
      <div ref={near ? viewportRef : undefined} className="overflow-hidden">
        <ul aria-label="Hot buy products" className="-ml-3 flex sm:-ml-5">
          {products.map((product, index) => (
            <li
              key={product.id}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${products.length}`}
              className="min-w-0 shrink-0 grow-0 basis-1/2 pl-3 sm:basis-1/3 sm:pl-5 lg:basis-1/4"
              // A card focused by Tab scrolls into view.
              onFocus={() => embla?.scrollTo(index)}
            >
              <ProductCard product={product} action={addToCartCardAction} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Hot Buys: products flagged isHotBuy, in a carousel (SPEC.md §2). */
export function HotBuys() {
  const hotBuys = useHotBuyProducts();
  return (
    <section
      aria-labelledby="hot-buys-title"
      aria-roledescription="carousel"
      className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 lg:px-8"
    >
      <h2 id="hot-buys-title" className="text-2xl font-semibold sm:text-3xl">
        Hot Buys
      </h2>
      <div className="mt-2" data-testid="hot-buys">
        <QueryState
          query={hotBuys}
          loadingLabel="Loading hot buys…"
          failedMessage={CATALOG_MESSAGES.fetchProductsFailed}
          errorHint="Check if your backend server is running correctly."
          isEmpty={(products) => products.length === 0}
          emptyMessage="No hot buy products available at the moment."
        >
          {(products) => <Carousel products={products} />}
        </QueryState>
      </div>
    </section>
  );
}
