import { describe, expect, it } from 'vitest';
import { trackProblems } from './fixtures/accounts';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { customerAtCheckout, placeOrder, squash } from './fixtures/checkout';

// Decision 021 on a phone (375 px), in light and dark: a Lagos customer picks the state and the
// area (local government) from their lists, types the phone as people do, and the order keeps the
// area and the phone in its one form, +2348031234567. A missing area and a wrong phone are said
// next to their fields, and nothing typed is lost.

const shop = useBrowser();

const AREA = 'Area (local government)';

describe('a Lagos customer’s address and phone at checkout', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`picks Lagos and an area, types 0803 123 4567, and the order shows the area and +2348031234567 (${mode})`, async () => {
      const { page, context, errors } = await shop.newPage({ width: 375, height: 800 });
      const problems = trackProblems(page, errors);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), mode === 'dark');
      await customerAtCheckout(page, { shipping: false });
      const found: string[] = [];

      // The state is a list in Nigeria; the area list appears only for Lagos.
      const state = page.getByLabel('State');
      await state.waitFor();
      expect(await state.evaluate((element) => element.tagName)).toBe('SELECT');
      expect(await page.getByLabel(AREA).count()).toBe(0);
      await page.getByLabel('Phone number').fill('0803 123');
      await page.getByLabel('Address').fill('3 Admiralty Way, Lekki Phase 1');
      await page.getByLabel('City').fill('Lekki');
      await state.selectOption({ label: 'Lagos' });
      await page.getByLabel(AREA).waitFor();
      await page.getByLabel('Zip code').fill('106104');
      await page.getByRole('radio', { name: /^Regular delivery/ }).check();
      await page.getByRole('radio', { name: /^Bank transfer/ }).check();

      // No area and a wrong phone: both said beside their fields, nothing lost.
      await page.getByRole('button', { name: 'Place Order' }).click();
      const areaError = page.getByText('Please choose your area (local government)');
      await areaError.waitFor();
      await page.getByText('Please enter a valid phone number').waitFor();
      expect(await page.getByLabel(AREA).getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel(AREA).getAttribute('aria-describedby')).toBe(await areaError.getAttribute('id'));
      expect(await page.getByLabel('Phone number').inputValue()).toBe('0803 123');
      expect(await page.getByLabel('Address').inputValue()).toBe('3 Admiralty Way, Lekki Phase 1');
      expect(await page.getByLabel('City').inputValue()).toBe('Lekki');
      expect(await state.inputValue()).toBe('Lagos');
      expect(await page.getByLabel('Zip code').inputValue()).toBe('106104');
      found.push(...(await seriousViolations(page, `checkout with a missing area and a wrong phone (${mode})`)));

      // Switching to another state and back keeps the choice.
      await page.getByLabel(AREA).selectOption('Eti-Osa');
      await state.selectOption({ label: 'FCT (Abuja)' });
      expect(await page.getByLabel(AREA).count()).toBe(0);
      await state.selectOption({ label: 'Lagos' });
      expect(await page.getByLabel(AREA).inputValue()).toBe('Eti-Osa');
      await page.getByLabel('Phone number').fill('0803 123 4567');
      found.push(...(await seriousViolations(page, `checkout filled (${mode})`)));

      const orderNumber = await placeOrder(page, /^Regular delivery/, /^Bank transfer/);
      await page.getByRole('link', { name: 'View order' }).click();
      await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor();
      expect(await page.locator('[data-field="address"]').textContent()).toBe(
        '3 Admiralty Way, Lekki Phase 1, Lekki, Eti-Osa LGA, Lagos, 106104, Nigeria',
      );
      expect(await page.locator('[data-field="phone"]').textContent()).toBe('+2348031234567');
      found.push(...(await seriousViolations(page, `order page (${mode})`)));

      // What the server stored: the order's area and phone, and the phone saved to the profile.
      const orderId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      const stored = await page.evaluate(async (id) => {
        const session = await (await fetch('/api/users/session', { credentials: 'include' })).json();
        const answer = await (await fetch(`/api/orders/${id}`, { credentials: 'include' })).json();
        return { phone: session.user.phoneNumber, order: answer.order };
      }, orderId);
      expect(squash(stored.order.orderNumber)).toBe(orderNumber);
      expect(stored.order.shippingAddress).toMatchObject({
        state: 'Lagos',
        area: 'Eti-Osa',
        phoneNumber: '+2348031234567',
      });
      expect(stored.phone).toBe('+2348031234567');

      expect(found, `axe found in ${mode} mode:\n${found.join('\n')}`).toEqual([]);
      expect(problems()).toEqual([]);
      await context.close();
    });
  }
});
