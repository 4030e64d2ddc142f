import type { Transaction } from '../../db/client';
import type { EmailOrderLine } from '../../mail/order-lines';
import { enqueueEmail } from '../../mail/outbox-email';
import { shopInbox } from '../../mail/shop-inbox';
import type { OrderPlacedAddress } from '../../mail/templates';
import type { OrderItemRow, OrderRow } from './orders.repository';

/** What the shop's settings say when the order is placed (decision 025). */
export interface OrderPlacedShopSettings {
  /** Where a bank transfer goes. */
  bankAccount: { accountName: string; bankName: string; accountNumber: string };
  /** shopInbox's inputs. */
  ordersEmail?: string;
  contactEmail?: string;
}

export interface OrderPlacedMailContext {
  /** The shop's public address (PUBLIC_URL, no trailing slash), for the order's links. */
  shopUrl?: string;
  /** The settings now (the module's copy: no query on a warm process). */
  shopSettings: () => Promise<OrderPlacedShopSettings>;
}

/** An order line as the order emails show it: how it was sold, the unit price paid and the line total. */
export function emailLineOf(
  item: Pick<
    OrderItemRow,
    | 'name'
    | 'quantityHundredths'
    | 'unit'
    | 'packSize'
    | 'packItemName'
    | 'priceKobo'
    | 'listPriceKobo'
    | 'lineTotalKobo'
  >,
): EmailOrderLine {
  return {
    name: item.name,
    quantityHundredths: item.quantityHundredths,
    unit: item.unit,
    packSize: item.packSize,
    packItemName: item.packItemName,
    priceKobo: item.priceKobo,
    listPriceKobo: item.listPriceKobo,
    lineTotalKobo: item.lineTotalKobo,
  };
}

/**
 * The emails of a new order, queued in the transaction that writes it (so an order and its
 * emails are committed together, once): `order-placed` to the customer, with the items, totals,
 * delivery and how to pay its method, and `order-placed-shop` to the shop's inbox
 * (shopInbox) with a link to the admin's order page. Decision 023.
 */
export async function enqueueOrderPlacedMails(
  tx: Transaction,
  order: OrderRow,
  items: Parameters<typeof emailLineOf>[0][],
  context: OrderPlacedMailContext,
): Promise<void> {
  const lines = items.map(emailLineOf);
  const shop = await context.shopSettings();
  const address = order.shippingAddress as OrderPlacedAddress;
  await enqueueEmail(tx, {
    to: order.customerEmail,
    template: 'order-placed',
    data: {
      firstName: order.customerFirstName,
      orderNumber: order.orderNumber,
      items: lines,
      subtotalKobo: order.subtotalKobo,
      deliveryFeeKobo: order.deliveryFeeKobo,
      totalKobo: order.totalKobo,
      deliveryMethod: order.deliveryMethod,
      address: {
        firstName: address.firstName,
        lastName: address.lastName,
        phoneNumber: address.phoneNumber ?? null,
        address: address.address,
        area: address.area ?? null,
        city: address.city,
        state: address.state,
        zipCode: address.zipCode,
        country: address.country,
      },
      paymentMethod: order.paymentMethod,
      ...(order.expiresAt ? { deadline: order.expiresAt.toISOString() } : {}),
      ...(order.paymentMethod === 'bankTransfer' ? { bank: shop.bankAccount } : {}),
      ...(context.shopUrl ? { orderUrl: `${context.shopUrl}/orders/${order.id}` } : {}),
    },
  });
  const inbox = await shopInbox(tx, shop);
  if (!inbox) return;
  await enqueueEmail(tx, {
    to: inbox,
    template: 'order-placed-shop',
    data: {
      orderNumber: order.orderNumber,
      customerName: `${order.customerFirstName} ${order.customerLastName}`,
      customerEmail: order.customerEmail,
      paymentMethod: order.paymentMethod,
      deliveryMethod: order.deliveryMethod,
      totalKobo: order.totalKobo,
      items: lines,
      ...(context.shopUrl ? { adminUrl: `${context.shopUrl}/admin/orders/${order.id}` } : {}),
    },
  });
}
