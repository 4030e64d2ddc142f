import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminOrderStatusRequest,
  adminOrderStatusRequestSchema,
  formatNaira,
  ORDER_STATUSES,
  type OrderStatus,
} from '@shop/shared';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { toast } from '../../../../components/ui/toaster';
import { AdminError } from '../../components/admin-error';
import { adminFieldClass } from '../../components/list-controls';
import type { AdminOrder } from '../api/get-admin-order';
import { useUpdateOrderStatus } from '../api/update-order-status';

type StatusFields = { status: OrderStatus; note: string };
type StatusRequest = { status: OrderStatus; note?: string };

const resolver = zodResolver(adminOrderStatusRequestSchema) as unknown as Resolver<
  StatusFields,
  unknown,
  StatusRequest
>;

/** Cancelling this order sends its card payment back (the server refunds it through Paystack). */
export const refundsOnCancel = (order: AdminOrder) =>
  order.status !== 'CANCELLED' && order.paymentStatus === 'PAID' && order.paymentMethod === 'card';

/**
 * (Keyed by the order's status where it is shown, so a change made elsewhere resets it.)
 * SPEC.md §4: any of the five statuses, in any order, with an optional staff note. Cancelling a
 * paid card order asks first, since it refunds the customer.
 */
export function OrderStatusForm({ order }: { order: AdminOrder }) {
  const id = useId();
  const mutation = useUpdateOrderStatus(order.id);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState<StatusRequest | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<StatusFields, unknown, StatusRequest>({
    resolver,
    defaultValues: { status: order.status, note: '' },
  });

  const send = async (request: StatusRequest) => {
    setFailure(null);
    const body: AdminOrderStatusRequest = request.note ? request : { status: request.status };
    try {
      const { message } = await mutation.mutateAsync(body);
      toast.success(message);
      reset({ status: request.status, note: '' });
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(null);
    }
  };

  const onSubmit = handleSubmit((request) => {
    if (request.status === 'CANCELLED' && refundsOnCancel(order)) setPending(request);
    else return send(request);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Order status
      </h2>
      {failure ? <AdminError error={failure} /> : null}
      <div>
        <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium">
          Status
        </label>
        <select id={`${id}-status`} className={`${adminFieldClass} sm:w-56`} {...register('status')}>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <TextAreaField
        label="Note (optional, staff only)"
        maxLength={500}
        error={errors.note?.message}
        {...register('note')}
      />
      <SubmitButton pending={mutation.isPending} pendingLabel="Saving…">
        Save
      </SubmitButton>
      <ConfirmDialog
        open={pending !== null}
        title="Cancel this paid order?"
        confirmLabel="Cancel and refund"
        busy={mutation.isPending}
        onConfirm={() => pending && send(pending)}
        onCancel={() => setPending(null)}
      >
        This refunds {formatNaira(order.totalAmount)} to the customer's card.
      </ConfirmDialog>
    </form>
  );
}
