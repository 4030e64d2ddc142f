// Proofs of a bank transfer (issue 22 §3, docs/payments.md "Transfer proofs"): the customer of an
// unpaid bank-transfer order uploads a picture or a PDF of the transfer; an admin confirms or
// rejects it with a reason. Kept free of the order schemas so orders.ts can import it.

import { z } from 'zod';
import { text } from './text';

/** At most 5 MB (5 × 1024 × 1024 bytes): a phone photo or a bank's PDF receipt fits easily. */
export const TRANSFER_PROOF_MAX_BYTES = 5 * 1024 * 1024;

/** The types a proof may be, by what its bytes are (the server sniffs; the browser's word is a hint). */
export const TRANSFER_PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type TransferProofType = (typeof TRANSFER_PROOF_TYPES)[number];

/** The file input's `accept`. */
export const TRANSFER_PROOF_ACCEPT = TRANSFER_PROOF_TYPES.join(',');

export const TRANSFER_PROOF_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type TransferProofStatus = (typeof TRANSFER_PROOF_STATUSES)[number];

/** The longest rejection reason an admin may give. */
export const TRANSFER_PROOF_REASON_MAX = 500;

export const TRANSFER_PROOF_MESSAGES = {
  fileRequired: 'Choose a picture or PDF of your transfer',
  /** 415 UNSUPPORTED_MEDIA_TYPE: the bytes are not one of TRANSFER_PROOF_TYPES. */
  unsupportedType: 'The proof must be a JPEG, PNG or WebP picture or a PDF',
  /** 413 PAYLOAD_TOO_LARGE. */
  tooLarge: 'The proof must be 5 MB or smaller',
  onlyOneFile: 'Send one file',
  /** 409 ORDER_NOT_AWAITING_TRANSFER. */
  notAwaitingTransfer: 'This order is not waiting for a bank transfer: no proof is needed',
  /** 409 TRANSFER_PROOF_NOT_PENDING. */
  notPending: 'There is no proof waiting for review on this order',
  uploaded: 'Thank you: your proof of payment was received. We will check it and email you.',
  reasonRequired: 'Please give the reason for rejecting the proof',
  reasonTooLong: `The reason must be at most ${TRANSFER_PROOF_REASON_MAX} characters`,
  rejected: 'Proof rejected: the customer has been emailed the reason',
  tooManyUploads: 'Too many uploads. Please wait a few minutes and try again.',
  /** The customer's order page, by the proof's status. */
  statusPending: 'Your proof of payment is awaiting review.',
  statusConfirmed: 'Your transfer has been confirmed.',
  statusRejected: 'Your proof of payment was not accepted.',
} as const;

/** The proof as the order's detail answer shows it (`Order.transferProof`); null when none. */
export const transferProofSchema = z.object({
  status: z.enum(TRANSFER_PROOF_STATUSES),
  uploadedAt: z.string(),
  contentType: z.enum(TRANSFER_PROOF_TYPES),
  /** The customer's file name, made safe (letters, digits, `.`, `-`, `_`, spaces). */
  fileName: z.string(),
  /** Why an admin rejected it; null otherwise. */
  reason: z.string().nullable(),
});
export type TransferProof = z.infer<typeof transferProofSchema>;

/** PATCH /api/orders/{id}/reject-transfer. */
export const rejectTransferRequestSchema = z.object({
  reason: text(TRANSFER_PROOF_REASON_MAX, {
    multiline: true,
    message: TRANSFER_PROOF_MESSAGES.reasonRequired,
    tooLong: TRANSFER_PROOF_MESSAGES.reasonTooLong,
  }).min(1, TRANSFER_PROOF_MESSAGES.reasonRequired),
});
export type RejectTransferRequest = z.input<typeof rejectTransferRequestSchema>;

/**
 * The browser's check before sending (the server decides again from the bytes): the file's
 * declared type and its size, with the server's own messages. Null when it may be sent.
 */
export function transferProofFileProblem(file: { type: string; size: number }): string | null {
  if (!(TRANSFER_PROOF_TYPES as readonly string[]).includes(file.type)) return TRANSFER_PROOF_MESSAGES.unsupportedType;
  if (file.size > TRANSFER_PROOF_MAX_BYTES) return TRANSFER_PROOF_MESSAGES.tooLarge;
  if (file.size === 0) return TRANSFER_PROOF_MESSAGES.fileRequired;
  return null;
}
