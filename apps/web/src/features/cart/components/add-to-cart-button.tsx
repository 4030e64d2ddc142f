import { ShoppingCart } from 'lucide-react';
import { toast } from 'react-toastify/unstyled';
import { buttonClasses } from '../../../components/ui/button';
import { type CartProduct, cartStore } from '../cart-store';

/** Puts `quantity` of the product in the cart and says so in a toast. */
export function addToCartWithToast(product: CartProduct, quantity = 1) {
  const result = cartStore.add(product, quantity);
  if (result === 'added' || result === 'increased') {
    toast.success(`${product.name} added to your cart`);
  } else if (result === 'at-stock-limit') {
    toast.warning(`Only ${product.stock} of ${product.name} in stock, and they are all in your cart.`);
  } else {
    toast.error(`${product.name} is out of stock.`);
  }
  return result;
}

/** A product card's action: add one to the cart, in the card's compact form. */
export const addToCartCardAction = (product: CartProduct, className: string) => (
  <AddToCartButton product={product} compact className={className} />
);

export function AddToCartButton({
  product,
  quantity = 1,
  className = '',
  compact = false,
}: {
  product: CartProduct;
  quantity?: number;
  className?: string;
  /** On a narrow card: one line of text, the icon only from the sm breakpoint. */
  compact?: boolean;
}) {
  const soldOut = product.stock < 1;
  return (
    <button
      type="button"
      disabled={soldOut}
      onClick={() => addToCartWithToast(product, quantity)}
      className={buttonClasses('primary', `${compact ? 'whitespace-nowrap' : ''} ${className}`)}
    >
      <ShoppingCart aria-hidden="true" className={`size-4 shrink-0 ${compact ? 'max-sm:hidden' : ''}`} />
      {soldOut ? 'Out of Stock' : 'Add to Cart'}
      {/* Many cards share one page: the name tells their buttons apart for screen readers. */}
      <span className="sr-only"> {product.name}</span>
    </button>
  );
}
