// WhatsApp links (wa.me): a product shared with anyone, and a product, a cart or an order sent to
// the shop's own number. Links only: nothing is loaded from WhatsApp, and the message is the
// link's `text`, which the customer reads and sends (or changes) in WhatsApp. Here: the shop's
// number as wa.me wants it and the chat link; the share link, a product's address and the
// messages are in whatsapp-messages.ts.
//
// NOTE: kept tiny and free of imports: the header's mobile menu (the first visit's bundle, its
// 150 KB budget) builds a chat link with whatsappHref, and a module the first bundle imports
// goes into it whole, whatever else uses it.

const WA_ME = 'https://wa.me/';

/**
 * The digits wa.me wants for a number the settings keep (`+2348012345678` → `2348012345678`):
 * the country code and the number, no `+`, no leading 0. A number written the Nigerian way
 * (`0801 234 5678`, a landline `01 234 5678`) takes Nigeria's 234 in place of its 0; `00` is an
 * international prefix; `+234 0801…` loses the stray 0. Null when no chat could be opened with
 * it (blank, letters, too short or too long).
 */
export function whatsappDigits(number: string): string | null {
  const compact = number.replace(/[\s().-]/g, '');
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('00')) digits = compact.slice(2);
  else if (compact.startsWith('0')) digits = `234${compact.slice(1)}`;
  else digits = compact;
  digits = digits.replace(/^2340/, '234');
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/** wa.me's first message, as a query: `?text=` and the message, percent-encoded. */
export const whatsappTextParam = (message: string): string => `?text=${encodeURIComponent(message)}`;

/** A chat with the number on WhatsApp, with a first message when given; null when the number is not usable. */
export function whatsappHref(number: string, message?: string): string | null {
  const digits = whatsappDigits(number);
  if (digits === null) return null;
  return `${WA_ME}${digits}${message ? whatsappTextParam(message) : ''}`;
}
