import {
  type Order,
  TRANSFER_PROOF_MESSAGES as P,
  TRANSFER_PROOF_ACCEPT,
  transferProofFileProblem,
} from '@shop/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FormMessage } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { messageFor } from '../../../lib/error-message';
import { formatOrderDateTime } from '../../../lib/order-labels';
import { useUploadTransferProof } from '../api/upload-transfer-proof';
import { orderCardClasses } from './order-detail-cards';

const UPLOAD_FAILED = 'We could not upload your proof. Please try again.';

/** Only an unpaid, pending bank-transfer order takes a proof (the server decides the same). */
export const takesTransferProof = (order: Order) =>
  order.paymentMethod === 'bankTransfer' && order.paymentStatus === 'UNPAID' && order.status === 'PENDING';

/**
 * Where the order's proof stands, in the customer's words. A paid order's transfer is confirmed,
 * whatever became of the proof (a rejected proof, then the money found and confirmed).
 */
export function TransferProofStatus({ order }: { order: Order }) {
  const proof = order.transferProof;
  if (!proof) return null;
  const uploaded = `${proof.fileName}, sent ${formatOrderDateTime(proof.uploadedAt)}`;
  const status = order.paymentStatus === 'PAID' ? 'confirmed' : proof.status;
  if (status === 'rejected') {
    return (
      <div
        data-testid="transfer-proof-status"
        className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
      >
        <p className="font-semibold">{P.statusRejected}</p>
        {proof.reason && <p className="mt-1 whitespace-pre-line">Reason: {proof.reason}</p>}
        <p className="mt-1">{uploaded}</p>
      </div>
    );
  }
  return (
    <div
      data-testid="transfer-proof-status"
      className="rounded-lg border border-gold-300 bg-gold-100 px-4 py-3 text-sm text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
    >
      <p className="font-semibold">{status === 'confirmed' ? P.statusConfirmed : P.statusPending}</p>
      <p className="mt-1">{uploaded}</p>
    </div>
  );
}

/**
 * "Upload proof of payment" on the order page of an unpaid bank-transfer order: one picture or
 * PDF, checked here with the server's own messages (type, 5 MB) before it is sent, the server's
 * message when it refuses; the chosen file stays chosen after a failure, to send again.
 */
export function TransferProofUpload({ order }: { order: Order }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const [sent, setSent] = useState<string>();
  const upload = useUploadTransferProof(order.id);
  const proof = order.transferProof ?? null;
  const open = takesTransferProof(order);
  if (!open && !proof) return null;

  const choose = (chosen: File | null) => {
    setSent(undefined);
    setFile(chosen);
    setProblem(chosen ? (transferProofFileProblem(chosen) ?? undefined) : undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(undefined);
    if (!file) {
      setProblem(P.fileRequired);
      input.current?.focus();
      return;
    }
    const local = transferProofFileProblem(file);
    if (local) {
      setProblem(local);
      input.current?.focus();
      return;
    }
    setProblem(undefined);
    try {
      const { message } = await upload.mutateAsync(file);
      setSent(message);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (failure) {
      setProblem(messageFor(failure, { fallback: UPLOAD_FAILED, network: UPLOAD_FAILED }));
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`mt-6 space-y-3 ${orderCardClasses()}`}
      data-testid="transfer-proof"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Proof of payment
      </h2>
      {proof && <TransferProofStatus order={order} />}
      {sent && <FormMessage kind="success">{sent}</FormMessage>}
      {open && (
        <form noValidate onSubmit={submit} className="space-y-3">
          <div>
            <label htmlFor={`${id}-file`} className="block text-sm font-medium">
              {proof ? 'Another picture or PDF of your transfer' : 'Picture or PDF of your transfer'}
            </label>
            <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600 dark:text-stone-300">
              A photo or screenshot (JPEG, PNG or WebP) or a PDF of your transfer, up to 5 MB.
            </p>
            <input
              ref={input}
              id={`${id}-file`}
              name="file"
              type="file"
              accept={TRANSFER_PROOF_ACCEPT}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : `${id}-hint`}
              disabled={upload.isPending}
              onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
              className="mt-2 block w-full text-sm text-stone-900 file:mr-3 file:rounded-lg file:border-0 file:bg-wine-700 file:px-3 file:py-2 file:font-medium file:text-white dark:text-stone-100 dark:file:bg-wine-300 dark:file:text-stone-950"
            />
            {problem && (
              <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
                {problem}
              </p>
            )}
          </div>
          <SubmitButton pending={upload.isPending} pendingLabel="Uploading…">
            Upload proof of payment
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
