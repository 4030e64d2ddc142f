import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatNaira,
  POD_PAYMENT_WAY_LABELS,
  POD_PAYMENT_WAYS,
  type PodPaymentWay,
  podReceivedRequestSchema,
  podRefusedRequestSchema,
} from '@shop/shared';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { TextField } from '../../../../components/ui/form-field';
import { showServerFieldErrors } from '../../../../components/ui/server-field-errors';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { toast } from '../../../../components/ui/toaster';
import { AdminError } from '../../components/admin-error';
import type { AdminOrder } from '../api/get-admin-order';
import { usePayOnDeliveryStep } from '../api/pay-on-delivery-steps';

/** A pay-on-delivery order the admin still has to settle: not paid and not cancelled. */
export const awaitsPayOnDelivery = (order: AdminOrder) =>
  order.paymentMethod === 'payOnDelivery' && order.paymentStatus === 'UNPAID' && order.status !== 'CANCELLED';

/**
 * Pay on delivery's three steps for the admin (docs/payments.md): confirm the order by phone,
 * record the money the rider brought back (amount and how), or record a refused delivery (with
 * the reason; asks first, as it cancels the order and puts its stock back).
 */
export function PayOnDeliveryPanel({ order }: { order: AdminOrder }) {
  const confirmed = Boolean(order.payOnDelivery?.confirmedAt) || order.status !== 'PENDING';
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold">Settle pay on delivery</h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          The rider collects {formatNaira(order.totalAmount)} at the door. Call the customer to confirm, then record the
          money when it is back, or the refusal.
        </p>
      </div>
      {confirmed ? (
        <p className="text-sm font-medium" data-testid="pod-confirmed">
          Confirmed by phone.
        </p>
      ) : (
        <ConfirmByPhoneForm order={order} />
      )}
      <MoneyReceivedForm order={order} />
      <DeliveryRefusedForm order={order} />
    </div>
  );
}

function ConfirmByPhoneForm({ order }: { order: AdminOrder }) {
  const id = useId();
  const mutation = usePayOnDeliveryStep(order.id);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFailure(null);
    try {
      const { message } = await mutation.mutateAsync({ step: 'confirm', note });
      toast.success(message);
    } catch (error) {
      setFailure(error);
    }
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        1. Confirm by phone
      </h3>
      {failure ? <AdminError error={failure} /> : null}
      <TextAreaField
        label="Note (optional)"
        maxLength={500}
        rows={2}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <SubmitButton pending={mutation.isPending} pendingLabel="Confirming…">
        Confirmed by phone
      </SubmitButton>
    </form>
  );
}

type ReceivedFields = { amountReceived: string; how: PodPaymentWay | ''; note: string };
type ReceivedRequest = { amountReceived: number; how: PodPaymentWay; note: string };
const RECEIVED_EMPTY: ReceivedFields = { amountReceived: '', how: '', note: '' };
const receivedResolver = zodResolver(podReceivedRequestSchema) as unknown as Resolver<
  ReceivedFields,
  unknown,
  ReceivedRequest
>;

function MoneyReceivedForm({ order }: { order: AdminOrder }) {
  const id = useId();
  const mutation = usePayOnDeliveryStep(order.id);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReceivedFields, unknown, ReceivedRequest>({ resolver: receivedResolver, defaultValues: RECEIVED_EMPTY });
  const onSubmit = handleSubmit(async (request) => {
    setFailure(null);
    try {
      const { message } = await mutation.mutateAsync({ step: 'received', ...request });
      toast.success(message);
    } catch (error) {
      showServerFieldErrors(error, RECEIVED_EMPTY, setError);
      setFailure(error);
    }
  });
  const howError = errors.how?.message;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        2. Delivered and paid
      </h3>
      {failure ? <AdminError error={failure} /> : null}
      <TextField
        label="Amount received (₦)"
        inputMode="decimal"
        autoComplete="off"
        error={errors.amountReceived?.message}
        className="sm:max-w-56"
        {...register('amountReceived')}
      />
      <fieldset aria-describedby={howError ? `${id}-how-error` : undefined} aria-invalid={howError ? true : undefined}>
        <legend className="mb-1 text-sm font-medium text-stone-800 dark:text-stone-200">Paid by</legend>
        <div className="flex flex-wrap gap-4">
          {POD_PAYMENT_WAYS.map((way) => (
            <label key={way} className="flex items-center gap-2 text-sm">
              <input type="radio" value={way} className="size-4 accent-wine-700" {...register('how')} />
              {POD_PAYMENT_WAY_LABELS[way]}
            </label>
          ))}
        </div>
        {howError && (
          <p id={`${id}-how-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {howError}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Note (optional)"
        maxLength={500}
        rows={2}
        error={errors.note?.message}
        {...register('note')}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Recording…">
        Record money received
      </SubmitButton>
    </form>
  );
}

type RefusedFields = { reason: string };

function DeliveryRefusedForm({ order }: { order: AdminOrder }) {
  const id = useId();
  const mutation = usePayOnDeliveryStep(order.id);
  const [failure, setFailure] = useState<unknown>(null);
  const [asking, setAsking] = useState<RefusedFields | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RefusedFields>({ resolver: zodResolver(podRefusedRequestSchema), defaultValues: { reason: '' } });
  const onSubmit = handleSubmit((fields) => {
    setFailure(null);
    setAsking(fields);
  });
  const refuse = async () => {
    if (!asking) return;
    try {
      const { message } = await mutation.mutateAsync({ step: 'refused', reason: asking.reason });
      toast.success(message);
    } catch (error) {
      setFailure(error);
    } finally {
      setAsking(null);
    }
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Delivery refused
      </h3>
      {failure ? <AdminError error={failure} /> : null}
      <TextAreaField label="Reason" maxLength={500} rows={2} error={errors.reason?.message} {...register('reason')} />
      <Button type="submit" variant="dangerOutline">
        Delivery refused
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title="Cancel this order as refused?"
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        busy={mutation.isPending}
        onConfirm={refuse}
        onCancel={() => setAsking(null)}
      >
        Order {order.orderNumber} will be cancelled, its items put back on sale, and the customer emailed.
      </ConfirmDialog>
    </form>
  );
}
