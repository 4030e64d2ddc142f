import type { ProductCard } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { arrayField } from '../../../lib/page-data';
import { embeddedAnswer, savingAnswer, useCatalogueQuery } from '../../saved-catalogue';

export async function getHotBuyProducts(signal?: AbortSignal): Promise<ProductCard[]> {
  const data = await api.get<{ products: ProductCard[] }>('/api/products/hot-buy', { signal });
  return data.products;
}

export const hotBuyProductsQueryOptions = () => {
  const queryKey = ['products', 'hot-buy'];
  return queryOptions({
    queryKey,
    queryFn: savingAnswer((signal) => getHotBuyProducts(signal)),
    initialData: () => embeddedAnswer(queryKey, '/api/products/hot-buy', {}, arrayField<ProductCard>('products')),
  });
};

export const useHotBuyProducts = () => useCatalogueQuery(hotBuyProductsQueryOptions());
