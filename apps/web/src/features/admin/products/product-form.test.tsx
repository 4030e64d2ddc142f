// @vitest-environment jsdom
import {
  IMAGE_MESSAGES,
  PRICE_BREAKS_MAX,
  PRODUCT_MESSAGES,
  PRODUCT_WRITE_MESSAGES,
  SALE_TERMS_MESSAGES,
} from '@shop/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aCategory, aLaceByTheYard, aPackOfButtons, aProduct, aSubcategory, aUser } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/render-route';
import { anImageFile, fakeCatalogueApi, stubObjectUrls } from '../catalogue-test-api';

// The pages are lazy chunks: on a busy machine the first one takes a while to load.
configure({ asyncUtilTimeout: 10_000 });

const admin = aUser({ id: 'u2', firstName: 'Shop', role: 'ADMIN' });
const categories = [
  aCategory({
    id: 'c1',
    name: 'Trims',
    subcategories: [aSubcategory({ id: 's1', name: 'Ribbons' }), aSubcategory({ id: 's2', name: 'Braids' })],
  }),
  aCategory({ id: 'c2', name: 'Laces', subcategories: [aSubcategory({ id: 's3', name: 'French', categoryId: 'c2' })] }),
];
const saved = aProduct({
  id: 'p1',
  name: 'Satin Ribbon, Wine',
  images: ['/images/p1/a-full.webp', '/images/p1/b-full.webp'],
});

const lace = aLaceByTheYard({ images: ['/images/p-lace/a-full.webp'] });
const buttons = aPackOfButtons({ images: ['/images/p-buttons/a-full.webp'] });

