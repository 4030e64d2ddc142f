import type { ProductCard } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { arrayField } from '../../../lib/page-data';
import { embeddedAnswer, savingAnswer, useCatalogueQuery } from '../../saved-catalogue';

// NOTE: SPEC.md §7 mentions a `_t` cache-buster; API.md says the server ignores it, and
// leaving it out lets the browser and a CDN cache this list.
export async function getFeaturedProducts(signal?: AbortSignal): Promise<ProductCard[]> {
  const data = await api.get<{ products: ProductCard[] }>('/api/products/featured', { signal });
  return data.products;
}

export const featuredProductsQueryOptions = () => {
  const queryKey = ['products', 'featured'];
  return queryOptions({
    queryKey,
    queryFn: savingAnswer((signal) => getFeaturedProducts(signal)),
    initialData: () => embeddedAnswer(queryKey, '/api/products/featured', {}, arrayField<ProductCard>('products')),
  });
};

export const useFeaturedProducts = () => useCatalogueQuery(featuredProductsQueryOptions());
