import { XCircle } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/form-message';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import type { PaymentFailure } from '../../payments';
import { readPendingOrder, TestPaymentsBanner, usePayOrder } from '../../payments';

/**
 * SPEC.md §4: where a declined, failed, unconfirmed or closed payment lands, with the reason.
 * Try Again pays the same order again (never a new one); Contact Support goes to /contact.
 */
export default function OrderFailedPage() {
  usePageTitle('Payment Failed');
  const failure = useLocation().state as PaymentFailure | null;
  const { pay, pending, error } = usePayOrder();
  // After a reload the navigation state may be gone; this tab's unpaid order is still known.
  const pendingOrder = readPendingOrder();
  const order =
    failure?.orderId && failure.orderNumber ? { id: failure.orderId, orderNumber: failure.orderNumber } : pendingOrder;
  return (
    <PageContainer>
      <TestPaymentsBanner />
      <div className="mx-auto max-w-2xl space-y-6 text-center">
        <XCircle aria-hidden="true" className="mx-auto size-16 text-red-700 dark:text-red-400" />
        <PageHeading>Payment Failed</PageHeading>
        <div role="alert" className="space-y-1" data-testid="payment-failure">
          <p className="text-lg font-semibold" data-testid="failure-reason">
            {failure?.reason ?? 'Your payment did not go through.'}
          </p>
          {failure?.detail && (
            <p className="text-stone-700 dark:text-stone-300" data-testid="failure-detail">
              {failure.detail}
            </p>
          )}
        </div>
        {order && (
          <p className="text-stone-700 dark:text-stone-300">
            Your order <span data-testid="order-number">{order.orderNumber}</span> is kept, unpaid, so you can try
            again.
          </p>
        )}
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <div className="flex flex-wrap justify-center gap-3">
          {order ? (
            <Button disabled={pending} onClick={() => pay(order, { clearCart: pendingOrder?.id === order.id })}>
              {pending ? 'Payment in progress…' : 'Try Again'}
            </Button>
          ) : (
            <Link to={paths.checkout.href()} className={buttonClasses('primary')}>
              Try Again
            </Link>
          )}
          <Link to={paths.contact.href()} className={buttonClasses('secondary')}>
            Contact Support
          </Link>
        </div>
      </div>
    </PageContainer>
  );
}
