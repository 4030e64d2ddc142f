// Catalogue: the shop's sort choices and the admin product form's messages (SPEC.md §5). Kept free
// of zod, so the storefront's first bundle can show them without the schemas.

import type { ProductSort } from './constants';
import { formatCount } from './number-format';

/** The shop's sort choices, in the order the toolbar lists them. */
export const PRODUCT_SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'name', label: 'Name' },
];

/** Limits of a product an admin writes (API.md: 1 to 8 images). */
export const PRODUCT_LIMITS = {
  nameMaxLength: 200,
  descriptionMaxLength: 5000,
  specificationsMax: 50,
  specificationNameMaxLength: 100,
  specificationValueMaxLength: 500,
  imagesMin: 1,
  imagesMax: 8,
} as const;

/** SPEC.md §5 "Admin product form": name, price, stock, images, category, subcategory and description required. */
export const PRODUCT_MESSAGES = {
  nameRequired: 'Product name is required',
  nameTooLong: `Product name must be at most ${PRODUCT_LIMITS.nameMaxLength} characters`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${PRODUCT_LIMITS.descriptionMaxLength} characters`,
  priceRequired: 'Price is required',
  priceInvalid: 'Price must be an amount in naira with at most 2 decimals, such as 1500 or 1499.50',
  priceTooHigh: 'Price is higher than the shop can store',
  stockRequired: 'Stock is required',
  stockInvalid: 'Stock must be a quantity of 0 or more with at most 2 decimals, such as 12 or 12.5',
  categoryRequired: 'Category is required',
  subcategoryRequired: 'Subcategory is required',
  specificationNameRequired: 'Specification name is required',
  specificationValueRequired: 'Specification value is required',
  specificationTooLong: 'Specification is too long',
  tooManySpecifications: `At most ${PRODUCT_LIMITS.specificationsMax} specifications`,
  specificationsInvalid: 'Specifications must be a list of names and values',
  imageRequired: 'At least one image is required',
  tooManyImages: `At most ${PRODUCT_LIMITS.imagesMax} images`,
  existingImagesInvalid: 'existingImages must be a list of image URLs',
} as const;

/** The catalogue's failure texts (SPEC.md §8), for the lists and pages that could not load. */
/** The /shop page's button that opens its categories and filters on a phone (issue 26). */
export const SHOP_FILTERS_TOGGLE = 'Categories and filters';

export const CATALOG_MESSAGES = {
  fetchProductsFailed: 'Failed to fetch products',
  fetchProductFailed: 'Failed to fetch product',
  loadCategoriesFailed: 'Failed to load categories',
  loadProductsFailed: 'Failed to load products',
  searchFailed: 'Failed to search products',
  fetchSearchResultsFailed: 'Failed to fetch search results',
} as const;

/**
 * The count above search results: "1 product found", "24 products found", and past
 * SEARCH_TOTAL_CAP (the answer's `totalCapped`) "1,000+ products found".
 */
export function searchCountText(total: number, totalCapped = false): string {
  if (totalCapped) return `${formatCount(total)}+ products found`;
  return `${formatCount(total)} ${total === 1 ? 'product' : 'products'} found`;
}
