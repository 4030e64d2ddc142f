// Test helpers for the admin screens' jsdom tests: typed data, and the requests they made.

import type { Dashboard, Order } from '@shop/shared';
import { anOrder } from '../../testing/fixtures';
import type { AdminOrder } from './orders/api/get-admin-order';

export { apiCalls } from '../../testing/render-route';

/** A paid card order of Ada's, as an admin sees it. */
export function anAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const order: Order = anOrder({
    createdAt: '2026-06-01T10:00:00Z',
    paidAt: '2026-06-01T10:05:00Z',
    history: [
      {
        id: 'h1',
        field: 'paymentStatus',
        from: 'UNPAID',
        to: 'PAID',
        actor: 'provider',
        note: null,
        createdAt: '2026-06-01T10:05:00Z',
      },
      {
        id: 'h2',
        field: 'status',
        from: 'PENDING',
        to: 'PROCESSING',
        actor: 'admin:admin@example.com',
        note: 'Packed by Bola',
        createdAt: '2026-06-01T11:00:00Z',
      },
    ],
  });
  return {
    ...order,
    paymentEvents: [
      {
        id: 'e1',
        event: 'charge.success',
        reference: 'TS-7K4Q9M2X',
        amount: 17500,
        currency: 'NGN',
        status: 'success',
        createdAt: '2026-06-01T10:05:00Z',
      },
    ],
    ...overrides,
  };
}

/** GET /api/admin/dashboard of an empty shop: every figure zero, every day present. */
export function anEmptyDashboard(): Dashboard {
  return {
    revenueByDay: Array.from({ length: 30 }, (_, day) => ({
      date: new Date(Date.UTC(2026, 5, 1 + day)).toISOString().slice(0, 10),
      revenue: 0,
      orders: 0,
    })),
    paidOrders: 0,
    revenue: 0,
    averageOrderValue: 0,
    ordersByStatus: { PENDING: 0, PROCESSING: 0, SHIPPED: 0, DELIVERED: 0, CANCELLED: 0 },
    ordersByPaymentStatus: { UNPAID: 0, PAID: 0, FAILED: 0, REFUNDED: 0 },
    transfersAwaiting: 0,
    payOnDeliveryAwaiting: 0,
    proofsToReview: 0,
    payOnDeliveryToConfirm: 0,
    topProducts: [],
    lowStock: [],
    waitingForRestock: [],
    lowStockCount: 0,
    outOfStockCount: 0,
  };
}
