// What other features may use of catalog; everything else in the folder is its own.
export { categoriesQueryOptions } from './api/get-categories';
export { useFeaturedProducts } from './api/get-featured-products';
export { ProductCard } from './components/product-card';
export { ProductGrid } from './components/product-grid';
