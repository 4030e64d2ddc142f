// @vitest-environment jsdom
import { CATEGORY_MESSAGES } from '@shop/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCategory, aSubcategory, aUser } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/render-route';
import { fakeCatalogueApi } from '../catalogue-test-api';

// The pages are lazy chunks: on a busy machine the first one takes a while to load.
configure({ asyncUtilTimeout: 10_000 });

const admin = aUser({ id: 'u2', firstName: 'Shop', role: 'ADMIN' });
const trims = aCategory({
  id: 'c1',
  name: 'Trims',
  subcategories: [aSubcategory({ id: 's1', name: 'Ribbons' }), aSubcategory({ id: 's2', name: 'Braids' })],
});
const laces = aCategory({ id: 'c2', name: 'Laces', slug: 'laces', subcategories: [] });
const buttons = aCategory({ id: 'c3', name: 'Buttons', slug: 'buttons', subcategories: [] });

function shop(overrides: Parameters<typeof fakeCatalogueApi>[0] = {}) {
  return fakeCatalogueApi({
    '/api/users/session': { body: { user: admin } },
    '/api/categories': { body: { categories: [trims, laces, buttons] } },
    ...overrides,
  });
}

const jsonSent = (api: ReturnType<typeof shop>, method: string, path: string) =>
  JSON.parse(String(api.requests(method, path).at(-1)?.init?.body));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the categories screen', { timeout: 20_000 }, () => {
  it('lists the categories in the shop’s order with their subcategories', async () => {
    shop();
    renderRoute('/admin/categories');
    const trimsItem = (await screen.findByRole('heading', { name: 'Trims' })).closest('li') as HTMLElement;
    expect(within(trimsItem).getByText('Ribbons')).toBeTruthy();
    expect(within(trimsItem).getByText('Braids')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Trims', 'Laces', 'Buttons']);
    expect((screen.getByRole('button', { name: 'Move Trims up' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves a new order of categories and of subcategories with the order endpoints', async () => {
    const api = shop({
      'PUT /api/categories/order': { body: { message: 'Order saved' } },
      'PUT /api/subcategories/order': { body: { message: 'Order saved' } },
    });
    renderRoute('/admin/categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Move Laces up' }));
    expect(await screen.findByText('Order saved')).toBeTruthy();
    expect(jsonSent(api, 'PUT', '/api/categories/order')).toEqual({ ids: ['c2', 'c1', 'c3'] });
    // The keyboard stays on the button it pressed, once the order is saved.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Laces up'));

    // The move buttons wait while a move is saved, then take the next one.
    const moveRibbonsDown = screen.getByRole('button', { name: 'Move Ribbons down' }) as HTMLButtonElement;
    await waitFor(() => expect(moveRibbonsDown.disabled).toBe(false));
    fireEvent.click(moveRibbonsDown);
    await waitFor(() => expect(api.requests('PUT', '/api/subcategories/order')).toHaveLength(1));
    expect(jsonSent(api, 'PUT', '/api/subcategories/order')).toEqual({ categoryId: 'c1', ids: ['s2', 's1'] });
  });

  it('creates a category, with "Name is required" when the name is empty', async () => {
    const api = shop({
      'POST /api/categories': { status: 201, body: { message: 'Category created', category: laces } },
    });
    renderRoute('/admin/categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Add category' }));
    const form = screen.getByRole('form', { name: 'New category' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create category' }));
    expect(await within(form).findByText(CATEGORY_MESSAGES.nameRequired)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Slug'), { target: { value: 'Bad Slug' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create category' }));
    expect(await within(form).findByText(CATEGORY_MESSAGES.slugInvalid)).toBeTruthy();
    expect(api.requests('POST', '/api/categories')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Threads' } });
    fireEvent.change(within(form).getByLabelText('Slug'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Cotton and polyester' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create category' }));
    expect(await screen.findByText('Category created')).toBeTruthy();
    expect(jsonSent(api, 'POST', '/api/categories')).toEqual({ name: 'Threads', description: 'Cotton and polyester' });
  });

  it('renames a subcategory and moves it to another category', async () => {
    const api = shop({
      'PUT /api/subcategories/s2': { body: { message: 'Subcategory updated', subcategory: aSubcategory() } },
    });
    renderRoute('/admin/categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Braids' }));
    const form = screen.getByRole('form', { name: 'Edit Braids' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Cords' } });
    fireEvent.change(within(form).getByLabelText('Category'), { target: { value: 'c2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Subcategory updated')).toBeTruthy();
    expect(jsonSent(api, 'PUT', '/api/subcategories/s2')).toMatchObject({ name: 'Cords', categoryId: 'c2' });
  });

  it('keeps a rename that the server refuses, with Error: {message} and the field error', async () => {
    shop({
      'PUT /api/categories/c2': {
        status: 409,
        body: {
          code: 'SLUG_TAKEN',
          message: CATEGORY_MESSAGES.slugTaken,
          errors: { slug: CATEGORY_MESSAGES.slugTaken },
        },
      },
    });
    renderRoute('/admin/categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Laces' }));
    const form = screen.getByRole('form', { name: 'Edit Laces' });
    fireEvent.change(within(form).getByLabelText('Slug'), { target: { value: 'trims' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(`Error: ${CATEGORY_MESSAGES.slugTaken}`)).toBeTruthy();
    expect((within(form).getByLabelText('Slug') as HTMLInputElement).value).toBe('trims');
    expect(within(form).getAllByText(CATEGORY_MESSAGES.slugTaken)).toHaveLength(1);
  });

  it('asks before deleting, and shows a refusal of a non-empty category as Error: {message}', async () => {
    const api = shop({
      'DELETE /api/categories/c1': {
        status: 409,
        body: { code: 'CATEGORY_NOT_EMPTY', message: CATEGORY_MESSAGES.categoryHasSubcategories },
      },
      'DELETE /api/categories/c3': { body: { message: 'Category deleted' } },
    });
    renderRoute('/admin/categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Trims' }));
    expect(api.requests('DELETE', '/api/categories/c1')).toHaveLength(0);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Error: ${CATEGORY_MESSAGES.categoryHasSubcategories}`);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Buttons' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category deleted')).toBeTruthy();
    expect(api.requests('DELETE', '/api/categories/c3')).toHaveLength(1);
  });
  it('puts the focus on the heading once the deleted category’s row, whose button opened the dialog, is gone', async () => {
    let deleted = false;
    shop({
      'DELETE /api/categories/c3': () => {
        deleted = true;
        return { body: { message: 'Category deleted' } };
      },
      '/api/categories': () => ({ body: { categories: deleted ? [trims, laces] : [trims, laces, buttons] } }),
    });
    renderRoute('/admin/categories');
    const opener = await screen.findByRole('button', { name: 'Delete Buttons' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Category deleted');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Buttons' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Categories' })));
  });
});
