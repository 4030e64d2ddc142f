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

export function ProductGrid({ products, label, eagerImages = 0, cardAction }: ProductGridProps) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < eagerImages} action={cardAction} />
        </li>
      ))}
    </ul>
  );
}
