// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TableHead } from './table-head';

afterEach(cleanup);

describe('a table’s header row', () => {
  it('names each column for screen readers, a hidden one too, with the shared classes and then its own', () => {
    render(
      <table aria-label="Items">
        <TableHead
          className="text-stone-600"
          rowClassName="border-b"
          cellClassName="py-2"
          columns={['Item', { label: 'Total', className: 'text-right' }, { label: 'View', hidden: true }]}
        />
        <tbody>
          <tr>
            <td>French Lace</td>
            <td>₦9,000.00</td>
            <td>View</td>
          </tr>
        </tbody>
      </table>,
    );
    const headers = within(screen.getByRole('table', { name: 'Items' })).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Item', 'Total', 'View']);
    expect(headers.map((header) => header.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
    expect(headers.map((header) => header.className)).toEqual(['py-2', 'py-2 text-right', 'py-2']);
    expect(headers[2]?.firstElementChild?.className).toBe('sr-only');
    expect(headers[0]?.closest('tr')?.className).toBe('border-b');
    expect(headers[0]?.closest('thead')?.className).toBe('text-stone-600');
  });
});
