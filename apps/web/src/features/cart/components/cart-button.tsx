import { ShoppingBag } from 'lucide-react';
import { IconButton } from '../../../components/ui/icon-button';
import { useCart } from '../cart-store';
import { preloadCartDrawer } from './cart-drawer';

// Pointed at or focused, the cart is about to open: its lines start loading (a failure is retried on opening).
const preload = () => {
  preloadCartDrawer().catch(() => {});
};

/** The header's cart icon with the number of items in the cart. */
export function CartButton({ onClick }: { onClick: () => void }) {
  const { count } = useCart();
  return (
    <IconButton
      label={count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
      aria-haspopup="dialog"
      onClick={onClick}
      onPointerEnter={preload}
      onFocus={preload}
      className="relative"
    >
      <ShoppingBag aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-wine-700 px-1 text-xs leading-5 font-semibold text-white dark:bg-gold-300 dark:text-stone-950"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </IconButton>
  );
}
