import { STOREFRONT_NAME } from './pages';
import type { ShopAddress, ShopInfo } from './shop-settings';

// The shop's public details as pages show them (ShopInfo, validated by shopInfoSchema in
// shop-settings.ts): its first values and the helpers that turn them into links. No zod here:
// the footer of every page imports this module, and the storefront's first load stays without
// the schema library (its 150 KB budget).

/** The shop's details before the owner has saved any (and the demo shop's). */
export const SHOP_INFO_DEFAULTS: ShopInfo = {
  name: STOREFRONT_NAME,
  phone: '+2348012345678',
  whatsapp: '+2348012345678',
  email: 'hello@stitchandtrim.ng',
  address: { street: '18 Balogun Street', area: 'Lagos Island', city: 'Lagos', state: 'Lagos', country: 'Nigeria' },
  mapUrl: null,
  openingHours: [
    { days: 'Monday to Friday', hours: '8:00 – 18:00' },
    { days: 'Saturday', hours: '10:00 – 18:00' },
    { days: 'Sunday', hours: 'Online only' },
  ],
};

/** The address on one line: `18 Balogun Street, Lagos Island, Lagos, Nigeria`. */
export function shopAddressLine(address: ShopAddress): string {
  const city = address.city === address.state ? address.city : `${address.city}, ${address.state}`;
  return [address.street, address.area, city, address.country].filter(Boolean).join(', ');
}

/** The map link: the owner's, or a maps search for the address (a link, never an embedded map). */
export function shopMapHref(info: Pick<ShopInfo, 'address' | 'mapUrl'>): string {
  return (
    info.mapUrl ??
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(shopAddressLine(info.address))}`
  );
}

/** `+2348012345678` → `tel:+2348012345678`. */
export const telHref = (phone: string): string => `tel:${phone}`;

/** `+2348012345678` → `+234 801 234 5678` for reading; any other number as kept. */
export function formatPhoneForDisplay(phone: string): string {
  const match = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `+234 ${match[1]} ${match[2]} ${match[3]}` : phone;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * True when an answer of GET /api/settings has every field a page reads. Checked by shape, not
 * by shopInfoSchema: the storefront's first load must not carry the schema library (its 150 KB
 * budget), and the server already validated what it saved.
 */
export function isShopInfo(value: unknown): value is ShopInfo {
  if (!isRecord(value) || !isRecord(value.address) || !Array.isArray(value.openingHours)) return false;
  const { address } = value;
  return (
    [value.name, value.phone, value.whatsapp, value.email].every(isText) &&
    (value.mapUrl === null || isText(value.mapUrl)) &&
    [address.street, address.area, address.city, address.state, address.country].every(isText) &&
    value.openingHours.every((line) => isRecord(line) && isText(line.days) && isText(line.hours))
  );
}
