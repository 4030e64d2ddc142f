// The card order this tab is paying for, kept in sessionStorage: a reload mid-payment resumes
// it instead of creating a second order. Only the id and number, nothing the server owns.
import { storageKeys } from '../../lib/storage-keys';

const KEY = storageKeys.pendingOrder;

export interface PendingOrder {
  id: string;
  orderNumber: string;
}

export function readPendingOrder(): PendingOrder | undefined {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { id, orderNumber } = value as Record<string, unknown>;
    return typeof id === 'string' && typeof orderNumber === 'string' ? { id, orderNumber } : undefined;
  } catch {
    return undefined;
  }
}

export function rememberPendingOrder(order: PendingOrder) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ id: order.id, orderNumber: order.orderNumber }));
  } catch {
    // Storage blocked: a reload then shows the form again; the server still never charges twice.
  }
}

export function forgetPendingOrder() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
