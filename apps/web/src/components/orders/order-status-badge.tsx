import type { OrderStatus } from '@shop/shared';

// SPEC.md §4: DELIVERED green, SHIPPED blue, every other status yellow.
const tones: Partial<Record<OrderStatus, string>> = {
  DELIVERED: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  SHIPPED: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100',
};
const otherTone = 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900 dark:text-yellow-100';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status] ?? otherTone}`}>
      {status}
    </span>
  );
}
