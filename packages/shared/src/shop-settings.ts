import { z } from 'zod';
import { ORDER_PAYMENT_WINDOW_MINUTES_DEFAULT } from './constants';
import { isValidPhoneNumber, normalizePhoneNumber } from './nigeria';
import { POD_CAP_NAIRA_DEFAULT } from './pay-on-delivery';
import { EMAIL_PATTERN, text } from './text';

// The shop's own details and the settings its owner changes in the admin (Settings tab), kept in
// the database (docs/decisions/025-shop-settings.md). The public part (ShopInfo) reaches every
// page; the rest only the admin and the server.

export const SHOP_SETTINGS_MESSAGES = {
  nameRequired: 'Shop name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a phone number of 10 to 15 digits, e.g. 0801 234 5678',
  whatsappRequired: 'WhatsApp number is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  countryRequired: 'Country is required',
  mapUrlInvalid: 'Enter a map link starting with https://',
  hoursRequired: 'Add at least one line of opening hours',
  hoursDaysRequired: 'Say which days',
  hoursHoursRequired: 'Say which hours',
  accountNameRequired: 'Account name is required',
  bankNameRequired: 'Bank is required',
  nubanInvalid: 'Account number must be the 10-digit NUBAN',
  podCapInvalid: 'Enter a whole number of naira from 0 (0 turns pay on delivery off) to 21,000,000',
  cardWindowInvalid: 'Enter a whole number of minutes from 1 to 10,080 (a week)',
  transferWindowInvalid: 'Enter a whole number of hours from 1 to 2,160 (90 days)',
  podConfirmWindowInvalid: 'Enter a whole number of hours from 1 to 336 (two weeks)',
  saved: 'Settings saved',
} as const;

const M = SHOP_SETTINGS_MESSAGES;

/** Most lines of opening hours (one per day). */
export const OPENING_HOURS_MAX_LINES = 7;
export const POD_CAP_NAIRA_MAX = 21_000_000;
export const CARD_WINDOW_MINUTES_MAX = 7 * 24 * 60;
export const TRANSFER_WINDOW_HOURS_MAX = 2_160;
export const BANK_TRANSFER_WINDOW_HOURS_DEFAULT = 24;
export const POD_CONFIRM_WINDOW_HOURS_MAX = 336;
/** How long a pay-on-delivery order waits for the shop's phone call before it is cancelled. */
export const POD_CONFIRM_WINDOW_HOURS_DEFAULT = 48;

const required = (max: number, message: string) => text(max, { message }).min(1, message);

const settingsEmail = (requiredMessage: string) =>
  text(254, { message: requiredMessage, tooLong: M.emailInvalid })
    .min(1, requiredMessage)
    .regex(EMAIL_PATTERN, M.emailInvalid)
    .transform((email) => email.toLowerCase());

/** A phone or WhatsApp number, kept in one form (`+2348012345678` for a Nigerian mobile). */
const settingsPhone = (requiredMessage: string) =>
  text(30, { message: requiredMessage, tooLong: M.phoneInvalid })
    .min(1, requiredMessage)
    .transform(normalizePhoneNumber)
    .refine(isValidPhoneNumber, M.phoneInvalid);

const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ message }).int(message).min(min, message).max(max, message);

export const shopAddressSchema = z.object({
  street: required(200, M.streetRequired),
  /** A Lagos area (local government) or any district; may be blank. */
  area: text(100),
  city: required(100, M.cityRequired),
  state: required(100, M.stateRequired),
  country: required(100, M.countryRequired),
});
export type ShopAddress = z.infer<typeof shopAddressSchema>;

export const openingHoursLineSchema = z.object({
  days: required(60, M.hoursDaysRequired),
  hours: required(60, M.hoursHoursRequired),
});
export type OpeningHoursLine = z.infer<typeof openingHoursLineSchema>;

export const bankAccountSchema = z.object({
  accountName: required(100, M.accountNameRequired),
  bankName: required(100, M.bankNameRequired),
  accountNumber: text(20, { message: M.nubanInvalid }).regex(/^\d{10}$/, M.nubanInvalid),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** What every page may show: the footer, contact, about, legal pages, checkout and receipts. */
export const shopInfoSchema = z.object({
  name: required(80, M.nameRequired),
  phone: settingsPhone(M.phoneRequired),
  whatsapp: settingsPhone(M.whatsappRequired),
  email: settingsEmail(M.emailRequired),
  address: shopAddressSchema,
  /** A link that opens the address in a maps app or site; null: one is built from the address. */
  mapUrl: text(500, { tooLong: M.mapUrlInvalid })
    .refine((value) => value === '' || /^https:\/\/[^\s]+$/.test(value), M.mapUrlInvalid)
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  openingHours: z.array(openingHoursLineSchema).min(1, M.hoursRequired).max(OPENING_HOURS_MAX_LINES),
});
export type ShopInfo = z.output<typeof shopInfoSchema>;

/** Everything the Settings tab edits: the shop's details, and how orders and payments run. */
export const shopSettingsSchema = shopInfoSchema.extend({
  bankAccount: bankAccountSchema,
  /** Where the shop's own order emails go (a new order, a transfer proof); null: the contact email. */
  ordersEmail: settingsEmail(M.emailRequired).nullable(),
  /** The largest order (naira, with delivery) that may be paid on delivery; 0 turns it off. */
  payOnDeliveryCapNaira: wholeNumber(0, POD_CAP_NAIRA_MAX, M.podCapInvalid),
  /** How long an unpaid card order keeps its stock. */
  cardPaymentWindowMinutes: wholeNumber(1, CARD_WINDOW_MINUTES_MAX, M.cardWindowInvalid),
  /** How long an unpaid bank-transfer order keeps its stock. */
  bankTransferWindowHours: wholeNumber(1, TRANSFER_WINDOW_HOURS_MAX, M.transferWindowInvalid),
  /** How long an unconfirmed pay-on-delivery order keeps its stock; once confirmed by phone it holds until shipped or cancelled. */
  podConfirmWindowHours: wholeNumber(1, POD_CONFIRM_WINDOW_HOURS_MAX, M.podConfirmWindowInvalid),
});
/** What the admin form sends (PUT /api/settings). */
export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;
export type ShopSettings = z.output<typeof shopSettingsSchema>;

/** GET /api/settings/admin: the settings and their last change. */
export interface ShopSettingsAnswer {
  settings: ShopSettings;
  updatedAt: string | null;
  updatedBy: { id: string; email: string } | null;
}

/** One field changed by one save (GET /api/settings/changes). */
export interface ShopSettingsFieldChange {
  /** A dotted path: `phone`, `bankAccount.accountNumber`, `openingHours`. */
  field: string;
  from: unknown;
  to: unknown;
}

export interface ShopSettingsChange {
  id: string;
  at: string;
  by: { id: string; email: string } | null;
  changes: ShopSettingsFieldChange[];
}

export const SHOP_SETTINGS_DEFAULT_WINDOWS = {
  payOnDeliveryCapNaira: POD_CAP_NAIRA_DEFAULT,
  cardPaymentWindowMinutes: ORDER_PAYMENT_WINDOW_MINUTES_DEFAULT,
  bankTransferWindowHours: BANK_TRANSFER_WINDOW_HOURS_DEFAULT,
  podConfirmWindowHours: POD_CONFIRM_WINDOW_HOURS_DEFAULT,
} as const;
