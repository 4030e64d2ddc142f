import {
  adminBulkCancelRequestSchema,
  adminBulkCancelResponseSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOrderStatusRequestSchema,
  createOrderRequestSchema,
  ORDER_CSV_COLUMNS,
  ORDER_MESSAGES,
  orderExportQuerySchema,
  orderSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-errors';
import { csvStream } from '../../lib/csv';
import { currentUser, noStore } from '../../plugins/auth';
import { apiTag } from '../../plugins/openapi';
import type { OrdersService } from './orders.service';
import type { OrdersAdminService } from './orders-admin.service';

export interface OrdersRoutesOptions {
  service: OrdersService;
  admin: OrdersAdminService;
}

const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const orderResponse = z.object({ order: orderSchema });
const messageAndOrder = z.object({ message: z.string(), order: orderSchema });

/** API.md "Orders and payment": placing, reading and changing orders (payments.routes.ts pays them). */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { service, admin }) => {
  apiTag(app, 'Orders');
  app.post(
    '/orders',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Place an order (stock is held until it is paid or its window ends)',
        body: createOrderRequestSchema,
        response: {
          201: messageAndOrder,
          ...errorResponses(
            'OUT_OF_STOCK',
            'PRICE_CHANGED',
            'PRODUCT_UNAVAILABLE',
            'HOLD_LIMIT_REACHED',
            'PAY_ON_DELIVERY_UNAVAILABLE',
            'ACCOUNT_DISABLED',
            'CONFLICT',
            'TOO_MANY_REQUESTS',
          ),
        },
      },
    },
    async (request, reply) => {
      const order = await service.createOrder(currentUser(request), request.body, { ip: request.network });
      return reply.status(201).send({ message: ORDER_MESSAGES.orderCreated, order });
    },
  );

  app.get(
    '/orders/my-orders',
    {
      preValidation: app.requireUser,
      schema: { summary: 'Your orders', response: { 200: z.object({ orders: z.array(orderSchema) }) } },
    },
    async (request) => ({ orders: await service.myOrders(currentUser(request)) }),
  );

  app.get(
    '/orders/admin',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'All orders (filters, search, pages), for the admin',
        querystring: adminOrderListQuerySchema,
        response: {
          200: adminOrderPageSchema,
        },
      },
    },
    async (request) => admin.adminOrders(request.query),
  );

  app.get(
    '/orders/admin/export.csv',
    {
      preValidation: app.requireAdmin,
      onSend: noStore,
      schema: {
        summary: 'Orders placed between two dates, as CSV',
        querystring: orderExportQuerySchema,
        documentedResponses: {
          200: { description: 'The CSV file (an attachment)', contentType: 'text/csv', schema: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const stream = csvStream(ORDER_CSV_COLUMNS, admin.exportRows(request.query), (error) =>
        request.log.error({ err: error }, 'order export failed part way'),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${from}-${to}.csv"`)
        .send(stream);
    },
  );

  app.post(
    '/orders/admin/cancel',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'Cancel several orders at once (each answered on its own)',
        body: adminBulkCancelRequestSchema,
        response: { 200: adminBulkCancelResponseSchema },
      },
    },
    async (request) => {
      const results = await admin.bulkCancel(currentUser(request), request.body.orderIds, request.body.note);
      return { message: admin.bulkCancelMessage(results), results };
    },
  );

  app.get(
    '/orders/:id',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'One order, by id or number (its owner or an admin)',
        params: idParams,
        response: { 200: orderResponse, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => ({ order: await service.getOrder(currentUser(request), request.params.id) }),
  );

  app.post(
    '/orders/:id/cancel',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Cancel your unpaid, pending order',
        params: idParams,
        response: {
          200: messageAndOrder,
          ...errorResponses('NOT_FOUND', 'ORDER_NOT_CANCELLABLE', 'ALREADY_PAID', 'TOO_MANY_REQUESTS'),
        },
      },
    },
    async (request) => ({
      message: ORDER_MESSAGES.orderCancelled,
      order: await service.cancelByCustomer(currentUser(request), request.params.id),
    }),
  );

  app.patch(
    '/orders/:id/status',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: "Change an order's status (cancelling refunds what was paid)",
        params: idParams,
        body: adminOrderStatusRequestSchema,
        response: {
          200: messageAndOrder,
          ...errorResponses('NOT_FOUND', 'CONFLICT', 'ORDER_NOT_REFUNDABLE', 'PAYMENT_PROVIDER_UNAVAILABLE'),
        },
      },
    },
    async (request) => ({
      message: ORDER_MESSAGES.statusUpdated,
      order: await admin.updateStatus(currentUser(request), request.params.id, request.body.status, request.body.note),
    }),
  );
};
