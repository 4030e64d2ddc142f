// @vitest-environment jsdom
import { QUANTITY_MESSAGES, quantityLabel, quantityMessage, type SaleTerms, saleTermsOf } from '@shop/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aLaceByTheYard, aPackOfButtons, aProduct } from '../../../testing/fixtures';
import { QuantitySelector } from './quantity-selector';

const yard = saleTermsOf(aLaceByTheYard());
const pack = saleTermsOf(aPackOfButtons());
const piece = saleTermsOf(aProduct());

/** The selector as a page holds it: the quantity in state, every change recorded. */
function Harness({
  terms,
  stock,
  start,
  onChange,
}: {
  terms: SaleTerms;
  stock: number;
  start: number;
  onChange: (h: number) => void;
}) {
  const [value, setValue] = useState(start);
  return (
    <QuantitySelector
      terms={terms}
      stockHundredths={stock}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function renderSelector(terms: SaleTerms, stock: number, start = terms.minHundredths) {
  const onChange = vi.fn();
  render(<Harness terms={terms} stock={stock} start={start} onChange={onChange} />);
  const field = screen.getByRole('spinbutton', { name: quantityLabel(terms.unit) }) as HTMLInputElement;
  return { field, onChange };
}

afterEach(cleanup);

describe('the quantity control', () => {
  it('is labelled by the unit, asks for a decimal keypad for lengths and a numeric one otherwise', () => {
    const { field } = renderSelector(yard, 3750);
    expect(quantityLabel('yard')).toBe('Quantity (yards)');
    expect(field.getAttribute('inputmode')).toBe('decimal');
    expect(field.value).toBe('1');
    expect(field.getAttribute('aria-valuetext')).toBe('1 yd');
    expect(field.getAttribute('aria-valuemax')).toBe('37.5');
    cleanup();
    expect(renderSelector(pack, 4000).field.getAttribute('inputmode')).toBe('numeric');
    cleanup();
    expect(renderSelector(piece, 4000).field.getAttribute('inputmode')).toBe('numeric');
  });

  it('moves by the step with − and +, between the minimum and the stock', () => {
    const { field, onChange } = renderSelector(yard, 250);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    const plus = screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    fireEvent.click(plus);
    expect(field.value).toBe('1.5');
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(field.value).toBe('2.5');
    expect(plus.disabled).toBe(true);
    fireEvent.click(minus);
    expect(field.value).toBe('2');
    expect(onChange.mock.calls.map(([value]) => value)).toEqual([150, 200, 250, 200]);
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.value).toBe('2.5');
  });

  it('takes a typed 2.5 on blur, or on Enter', () => {
    const { field, onChange } = renderSelector(yard, 3750);
    fireEvent.change(field, { target: { value: '2.5' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(field);
    expect(onChange).toHaveBeenLastCalledWith(250);
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(1200);
    expect(field.value).toBe('12');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a typed quantity off the step is refused, and keeps the last good one', () => {
    const { field, onChange } = renderSelector(yard, 3750, 250);
    fireEvent.change(field, { target: { value: '2.7' } });
    fireEvent.blur(field);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(quantityMessage(yard, 3750, 270));
    expect(alert.textContent).toBe('Choose a quantity in steps of 0.5 yd');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    // What was typed stays in view; the line keeps 2.5.
    expect(field.value).toBe('2.7');
    expect(onChange).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-valuenow')).toBe('2.5');
  });

  it('refuses under the minimum, over the stock, and what is not a quantity, each with its message', () => {
    const { field, onChange } = renderSelector(yard, 3750);
    for (const [typed, message] of [
      ['0.5', QUANTITY_MESSAGES.underMin(yard)],
      ['40', QUANTITY_MESSAGES.overStock(yard, 3750)],
      ['2,5', QUANTITY_MESSAGES.invalid],
      ['2.555', QUANTITY_MESSAGES.invalid],
    ] as const) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.keyDown(field, { key: 'Enter' });
      expect(screen.getByRole('alert').textContent).toBe(message);
    }
    expect(onChange).not.toHaveBeenCalled();
    // Typing again clears the message; a good quantity is taken.
    fireEvent.change(field, { target: { value: '3' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(field);
    expect(onChange).toHaveBeenLastCalledWith(300);
  });

  it('refuses more than one order may take, with the line maximum’s message', () => {
    const { field } = renderSelector(pack, 500_00);
    fireEvent.change(field, { target: { value: '120' } });
    fireEvent.blur(field);
    expect(screen.getByRole('alert').textContent).toBe(QUANTITY_MESSAGES.overLineMax(pack));
  });

  it('says what the quantity is in words beside a pack: 3 packs (36 buttons)', () => {
    const { field } = renderSelector(pack, 4000, 300);
    expect(screen.getByTestId('quantity-words').textContent).toBe('= 3 packs (36 buttons)');
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByTestId('quantity-words').textContent).toBe('= 4 packs (48 buttons)');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByTestId('quantity-words').id);
  });

  it('tells the page when the field holds a refused quantity, and when it no longer does', () => {
    const onProblem = vi.fn();
    render(
      <QuantitySelector terms={yard} stockHundredths={3750} value={100} onChange={() => {}} onProblem={onProblem} />,
    );
    const field = screen.getByRole('spinbutton');
    fireEvent.change(field, { target: { value: '1.2' } });
    fireEvent.blur(field);
    expect(onProblem).toHaveBeenLastCalledWith(QUANTITY_MESSAGES.offStep(yard));
    fireEvent.change(field, { target: { value: '1.5' } });
    expect(onProblem).toHaveBeenLastCalledWith(null);
  });

  it('names the product in its controls where several share a screen', () => {
    render(
      <QuantitySelector
        terms={yard}
        stockHundredths={3750}
        value={100}
        onChange={() => {}}
        productName="French Lace"
        compact
      />,
    );
    expect(screen.getByRole('spinbutton', { name: 'Quantity (yards) of French Lace' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Increase quantity of French Lace' })).toBeTruthy();
  });
});
