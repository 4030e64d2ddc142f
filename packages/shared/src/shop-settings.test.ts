import { describe, expect, it } from 'vitest';
import { isShopInfo, SHOP_INFO_DEFAULTS } from './shop-info';
import { shopInfoSchema } from './shop-settings';

describe('isShopInfo: the storefront’s check of GET /api/settings', () => {
  it('accepts what the server answers (anything shopInfoSchema gives)', () => {
    expect(isShopInfo(SHOP_INFO_DEFAULTS)).toBe(true);
    expect(isShopInfo(shopInfoSchema.parse({ ...SHOP_INFO_DEFAULTS, mapUrl: 'https://maps.example/x' }))).toBe(true);
  });

  it.each([
    ['not an object', 'Stitch & Trim'],
    ['null', null],
    ['another answer', { products: [] }],
    ['no phone', { ...SHOP_INFO_DEFAULTS, phone: undefined }],
    ['a number for a phone', { ...SHOP_INFO_DEFAULTS, whatsapp: 2348012345678 }],
    ['no address', { ...SHOP_INFO_DEFAULTS, address: undefined }],
    ['an address without its city', { ...SHOP_INFO_DEFAULTS, address: { ...SHOP_INFO_DEFAULTS.address, city: null } }],
    ['hours that are not a list', { ...SHOP_INFO_DEFAULTS, openingHours: 'Monday to Friday' }],
    ['a line of hours without hours', { ...SHOP_INFO_DEFAULTS, openingHours: [{ days: 'Monday' }] }],
    ['a map link that is not text', { ...SHOP_INFO_DEFAULTS, mapUrl: 42 }],
  ])('refuses %s', (_name, answer) => {
    expect(isShopInfo(answer)).toBe(false);
  });
});
