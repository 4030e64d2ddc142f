// The catalogue's failure texts (SPEC.md §8), for the lists and pages that could not load.
// Zod-free: the storefront's first bundle shows some of them.

export const CATALOG_MESSAGES = {
  fetchProductsFailed: 'Failed to fetch products',
  fetchProductFailed: 'Failed to fetch product',
  loadCategoriesFailed: 'Failed to load categories',
  loadProductsFailed: 'Failed to load products',
  searchFailed: 'Failed to search products',
  fetchSearchResultsFailed: 'Failed to fetch search results',
} as const;
