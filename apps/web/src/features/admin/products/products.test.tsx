// @vitest-environment jsdom
import { CSV_MESSAGES, PRODUCT_WRITE_MESSAGES } from '@shop/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCategory, aLaceByTheYard, aPackOfButtons, aProduct, aUser } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/render-route';
import { fakeCatalogueApi } from '../catalogue-test-api';

// The pages are lazy chunks: on a busy machine the first one takes a while to load.
configure({ asyncUtilTimeout: 10_000 });

const admin = aUser({ id: 'u2', firstName: 'Shop', role: 'ADMIN' });
const ribbon = aProduct({ id: 'p1', name: 'Satin Ribbon, Wine', price: 1500, stock: 3, isHotBuy: true });
const lace = aProduct({
  id: 'p2',
  name: 'French Lace',
  price: 12500.5,
  stock: 0,
  images: ['/images/p2/lace-full.webp'],
  updatedAt: '2025-06-20T10:00:00.000Z',
});

function shop(overrides: Parameters<typeof fakeCatalogueApi>[0] = {}) {
  return fakeCatalogueApi({
    '/api/users/session': { body: { user: admin } },
    '/api/categories': {
      body: { categories: [aCategory(), aCategory({ id: 'c2', name: 'Laces', subcategories: [] })] },
    },
    '/api/products/admin': { body: { products: [ribbon, lace], page: 1, pageSize: 20, total: 2 } },
    ...overrides,
  });
}

