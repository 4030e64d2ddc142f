import {
  formatNaira,
  formatQuantity,
  type Product,
  perUnitSuffix,
  WHATSAPP_LINK_LABELS,
  WHATSAPP_MESSAGES,
  whatsappHref,
} from '@shop/shared';
import { Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { IconButton } from '../../../components/ui/icon-button';
import { ProductImage } from '../../../components/ui/product-image';
import { paths } from '../../../config/paths';
import { formatLineTotal, priceCartLine } from '../../../lib/line-price';
import { useShopInfo } from '../../shop-info';
import { WhatsAppLink } from '../../whatsapp';
import { type CartLine, cartStore, cartSubtotal, lineTerms } from '../cart-store';
import { quantityWords } from '../quantity-words';
import { applyRecheck, recheckCart } from '../recheck-cart';
import { QuantitySelector } from './quantity-selector';

// The cart drawer's lines, loaded when the drawer first opens with something in it (the
// quantity control, the re-check and the words of every unit), so a first visit's bundle
// carries only the drawer's shell (cart-drawer.tsx).

function CartLineItem({
  line,
  onClose,
  announce,
}: {
  line: CartLine;
  onClose: () => void;
  announce: (message: string) => void;
}) {
  const terms = lineTerms(line);
  const priced = priceCartLine(line);
  const change = (hundredths: number) => {
    cartStore.setQuantity(line.productId, hundredths);
    const next = cartStore.getLines().find((item) => item.productId === line.productId) ?? line;
    const total = formatLineTotal(priceCartLine(next));
    announce(`${line.name}: quantity ${formatQuantity(terms, next.hundredths)}, ${total}.`);
  };
  return (
    <li className="flex gap-3 py-4" data-testid="cart-line">
      <ProductImage
        src={line.image}
        alt=""
        sizes="80px"
        width={80}
        height={80}
        className="size-20 shrink-0 rounded-lg bg-linen-100 object-cover dark:bg-stone-800"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={paths.product.href(line.slug || line.productId)}
          onClick={onClose}
          className="line-clamp-2 text-sm font-medium hover:underline"
        >
          {line.name}
        </Link>
        {/* The price per unit this quantity pays; the plain price struck through when a break lowers it. */}
        <p className="text-sm text-stone-700 dark:text-stone-300">
          <span data-testid="cart-line-price">
            {formatNaira(priced.unitPriceKobo / 100)}
            {perUnitSuffix(terms)}
          </span>
          {priced.listPriceKobo !== null && (
            <>
              {' '}
              <del data-testid="cart-line-list-price" className="text-stone-500 dark:text-stone-400">
                <span className="sr-only">was </span>
                {formatNaira(priced.listPriceKobo / 100)}
              </del>
            </>
          )}
        </p>
        <div className="mt-1 flex items-start gap-2">
          <QuantitySelector
            terms={terms}
            stockHundredths={line.stockHundredths}
            value={line.hundredths}
            onChange={change}
            productName={line.name}
            compact
          />
          <IconButton
            label={`Remove ${line.name}`}
            className="ml-auto size-11 shrink-0 text-wine-700 sm:size-8 dark:text-wine-300"
            onClick={() => {
              cartStore.remove(line.productId);
              announce(`${line.name} removed from your cart.`);
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
        <p className="flex justify-between gap-2 text-sm">
          <span className="text-stone-600 dark:text-stone-400" data-testid="cart-line-quantity">
            {quantityWords(terms, line.hundredths)}
          </span>
          <span className="font-semibold tabular-nums" data-testid="cart-line-total">
            {formatLineTotal(priced)}
          </span>
        </p>
      </div>
    </li>
  );
}

/**
 * The open drawer's lines, each with its quantity control, price per unit and total. On every
 * opening (this mounts when the drawer opens), prices, terms and stock may have moved since the
 * lines were added: they are checked again and what changed is said.
 */
export function CartDrawerLines({
  items,
  onClose,
  announce,
  fetchProduct,
  onChanges,
}: {
  items: readonly CartLine[];
  onClose: () => void;
  announce: (message: string) => void;
  fetchProduct: (id: string) => Promise<Product>;
  onChanges: (changes: string[]) => void;
}) {
  useEffect(() => {
    const lines = cartStore.getLines();
    if (lines.length === 0) return;
    let cancelled = false;
    recheckCart(lines, fetchProduct).then((outcome) => {
      if (cancelled) return;
      cartStore.replace(applyRecheck(cartStore.getLines(), outcome));
      onChanges(outcome.changes);
    });
    return () => {
      cancelled = true;
    };
  }, [fetchProduct, onChanges]);

  return (
    <ul
      aria-label="Items in your cart"
      className="flex-1 divide-y divide-linen-200 overflow-y-auto px-4 dark:divide-stone-800"
    >
      {items.map((line) => (
        <CartLineItem key={line.productId} line={line} onClose={onClose} announce={announce} />
      ))}
    </ul>
  );
}

/**
 * "Send cart on WhatsApp": a chat with the shop's number carrying each line (name, quantity in its
 * unit, line price) and the subtotal, as the drawer shows them. Here, in the lazy part of the
 * drawer, so the first visit's bundle does not grow; nothing when the settings hold no number
 * WhatsApp can open.
 */
export function CartWhatsAppLink({ items }: { items: readonly CartLine[] }) {
  const shop = useShopInfo();
  if (!shop || items.length === 0) return null;
  const message = WHATSAPP_MESSAGES.cart(
    shop.name,
    items.map((line) => ({
      name: line.name,
      terms: lineTerms(line),
      hundredths: line.hundredths,
      lineTotal: priceCartLine(line).lineTotalKobo / 100,
    })),
    cartSubtotal(items),
  );
  const href = whatsappHref(shop.whatsapp, message);
  if (!href) return null;
  return (
    <WhatsAppLink
      href={href}
      label={WHATSAPP_LINK_LABELS.cart}
      testId="whatsapp-cart"
      className="w-full justify-center"
    />
  );
}
