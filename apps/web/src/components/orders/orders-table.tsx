import { formatNaira, type Order } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { formatOrderDate } from '../../lib/order-labels';
import { TableHead } from '../ui/table-head';
import { OrderStatusBadge } from './order-status-badge';

type OrderRow = Pick<Order, 'id' | 'orderNumber' | 'createdAt' | 'status' | 'totalAmount'>;

/** Orders as the dashboard and /orders list them: number, date, status, total and a view link. */
export function OrdersTable({ orders, label }: { orders: readonly OrderRow[]; label: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label}>
        <TableHead
          className="text-stone-600 dark:text-stone-400"
          cellClassName="py-2 pr-4"
          columns={['Order', 'Date', 'Status', 'Total', { label: 'View', hidden: true }]}
        />
        <tbody className="divide-y divide-linen-200 dark:divide-stone-800">
          {orders.map((order) => (
            <tr key={order.id} data-testid="order-row">
              <td className="py-3 pr-4 font-medium">{order.orderNumber}</td>
              <td className="py-3 pr-4">{formatOrderDate(order.createdAt)}</td>
              <td className="py-3 pr-4">
                <OrderStatusBadge status={order.status} />
              </td>
              <td className="py-3 pr-4 tabular-nums">{formatNaira(order.totalAmount)}</td>
              <td className="py-3 text-right">
                <Link
                  to={paths.order.href(order.id)}
                  className="font-medium text-wine-700 underline dark:text-wine-300"
                  aria-label={`View order ${order.orderNumber}`}
                >
                  View
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