const lastTableQuery = (api: ReturnType<typeof shop>) => {
  const calls = api.requests('GET', '/api/products/admin');
  return calls.at(-1)?.url.searchParams;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Manage Products', { timeout: 20_000 }, () => {
  it('lists each product with its category, price, stock badge, flags, date and links', async () => {
    shop();
    renderRoute('/admin/products');
    const table = await screen.findByRole('table', { name: /Products/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Satin Ribbon, Wine' }).getAttribute('href')).toBe('/products/p1');
    expect(first.textContent).toContain('Trims › Ribbons');
    expect(first.textContent).toContain('₦1,500.00');
    expect(within(first).getByText('Low')).toBeTruthy();
    expect(within(first).getAllByText('Yes')).toHaveLength(1);
    expect(within(first).getByRole('link', { name: 'Edit Satin Ribbon, Wine' }).getAttribute('href')).toBe(
      '/products/p1/edit',
    );
    expect(second.textContent).toContain('₦12,500.50');
    expect(within(second).getByText('Out')).toBeTruthy();
    expect(within(second).getByText('20 Jun 2025')).toBeTruthy();
    expect(second.querySelector('img')?.getAttribute('src')).toBe('/images/p2/lace-thumb.webp');
    expect(screen.getByText('2 products')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add product' }).getAttribute('href')).toBe('/admin/products/new');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/products/export.csv');
  });

  it('says how many wait for a product to be back, beside its stock', async () => {
    shop({
      '/api/products/admin': {
        body: {
          products: [
            { ...ribbon, waiting: 0 },
            { ...lace, waiting: 12 },
          ],
          page: 1,
          pageSize: 20,
          total: 2,
        },
      },
    });
    renderRoute('/admin/products');
    const table = await screen.findByRole('table', { name: /Products/ });
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(second).getByTestId('waiting').textContent).toBe('12 waiting');
    expect(within(first).queryByTestId('waiting')).toBeNull();
  });

  it('writes the price per unit and the stock in the unit, Out when not even the minimum is left', async () => {
    const products = [
      aLaceByTheYard({ id: 'l1', name: 'French Lace, Ivory', stock: 12.5 }),
      // Half a yard left of a lace sold from 1 yard: nobody can buy it.
      aLaceByTheYard({ id: 'l2', name: 'Guipure Lace', stock: 0.5 }),
      aLaceByTheYard({ id: 'l3', name: 'Cord Lace', stock: 4.5 }),
      aPackOfButtons({ id: 'b1', stock: 40 }),
    ];
    shop({ '/api/products/admin': { body: { products, page: 1, pageSize: 20, total: 4 } } });
    renderRoute('/admin/products');
    const table = await screen.findByRole('table', { name: /Products/ });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) => {
      const cell = within(row).getAllByRole('cell');
      return [cell[3]?.textContent, cell[4]?.textContent];
    });
    expect(cells).toEqual([
      ['₦1,200.00 / yard', '12.5 yd'],
      ['₦1,200.00 / yard', '0.5 ydOut'],
      ['₦1,200.00 / yard', '4.5 ydLow'],
      ['₦2,500.00 / pack of 12', '40 packs (480 buttons)'],
    ]);
  });

  it('asks the server for the filters, sort and page of the URL, so reload and back keep them', async () => {
    const api = shop();
    renderRoute('/admin/products?search=lace&categoryId=c2&stock=out&sort=name&dir=asc&page=2');
    await screen.findByRole('table', { name: /Products/ });
    const query = lastTableQuery(api);
    expect(Object.fromEntries(query ?? [])).toEqual({
      search: 'lace',
      categoryId: 'c2',
      stock: 'out',
      sort: 'name',
      dir: 'asc',
      page: '2',
      pageSize: '20',
    });
    expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe('lace');
    expect((screen.getByLabelText('Stock') as HTMLSelectElement).value).toBe('out');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('puts a stock filter and a column sort into the request and the URL, back to page 1', async () => {
    const api = shop();
    const { router } = renderRoute('/admin/products?page=3');
    await screen.findByRole('table', { name: /Products/ });

    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: 'low' } });
    await waitFor(() => expect(lastTableQuery(api)?.get('stock')).toBe('low'));
    expect(lastTableQuery(api)?.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?stock=low');

    fireEvent.click(screen.getByRole('button', { name: /Price/ }));
    await waitFor(() => expect(lastTableQuery(api)?.get('sort')).toBe('price'));
    expect(lastTableQuery(api)?.get('dir')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: /Price/ }));
    await waitFor(() => expect(lastTableQuery(api)?.get('dir')).toBe('asc'));
    expect(screen.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBeNull();

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'c2' } });
    await waitFor(() => expect(lastTableQuery(api)?.get('categoryId')).toBe('c2'));
  });

  it('searches once typing stops, with the text in the URL', async () => {
    const api = shop();
    const { router } = renderRoute('/admin/products');
    await screen.findByRole('table', { name: /Products/ });
    const before = api.requests('GET', '/api/products/admin').length;
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'rib' } });
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'ribbon' } });
    await waitFor(() => expect(lastTableQuery(api)?.get('search')).toBe('ribbon'));
    // One request for the finished word, none for what was typed on the way.
    expect(api.requests('GET', '/api/products/admin').map((call) => call.url.searchParams.get('search'))).not.toContain(
      'rib',
    );
    expect(api.requests('GET', '/api/products/admin').length).toBe(before + 1);
    expect(router.state.location.search).toBe('?search=ribbon');
  });

  it('deletes a product only after the confirmation, then says so', async () => {
    const api = shop({ 'DELETE /api/products/p2': { body: { message: PRODUCT_WRITE_MESSAGES.deleted } } });
    renderRoute('/admin/products');
    await screen.findByRole('table', { name: /Products/ });

    fireEvent.click(screen.getByRole('button', { name: 'Delete French Lace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
    expect(dialog.textContent).toContain('French Lace');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requests('DELETE', '/api/products/p2')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete French Lace' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PRODUCT_WRITE_MESSAGES.deleted)).toBeTruthy();
    expect(api.requests('DELETE', '/api/products/p2')).toHaveLength(1);
    // The table asks again, so the deleted product leaves it.
    await waitFor(() => expect(api.requests('GET', '/api/products/admin').length).toBeGreaterThan(1));
  });

  it('puts the focus on the heading once the deleted product’s row, whose button opened the dialog, is gone', async () => {
    let deleted = false;
    shop({
      'DELETE /api/products/p2': () => {
        deleted = true;
        return { body: { message: PRODUCT_WRITE_MESSAGES.deleted } };
      },
      '/api/products/admin': () => ({
        body: { products: deleted ? [ribbon] : [ribbon, lace], page: 1, pageSize: 20, total: deleted ? 1 : 2 },
      }),
    });
    renderRoute('/admin/products');
    await screen.findByRole('table', { name: /Products/ });
    const opener = screen.getByRole('button', { name: 'Delete French Lace' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText(PRODUCT_WRITE_MESSAGES.deleted);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete French Lace' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Manage Products' })));
  });

  it('shows a refused delete as Error: {message}', async () => {
    shop({ 'DELETE /api/products/p1': { status: 500, body: { code: 'INTERNAL', message: 'Database unavailable' } } });
    renderRoute('/admin/products');
    await screen.findByRole('table', { name: /Products/ });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Satin Ribbon, Wine' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Database unavailable');
  });

  it('shows a table that cannot load as Error: {message}', async () => {
    shop({ '/api/products/admin': { status: 403, body: { code: 'FORBIDDEN', message: 'Admins only' } } });
    renderRoute('/admin/products');
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Admins only');
  });
});

