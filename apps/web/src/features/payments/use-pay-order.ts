import { ORDER_MESSAGES as M, type Order, type PaymentConfig, type PaymentStart } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { cartStore } from '../cart';
import { confirmPayment } from './api/confirm-payment';
import { paymentConfigQuery } from './api/get-payment-config';
import { startPayment } from './api/start-payment';
import { failureOfConfirm, messageOfStartFailure, type PaymentFailure, type PaymentSuccess } from './payment-outcome';
import { loadPaystack, openPaystack, transactionIdOf } from './paystack-inline';
import { forgetPendingOrder, readPendingOrder } from './pending-order';

type PayableOrder = { id: string; orderNumber: string };

/**
 * Pays one existing order by card (SPEC.md §4): the server initializes the transaction, the
 * provider's modal takes the card, the server confirms with the provider, then the cart is
 * cleared and the customer lands on /order/success; anything else lands on /order/failed with
 * the reason. Used by checkout, Try Again and the order page's Pay now, always for the same
 * order: a second click while one payment is under way does nothing.
 */
export function usePayOrder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const busy = useRef(false);

  const succeed = useCallback(
    (order: Order, clearCart: boolean) => {
      if (clearCart || readPendingOrder()?.id === order.id) cartStore.clear();
      if (readPendingOrder()?.id === order.id) forgetPendingOrder();
      queryClient.invalidateQueries({ queryKey: ['orders'] });
      const state: PaymentSuccess = {
        orderId: order.id,
        orderNumber: order.orderNumber,
        transactionId: order.transactionId,
      };
      navigate(paths.orderSuccess.href(), { state });
    },
    [navigate, queryClient],
  );

  const pay = useCallback(
    async (order: PayableOrder, { clearCart = false }: { clearCart?: boolean } = {}) => {
      if (busy.current) return;
      busy.current = true;
      setPending(true);
      setError(undefined);
      const fail = (failure: Pick<PaymentFailure, 'reason' | 'detail'>) => {
        queryClient.invalidateQueries({ queryKey: ['orders'] });
        const state: PaymentFailure = { orderId: order.id, orderNumber: order.orderNumber, ...failure };
        navigate(paths.orderFailed.href(), { state });
      };
      try {
        let session: PaymentStart;
        let config: PaymentConfig;
        try {
          config = await queryClient.fetchQuery(paymentConfigQuery);
          session = await startPayment(order.id);
        } catch (failure) {
          if (failure instanceof ApiError && failure.code === 'ALREADY_PAID') {
            // Paid meanwhile (the webhook, another tab): confirm-payment is idempotent and
            // answers with the paid order.
            const paid = await confirmPayment({ orderId: order.id, transactionId: null }).catch(() => undefined);
            if (paid) {
              succeed(paid.order, clearCart);
              return;
            }
          }
          setError(messageOfStartFailure(failure));
          return;
        }

        let Pop: Awaited<ReturnType<typeof loadPaystack>>;
        try {
          Pop = await loadPaystack(config.inlineScriptUrl);
        } catch {
          fail({ reason: M.paymentModalFailed });
          return;
        }

        const outcome = await openPaystack(Pop, session, config.channels);
        if (outcome.kind === 'error') {
          fail({ reason: outcome.message || M.paymentModalFailed });
          return;
        }
        // Success or a closed modal: only the server, asking the provider, knows what happened.
        try {
          const { order: confirmed } = await confirmPayment({
            orderId: order.id,
            transactionId:
              outcome.kind === 'success' ? transactionIdOf(outcome.transaction, session.reference) : session.reference,
            status: outcome.kind === 'success' ? (outcome.transaction.status ?? 'success') : 'cancelled',
          });
          succeed(confirmed, clearCart);
        } catch (failure) {
          fail(failureOfConfirm(failure, outcome.kind === 'cancelled'));
        }
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [navigate, queryClient, succeed],
  );

  return { pay, pending, error };
}
