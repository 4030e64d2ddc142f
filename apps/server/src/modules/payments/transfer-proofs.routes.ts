import multipart from '@fastify/multipart';
import {
  orderSchema,
  TRANSFER_PROOF_MESSAGES as P,
  rejectTransferRequestSchema,
  TRANSFER_PROOF_MAX_BYTES,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-errors';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { apiTag, multipartBody } from '../../plugins/openapi';
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
  apiTag(app, 'Payments');

  app.post(
    '/orders/:id/transfer-proof',
    // preValidation: a guest gets 401 before anything is read.
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Upload a proof of your bank transfer (multipart, one file)',
        params: idParams,
        documentedBody: multipartBody('The proof', undefined, {
          file: { description: 'A JPEG, PNG, WebP picture or a PDF, at most 5 MB', required: true },
        }),
        response: {
          201: messageAndOrder,
          ...errorResponses('NOT_FOUND', 'ORDER_NOT_AWAITING_TRANSFER', 'TOO_MANY_REQUESTS'),
        },
      },
    },
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
    {
      preValidation: app.requireUser,
      schema: {
        summary: "An order's transfer proof, as uploaded (its owner or an admin)",
        params: idParams,
        documentedResponses: {
          200: {
            description: 'The file, with its stored type',
            contentType: 'application/octet-stream',
            schema: { type: 'string', format: 'binary' },
          },
        },
        response: errorResponses('NOT_FOUND'),
      },
    },
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
      schema: {
        summary: "Reject an order's transfer proof (the customer may send another)",
        params: idParams,
        body: rejectTransferRequestSchema,
        response: {
          200: messageAndOrder,
          ...errorResponses('NOT_FOUND', 'TRANSFER_PROOF_NOT_PENDING', 'ORDER_NOT_AWAITING_TRANSFER'),
        },
      },
    },
    async (request) => ({
      message: P.rejected,
      order: await service.reject(currentUser(request), request.params.id, request.body.reason),
    }),
  );
};
