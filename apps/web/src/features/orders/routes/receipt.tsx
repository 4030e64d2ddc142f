import { ORDER_MESSAGES as M } from '@shop/shared';
import { useParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useOrder } from '../api/get-order';
import { ReceiptPage } from '../components/receipt-page';

/** /orders/:orderId/receipt: the customer's printable receipt; someone else's order is 'Order Not Found'. */
export default function OrderReceiptPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  return (
    <ReceiptPage
      order={order}
      backHref={paths.order.href(orderId)}
      failure={(error) => {
        const notFound = error instanceof ApiError && error.code === 'NOT_FOUND';
        return (
          <div className="space-y-4 py-10 text-center">
            <PageHeading>{notFound ? M.orderNotFound : 'Failed to fetch order details'}</PageHeading>
            <p role="alert" className="text-stone-700 dark:text-stone-300">
              {notFound ? M.orderNotFoundDetail : error.message || 'Failed to fetch order details'}
            </p>
          </div>
        );
      }}
    />
  );
}
