import { formatNaira, ORDER_MESSAGES, type Order, POD_PAYMENT_WAY_LABELS } from '@shop/shared';
import { CheckCircle2, Circle, XCircle } from 'lucide-react';
import { formatOrderDateTime } from '../../../lib/order-labels';
import { orderCardClasses } from './order-detail-cards';

/**
 * A pay-on-delivery order's steps for its customer (and on the admin's page): placed → confirmed
 * by phone → delivered and paid, or cancelled (a refused delivery). Each step says whether it is
 * done in words, not only by its icon.
 */
export function PayOnDeliverySteps({ order, className = 'mt-6' }: { order: Order; className?: string }) {
  if (order.paymentMethod !== 'payOnDelivery') return null;
  const confirmedAt = order.payOnDelivery?.confirmedAt ?? null;
  const received = order.payOnDelivery?.received ?? null;
  const paid = order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUNDED';
  const cancelled = order.status === 'CANCELLED';
  const steps: { key: string; label: string; done: boolean; detail?: string }[] = [
    { key: 'placed', label: 'Order placed', done: true, detail: formatOrderDateTime(order.createdAt) },
    {
      key: 'confirmed',
      label: 'Confirmed by phone',
      done: confirmedAt !== null || paid,
      detail: confirmedAt ? formatOrderDateTime(confirmedAt) : undefined,
    },
    {
      key: 'delivered',
      label: 'Delivered and paid',
      done: paid,
      detail: received
        ? `${formatNaira(received.amount)} by ${POD_PAYMENT_WAY_LABELS[received.how]}`
        : paid && order.paidAt
          ? formatOrderDateTime(order.paidAt)
          : undefined,
    },
  ];
  const current = cancelled ? -1 : steps.findIndex((step) => !step.done);
  return (
    <section aria-labelledby="pod-steps-heading" className={`${className} ${orderCardClasses()}`}>
      <h2 id="pod-steps-heading" className="text-lg font-semibold">
        Pay on delivery
      </h2>
      {!paid && !cancelled && (
        <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">
          We call you to confirm the order, then our rider brings it. Pay the rider {formatNaira(order.totalAmount)} by
          cash, POS or transfer.
        </p>
      )}
      {!paid && !cancelled && confirmedAt === null && order.expiresAt && (
        <p className="mt-2 text-sm text-stone-700 dark:text-stone-300" data-testid="pod-confirm-by">
          {ORDER_MESSAGES.podConfirmBy(formatOrderDateTime(order.expiresAt))}
        </p>
      )}
      <ol className="mt-4 grid gap-3 sm:grid-cols-3" data-testid="pay-on-delivery-steps">
        {steps.map((step, index) => (
          <li
            key={step.key}
            data-step={step.key}
            data-done={step.done ? 'true' : 'false'}
            aria-current={index === current ? 'step' : undefined}
            className="flex items-start gap-2"
          >
            {step.done ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-stone-500 dark:text-stone-400" />
            )}
            <span>
              <span className="font-medium">{step.label}</span>
              <span className="sr-only">{step.done ? ' (done)' : ' (not yet)'}</span>
              {step.detail && <span className="block text-sm text-stone-600 dark:text-stone-300">{step.detail}</span>}
            </span>
          </li>
        ))}
        {cancelled && (
          <li data-step="cancelled" className="flex items-start gap-2">
            <XCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" />
            <span className="font-medium">Cancelled</span>
          </li>
        )}
      </ol>
    </section>
  );
}
