import { TRANSFER_PROOF_MESSAGES as P, rejectTransferRequestSchema } from '@shop/shared';
import { type FormEvent, useId, useState } from 'react';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { toast } from '../../../../components/ui/toaster';
import { formatOrderDateTime } from '../../../../lib/order-labels';
import { TransferProofStatus, transferProofUrl } from '../../../orders';
import { AdminError } from '../../components/admin-error';
import type { AdminOrder } from '../api/get-admin-order';
import { useRejectTransfer } from '../api/reject-transfer';
import { awaitsTransfer } from './confirm-transfer-form';

const linkClass = 'font-medium text-wine-700 underline dark:text-wine-300';

/**
 * The customer's proof of payment beside the order: a picture shown, a PDF to download (both
 * through the authenticated route, never a public URL), its review, and while it waits, a
 * rejection with a reason (confirming is the Confirm bank transfer form beside it).
 */
export function TransferProofPanel({ order }: { order: AdminOrder }) {
  const id = useId();
  const proof = order.transferProof;
  const reject = useRejectTransfer(order.id);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [failure, setFailure] = useState<unknown>(null);
  if (!proof) return null;
  // The same URL serves the next proof: the upload time tells the browser it is another file.
  const url = `${transferProofUrl(order.id)}?v=${encodeURIComponent(proof.uploadedAt)}`;
  const image = proof.contentType.startsWith('image/');
  const reviewable = proof.status === 'pending' && awaitsTransfer(order);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = rejectTransferRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? P.reasonRequired);
      return;
    }
    setReasonError(undefined);
    try {
      const { message } = await reject.mutateAsync(parsed.data.reason);
      toast.success(message);
      setReason('');
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4" data-testid="admin-transfer-proof">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Proof of payment
      </h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        {proof.fileName}, uploaded {formatOrderDateTime(proof.uploadedAt)}
      </p>
      <TransferProofStatus order={order} />
      {image ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="block">
          <img
            src={url}
            alt={`Proof of payment for order ${order.orderNumber}`}
            className="max-h-96 w-auto max-w-full rounded-lg border border-linen-200 dark:border-stone-700"
          />
          <span className={`mt-2 inline-block text-sm ${linkClass}`}>Open the proof full size</span>
        </a>
      ) : (
        <p>
          <a href={url} download={proof.fileName} className={linkClass}>
            Download the PDF proof ({proof.fileName})
          </a>
        </p>
      )}
      {reviewable && (
        <form noValidate onSubmit={submit} className="space-y-3" aria-label="Reject the transfer">
          {failure ? <AdminError error={failure} /> : null}
          <TextAreaField
            label="Reason for rejecting (sent to the customer)"
            name="reason"
            maxLength={500}
            value={reason}
            error={reasonError}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <SubmitButton variant="dangerOutline" pending={reject.isPending} pendingLabel="Rejecting…">
            Reject transfer
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
