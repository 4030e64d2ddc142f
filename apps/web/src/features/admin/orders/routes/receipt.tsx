import { useParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { ReceiptPage } from '../../../orders';
import { AdminError } from '../../components/admin-error';
import { useAdminOrder } from '../api/get-admin-order';

/** /admin/orders/:orderId/receipt: the same receipt the customer prints, for an admin. */
export default function AdminOrderReceiptPage() {
  const { orderId = '' } = useParams();
  const order = useAdminOrder(orderId);
  return (
    <ReceiptPage
      order={order}
      backHref={paths.adminOrder.href(orderId)}
      failure={(error) => <AdminError error={error} />}
    />
  );
}