function shop(overrides: Parameters<typeof fakeCatalogueApi>[0] = {}) {
  return fakeCatalogueApi({
    '/api/users/session': { body: { user: admin } },
    '/api/categories': { body: { categories } },
    '/api/products/admin': { body: { products: [], page: 1, pageSize: 20, total: 0 } },
    'GET /api/products/p1': { body: { product: saved } },
    'GET /api/products/p-lace': { body: { product: lace } },
    'GET /api/products/p-buttons': { body: { product: buttons } },
    ...overrides,
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const pick = (...files: File[]) => fireEvent.change(screen.getByLabelText('Choose images'), { target: { files } });
const select = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const sentForm = (api: ReturnType<typeof shop>, method: string, path: string) =>
  api.requests(method, path).at(-1)?.init?.body as FormData;

async function fillNewProduct() {
  await screen.findByRole('form', { name: 'New product' });
  type('Name', 'Gold Sequin Trim');
  type('Price (₦)', '2500.50');
  type('Stock', '12');
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'c1' } });
  fireEvent.change(screen.getByLabelText('Subcategory'), { target: { value: 's2' } });
  type('Description', 'Sequins on a 2 cm band.');
}

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  urls = stubObjectUrls();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the new product form', { timeout: 20_000 }, () => {
  it('shows SPEC’s message under every empty required field, and "At least one image is required"', async () => {
    const api = shop();
    renderRoute('/admin/products/new');
    await screen.findByRole('form', { name: 'New product' });
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    for (const message of [
      PRODUCT_MESSAGES.nameRequired,
      PRODUCT_MESSAGES.priceRequired,
      PRODUCT_MESSAGES.stockRequired,
      PRODUCT_MESSAGES.categoryRequired,
      PRODUCT_MESSAGES.subcategoryRequired,
      PRODUCT_MESSAGES.descriptionRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.getByText('At least one image is required')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests('POST', '/api/products')).toHaveLength(0);
  });

  it('refuses a wrong price and a picked file that is not a picture, before sending', async () => {
    const api = shop();
    renderRoute('/admin/products/new');
    await fillNewProduct();
    type('Price (₦)', '12.345');
    pick(anImageFile('notes.pdf', 'application/pdf'));
    expect(await screen.findByText(IMAGE_MESSAGES.unsupportedType)).toBeTruthy();
    pick(anImageFile('huge.png', 'image/png', 6 * 1024 * 1024));
    expect(await screen.findByText(IMAGE_MESSAGES.tooLarge)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.priceInvalid)).toBeTruthy();
    expect(api.requests('POST', '/api/products')).toHaveLength(0);
  });

  it('only offers the chosen category’s subcategories', async () => {
    shop();
    renderRoute('/admin/products/new');
    await screen.findByRole('form', { name: 'New product' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'c2' } });
    const options = within(screen.getByLabelText('Subcategory')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Choose a subcategory', 'French']);
  });

  it('sends the fields, the specifications and the images in the order shown, then goes back to the table', async () => {
    const api = shop({
      'POST /api/products': { status: 201, body: { message: PRODUCT_WRITE_MESSAGES.created, product: saved } },
    });
    const { router } = renderRoute('/admin/products/new');
    await fillNewProduct();
    fireEvent.click(screen.getByRole('button', { name: 'Add specification' }));
    type('Specification 1 name', 'Width');
    type('Specification 1 value', '2 cm');
    fireEvent.click(screen.getByLabelText('Hot buy'));
    pick(anImageFile('front.png'), anImageFile('back.jpg', 'image/jpeg'), anImageFile('side.webp', 'image/webp'));
    // back.jpg becomes the thumbnail; side.webp is removed.
    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 3' }));
    expect(urls.revoked).toEqual(['blob:preview-3']);
    const previews = within(screen.getByRole('list', { name: 'Chosen images' })).getAllByRole('img');
    expect(previews.map((img) => img.getAttribute('alt'))).toEqual(['Preview 1: back.jpg', 'Preview 2: front.png']);

    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText(PRODUCT_WRITE_MESSAGES.created)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'));
    const body = sentForm(api, 'POST', '/api/products');
    expect(body.get('name')).toBe('Gold Sequin Trim');
    expect(body.get('price')).toBe('2500.5');
    expect(body.get('stock')).toBe('12');
    expect(body.get('subcategoryId')).toBe('s2');
    expect(body.get('description')).toBe('Sequins on a 2 cm band.');
    expect(JSON.parse(String(body.get('specifications')))).toEqual([{ name: 'Width', value: '2 cm' }]);
    expect(body.get('isHotBuy')).toBe('true');
    expect(body.get('isNewlyAdded')).toBe('false');
    expect(body.getAll('images').map((file) => (file as File).name)).toEqual(['back.jpg', 'front.png']);
  });

  it('takes images dropped on the zone, and keeps the keyboard on the moved or removed image', async () => {
    shop();
    renderRoute('/admin/products/new');
    await screen.findByRole('form', { name: 'New product' });
    fireEvent.drop(screen.getByTestId('image-drop-zone'), {
      dataTransfer: { files: [anImageFile('a.png'), anImageFile('b.png'), anImageFile('c.png')] },
    });
    const names = () =>
      within(screen.getByRole('list', { name: 'Chosen images' }))
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt'));
    expect(names()).toEqual(['Preview 1: a.png', 'Preview 2: b.png', 'Preview 3: c.png']);

    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 right' }));
    expect(names()).toEqual(['Preview 1: a.png', 'Preview 2: c.png', 'Preview 3: b.png']);
    // b.png is last now: Move right is disabled, so focus goes to its Move left.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move image 3 left'));

    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 left' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move image 1 right'));
    expect(names()).toEqual(['Preview 1: c.png', 'Preview 2: a.png', 'Preview 3: b.png']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove image 1'));
    expect(names()).toEqual(['Preview 1: a.png', 'Preview 2: b.png']);
  });

  it('refuses a ninth image with "At most 8 images"', async () => {
    shop();
    renderRoute('/admin/products/new');
    await screen.findByRole('form', { name: 'New product' });
    pick(...Array.from({ length: 9 }, (_, i) => anImageFile(`p${i}.png`)));
    expect(await screen.findByText(IMAGE_MESSAGES.tooMany)).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Chosen images' })).getAllByRole('img')).toHaveLength(8);
  });

  it('keeps everything typed and picked when the server refuses, with Error: {message} and the field error', async () => {
    shop({
      'POST /api/products': {
        status: 400,
        body: {
          code: 'INVALID_INPUT',
          message: 'Some fields are invalid',
          errors: { name: 'Product name is already used', images: IMAGE_MESSAGES.unreadable },
        },
      },
    });
    renderRoute('/admin/products/new');
    await fillNewProduct();
    pick(anImageFile('front.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Error: Some fields are invalid')).toBeTruthy();
    expect(screen.getByText('Product name is already used')).toBeTruthy();
    expect(screen.getByText(IMAGE_MESSAGES.unreadable)).toBeTruthy();
    expect(field('Name').value).toBe('Gold Sequin Trim');
    expect(field('Price (₦)').value).toBe('2500.50');
    expect(field('Stock').value).toBe('12');
    expect((screen.getByLabelText('Subcategory') as HTMLSelectElement).value).toBe('s2');
    expect(field('Description').value).toBe('Sequins on a 2 cm band.');
    expect(screen.getByRole('img', { name: 'Preview 1: front.png' })).toBeTruthy();
  });
});

