import { randomInt } from 'node:crypto';
import {
  DELIVERY_ESTIMATES,
  type DeliveryMethod,
  deliveryArea,
  hundredthsToUnits,
  koboToNaira,
  type Order,
  type PaymentMethod,
  type ShippingDetails,
} from '@shop/shared';
import type { ShippingAddress } from '../../db/schema';
import type { OrderHistoryRow, OrderItemRow, OrderRow } from './orders.repository';

// How an order looks from outside: its number, its answer (API.md's Order), and what a customer
// may see of its history.

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L, 5/S, 8/B). */
const ORDER_NUMBER_ALPHABET = '234679ACDEFGHJKMNPQRTUVWXYZ';
const ORDER_NUMBER_LENGTH = 8;
export const ORDER_NUMBER_PATTERN = new RegExp(`^TS-[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_LENGTH}}$`);

export function newOrderNumber(): string {
  let suffix = '';
  for (let i = 0; i < ORDER_NUMBER_LENGTH; i++)
    suffix += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `TS-${suffix}`;
}

/**
 * What an order keeps of the shipping details (its `shipping_address`): the area only for a Lagos
 * address, where it is required (decision 021); an area sent with another state is left out.
 */
export function shippingAddressOf(details: ShippingDetails): ShippingAddress {
  const { area: _sent, ...address } = details;
  const area = deliveryArea(details);
  return { ...address, phoneNumber: details.phoneNumber ?? null, ...(area ? { area } : {}) };
}

/**
 * What a customer may see of an order's history: no staff notes, and the shop rather than the
 * staff member's address as the actor of an admin's change. Admins see everything.
 */
export function customerHistory(history: OrderHistoryRow[]): OrderHistoryRow[] {
  return (
    history
      .filter((entry) => entry.field !== 'note')
      // A status change's note holds what the admin typed beside it: staff only. The payment rows'
      // notes are the shop's own words (a refund's amount) and stay.
      .map((entry) =>
        entry.actor.startsWith('admin:')
          ? { ...entry, actor: 'shop', note: entry.field === 'status' ? null : entry.note }
          : entry,
      )
  );
}

export function toOrder(row: OrderRow, items: OrderItemRow[], history?: OrderHistoryRow[]): Order {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status as Order['status'],
    paymentStatus: row.paymentStatus as Order['paymentStatus'],
    createdAt: row.createdAt.toISOString(),
    deliveryMethod: row.deliveryMethod as DeliveryMethod,
    paymentMethod: row.paymentMethod as PaymentMethod,
    subtotal: koboToNaira(row.subtotalKobo),
    deliveryFee: koboToNaira(row.deliveryFeeKobo),
    totalAmount: koboToNaira(row.totalKobo),
    estimatedDelivery: DELIVERY_ESTIMATES[row.deliveryMethod as DeliveryMethod],
    shippingAddress: { ...(row.shippingAddress as Order['shippingAddress']), area: row.shippingAddress.area ?? null },
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: item.name,
      image: item.image,
      price: koboToNaira(item.priceKobo),
      quantity: hundredthsToUnits(item.quantityHundredths),
      unit: item.unit,
      packSize: item.packSize,
      packItemName: item.packItemName,
      listPrice: item.listPriceKobo === null ? null : koboToNaira(item.listPriceKobo),
      lineTotal: koboToNaira(item.lineTotalKobo),
    })),
    user: {
      id: row.userId,
      firstName: row.customerFirstName,
      lastName: row.customerLastName,
      email: row.customerEmail,
    },
    transactionId: row.transactionId,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    expiresAt:
      row.expiresAt && row.paymentStatus === 'UNPAID' && row.status !== 'CANCELLED'
        ? row.expiresAt.toISOString()
        : null,
    paymentReference: row.paymentReference,
    ...(row.paymentMethod === 'payOnDelivery'
      ? {
          payOnDelivery: {
            confirmedAt: row.deliveryConfirmedAt ? row.deliveryConfirmedAt.toISOString() : null,
            received:
              row.cashReceivedKobo !== null && row.cashReceivedHow
                ? { amount: koboToNaira(row.cashReceivedKobo), how: row.cashReceivedHow }
                : null,
          },
        }
      : {}),
    ...(history
      ? {
          history: history.map((entry) => ({
            id: entry.id,
            field: entry.field as 'status' | 'paymentStatus' | 'note',
            from: entry.fromValue,
            to: entry.toValue,
            actor: entry.actor,
            note: entry.note,
            createdAt: entry.createdAt.toISOString(),
          })),
        }
      : {}),
  };
}