describe('the CSV import', { timeout: 20_000 }, () => {
  const csv = () => new File(['id,name\n,Lace'], 'products.csv', { type: 'text/csv' });

  it('previews every row, lists the errors by line and column, and offers no Import while any remain', async () => {
    const api = shop({
      'POST /api/products/import': {
        body: {
          message: 'Some rows have errors: nothing was imported',
          applied: false,
          rows: [
            { line: 2, action: 'create', id: null, name: 'Gold Lace', price: 2500, stock: 10 },
            { line: 3, action: 'create', id: null, name: 'Bad Lace', price: null, stock: 4 },
          ],
          errors: [{ line: 3, column: 'price', message: 'Price is required' }],
          created: 0,
          updated: 0,
        },
      },
    });
    renderRoute('/admin/products');
    fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose a CSV file to import')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [csv()] } });
    fireEvent.change(screen.getByLabelText('Image files (optional)'), {
      target: { files: [new File(['x'], 'gold.png', { type: 'image/png' })] },
    });
    fireEvent.change(screen.getByLabelText('Images in a zip (optional)'), {
      target: { files: [new File(['PK'], 'pictures.zip', { type: 'application/zip' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Line 3, price: Price is required')).toBeTruthy();
    const preview = screen.getByRole('table', { name: 'Import preview' });
    expect(within(preview).getAllByRole('row')).toHaveLength(3);
    expect(within(preview).getByText('Bad Lace').closest('tr')?.className).toContain('bg-red-50');
    expect(screen.queryByRole('button', { name: /^Import \d+ rows$/ })).toBeNull();

    const [request] = api.requests('POST', '/api/products/import');
    expect(request?.url.searchParams.get('dryRun')).toBe('true');
    const body = request?.init?.body as FormData;
    expect((body.get('file') as File).name).toBe('products.csv');
    expect(body.getAll('images').map((file) => (file as File).name)).toEqual(['gold.png']);
    expect((body.get('zip') as File).name).toBe('pictures.zip');
  });

  it('writes each row’s stock in its unit, and says how the unit columns are written', async () => {
    shop({
      'POST /api/products/import': {
        body: {
          message: '3 rows are ready to import',
          applied: false,
          rows: [
            { line: 2, action: 'create', id: null, name: 'Gold Lace', price: 1200, stock: 37.5, unit: 'yard' },
            {
              line: 3,
              action: 'create',
              id: null,
              name: 'Shank Buttons',
              price: 2500,
              stock: 40,
              unit: 'pack',
              packSize: 12,
              packItemName: 'buttons',
            },
            // A server that names no unit: the quantity as the file has it.
            { line: 4, action: 'update', id: 'p1', name: 'Satin Ribbon, Wine', price: 1500, stock: 12.5 },
          ],
          errors: [],
          created: 2,
          updated: 1,
        },
      },
    });
    renderRoute('/admin/products');
    fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const help = screen.getByTestId('csv-units-help').textContent ?? '';
    for (const column of ['unit', 'step', 'minQuantity', 'packSize', 'packItemName', 'priceBreaks'])
      expect(help).toContain(column);
    expect(help).toContain('10=1050 | 20=1000');
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [csv()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('table', { name: 'Import preview' });
    const stocks = within(preview)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[4]?.textContent);
    expect(stocks).toEqual(['37.5 yd', '40 packs (480 buttons)', '12.5']);
  });

  it('imports a clean preview and says how many were created and updated', async () => {
    const api = shop({
      'POST /api/products/import': (_init, url) => ({
        body: {
          message: url.searchParams.get('dryRun') ? '1 rows are ready to import' : 'Imported',
          applied: !url.searchParams.get('dryRun'),
          rows: [{ line: 2, action: 'create', id: null, name: 'Gold Lace', price: 2500, stock: 10 }],
          errors: [],
          created: url.searchParams.get('dryRun') ? 0 : 1,
          updated: 0,
        },
      }),
    });
    renderRoute('/admin/products');
    fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [csv()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 rows' }));
    expect(await screen.findByText(CSV_MESSAGES.imported(1, 0))).toBeTruthy();
    const calls = api.requests('POST', '/api/products/import');
    expect(calls.map((call) => call.url.searchParams.get('dryRun'))).toEqual(['true', null]);
  });

  it('shows which rows changed since the preview when the import answers 409, and asks for a new preview', async () => {
    const rows = [{ line: 2, action: 'update', id: 'p1', name: 'Satin Ribbon, Wine', price: 1600, stock: 3 }];
    const changed = CSV_MESSAGES.changedSincePreview(2, CSV_MESSAGES.productChanged, 0);
    shop({
      'POST /api/products/import': (_init, url) =>
        url.searchParams.get('dryRun')
          ? {
              body: { message: '1 rows are ready to import', applied: false, rows, errors: [], created: 0, updated: 1 },
            }
          : {
              status: 409,
              body: {
                code: 'CATALOGUE_CHANGED',
                message: changed,
                applied: false,
                rows,
                errors: [{ line: 2, column: 'id', message: CSV_MESSAGES.productChanged }],
                created: 0,
                updated: 0,
              },
            },
    });
    renderRoute('/admin/products');
    fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [csv()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 rows' }));
    expect(await screen.findByText(`Line 2, id: ${CSV_MESSAGES.productChanged}`)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(changed);
    expect(screen.queryByRole('button', { name: /^Import \d+ rows$/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeTruthy();
  });
});
