import { describe, expect, it } from 'vitest';
import {
  TRANSFER_PROOF_MESSAGES as P,
  rejectTransferRequestSchema,
  TRANSFER_PROOF_MAX_BYTES,
  transferProofFileProblem,
} from './transfer-proofs';

describe('a transfer proof file, as the browser checks it', () => {
  it('takes a picture or a PDF up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'application/pdf']) {
      expect(transferProofFileProblem({ type, size: TRANSFER_PROOF_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses another type, an empty file and one byte over 5 MB with the server’s messages', () => {
    expect(transferProofFileProblem({ type: 'text/plain', size: 10 })).toBe(P.unsupportedType);
    expect(transferProofFileProblem({ type: 'image/gif', size: 10 })).toBe(P.unsupportedType);
    expect(transferProofFileProblem({ type: '', size: 10 })).toBe(P.unsupportedType);
    expect(transferProofFileProblem({ type: 'image/png', size: 0 })).toBe(P.fileRequired);
    expect(transferProofFileProblem({ type: 'application/pdf', size: TRANSFER_PROOF_MAX_BYTES + 1 })).toBe(P.tooLarge);
  });
});

describe('a rejection', () => {
  it('needs a reason of at most 500 characters, and keeps its line breaks', () => {
    expect(rejectTransferRequestSchema.safeParse({ reason: ' ' }).error?.issues[0]?.message).toBe(P.reasonRequired);
    expect(rejectTransferRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(P.reasonRequired);
    expect(rejectTransferRequestSchema.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(
      P.reasonTooLong,
    );
    expect(rejectTransferRequestSchema.parse({ reason: ' Short by ₦500.\nSend the rest. ' }).reason).toBe(
      'Short by ₦500.\nSend the rest.',
    );
  });
});
