import {
  IMAGE_MESSAGES,
  NEW_IMAGE_TOKEN_PREFIX,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_LIMITS,
  type Product,
  type ProductForm,
  type ProductFormValues,
  type SaleUnit,
} from '@shop/shared';

// The admin product form's starting values and the multipart body it sends (API.md: POST and
// PUT /api/products). Its rules are productFormSchema in packages/shared.

/** One price break row as the form holds it: a quantity of the unit and a price, both as typed. */
export type PriceBreakRow = { minQuantity: string; price: string };

/**
 * The form's fields as the inputs hold them: productFormSchema's input, with how the product is
 * sold as text (the schema reads '' as the unit's default step and minimum, and as no pack size).
 */
export type ProductFormInput = Omit<
  ProductForm,
  'unit' | 'step' | 'minQuantity' | 'packSize' | 'packItemName' | 'priceBreaks'
> & {
  unit: SaleUnit;
  step: string;
  minQuantity: string;
  packSize: string;
  packItemName: string;
  priceBreaks: PriceBreakRow[];
};

/** A new product is sold by the piece until the admin says otherwise. */
export const EMPTY_PRODUCT_FORM: ProductFormInput = {
  name: '',
  description: '',
  price: '',
  stock: '',
  categoryId: '',
  subcategoryId: '',
  slug: '',
  specifications: [],
  isHotBuy: false,
  isNewlyAdded: false,
  unit: 'piece',
  step: '',
  minQuantity: '',
  packSize: '',
  packItemName: '',
  priceBreaks: [],
};

/** The form's values for a product being edited: its terms and its stock in its unit (12.5 yards). */
export function productFormValuesOf(product: Product): ProductFormInput {
  return {
    name: product.name,
    description: product.description,
    price: String(product.price),
    stock: String(product.stock),
    categoryId: product.subcategory.categoryId,
    subcategoryId: product.subcategoryId,
    slug: product.slug,
    specifications: product.specifications.map(({ name, value }) => ({ name, value })),
    isHotBuy: product.isHotBuy,
    isNewlyAdded: product.isNewlyAdded,
    unit: product.unit,
    step: String(product.step),
    minQuantity: String(product.minQuantity),
    packSize: product.packSize === null ? '' : String(product.packSize),
    packItemName: product.packItemName ?? '',
    priceBreaks: product.priceBreaks.map((line) => ({
      minQuantity: String(line.minQuantity),
      price: String(line.price),
    })),
  };
}

// ---------- Images ----------

/** An image of the form: one the product already has (its URL), or a picked file with its preview. */
export type ProductImageItem =
  | { kind: 'existing'; key: string; url: string }
  | { kind: 'new'; key: string; file: File; previewUrl: string };

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/**
 * Splits picked files into those worth sending and the reason for the first refused one. The
 * server decides (it decodes every image); this only spares the admin a useless upload.
 */
export function checkPickedImages(files: File[], alreadyThere: number): { accepted: File[]; error?: string } {
  const accepted: File[] = [];
  let error: string | undefined;
  for (const file of files) {
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) error ??= IMAGE_MESSAGES.unsupportedType;
    else if (file.size > PRODUCT_IMAGE_MAX_BYTES) error ??= IMAGE_MESSAGES.tooLarge;
    else if (alreadyThere + accepted.length >= PRODUCT_LIMITS.imagesMax) error ??= IMAGE_MESSAGES.tooMany;
    else accepted.push(file);
  }
  return { accepted, error };
}

// ---------- The multipart body ----------

function appendFields(body: FormData, values: ProductFormValues) {
  body.append('name', values.name);
  body.append('description', values.description);
  body.append('price', String(values.price));
  body.append('stock', String(values.stock));
  body.append('subcategoryId', values.subcategoryId);
  body.append('specifications', JSON.stringify(values.specifications));
  body.append('isHotBuy', String(values.isHotBuy));
  body.append('isNewlyAdded', String(values.isNewlyAdded));
  if (values.slug) body.append('slug', values.slug);
  // How it is sold. A step or minimum left out takes the unit's default on the server; the pack
  // fields go with packs only; the breaks always go (an empty list clears them on an edit).
  body.append('unit', values.unit);
  if (values.step !== undefined) body.append('step', String(values.step));
  if (values.minQuantity !== undefined) body.append('minQuantity', String(values.minQuantity));
  if (values.unit === 'pack') {
    if (values.packSize !== null) body.append('packSize', String(values.packSize));
    if (values.packItemName) body.append('packItemName', values.packItemName);
  }
  const breaks = (values.priceBreaks as { minQuantity: number; price: number }[]).map(({ minQuantity, price }) => ({
    minQuantity,
    price,
  }));
  body.append('priceBreaks', JSON.stringify(breaks));
}

/** POST /api/products: the fields, then the image files in the order shown (the first is the thumbnail). */
export function createProductFormData(values: ProductFormValues, images: readonly ProductImageItem[]): FormData {
  const body = new FormData();
  appendFields(body, values);
  for (const image of images) if (image.kind === 'new') body.append('images', image.file, image.file.name);
  return body;
}

/**
 * PUT /api/products/{id}: the fields, the new files, and `imageOrder`, the whole order as kept
 * URLs and `new:<n>` tokens (n counts the new files sent), so kept and new images interleave
 * freely. `existingImages` (the kept URLs in order) goes along as API.md's older form says.
 */
export function updateProductFormData(values: ProductFormValues, images: readonly ProductImageItem[]): FormData {
  const body = new FormData();
  appendFields(body, values);
  const order: string[] = [];
  const kept: string[] = [];
  let newCount = 0;
  for (const image of images) {
    if (image.kind === 'existing') {
      order.push(image.url);
      kept.push(image.url);
    } else {
      order.push(`${NEW_IMAGE_TOKEN_PREFIX}${newCount}`);
      newCount += 1;
      body.append('images', image.file, image.file.name);
    }
  }
  body.append('existingImages', JSON.stringify(kept));
  body.append('imageOrder', JSON.stringify(order));
  return body;
}
