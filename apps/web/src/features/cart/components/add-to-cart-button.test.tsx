// @vitest-environment jsdom
import { APP_START_MESSAGES } from '@shop/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aLaceCard, aProductCard } from '../../../testing/fixtures';
import { drawn, typeBeforeStart } from '../../../testing/hydrate';
import { cartStore, productTerms } from '../cart-store';
import { AddToCartButton } from './add-to-cart-button';
import { QuantitySelector } from './quantity-selector';

// The cart lives in this browser: on a page the server drew, Add to Cart waits for the app and
// says so (README "Forms before the script").

beforeEach(() => {
  localStorage.clear();
  cartStore.resetForTests();
});
afterEach(cleanup);

const ribbon = aProductCard({ stock: 10 });

describe('Add to Cart on a drawn page', () => {
  it('is drawn disabled, saying it is getting ready and why, and works once the app has started', async () => {
    const page = drawn(<AddToCartButton product={ribbon} />);
    const button = () => page.container.querySelector('button') as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    expect(button().textContent).toContain(APP_START_MESSAGES.gettingReady);
    expect(button().textContent).toContain(APP_START_MESSAGES.reason);
    expect(button().textContent).not.toContain('Add to Cart');

    await page.start();
    expect(page.errors).toEqual([]);
    expect(button().disabled).toBe(false);
    expect(button().textContent).toContain('Add to Cart');
    expect(button().textContent).not.toContain(APP_START_MESSAGES.gettingReady);
    fireEvent.click(button());
    expect(cartStore.getLines().map((line) => line.productId)).toEqual([ribbon.id]);
    page.cleanup();
  });

  it('is ready at once on a page the browser draws itself', () => {
    render(<AddToCartButton product={ribbon} />);
    expect((screen.getByRole('button', { name: /^Add to Cart/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says Out of Stock, not getting ready, for a sold-out product', () => {
    const page = drawn(<AddToCartButton product={aProductCard({ stock: 0 })} />);
    expect(page.container.textContent).toContain('Out of Stock');
    expect(page.container.textContent).not.toContain(APP_START_MESSAGES.gettingReady);
    page.cleanup();
  });

  it('adds the quantity typed before the app started, which the field still shows', async () => {
    const lace = aLaceCard({ stock: 20 });
    function ProductBuy() {
      const [hundredths, setHundredths] = useState(100);
      return (
        <>
          <QuantitySelector
            terms={productTerms(lace)}
            stockHundredths={2000}
            value={hundredths}
            onChange={setHundredths}
          />
          <AddToCartButton product={lace} hundredths={hundredths} />
        </>
      );
    }
    const page = drawn(<ProductBuy />);
    const increase = () => page.container.querySelector('button[aria-label^="Increase"]') as HTMLButtonElement;
    expect(increase().disabled).toBe(true);
    const field = page.container.querySelector('input') as HTMLInputElement;
    typeBeforeStart(field, '3.5');
    await page.start();
    expect(page.errors).toEqual([]);
    expect(field.value).toBe('3.5');
    expect(increase().disabled).toBe(false);
    fireEvent.click([...page.container.querySelectorAll('button')].at(-1) as HTMLButtonElement);
    expect(cartStore.getLines()[0]?.hundredths).toBe(350);
    page.cleanup();
  });
});
