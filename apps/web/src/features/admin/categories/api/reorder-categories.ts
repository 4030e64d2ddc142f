import { api } from '../../../../lib/api-client';

/** Every category id, in the new order. */
export const reorderCategories = (ids: string[]) => api.put<{ message: string }>('/api/categories/order', { ids });
