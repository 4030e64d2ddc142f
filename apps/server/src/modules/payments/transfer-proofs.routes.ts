import multipart from '@fastify/multipart';
import {
  orderSchema,
  TRANSFER_PROOF_MESSAGES as P,
  rejectTransferRequestSchema,
  TRANSFER_PROOF_MAX_BYTES,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { type MultipartLimits, readMultipart } from '../catalog/catalog-admin.routes';
import { proofTooLarge, type TransferProofsService } from './transfer-proofs.service';

const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const messageAndOrder = z.object({ message: z.string(), order: orderSchema });

/** One file, `file`, at most 5 MB; the whole body a little more, for the form's own bytes. */
const PROOF_MULTIPART: MultipartLimits = {
  fileSize: TRANSFER_PROOF_MAX_BYTES,
  files: 1,
  fileFields: ['file'],
  tooLarge: proofTooLarge,
  tooMany: () => new AppError('INVALID_INPUT', P.onlyOneFile, { errors: { file: P.onlyOneFile } }),
};
const PROOF_BODY_LIMIT = TRANSFER_PROOF_MAX_BYTES + 64 * 1024;

/**
 * The headers of a private file: its stored type, shown inline under its safe name, never
 * sniffed into something else, never kept by a cache, and a document of its own that can run
 * nothing (CSP sandbox), so a crafted file cannot act as the shop.
 */
const PRIVATE_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
  'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};

/**
 * Transfer proofs (docs/payments.md "Transfer proofs"): upload (the order's owner), read (owner
 * or admin) and reject (admins). A plugin of its own so multipart bodies are taken here only.
 */
export const transferProofsRoutes: FastifyPluginAsyncZod<{ service: TransferProofsService }> = async (
  app,
  { service },
) => {
  await app.register(multipart, { throwFileSizeLimit: true });

  app.post(
    '/orders/:id/transfer-proof',
    // preValidation: a guest gets 401 before anything is read.
    { preValidation: app.requireUser, schema: { params: idParams, response: { 201: messageAndOrder } } },
    async (request, reply) => {
      const user = currentUser(request);
      const order = await service.uploadTarget(user, request.params.id);
      const body = await readMultipart(request, PROOF_MULTIPART, PROOF_BODY_LIMIT);
      const [file] = body.files;
      if (!file) throw new AppError('INVALID_INPUT', P.fileRequired, { errors: { file: P.fileRequired } });
      const updated = await service.upload(user, order, file);
      return reply.status(201).send({ message: P.uploaded, order: updated });
    },
  );

  app.get(
    '/orders/:id/transfer-proof',
    { preValidation: app.requireUser, schema: { params: idParams } },
    async (request, reply) => {
      const { proof, file } = await service.read(currentUser(request), request.params.id);
      reply
        .headers(PRIVATE_FILE_HEADERS)
        .header('content-type', proof.contentType)
        .header('content-disposition', `inline; filename="${proof.fileName.replace(/["\\]/g, '_')}"`)
        .header('content-length', file.size);
      return reply.send(file.body);
    },
  );

  app.patch(
    '/orders/:id/reject-transfer',
    {
      preValidation: app.requireAdmin,
      schema: { params: idParams, body: rejectTransferRequestSchema, response: { 200: messageAndOrder } },
    },
    async (request) => ({
      message: P.rejected,
      order: await service.reject(currentUser(request), request.params.id, request.body.reason),
    }),
  );
};
