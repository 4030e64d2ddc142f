// What bench:abuse's actors share: a visitor with an address of its own over HTTP, a tally of the
// answers, the catalogue as the API gives it, an account registered and logged in, an order
// placed, and what a customer's unpaid orders hold.
import { CUSTOMER_PASSWORD, shippingDetailsOf } from '@shop/testing';
import { PAGE_SIZE_MAX } from '../packages/shared/src/constants';
import { koboToNaira } from '../packages/shared/src/money';
import { priceLineKobo } from '../packages/shared/src/order-pricing';
import {
  isPurchasable,
  QUANTITY_SCALE,
  type SaleFields,
  type SaleTerms,
  saleTermsOf,
} from '../packages/shared/src/units';

export const PASSWORD = CUSTOMER_PASSWORD;

// ---------- HTTP ----------

export type Json = Record<string, unknown>;
export interface Answer {
  status: number;
  /** The API's error code, `ok` for a 2xx without one, the status otherwise; `network` when nothing answered. */
  code: string;
  body: Json;
}

/** One visitor: an address of its own and, once logged in, a bearer token. */
export class Visitor {
  token: string | null = null;
  constructor(
    readonly base: string,
    readonly address: string,
  ) {}

  async call(method: string, url: string, body?: unknown): Promise<Answer> {
    try {
      const response = await fetch(`${this.base}${url}`, {
        method,
        headers: {
          'x-forwarded-for': this.address,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let parsed: Json = {};
      try {
        parsed = text ? (JSON.parse(text) as Json) : {};
      } catch {
        parsed = { text };
      }
      const code = typeof parsed.code === 'string' ? parsed.code : response.ok ? 'ok' : String(response.status);
      return { status: response.status, code, body: parsed };
    } catch {
      return { status: 0, code: 'network', body: {} };
    }
  }
}

/** Answers counted by what was asked, status and code (HOLD_LIMIT_REACHED with its limit). */
export class Tally {
  readonly counts = new Map<string, number>();
  add(what: string, answer: Answer) {
    const limit = typeof answer.body.limit === 'string' ? ` (${answer.body.limit})` : '';
    const key = `${what} → ${answer.status} ${answer.code}${limit}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  get total() {
    return [...this.counts.values()].reduce((sum, count) => sum + count, 0);
  }
}

// ---------- The shop's data as the API gives it ----------

export interface Product {
  id: string;
  name: string;
  price: number;
  priceKobo: number;
  stock: number;
  /** How it is sold (units.ts): its step, minimum and price breaks price every line. */
  terms: SaleTerms;
}

/** Whether a line of it can be ordered now: a product below its minimum (0.5 yd of a 1 yd lace) cannot. */
export const purchasable = (product: Product) =>
  isPurchasable(product.terms, Math.round(product.stock * QUANTITY_SCALE));

export interface OrderLine {
  productId: string | null;
  quantity: number;
}

export interface Order {
  id: string;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  totalAmount: number;
  createdAt: string;
  expiresAt: string | null;
  items: OrderLine[];
}

export async function readCatalogue(visitor: Visitor, tally?: Tally): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const answer = await visitor.call('GET', `/api/products?page=${page}&pageSize=${PAGE_SIZE_MAX}`);
    tally?.add('GET /api/products (the shelf, again every second)', answer);
    if (answer.status !== 200) throw new Error(`GET /api/products page ${page}: ${answer.status} ${answer.code}`);
    const body = answer.body as {
      products: ({ id: string; name: string; price: number; stock: number } & SaleFields)[];
      total: number;
    };
    for (const product of body.products) {
      products.push({
        id: product.id,
        name: product.name,
        price: product.price,
        stock: product.stock,
        priceKobo: Math.round(product.price * 100),
        terms: saleTermsOf(product),
      });
    }
    if (body.products.length === 0 || products.length >= body.total) return products;
  }
}

let accountsMade = 0;

export interface Customer {
  visitor: Visitor;
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** POST /api/users/register then login, as a browser would; null when the shop refuses (the answer is kept). */
export async function register(
  base: string,
  address: string,
  label: string,
  refused?: (answer: Answer) => void,
): Promise<Customer | null> {
  const visitor = new Visitor(base, address);
  const account = {
    firstName: label === 'honest' ? 'Ngozi' : 'Chidi',
    lastName: label === 'honest' ? 'Okafor' : 'Eze',
    email: `${label}.${Date.now().toString(36)}${(accountsMade++).toString(36)}@example.com`,
    password: PASSWORD,
  };
  const registered = await visitor.call('POST', '/api/users/register', account);
  if (registered.status !== 201) {
    if (refused) {
      refused(registered);
      return null;
    }
    throw new Error(`register ${label}: ${registered.status} ${registered.code}`);
  }
  const login = await visitor.call('POST', '/api/users/login', { email: account.email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login ${label}: ${login.status} ${login.code}`);
  visitor.token = String(login.body.token);
  const user = login.body.user as { id: string };
  return { visitor, id: user.id, firstName: account.firstName, lastName: account.lastName, email: account.email };
}

export function placeOrder(
  customer: Customer,
  lines: { product: Product; quantity: number }[],
  method: 'card' | 'bankTransfer' | 'payOnDelivery',
): Promise<Answer> {
  return customer.visitor.call('POST', '/api/orders', {
    shippingDetails: shippingDetailsOf(customer),
    paymentDetails: { method, transactionId: null },
    deliveryMethod: 'PICKUP',
    // The unit price the shop charges for this quantity, after any price break (as the cart sends it).
    items: lines.map((line) => ({
      productId: line.product.id,
      quantity: line.quantity,
      price: koboToNaira(
        priceLineKobo(line.product.priceKobo, line.product.terms, Math.round(line.quantity * QUANTITY_SCALE))
          .unitPriceKobo,
      ),
    })),
  });
}

export interface Holdings {
  unpaid: Order[];
  paid: number;
  units: Map<string, number>;
  valueNaira: number;
  /** The latest deadline of an unpaid order, minutes after it was placed, by payment method. */
  latestDeadlineMin: Record<string, number>;
}

/** What a customer's unpaid, pending orders hold, from GET /api/orders/my-orders. */
export async function holdingsOf(customer: Customer): Promise<Holdings> {
  const answer = await customer.visitor.call('GET', '/api/orders/my-orders');
  if (answer.status !== 200) throw new Error(`my-orders: ${answer.status} ${answer.code}`);
  const orders = (answer.body as { orders: Order[] }).orders;
  const unpaid = orders.filter((order) => order.status === 'PENDING' && order.paymentStatus === 'UNPAID');
  const units = new Map<string, number>();
  const latestDeadlineMin: Record<string, number> = {};
  for (const order of unpaid) {
    for (const item of order.items) {
      if (item.productId) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
    }
    if (order.expiresAt) {
      const minutes = (Date.parse(order.expiresAt) - Date.parse(order.createdAt)) / 60_000;
      latestDeadlineMin[order.paymentMethod] = Math.max(latestDeadlineMin[order.paymentMethod] ?? 0, minutes);
    }
  }
  return {
    unpaid,
    paid: orders.filter((order) => order.paymentStatus === 'PAID').length,
    units,
    valueNaira: unpaid.reduce((sum, order) => sum + order.totalAmount, 0),
    latestDeadlineMin,
  };
}
