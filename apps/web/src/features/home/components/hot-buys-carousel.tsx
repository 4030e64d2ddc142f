import type { ProductCard as ProductCardData } from '@shop/shared';
import { CATALOG_MESSAGES } from '@shop/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { IconButton } from '../../../components/ui/icon-button';
import { QueryState } from '../../../components/ui/query-state';
import { useAppStarted } from '../../../lib/use-app-started';
import { useScrollEdges } from '../../../lib/use-scroll-edges';
import { addToCartCardAction } from '../../cart';
import { ProductCard } from '../../catalog';
import { useHotBuyProducts } from '../api/get-hot-buy-products';

/** The hot buys in the page the server draws: a wide screen's first screenful. */
const HOT_BUYS_DRAWN_FIRST = 4;

// The browser's own scrolling, snapped to the cards: a swipe on a phone, the buttons, the keyboard
// (a focused card scrolls into view) and a trackpad all move it, with no script measuring the
// slides while the page starts (embla did, in the middle of a first visit: issue 26).
function Carousel({ products }: { products: ProductCardData[] }) {
  const listRef = useRef<HTMLUListElement>(null);
  // The page the server draws holds the first screenful (four cards on a wide screen, two on a
  // phone); the rest join once the app runs, which is before anyone can scroll to them with the
  // buttons. Twelve cards were a fifth of home's first style and layout on a phone (issue 26).
  // They join in a transition, which React renders in slices, not in the one task that follows
  // hydration; a page the app draws itself has them all at once.
  const started = useAppStarted();
  const [allDrawn, setAllDrawn] = useState(started);
  useEffect(() => {
    if (!allDrawn) startTransition(() => setAllDrawn(true));
  }, [allDrawn]);
  const drawn = allDrawn ? products : products.slice(0, HOT_BUYS_DRAWN_FIRST);
  const { canPrev, canNext } = useScrollEdges(listRef, drawn.length);
  // A screenful of cards at a time; the snap lands on a card's edge. How it moves (smoothly, or at
  // once for visitors who prefer reduced motion) is the list's scroll-behavior.
  const scrollByScreen = (direction: 1 | -1) => {
    const list = listRef.current;
    list?.scrollBy({ left: direction * list.clientWidth });
  };

  return (
    <div className="relative">
      <div className="mb-4 flex justify-end gap-2">
        <IconButton
          label="Previous hot buys"
          disabled={!canPrev}
          onClick={() => scrollByScreen(-1)}
          className="border border-stone-300 disabled:opacity-40 dark:border-stone-600"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </IconButton>
        <IconButton
          label="Next hot buys"
          disabled={!canNext}
          onClick={() => scrollByScreen(1)}
          className="border border-stone-300 disabled:opacity-40 dark:border-stone-600"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </IconButton>
      </div>
      <ul
        ref={listRef}
        aria-label="Hot buy products"
        className="-ml-3 flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] motion-safe:scroll-smooth sm:-ml-5"
      >
        {drawn.map((product, index) => (
          <li
            key={product.id}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${products.length}`}
            className="min-w-0 shrink-0 grow-0 basis-1/2 snap-start pl-3 sm:basis-1/3 sm:pl-5 lg:basis-1/4"
          >
            <ProductCard product={product} action={addToCartCardAction} />
          </li>
        ))}
      </ul>
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
