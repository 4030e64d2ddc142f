import { formatNaira } from './money';
import { formatQuantity, quantityText, type SaleTerms, unitWord } from './units';
import { whatsappTextParam } from './whatsapp';

// What the storefront's WhatsApp links say (whatsapp.ts turns the shop's number into a chat
// link): a product shared with anyone, and a product, a cart or an order sent to the shop. Every
// text the shop puts in such a message lives here, with the share link and a product's address.
// Loaded only by the product page, the cart drawer's lines and an order page, never by the first
// visit's bundle.
//
// Length rule: a message names at most WHATSAPP_ITEMS_MAX lines, then says how many more there
// are ("- and 3 more items"); a product's name (and the shop's) is put on one line and cut at
// WHATSAPP_NAME_MAX characters. A full message then stays within a few thousand characters,
// which wa.me and every browser's address bar take.

/** The most item lines one message lists; the rest are counted. */
export const WHATSAPP_ITEMS_MAX = 25;
/** The most characters of a product's name in a message. */
export const WHATSAPP_NAME_MAX = 80;

/** A message the customer sends to whomever they choose in WhatsApp. */
export function whatsappShareHref(message: string): string {
  return `https://wa.me/${whatsappTextParam(message)}`;
}

/** A product page's absolute address, as its canonical link and Open Graph tags give it. */
export function productPageUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/products/${encodeURIComponent(slug)}`;
}

/** A name on one line, cut to WHATSAPP_NAME_MAX characters. */
function oneLine(name: string): string {
  const line = name.replace(/\s+/g, ' ').trim();
  return line.length > WHATSAPP_NAME_MAX ? `${line.slice(0, WHATSAPP_NAME_MAX - 1).trimEnd()}…` : line;
}

export interface WhatsAppProduct {
  name: string;
  /** The price per unit as the page writes it (formatUnitPrice): "₦1,200 / yard". */
  unitPrice: string;
  /** The product page's absolute address (productPageUrl). */
  url: string;
}

/** One line of a cart or an order. */
export interface WhatsAppItem {
  name: string;
  terms: Pick<SaleTerms, 'unit' | 'packSize' | 'packItemName'>;
  /** The quantity, in hundredths of the unit (units.ts). */
  hundredths: number;
  /** What the line costs, in naira. */
  lineTotal: number;
}

/** "2.5 yd", "3 packs (36 buttons)", "2 pieces": the quantity as the cart writes it. */
function quantityInWords(item: WhatsAppItem): string {
  return item.terms.unit === 'piece'
    ? `${quantityText(item.hundredths)} ${unitWord('piece', item.hundredths)}`
    : formatQuantity(item.terms, item.hundredths);
}

/** "- French Lace: 2.5 yd, ₦3,000.00", one a line, then "- and 3 more items" past the limit. */
function itemLines(items: readonly WhatsAppItem[]): string[] {
  const lines = items
    .slice(0, WHATSAPP_ITEMS_MAX)
    .map((item) => `- ${oneLine(item.name)}: ${quantityInWords(item)}, ${formatNaira(item.lineTotal)}`);
  const more = items.length - WHATSAPP_ITEMS_MAX;
  if (more > 0) lines.push(`- and ${more} more ${more === 1 ? 'item' : 'items'}`);
  return lines;
}

const hello = (shopName: string) => `Hello ${oneLine(shopName)}`;

export const WHATSAPP_MESSAGES = {
  /** Shared with anyone: the product, its price and its address (WhatsApp shows the page's preview). */
  productShare: (product: WhatsAppProduct) => `${oneLine(product.name)}, ${product.unitPrice}\n${product.url}`,
  /** To the shop: a question about one product. */
  productEnquiry: (shopName: string, product: WhatsAppProduct) =>
    `${hello(shopName)}, I'd like to ask about ${oneLine(product.name)} (${product.unitPrice}).\n${product.url}`,
  /** To the shop: what is in the cart and its subtotal. */
  cart: (shopName: string, items: readonly WhatsAppItem[], subtotal: number) =>
    [
      `${hello(shopName)}, I'd like to order what is in my cart:`,
      ...itemLines(items),
      `Subtotal: ${formatNaira(subtotal)}`,
    ].join('\n'),
  /** To the shop: an order, by its number, with its items and total. */
  order: (shopName: string, order: { orderNumber: string; items: readonly WhatsAppItem[]; total: number }) =>
    [
      `${hello(shopName)}, I'm writing about my order ${order.orderNumber}:`,
      ...itemLines(order.items),
      `Total: ${formatNaira(order.total)}`,
    ].join('\n'),
} as const;

/** What each link says, and says to a screen reader (each opens WhatsApp in a new tab). */
export const WHATSAPP_LINK_LABELS = {
  share: 'Share on WhatsApp',
  ask: 'Ask about this on WhatsApp',
  cart: 'Send cart on WhatsApp',
  order: 'Send order on WhatsApp',
  /** Added for screen readers after the visible words. */
  opens: '(opens WhatsApp in a new tab)',
} as const;
