import { describe, expect, it } from 'vitest';
import { searchCountText } from './catalog-messages';
import { SEARCH_TOTAL_CAP } from './constants';

describe('searchCountText', () => {
  it('counts one product, and several with en-NG grouping', () => {
    expect(searchCountText(1)).toBe('1 product found');
    expect(searchCountText(0)).toBe('0 products found');
    expect(searchCountText(999, false)).toBe('999 products found');
  });

  it('says "1,000+" when the search stopped counting at the cap', () => {
    expect(searchCountText(SEARCH_TOTAL_CAP, true)).toBe('1,000+ products found');
  });
});
