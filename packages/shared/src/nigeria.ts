import { ACCOUNT_MESSAGES } from './account-messages';
import { text } from './text';

// Selling in Nigeria (NIGERIA.md): the states, Lagos's local government areas and the phone
// number rule. Each list lives here once; the checkout, the profile, the server and the
// migration of old rows (0010_phone_numbers.sql) all follow it.

/** The 36 states and the FCT, as NIGERIA.md names them (the stored value of `state`). */
export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
  'Federal Capital Territory',
] as const;
export type NigerianState = (typeof NIGERIAN_STATES)[number];

export const FEDERAL_CAPITAL_TERRITORY: NigerianState = 'Federal Capital Territory';
/** What a list shows for the FCT: the name people use for it, and its city. */
export const FEDERAL_CAPITAL_TERRITORY_LABEL = 'FCT (Abuja)';

/** The words a list shows for a state: its name, or 'FCT (Abuja)' for the FCT. */
export const nigerianStateLabel = (state: string): string =>
  state === FEDERAL_CAPITAL_TERRITORY ? FEDERAL_CAPITAL_TERRITORY_LABEL : state;

/**
 * The options of a state list, in the alphabetical order of what they show: the FCT sits between
 * Enugu and Gombe, where someone looking for "FCT" finds it.
 */
export const NIGERIAN_STATE_OPTIONS: readonly { value: NigerianState; label: string }[] = NIGERIAN_STATES.map(
  (value) => ({ value, label: nigerianStateLabel(value) }),
).sort((a, b) => a.label.localeCompare(b.label, 'en'));

export const LAGOS_STATE = 'Lagos' satisfies NigerianState;

/** Lagos State's 20 local government areas (the stored value of `area`). */
export const LAGOS_AREAS = [
  'Agege',
  'Ajeromi-Ifelodun',
  'Alimosho',
  'Amuwo-Odofin',
  'Apapa',
  'Badagry',
  'Epe',
  'Eti-Osa',
  'Ibeju-Lekki',
  'Ifako-Ijaiye',
  'Ikeja',
  'Ikorodu',
  'Kosofe',
  'Lagos Island',
  'Lagos Mainland',
  'Mushin',
  'Ojo',
  'Oshodi-Isolo',
  'Shomolu',
  'Surulere',
] as const;
export type LagosArea = (typeof LAGOS_AREAS)[number];

/** True for the state Lagos (the address's `state`, as stored). */
export const isLagos = (state: string | null | undefined): boolean => state === LAGOS_STATE;

/** True for one of the 36 states or the FCT, spelt as the list spells it. */
export const isNigerianState = (value: string | null | undefined): value is NigerianState =>
  (NIGERIAN_STATES as readonly string[]).includes(value ?? '');
/** True for one of Lagos's 20 local government areas, spelt as the list spells it. */
export const isLagosArea = (value: string | null | undefined): value is LagosArea =>
  (LAGOS_AREAS as readonly string[]).includes(value ?? '');

// ---------- Phone numbers ----------

/**
 * What people type between digits: white space (JavaScript's \s, every kind of space), dashes,
 * dots and parentheses. 0010_phone_numbers.sql lists the same characters for PostgreSQL.
 */
const PHONE_SEPARATORS = /[\s().-]/g;
/** A Nigerian mobile written locally: 0, then 7, 8 or 9, then 0 or 1, then 8 digits. */
const LOCAL_MOBILE = /^0([789][01]\d{8})$/;
/** The same with the country code, with or without its +, and with or without a stray 0. */
const INTERNATIONAL_MOBILE = /^\+?2340?([789][01]\d{8})$/;
/** SPEC.md §5: 10 to 15 digits, an optional leading +. */
export const PHONE_PATTERN = /^\+?\d{10,15}$/;

/** The number without the separators people type (`0803-123 4567` is `08031234567`). */
export const stripPhoneSeparators = (typed: string): string => typed.replace(PHONE_SEPARATORS, '');

/**
 * `+2348031234567` when what was typed is a Nigerian mobile in any of the forms people write it
 * (`0803 123 4567`, `+234 803 123 4567`, `2348031234567`, `+234 0803…`); null for anything else.
 */
export function nigerianMobile(typed: string): string | null {
  const digits = stripPhoneSeparators(typed);
  const match = LOCAL_MOBILE.exec(digits) ?? INTERNATIONAL_MOBILE.exec(digits);
  return match ? `+234${match[1]}` : null;
}

/**
 * The one form a phone number is kept in: a Nigerian mobile becomes `+2348031234567`; any other
 * number is kept as typed, without its separators (SPEC's rule then decides if it is valid).
 */
export const normalizePhoneNumber = (typed: string): string => nigerianMobile(typed) ?? stripPhoneSeparators(typed);

/** True when the number (already normalised) follows SPEC's rule. */
export const isValidPhoneNumber = (value: string): boolean => PHONE_PATTERN.test(value);

const PHONE_MAX_TYPED = 30;

/** An optional phone number (register, profile): blank is none (null), anything else normalised. */
export const phoneNumberSchema = text(PHONE_MAX_TYPED, { tooLong: ACCOUNT_MESSAGES.phoneInvalid })
  .transform(normalizePhoneNumber)
  .refine((value) => value === '' || isValidPhoneNumber(value), ACCOUNT_MESSAGES.phoneInvalid)
  .transform((value) => (value === '' ? null : value));

/** A phone number that must be given (checkout's shipping details), normalised. */
export const requiredPhoneNumberSchema = (requiredMessage: string) =>
  text(PHONE_MAX_TYPED, { message: requiredMessage, tooLong: ACCOUNT_MESSAGES.phoneInvalid })
    .min(1, requiredMessage)
    .transform(normalizePhoneNumber)
    .refine(isValidPhoneNumber, ACCOUNT_MESSAGES.phoneInvalid);

/** Nigeria keeps West Africa Time, UTC+1, all year (no daylight saving). */
const LAGOS_UTC_OFFSET_MS = 3_600_000;

/**
 * The Lagos calendar day (YYYY-MM-DD) of a moment, `offsetDays` days later (earlier when
 * negative): the day the admin's date filters, the dashboard and file names count in. Between
 * 23:00 and midnight UTC it is already the next day in Lagos.
 */
export function lagosDate(at: Date | number = Date.now(), offsetDays = 0): string {
  const time = typeof at === 'number' ? at : at.getTime();
  return new Date(time + LAGOS_UTC_OFFSET_MS + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
