import {
  formatNaira,
  formatQuantity,
  formatUnitPrice,
  isSaleUnit,
  koboToNaira,
  lineTotalKobo,
  parseQuantity,
  type SaleUnit,
} from '@shop/shared';
import { escapeHtml, plainLine } from './templates';

// The lines of the order emails (placed, placed for the shop, paid, paid on delivery): the
// quantity in the product's unit ("2.5 yd", "3 packs (36 buttons)"), the unit price paid
// ("₦1,050 / yard", with the price before a break when one applied) and the line total as it was
// charged (order_items.line_total_kobo), in the text and the HTML parts alike.

/** One line of an order email: the order_items snapshot (quantity in hundredths, money in kobo). */
export interface EmailOrderLine {
  name: string;
  /** Hundredths of the unit of sale (units.ts). */
  quantityHundredths: number;
  unit: SaleUnit;
  packSize: number | null;
  packItemName: string | null;
  /** The price per unit paid, after any price break. */
  priceKobo: number;
  /** The price per unit before a break lowered it; null when none did. */
  listPriceKobo: number | null;
  /** What the line was charged: price × quantity rounded once. */
  lineTotalKobo: number;
}

/** A line of an email queued before units of sale (migration 0014): whole pieces, no total. */
export interface LegacyEmailOrderLine {
  name: string;
  quantity: number;
  priceKobo: number;
}

/** What the email templates take: an outbox row written before 0014 may still hold the old shape. */
export type EmailOrderLineData = EmailOrderLine | LegacyEmailOrderLine;

/** Any line the outbox holds, in the current shape (an old one was whole pieces at one price). */
export function emailOrderLine(line: EmailOrderLineData): EmailOrderLine {
  if ('quantityHundredths' in line) return { ...line, unit: isSaleUnit(line.unit) ? line.unit : 'piece' };
  const quantityHundredths = parseQuantity(line.quantity) ?? 0;
  return {
    name: line.name,
    quantityHundredths,
    unit: 'piece',
    packSize: null,
    packItemName: null,
    priceKobo: line.priceKobo,
    listPriceKobo: null,
    // Pieces were whole: the price times the count, which rounds nothing.
    lineTotalKobo: lineTotalKobo(line.priceKobo, quantityHundredths),
  };
}

const naira = (kobo: number) => formatNaira(koboToNaira(kobo));

/** "₦1,050 / yard", and when a break lowered it, what it was: "(price break, was ₦1,200 / yard)". */
function unitPriceWords(line: EmailOrderLine): { price: string; was: string | null } {
  return {
    price: formatUnitPrice(line, koboToNaira(line.priceKobo)),
    was: line.listPriceKobo === null ? null : formatUnitPrice(line, koboToNaira(line.listPriceKobo)),
  };
}

/** The line as text: "2.5 yd × Gold lace at ₦1,050 / yard (price break, was ₦1,200 / yard): ₦2,625.00". */
export function orderLineText(data: EmailOrderLineData): string {
  const line = emailOrderLine(data);
  const { price, was } = unitPriceWords(line);
  const quantity = formatQuantity(line, line.quantityHundredths);
  return `${quantity} × ${plainLine(line.name)} at ${price}${was ? ` (price break, was ${was})` : ''}: ${naira(line.lineTotalKobo)}`;
}

/** The line as an HTML table row: the same words, the price before the break struck through. */
export function orderLineRow(data: EmailOrderLineData): string {
  const line = emailOrderLine(data);
  const { price, was } = unitPriceWords(line);
  const quantity = formatQuantity(line, line.quantityHundredths);
  const before = was ? ` (price break, was <s>${escapeHtml(was)}</s>)` : '';
  return `<tr><td style="padding:4px 0">${escapeHtml(quantity)} × ${escapeHtml(plainLine(line.name))} <span style="color:#57534e">at ${escapeHtml(price)}${before}</span></td><td style="padding:4px 0;text-align:right">${escapeHtml(naira(line.lineTotalKobo))}</td></tr>`;
}
