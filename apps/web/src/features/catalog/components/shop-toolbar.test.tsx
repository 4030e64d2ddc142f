// @vitest-environment jsdom
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { drawn } from '../../../testing/hydrate';
import { ShopToolbar } from './shop-toolbar';

// A drawn /shop's toolbar may be changed before the app starts (README "Forms before the script").

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

const toolbarAt = (url: string) =>
  drawn(
    <MemoryRouter initialEntries={[url]}>
      <ShopToolbar />
      <Where />
    </MemoryRouter>,
  );

describe('the shop toolbar on a drawn page', () => {
  it('applies a sort and in-stock choice made before the app started, and keeps typed prices in their fields', async () => {
    const page = toolbarAt('/shop?page=2');
    const sort = page.container.querySelector('select') as HTMLSelectElement;
    const inStock = page.container.querySelector('input[type="checkbox"]') as HTMLInputElement;
    const min = page.container.querySelector('input[name="minPrice"]') as HTMLInputElement;
    sort.value = 'price_asc';
    inStock.checked = true;
    min.value = '1500';
    await page.start();
    expect(page.errors).toEqual([]);
    const search = new URLSearchParams(page.container.querySelector('[data-testid="where"]')?.textContent ?? '');
    expect(search.get('sort')).toBe('price_asc');
    expect(search.get('inStock')).toBe('true');
    expect(sort.value).toBe('price_asc');
    expect(inStock.checked).toBe(true);
    expect(min.value).toBe('1500');
    page.cleanup();
  });

  it('changes nothing when nothing was touched', async () => {
    const page = toolbarAt('/shop?sort=name');
    await page.start();
    expect(page.errors).toEqual([]);
    expect(page.container.querySelector('[data-testid="where"]')?.textContent).toBe('?sort=name');
    expect((page.container.querySelector('select') as HTMLSelectElement).value).toBe('name');
    page.cleanup();
  });
});
