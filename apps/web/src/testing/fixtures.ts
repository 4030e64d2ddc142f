// Typed test data built from the shared API shapes: a test names only the fields it cares
// about, and a change to a shape in packages/shared breaks the fixtures at compile time.

import {
  type Category,
  type Order,
  type PaymentConfig,
  type Product,
  type ProductCard,
  productCardOf,
  type ShopInfo,
  type ShopSettings,
  type ShopSettingsAnswer,
  type Subcategory,
  type User,
} from '@shop/shared';
import { aLaceByTheYard, aPackOfButtons, aProduct } from '@shop/shared/testing';

// The products are built in packages/shared, whose own tests use them too.
export { aLaceByTheYard, aPackOfButtons, aProduct };

/** The fields of an order line sold by the piece with no price break. */
const pieceLine = { image: null, unit: 'piece', packSize: null, packItemName: null, listPrice: null } as const;

/** A product's card, as the lists send it (productCardOf: the thumb, no description or gallery). */
export const aProductCard = (overrides: Partial<Product> = {}): ProductCard => productCardOf(aProduct(overrides));
export const aLaceCard = (overrides: Partial<Product> = {}): ProductCard => productCardOf(aLaceByTheYard(overrides));
export const aButtonsCard = (overrides: Partial<Product> = {}): ProductCard => productCardOf(aPackOfButtons(overrides));

export function aSubcategory(overrides: Partial<Subcategory> = {}): Subcategory {
  return {
    id: 's1',
    name: 'Ribbons',
    slug: 'ribbons',
    description: 'Satin and grosgrain',
    categoryId: 'c1',
    ...overrides,
  };
}

export function aCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: 'c1',
    name: 'Trims',
    slug: 'trims',
    description: 'Ribbons, lace and stones',
    subcategories: [aSubcategory()],
    ...overrides,
  };
}

/** A signed-in customer as the session answers. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@example.com',
    phoneNumber: null,
    address: null,
    role: 'CUSTOMER',
    active: true,
    createdAt: '2025-01-01T00:00:00Z',
    // Verified, as most screens' customers are; the verification screens set false.
    emailVerified: true,
    ...overrides,
  };
}

/** The fields of an order the account screens list. */
export function anOrderSummary(
  overrides: Partial<Pick<Order, 'id' | 'orderNumber' | 'status' | 'createdAt' | 'totalAmount'>> = {},
) {
  return {
    id: 'o1',
    orderNumber: 'TS-ORDER1',
    status: 'PENDING' as Order['status'],
    createdAt: '2025-06-20T00:00:00.000Z',
    totalAmount: 15000,
    ...overrides,
  };
}

/**
 * One order as GET /api/orders/{id} answers it: Ada's paid card order for French Lace and Gold
 * Buttons, sent by express to Surulere. A test overrides what it is about (its status, its history).
 */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'o1',
    orderNumber: 'TS-7K4Q9M2X',
    status: 'PROCESSING',
    paymentStatus: 'PAID',
    createdAt: '2025-06-01T10:00:00Z',
    deliveryMethod: 'EXPRESS',
    paymentMethod: 'card',
    subtotal: 12500,
    deliveryFee: 5000,
    totalAmount: 17500,
    estimatedDelivery: '1-2 business days',
    shippingAddress: {
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      phoneNumber: '+2348031234567',
      address: '14 Adeniran Ogunsanya Street',
      city: 'Surulere',
      state: 'Lagos',
      area: 'Surulere',
      zipCode: '101283',
      country: 'Nigeria',
    },
    items: [
      { ...pieceLine, id: 'i1', productId: 'p1', name: 'French Lace', price: 4500, quantity: 2, lineTotal: 9000 },
      { ...pieceLine, id: 'i2', productId: null, name: 'Gold Buttons', price: 3500, quantity: 1, lineTotal: 3500 },
    ],
    user: { id: 'u1', firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com' },
    transactionId: '4099260516',
    paidAt: '2025-06-01T10:05:00Z',
    expiresAt: null,
    paymentReference: 'TS-7K4Q9M2X',
    ...overrides,
  };
}

/** GET /api/payments/config as the test gateway answers it. */
export function aPaymentConfig(overrides: Partial<PaymentConfig> = {}): PaymentConfig {
  return {
    provider: 'paystack',
    publicKey: 'pk_test_x',
    inlineScriptUrl: '/test-gateway/inline.js',
    currency: 'NGN',
    testMode: true,
    bankTransfer: { accountName: 'Stitch & Trim Supplies', bankName: 'Test Bank', accountNumber: '0123456789' },
    channels: ['card'],
    payOnDelivery: { enabled: true, capNaira: 150_000 },
    ...overrides,
  };
}

/**
 * GET /api/settings: a shop whose details differ from the defaults in packages/shared, so a test
 * that finds them on a page proves they came from the settings and not from a constant.
 */
export function aShopInfo(overrides: Partial<ShopInfo> = {}): ShopInfo {
  return {
    name: 'Stitch & Trim Supplies',
    phone: '+2348091112233',
    whatsapp: '+2348094445566',
    email: 'care@stitchandtrim.test',
    address: { street: '7 Idumagbo Avenue', area: 'Lagos Island', city: 'Lagos', state: 'Lagos', country: 'Nigeria' },
    mapUrl: null,
    openingHours: [
      { days: 'Monday to Saturday', hours: '9:00 – 19:00' },
      { days: 'Sunday', hours: 'Closed' },
    ],
    ...overrides,
  };
}

/** The settings as the admin edits them (GET /api/settings/admin's `settings`). */
export function aShopSettings(overrides: Partial<ShopSettings> = {}): ShopSettings {
  return {
    ...aShopInfo(),
    bankAccount: { accountName: 'Stitch & Trim Supplies', bankName: 'Zenith Bank', accountNumber: '1234567890' },
    ordersEmail: null,
    payOnDeliveryCapNaira: 150_000,
    cardPaymentWindowMinutes: 30,
    bankTransferWindowHours: 24,
    podConfirmWindowHours: 48,
    ...overrides,
  };
}

/** GET /api/settings/admin. */
export function aShopSettingsAnswer(overrides: Partial<ShopSettingsAnswer> = {}): ShopSettingsAnswer {
  return {
    settings: aShopSettings(),
    updatedAt: '2026-06-01T09:00:00.000Z',
    updatedBy: { id: 'u-admin', email: 'admin@example.com' },
    ...overrides,
  };
}
