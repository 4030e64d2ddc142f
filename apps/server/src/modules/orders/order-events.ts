import type { PaymentMethod } from '@shop/shared';
import type { Transaction } from '../../db/client';

/** What is told of an order: enough to count it, nothing about the customer. */
export interface OrderEvent {
  paymentMethod: PaymentMethod;
}

export type OrderEventName = 'placed' | 'paid';
type Listener = (event: OrderEvent) => void;

/**
 * Orders placed and paid, told once their transaction committed, to whoever counts them (the
 * metrics plugin). A rolled-back change tells nothing; a listener that throws is ignored, so
 * counting never fails an order.
 */
export class OrderEvents {
  readonly #listeners: Record<OrderEventName, Set<Listener>> = { placed: new Set(), paid: new Set() };
  /** Told inside a transaction, waiting for its commit. */
  readonly #held = new WeakMap<Transaction, [OrderEventName, OrderEvent][]>();

  /** Returns a function that stops listening. */
  on(name: OrderEventName, listener: Listener): () => void {
    this.#listeners[name].add(listener);
    return () => this.#listeners[name].delete(listener);
  }

  emit(name: OrderEventName, event: OrderEvent) {
    for (const listener of this.#listeners[name]) {
      try {
        listener(event);
      } catch {
        // a counter's problem is not the order's
      }
    }
  }

  /** An event of a change made in `tx`, told when committed(tx) says it committed. */
  hold(tx: Transaction, name: OrderEventName, event: OrderEvent) {
    const held = this.#held.get(tx);
    if (held) held.push([name, event]);
    else this.#held.set(tx, [[name, event]]);
  }

  committed(tx: Transaction) {
    const held = this.#held.get(tx);
    this.#held.delete(tx);
    for (const [name, event] of held ?? []) this.emit(name, event);
  }
}
