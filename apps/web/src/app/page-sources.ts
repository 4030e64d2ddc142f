import type { StorefrontPageSource } from '@shop/shared';

// The source file behind each thing a drawn catalogue page names at once (@shop/shared
// StorefrontPageSource): a lazy page's module, whose chunk and imports the page preloads, and
// home's hero poster. The build writes this table beside Vite's manifest
// (STOREFRONT_PAGE_SOURCES_FILE, vite.config.ts), so the server finds the built files by name and
// never names a source file of the web app.
export const PAGE_SOURCES: Readonly<Record<StorefrontPageSource, string>> = {
  heroPoster: 'src/features/home/media/hero-poster.webp',
  shop: 'src/features/catalog/routes/shop.tsx',
  categories: 'src/features/catalog/routes/categories.tsx',
  category: 'src/features/catalog/routes/category.tsx',
  subcategory: 'src/features/catalog/routes/subcategory.tsx',
  product: 'src/features/catalog/routes/product.tsx',
};
