import { zodResolver } from '@hookform/resolvers/zod';
import { confirmTransferRequestSchema, formatNaira } from '@shop/shared';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { TextField } from '../../../../components/ui/form-field';
import { showServerFieldErrors } from '../../../../components/ui/server-field-errors';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { toast } from '../../../../components/ui/toaster';
import { AdminError } from '../../components/admin-error';
import { useConfirmTransfer } from '../api/confirm-transfer';
import type { AdminOrder } from '../api/get-admin-order';

type TransferFields = { amountReceived: string; note: string };
type TransferRequest = { amountReceived: number; note: string };

const EMPTY: TransferFields = { amountReceived: '', note: '' };
const resolver = zodResolver(confirmTransferRequestSchema) as unknown as Resolver<
  TransferFields,
  unknown,
  TransferRequest
>;

/** Only an unpaid bank-transfer order waits for an admin to confirm the money arrived. */
export const awaitsTransfer = (order: AdminOrder) =>
  order.paymentMethod === 'bankTransfer' && order.paymentStatus === 'UNPAID';

/** The money is in the shop's account: the amount the bank shows, and a note (the bank's reference). */
export function ConfirmTransferForm({ order }: { order: AdminOrder }) {
  const id = useId();
  const mutation = useConfirmTransfer(order.id);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TransferFields, unknown, TransferRequest>({ resolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (request) => {
    setFailure(null);
    try {
      const { message } = await mutation.mutateAsync(request);
      toast.success(message);
    } catch (error) {
      // What was typed stays, so the admin can correct the amount.
      showServerFieldErrors(error, EMPTY, setError);
      setFailure(error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Confirm bank transfer
      </h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        When {formatNaira(order.totalAmount)} with the reference {order.orderNumber} is in the shop's account, confirm
        it here: the order becomes paid and the customer is emailed.
      </p>
      {failure ? <AdminError error={failure} /> : null}
      <TextField
        label="Amount received (₦)"
        inputMode="decimal"
        autoComplete="off"
        error={errors.amountReceived?.message}
        className="sm:max-w-56"
        {...register('amountReceived')}
      />
      <TextAreaField label="Note (bank reference)" maxLength={500} error={errors.note?.message} {...register('note')} />
      <SubmitButton pending={isSubmitting} pendingLabel="Confirming…">
        Confirm bank transfer
      </SubmitButton>
    </form>
  );
}
