import {
  adminOrderListQuerySchema,
  adminOrderStatusRequestSchema,
  confirmPaymentRequestSchema,
  confirmTransferRequestSchema,
  createOrderRequestSchema,
  ORDER_ADMIN_MESSAGES,
  ORDER_CSV_COLUMNS,
  ORDER_MESSAGES,
  orderExportQuerySchema,
  orderSchema,
  paymentStartSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvStream } from '../../lib/csv';
import { currentUser, noStore } from '../../plugins/auth';
import type { OrdersService } from './orders.service';

export interface OrdersRoutesOptions {
  service: OrdersService;
  /** Runs work after the answer was sent, and keeps it so closing the app waits for it. */
  runAfterReply: (work: () => Promise<void>) => void;
}

const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const orderResponse = z.object({ order: orderSchema });
const messageAndOrder = z.object({ message: z.string(), order: orderSchema });

/** API.md "Orders and payment". */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { service, runAfterReply }) => {
  app.post(
    '/orders',
    { preValidation: app.requireUser, schema: { body: createOrderRequestSchema, response: { 201: messageAndOrder } } },
    async (request, reply) => {
      const order = await service.createOrder(currentUser(request), request.body);
      return reply.status(201).send({ message: ORDER_MESSAGES.orderCreated, order });
    },
  );

  app.get(
    '/orders/my-orders',
    { preValidation: app.requireUser, schema: { response: { 200: z.object({ orders: z.array(orderSchema) }) } } },
    async (request) => ({ orders: await service.myOrders(currentUser(request)) }),
  );

  app.get(
    '/orders/admin',
    {
      preValidation: app.requireAdmin,
      schema: {
        querystring: adminOrderListQuerySchema,
        response: {
          200: z.object({ orders: z.array(orderSchema), page: z.number(), pageSize: z.number(), total: z.number() }),
        },
      },
    },
    async (request) => service.adminOrders(request.query),
  );

  app.get(
    '/orders/admin/export.csv',
    { preValidation: app.requireAdmin, onSend: noStore, schema: { querystring: orderExportQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      const stream = csvStream(ORDER_CSV_COLUMNS, service.exportRows(request.query), (error) =>
        request.log.error({ err: error }, 'order export failed part way'),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${from}-${to}.csv"`)
        .send(stream);
    },
  );

  app.post(
    '/orders/confirm-payment',
    {
      preValidation: app.requireUser,
      schema: { body: confirmPaymentRequestSchema, response: { 200: messageAndOrder } },
    },
    async (request) => ({
      message: ORDER_MESSAGES.paymentConfirmed,
      order: await service.confirmPayment(currentUser(request), request.body),
    }),
  );

  app.get(
    '/orders/:id',
    { preValidation: app.requireUser, schema: { params: idParams, response: { 200: orderResponse } } },
    async (request) => ({ order: await service.getOrder(currentUser(request), request.params.id) }),
  );

  app.patch(
    '/orders/:id/status',
    {
      preValidation: app.requireAdmin,
      schema: { params: idParams, body: adminOrderStatusRequestSchema, response: { 200: messageAndOrder } },
    },
    async (request) => ({
      message: ORDER_MESSAGES.statusUpdated,
      order: await service.updateStatus(
        currentUser(request),
        request.params.id,
        request.body.status,
        request.body.note,
      ),
    }),
  );

  app.patch(
    '/orders/:id/confirm-transfer',
    {
      preValidation: app.requireAdmin,
      schema: { params: idParams, body: confirmTransferRequestSchema, response: { 200: messageAndOrder } },
    },
    async (request) => ({
      message: ORDER_ADMIN_MESSAGES.transferConfirmed,
      order: await service.confirmTransfer(currentUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/orders/:id/payment',
    { preValidation: app.requireUser, schema: { params: idParams, response: { 200: paymentStartSchema } } },
    async (request) => service.startPayment(currentUser(request), request.params.id),
  );

  // Paystack's webhook: the signature is over the raw bytes, so this route alone keeps the
  // body as a Buffer (an encapsulated parser).
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhook.post('/payments/paystack/webhook', async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-paystack-signature'];
      const apply = await service.receiveWebhook(body, typeof signature === 'string' ? signature : undefined);
      // Paystack retries anything but a quick 200: answer first, apply after (idempotently).
      reply.status(200).send({ received: true });
      runAfterReply(apply);
      return reply;
    });
  });
};
