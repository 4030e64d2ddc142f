import { KOBO_PER_NAIRA } from './constants';

/** Kobo (integer) to naira as the API sends it: a number with at most two decimals. */
export function koboToNaira(kobo: number): number {
  return kobo / KOBO_PER_NAIRA;
}

/** Prices are stored as 32-bit integers of kobo: ₦21,474,836.47 at most. */
export const PRICE_KOBO_MAX = 2_147_483_647;
export const PRICE_NAIRA_MAX = PRICE_KOBO_MAX / KOBO_PER_NAIRA;

/** A naira amount as text: whole naira, then at most two decimals (1500, 1499.50). */
export const NAIRA_AMOUNT_PATTERN = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/**
 * Naira from the API or a form to integer kobo, without floating-point drift:
 * 1499.5 → 149950, "20000" → 2000000. Returns null for anything that is not a
 * non-negative amount with at most two decimals.
 */
export function nairaToKobo(naira: number | string): number | null {
  const text = typeof naira === 'number' ? String(naira) : naira.trim();
  const match = NAIRA_AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * KOBO_PER_NAIRA + fraction;
}

/**
 * A price from a query string (the shop's price filters): naira with at most two decimals, no
 * more than a price can be. The same rule as the API's minPrice and maxPrice; undefined otherwise.
 */
export function parsePriceAmount(text: string | null | undefined): number | undefined {
  if (text == null || !NAIRA_AMOUNT_PATTERN.test(text)) return undefined;
  const naira = Number(text);
  return naira <= PRICE_NAIRA_MAX ? naira : undefined;
}

// Money as text: number-format.ts (formatNaira, formatNairaShort).
export { formatNaira, formatNairaShort } from './number-format';
