// Numbers as the shop writes them (en-NG: "1,500", "₦1,499.50"), without Intl.
//
// The first Intl.NumberFormat a browser tab makes loads ICU's number and currency data: 11-24 ms
// of the page's thread on a fast desktop, several times that on a phone, in the middle of a first
// visit's start (issue 26). The shop's numbers need only grouping in threes and rounding, so it
// writes them itself, and the server's drawn page and the browser's hydration, which used two
// ICU builds (Node's and Chromium's), now agree by construction. The results are Intl's for
// 'en-NG' (number-format.test.ts holds them against it); dates still use Intl, off the first visit.

export interface FractionDigits {
  /** Digits after the point always shown (zeros added). */
  minimum: number;
  /** Digits after the point at most: the rest is rounded half away from zero. */
  maximum: number;
}

/** Intl.NumberFormat's default for plain numbers: up to three decimals, none forced. */
const COUNT_DIGITS: FractionDigits = { minimum: 0, maximum: 3 };
/** The naira's minor unit: kobo, two decimals. */
const NAIRA_DIGITS: FractionDigits = { minimum: 2, maximum: 2 };
const NAIRA_WHOLE_DIGITS: FractionDigits = { minimum: 0, maximum: 0 };
const NAIRA_SIGN = '₦';

/**
 * A number's digits as a plain decimal, before and after the point: "1e+21" → ["1000…0", ""],
 * "1.5e-7" → ["0", "00000015"]. `text` is String() of a finite, non-negative number.
 */
function plainDecimal(text: string): [whole: string, fraction: string] {
  const [mantissa = '', exponentText] = text.split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  if (exponentText === undefined) return [whole, fraction];
  const exponent = Number(exponentText);
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  if (point >= digits.length) return [digits + '0'.repeat(point - digits.length), ''];
  return [digits.slice(0, point), digits.slice(point)];
}

/** Adds one to a string of decimal digits: "199" → "200", "99" → "100". */
function incremented(digits: string): string {
  let carry = 1;
  let result = '';
  for (let index = digits.length - 1; index >= 0; index--) {
    const sum = Number(digits[index]) + carry;
    carry = sum === 10 ? 1 : 0;
    result = String(sum % 10) + result;
  }
  return carry ? `1${result}` : result;
}

/** "1234567" → "1,234,567". */
function grouped(whole: string): string {
  const head = whole.length % 3 || 3;
  let result = whole.slice(0, head);
  for (let index = head; index < whole.length; index += 3) result += `,${whole.slice(index, index + 3)}`;
  return result;
}

/**
 * A number's magnitude with en-NG grouping, rounded as ICU does: on its shortest decimal form
 * (String(1.005) is "1.005", so two decimals give "1.01"), half away from zero.
 */
function magnitude(value: number, digits: FractionDigits): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return '∞';
  let [whole, fraction] = plainDecimal(String(Math.abs(value)));
  if (fraction.length > digits.maximum) {
    const roundUp = Number(fraction[digits.maximum]) >= 5;
    const kept = whole + fraction.slice(0, digits.maximum);
    const rounded = roundUp ? incremented(kept).padStart(kept.length, '0') : kept;
    whole = rounded.slice(0, rounded.length - digits.maximum) || '0';
    fraction = rounded.slice(rounded.length - digits.maximum);
  }
  fraction = fraction.replace(/0+$/, '').padEnd(digits.minimum, '0');
  return fraction ? `${grouped(whole)}.${fraction}` : grouped(whole);
}

/** Negative numbers, and negative zero, as Intl writes them: a leading hyphen-minus. */
const signOf = (value: number): string => (value < 0 || Object.is(value, -0) ? '-' : '');

/** A count or measure: "1,500", "2.5", "1,234,567.891" (three decimals at most). */
export function formatCount(value: number): string {
  return signOf(value) + magnitude(value, COUNT_DIGITS);
}

/** ₦1,500.00 — two decimals, as the cart shows money. */
export function formatNaira(naira: number): string {
  return `${signOf(naira)}${NAIRA_SIGN}${magnitude(naira, NAIRA_DIGITS)}`;
}

/** ₦1,500 — en-NG grouping without kobo unless the price has them, as product cards show money. */
export function formatNairaShort(naira: number): string {
  if (!Number.isInteger(naira)) return formatNaira(naira);
  return `${signOf(naira)}${NAIRA_SIGN}${magnitude(naira, NAIRA_WHOLE_DIGITS)}`;
}
