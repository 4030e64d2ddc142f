import {
  confirmPaymentRequestSchema,
  confirmTransferRequestSchema,
  ORDER_ADMIN_MESSAGES,
  ORDER_MESSAGES,
  orderSchema,
  POD_ADMIN_MESSAGES,
  paymentConfigSchema,
  paymentStartSchema,
  podConfirmRequestSchema,
  podEligibilitySchema,
  podReceivedRequestSchema,
  podRefusedRequestSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-errors';
import { currentUser } from '../../plugins/auth';
import { apiTag } from '../../plugins/openapi';
import type { SettingsService } from '../settings/settings.service';
import type { PaymentsService } from './payments.service';
import { PAYSTACK_WEBHOOK_PATH } from './providers';

export interface PaymentsRoutesOptions {
  service: PaymentsService;
  /** Runs work after the answer was sent, and keeps it so closing the app waits for it. */
  runAfterReply: (work: () => Promise<void>) => void;
  /** The shop's settings: the bank account and the pay-on-delivery cap checkout shows. */
  settings: SettingsService;
}

const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const messageAndOrder = z.object({ message: z.string(), order: orderSchema });
/** Each pay-on-delivery step is refused where it no longer applies. */
const POD_STEP_ERRORS = errorResponses(
  'NOT_FOUND',
  'CONFLICT',
  'ALREADY_PAID',
  'ORDER_NOT_PAYABLE',
  'TRANSFER_AMOUNT_SHORT',
);
/** The provider's event, as the document shows it: the route reads the raw bytes itself (the signature is over them). */
const webhookBody = {
  contentType: 'application/json',
  description:
    'A Paystack event, signed with the secret key in the `x-paystack-signature` header (HMAC-SHA512 of the raw body).',
  schema: z.looseObject({ event: z.string(), data: z.looseObject({ reference: z.string() }) }),
};

/** API.md "Orders and payment": paying an order, confirming a transfer, the provider's webhook. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { service, runAfterReply, settings },
) => {
  apiTag(app, 'Payments');
  app.get(
    '/payments/config',
    {
      schema: {
        summary: "What checkout shows: the card provider's public key, the bank account, pay on delivery",
        response: { 200: paymentConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      // The account and the cap as saved in the admin (the provider's part is fixed at start).
      const { bankAccount } = await settings.current();
      return { ...service.card.provider.publicConfig, bankTransfer: bankAccount, payOnDelivery: service.podConfig() };
    },
  );

  app.post(
    '/orders/:id/payment',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Start paying your order by card (the provider reference and address)',
        params: idParams,
        response: {
          200: paymentStartSchema,
          ...errorResponses(
            'NOT_FOUND',
            'ALREADY_PAID',
            'ORDER_NOT_PAYABLE',
            'PAYMENT_PROVIDER_UNAVAILABLE',
            'TOO_MANY_REQUESTS',
          ),
        },
      },
    },
    async (request) => service.startPayment(currentUser(request), request.params.id),
  );

  app.post(
    '/orders/confirm-payment',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Confirm a card payment with the provider (marks the order paid)',
        body: confirmPaymentRequestSchema,
        response: {
          200: messageAndOrder,
          ...errorResponses(
            'NOT_FOUND',
            'PAYMENT_NOT_VERIFIED',
            'ALREADY_PAID',
            'ORDER_NOT_PAYABLE',
            'PAYMENT_PROVIDER_UNAVAILABLE',
            'TOO_MANY_REQUESTS',
          ),
        },
      },
    },
    async (request) => ({
      message: ORDER_MESSAGES.paymentConfirmed,
      order: await service.confirmPayment(currentUser(request), request.body),
    }),
  );

  app.patch(
    '/orders/:id/confirm-transfer',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'Confirm a bank transfer was received (marks the order paid)',
        params: idParams,
        body: confirmTransferRequestSchema,
        response: {
          200: messageAndOrder,
          ...errorResponses('NOT_FOUND', 'ALREADY_PAID', 'ORDER_NOT_PAYABLE', 'TRANSFER_AMOUNT_SHORT', 'CONFLICT'),
        },
      },
    },
    async (request) => ({
      message: ORDER_ADMIN_MESSAGES.transferConfirmed,
      order: await service.confirmTransfer(currentUser(request), request.params.id, request.body),
    }),
  );

  // Pay on delivery (docs/payments.md): the customer's open order for checkout's live rule, and
  // the admin's three steps. Each step is refused with 409 where it no longer applies.
  app.get(
    '/payments/pay-on-delivery',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Whether you may pay on delivery now (your open order, if any)',
        response: { 200: podEligibilitySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.podEligibility(currentUser(request));
    },
  );

  app.post(
    '/orders/:id/pay-on-delivery/confirm',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'Pay on delivery: the customer confirmed the order by phone',
        params: idParams,
        body: podConfirmRequestSchema,
        response: { 200: messageAndOrder, ...POD_STEP_ERRORS },
      },
    },
    async (request) => ({
      message: POD_ADMIN_MESSAGES.confirmed,
      order: await service.podStep(currentUser(request), request.params.id, { kind: 'confirm', ...request.body }),
    }),
  );

  app.post(
    '/orders/:id/pay-on-delivery/received',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'Pay on delivery: the money was received (marks the order paid)',
        params: idParams,
        body: podReceivedRequestSchema,
        response: { 200: messageAndOrder, ...POD_STEP_ERRORS },
      },
    },
    async (request) => ({
      message: POD_ADMIN_MESSAGES.received,
      order: await service.podStep(currentUser(request), request.params.id, { kind: 'received', ...request.body }),
    }),
  );

  app.post(
    '/orders/:id/pay-on-delivery/refused',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'Pay on delivery: the customer refused the order (cancels it)',
        params: idParams,
        body: podRefusedRequestSchema,
        response: { 200: messageAndOrder, ...POD_STEP_ERRORS },
      },
    },
    async (request) => ({
      message: POD_ADMIN_MESSAGES.refused,
      order: await service.podStep(currentUser(request), request.params.id, { kind: 'refused', ...request.body }),
    }),
  );

  // The provider's webhook: the signature is over the raw bytes, so this route alone keeps the
  // body as a Buffer (an encapsulated parser). Its path is PAYSTACK_WEBHOOK_PATH, the one the
  // test gateway posts to.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      PAYSTACK_WEBHOOK_PATH.replace(/^\/api/, ''),
      {
        schema: {
          summary: "The payment provider's webhook (charge.success and the rest)",
          documentedBody: webhookBody,
          documentedResponses: {
            200: {
              description: 'Received; applied after the answer',
              contentType: 'application/json',
              schema: z.object({ received: z.literal(true) }),
            },
          },
          response: errorResponses('INVALID_SIGNATURE'),
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const apply = await service.receiveWebhook(body, request.headers);
        // The provider retries anything but a quick 200: answer first, apply after (idempotently).
        reply.status(200).send({ received: true });
        runAfterReply(apply);
        return reply;
      },
    );
  });
};
