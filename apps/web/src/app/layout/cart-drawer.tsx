import { ShoppingBag, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { IconButton } from '../../components/ui/icon-button';
import { paths } from '../../config/paths';

// NOTE: a placeholder until the cart feature lands; it will list the in-memory cart and link
// to /checkout (SPEC.md §2).
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50">
      <button
        type="button"
        aria-label="Close cart"
        tabIndex={-1}
        className="absolute inset-0 bg-black/50"
        onClick={onClose}
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-drawer-title"
        className="absolute inset-y-0 right-0 flex w-full max-w-sm flex-col bg-linen-50 text-stone-900 shadow-xl dark:bg-stone-900 dark:text-stone-100"
      >
        <div className="flex items-center justify-between border-b border-linen-200 p-4 dark:border-stone-800">
          <h2 id="cart-drawer-title" className="text-lg font-semibold">
            Your Cart
          </h2>
          <IconButton ref={closeRef} label="Close cart" onClick={onClose}>
            <X aria-hidden="true" className="size-5" />
          </IconButton>
        </div>
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
          <ShoppingBag aria-hidden="true" className="size-12 text-wine-700 dark:text-wine-300" />
          <p className="text-lg">Your cart is empty</p>
          <Link to={paths.shop.href()} onClick={onClose} className={buttonClasses('primary')}>
            Start Shopping
          </Link>
        </div>
      </div>
    </div>
  );
}
