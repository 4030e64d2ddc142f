import { CheckCircle2 } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import type { PaymentSuccess } from '../../payments';
import { TestPaymentsBanner } from '../../payments';

/** SPEC.md §2: the order number and the transaction id, once the server confirmed the payment. */
export default function OrderSuccessPage() {
  usePageTitle('Payment Successful');
  const paid = useLocation().state as PaymentSuccess | null;
  return (
    <PageContainer>
      <TestPaymentsBanner />
      <div className="mx-auto max-w-2xl space-y-6 text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-16 text-green-700 dark:text-green-400" />
        <PageHeading>Payment Successful</PageHeading>
        <p className="text-stone-700 dark:text-stone-300">
          Thank you! Your payment was received and your order is being prepared. We have emailed you a confirmation.
        </p>
        {paid?.orderNumber && (
          <dl className="mx-auto grid w-fit grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-left">
            <dt className="text-stone-600 dark:text-stone-400">Order number</dt>
            <dd className="font-semibold" data-testid="order-number">
              {paid.orderNumber}
            </dd>
            <dt className="text-stone-600 dark:text-stone-400">Transaction id</dt>
            <dd className="font-semibold break-all" data-testid="transaction-id">
              {paid.transactionId ?? '—'}
            </dd>
          </dl>
        )}
        <div className="flex flex-wrap justify-center gap-3">
          {paid?.orderId ? (
            <Link to={paths.order.href(paid.orderId)} className={buttonClasses('primary')}>
              View Order
            </Link>
          ) : (
            <Link to={paths.orders.href()} className={buttonClasses('primary')}>
              My Orders
            </Link>
          )}
          <Link to={paths.shop.href()} className={buttonClasses('secondary')}>
            Continue Shopping
          </Link>
        </div>
      </div>
    </PageContainer>
  );
}