describe('how the product is sold', { timeout: 20_000 }, () => {
  it('offers a step and a minimum for a length, with the unit in the labels, and a pack’s fields for a pack', async () => {
    shop();
    renderRoute('/admin/products/new');
    await screen.findByRole('form', { name: 'New product' });
    expect((screen.getByLabelText('Sold by') as HTMLSelectElement).value).toBe('piece');
    expect(screen.queryByLabelText('Step (yards)')).toBeNull();
    expect(field('Stock')).toBeTruthy();

    select('Sold by', 'yard');
    expect(field('Step (yards)').value).toBe('0.5');
    expect(field('Minimum (yards)').value).toBe('1');
    expect(field('Stock (yards)').getAttribute('inputmode')).toBe('decimal');
    expect(screen.queryByLabelText('Pack size')).toBeNull();

    // Another length keeps what was typed.
    type('Step (yards)', '0.25');
    select('Sold by', 'metre');
    expect(field('Step (metres)').value).toBe('0.25');

    select('Sold by', 'pack');
    expect(screen.queryByLabelText('Step (metres)')).toBeNull();
    expect(field('Pack size')).toBeTruthy();
    expect(field('Each pack holds')).toBeTruthy();
    expect(field('Stock (packs)')).toBeTruthy();
  });

  it('needs a pack size for a pack, and whole packs in stock, before sending', async () => {
    const api = shop();
    renderRoute('/admin/products/new');
    await fillNewProduct();
    select('Sold by', 'pack');
    type('Stock (packs)', '12.5');
    pick(anImageFile('front.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText(SALE_TERMS_MESSAGES.packSizeRequired)).toBeTruthy();
    expect(screen.getByText(SALE_TERMS_MESSAGES.stockOffUnit)).toBeTruthy();
    expect(field('Pack size').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests('POST', '/api/products')).toHaveLength(0);
  });

  it('says what each price break means with its saving, and refuses one that is not below the price', async () => {
    const api = shop();
    renderRoute('/admin/products/new');
    await fillNewProduct();
    type('Price (₦)', '1200');
    select('Sold by', 'yard');
    fireEvent.click(screen.getByRole('button', { name: 'Add price break' }));
    type('Break 1: from quantity (yards)', '10');
    type('Break 1: price per yard (₦)', '1050');
    expect(screen.getByTestId('price-break-summary').textContent).toBe('10 yards or more: ₦1,050 / yard, saves 12%');

    fireEvent.click(screen.getByRole('button', { name: 'Add price break' }));
    type('Break 2: from quantity (yards)', '20');
    type('Break 2: price per yard (₦)', '1300');
    pick(anImageFile('front.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText(SALE_TERMS_MESSAGES.breakPriceInvalid)).toBeTruthy();
    expect(api.requests('POST', '/api/products')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove price break 2' }));
    expect(screen.getAllByTestId('price-break')).toHaveLength(1);
  });

  it('offers at most PRICE_BREAKS_MAX price breaks', async () => {
    shop();
    renderRoute('/admin/products/new');
    await screen.findByRole('form', { name: 'New product' });
    for (let i = 0; i < PRICE_BREAKS_MAX; i += 1)
      fireEvent.click(screen.getByRole('button', { name: 'Add price break' }));
    expect(screen.getAllByTestId('price-break')).toHaveLength(PRICE_BREAKS_MAX);
    expect(screen.queryByRole('button', { name: 'Add price break' })).toBeNull();
    expect(screen.getByText(`At most ${PRICE_BREAKS_MAX} price breaks.`)).toBeTruthy();
  });

  it('sends a length’s unit, step, minimum, stock in the unit and its breaks as a JSON list', async () => {
    const api = shop({
      'POST /api/products': { status: 201, body: { message: PRODUCT_WRITE_MESSAGES.created, product: lace } },
    });
    renderRoute('/admin/products/new');
    await fillNewProduct();
    type('Price (₦)', '1200');
    select('Sold by', 'yard');
    type('Minimum (yards)', '1.5');
    type('Stock (yards)', '37.5');
    fireEvent.click(screen.getByRole('button', { name: 'Add price break' }));
    type('Break 1: from quantity (yards)', '10');
    type('Break 1: price per yard (₦)', '1050.50');
    pick(anImageFile('front.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText(PRODUCT_WRITE_MESSAGES.created)).toBeTruthy();
    const body = sentForm(api, 'POST', '/api/products');
    expect(body.get('unit')).toBe('yard');
    expect(body.get('step')).toBe('0.5');
    expect(body.get('minQuantity')).toBe('1.5');
    expect(body.get('stock')).toBe('37.5');
    expect(body.get('packSize')).toBeNull();
    expect(body.get('packItemName')).toBeNull();
    expect(JSON.parse(String(body.get('priceBreaks')))).toEqual([{ minQuantity: 10, price: 1050.5 }]);
  });

  it('sends a pack’s size and what it holds, and an empty list of breaks', async () => {
    const api = shop({
      'POST /api/products': { status: 201, body: { message: PRODUCT_WRITE_MESSAGES.created, product: buttons } },
    });
    renderRoute('/admin/products/new');
    await fillNewProduct();
    select('Sold by', 'pack');
    type('Pack size', '12');
    type('Each pack holds', 'buttons');
    pick(anImageFile('front.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText(PRODUCT_WRITE_MESSAGES.created)).toBeTruthy();
    const body = sentForm(api, 'POST', '/api/products');
    expect(body.get('unit')).toBe('pack');
    expect(body.get('packSize')).toBe('12');
    expect(body.get('packItemName')).toBe('buttons');
    expect(body.get('step')).toBeNull();
    expect(body.get('minQuantity')).toBeNull();
    expect(body.get('stock')).toBe('12');
    expect(body.get('priceBreaks')).toBe('[]');
  });

  it('puts the server’s field errors under the pack size and the break’s price', async () => {
    shop({
      'POST /api/products': {
        status: 400,
        body: {
          code: 'INVALID_INPUT',
          message: 'Some fields are invalid',
          errors: {
            packSize: SALE_TERMS_MESSAGES.packSizeInvalid,
            'priceBreaks.0.price': PRODUCT_MESSAGES.priceInvalid,
            priceBreaks: SALE_TERMS_MESSAGES.breakQuantityInvalid,
          },
        },
      },
    });
    renderRoute('/admin/products/new');
    await fillNewProduct();
    select('Sold by', 'pack');
    type('Pack size', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Add price break' }));
    type('Break 1: from quantity (packs)', '5');
    type('Break 1: price per pack (₦)', '2000');
    pick(anImageFile('front.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Error: Some fields are invalid')).toBeTruthy();
    expect(screen.getByText(SALE_TERMS_MESSAGES.packSizeInvalid)).toBeTruthy();
    expect(field('Pack size').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(PRODUCT_MESSAGES.priceInvalid)).toBeTruthy();
    expect(field('Break 1: price per pack (₦)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(SALE_TERMS_MESSAGES.breakQuantityInvalid)).toBeTruthy();
  });
});

describe('the edit product page', { timeout: 20_000 }, () => {
  it('fills the form with the product and its images, the first marked as the thumbnail', async () => {
    shop();
    renderRoute('/products/p1/edit');
    await screen.findByRole('form', { name: 'Edit product' });
    expect(field('Name').value).toBe('Satin Ribbon, Wine');
    expect(field('Slug').value).toBe('satin-ribbon-wine');
    expect(field('Price (₦)').value).toBe('1500');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('c1');
    expect((screen.getByLabelText('Subcategory') as HTMLSelectElement).value).toBe('s1');
    expect(field('Specification 1 name').value).toBe('Width');
    const previews = within(screen.getByRole('list', { name: 'Chosen images' })).getAllByRole('img');
    expect(previews.map((img) => img.getAttribute('src'))).toEqual([
      '/images/p1/a-thumb.webp',
      '/images/p1/b-thumb.webp',
    ]);
    expect(within(previews[0]?.closest('li') as HTMLElement).getByText('Thumbnail')).toBeTruthy();
  });

  it('loads a lace’s terms, its stock in yards and its breaks, and sends them back', async () => {
    const api = shop({
      'PUT /api/products/p-lace': { body: { message: PRODUCT_WRITE_MESSAGES.updated, product: lace } },
    });
    renderRoute('/products/p-lace/edit');
    await screen.findByRole('form', { name: 'Edit product' });
    expect((screen.getByLabelText('Sold by') as HTMLSelectElement).value).toBe('yard');
    expect(field('Step (yards)').value).toBe('0.5');
    expect(field('Minimum (yards)').value).toBe('1');
    expect(field('Stock (yards)').value).toBe('37.5');
    expect(field('Break 1: from quantity (yards)').value).toBe('10');
    expect(field('Break 1: price per yard (₦)').value).toBe('1050');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PRODUCT_WRITE_MESSAGES.updated)).toBeTruthy();
    const body = sentForm(api, 'PUT', '/api/products/p-lace');
    expect(body.get('unit')).toBe('yard');
    expect(body.get('stock')).toBe('37.5');
    expect(JSON.parse(String(body.get('priceBreaks')))).toEqual([{ minQuantity: 10, price: 1050 }]);
  });

  it('loads a pack’s size and what it holds', async () => {
    shop();
    renderRoute('/products/p-buttons/edit');
    await screen.findByRole('form', { name: 'Edit product' });
    expect((screen.getByLabelText('Sold by') as HTMLSelectElement).value).toBe('pack');
    expect(field('Pack size').value).toBe('12');
    expect(field('Each pack holds').value).toBe('buttons');
    expect(field('Stock (packs)').value).toBe('40');
    expect(screen.getByTestId('price-break-summary').textContent).toBe(
      '5 packs or more: ₦2,200 / pack of 12, saves 12%',
    );
  });

  it('sends the kept and new images in the order shown as imageOrder, with the new files', async () => {
    const api = shop({ 'PUT /api/products/p1': { body: { message: PRODUCT_WRITE_MESSAGES.updated, product: saved } } });
    const { router } = renderRoute('/products/p1/edit');
    await screen.findByRole('form', { name: 'Edit product' });
    type('Price (₦)', '1750');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    pick(anImageFile('new-front.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PRODUCT_WRITE_MESSAGES.updated)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'));
    const body = sentForm(api, 'PUT', '/api/products/p1');
    expect(body.get('price')).toBe('1750');
    expect(JSON.parse(String(body.get('imageOrder')))).toEqual(['new:0', '/images/p1/b-full.webp']);
    expect(JSON.parse(String(body.get('existingImages')))).toEqual(['/images/p1/b-full.webp']);
    expect(body.getAll('images').map((file) => (file as File).name)).toEqual(['new-front.png']);
  });

  it('needs one image left: removing them all says "At least one image is required"', async () => {
    const api = shop();
    renderRoute('/products/p1/edit');
    await screen.findByRole('form', { name: 'Edit product' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.imageRequired)).toBeTruthy();
    expect(api.requests('PUT', '/api/products/p1')).toHaveLength(0);
  });

  it('deletes the product after the confirmation and goes back to the table', async () => {
    const api = shop({ 'DELETE /api/products/p1': { body: { message: PRODUCT_WRITE_MESSAGES.deleted } } });
    const { router } = renderRoute('/products/p1/edit');
    await screen.findByRole('form', { name: 'Edit product' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete product' }));
    expect(api.requests('DELETE', '/api/products/p1')).toHaveLength(0);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PRODUCT_WRITE_MESSAGES.deleted)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'));
    expect(api.requests('DELETE', '/api/products/p1')).toHaveLength(1);
  });

  it('says Product Not Found for an unknown product', async () => {
    shop({ 'GET /api/products/p1': { status: 404, body: { code: 'NOT_FOUND', message: 'Product Not Found' } } });
    renderRoute('/products/p1/edit');
    expect(await screen.findByText('Product Not Found')).toBeTruthy();
  });

  it('sends a customer to /dashboard', async () => {
    shop({ '/api/users/session': { body: { user: aUser() } } });
    const { router } = renderRoute('/products/p1/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
