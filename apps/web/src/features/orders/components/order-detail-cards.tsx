import { formatNaira, type Order } from '@shop/shared';
import type { ReactNode } from 'react';
import { orderLineQuantity, UnitPricePaid } from '../../../components/orders/order-line';
import { ProductImage } from '../../../components/ui/product-image';

// The pieces an order's detail page is built of, shared by the customer's page and the admin's.
// `compact` is the admin's denser layout (four cards a row); the customer's page has more room.

/** A white card's frame: the admin's status and transfer forms use it bare. */
export function orderCardClasses(compact = false): string {
  return `min-w-0 rounded-2xl border border-linen-200 bg-white dark:border-stone-800 dark:bg-stone-900 ${compact ? 'p-5' : 'p-6'}`;
}

/** A card named by its heading, so it is a region screen readers can jump to. */
export function OrderCard({
  id,
  title,
  compact = false,
  children,
}: {
  id: string;
  title: string;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={orderCardClasses(compact)}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className={`${compact ? 'mt-3' : 'mt-4'} text-sm`}>{children}</div>
    </section>
  );
}

/** Label and value rows; each value is marked `data-field` (its own name, or the label). */
export function OrderFacts({ rows }: { rows: [label: string, value: ReactNode, field?: string][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      {rows.map(([label, value, field = label]) => (
        <div key={field} className="contents">
          <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
          <dd className="min-w-0 font-medium [overflow-wrap:anywhere]" data-field={field}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The items ordered, each with its picture, quantity in its unit × the unit price paid (the list
 * price struck through when a break applied) and the line total the server charged.
 */
export function OrderItemsList({
  items,
  compact = false,
  className = '',
}: {
  items: Order['items'];
  compact?: boolean;
  className?: string;
}) {
  return (
    <ul className={`divide-y divide-linen-200 dark:divide-stone-800 ${className}`}>
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-4 py-3" data-testid="order-item">
          <ProductImage
            src={item.image ?? undefined}
            alt=""
            sizes={compact ? '56px' : '64px'}
            width={compact ? 56 : 64}
            height={compact ? 56 : 64}
            className={`${compact ? 'size-14' : 'size-16'} shrink-0 rounded-lg bg-linen-100 object-cover dark:bg-stone-800`}
          />
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words">{item.name}</p>
            <p className="text-sm text-stone-600 dark:text-stone-400">
              <span data-line="quantity">{orderLineQuantity(item)}</span> × <UnitPricePaid item={item} />
            </p>
          </div>
          <p className="font-semibold whitespace-nowrap tabular-nums" data-line="line-total">
            {formatNaira(item.lineTotal)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The shipping address on one line, as both detail pages show it; a Lagos address names its LGA. */
export function shippingAddressLine(ship: Order['shippingAddress']): string {
  const area = ship.area ? `${ship.area} LGA` : '';
  return [ship.address, ship.city, area, ship.state, ship.zipCode, ship.country].filter(Boolean).join(', ');
}

/** The delivery fee as the cards show it: 'Free' when there is none. */
export function deliveryFeeText(fee: number): string {
  return fee === 0 ? 'Free' : formatNaira(fee);
}
