import type { ProductCard as ProductCardData } from '@shop/shared';
import { ProductCard, type ProductCardAction } from './product-card';

type ProductGridProps = {
  products: ProductCardData[];
  label?: string;
  /**
   * How many photos to load at once instead of lazily: on a page whose grid starts on the first
   * screen, the first row (two on a phone) holds the page's largest paint.
   */
  eagerImages?: number;
  /** Each card's action (add to cart), from the page. */
  cardAction?: ProductCardAction;
};

export const FIRST_SCREEN_CARDS = 4;
/** A card's place on a phone (two to a row) until it is drawn; then its last size. */
const CARD_WHEN_NEAR = 'render-when-near [contain-intrinsic-size:auto_22rem]';

export function ProductGrid({ products, label, eagerImages = 0, cardAction }: ProductGridProps) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
      {products.map((product, index) => (
        // Cards past the first screen are drawn when they come near it (index.css).
        <li key={product.id} className={index < FIRST_SCREEN_CARDS ? undefined : CARD_WHEN_NEAR}>
          <ProductCard product={product} priority={index < eagerImages} action={cardAction} />
        </li>
      ))}
    </ul>
  );
}
