import { useQuery } from '@tanstack/react-query';
import { categoriesQueryOptions } from '../../../catalog';

/**
 * The categories with their subcategories, in the admin's order: the storefront's own query (so
 * a write refreshes both), but always asked again when an admin screen opens.
 */
export const useAdminCategories = () => useQuery({ ...categoriesQueryOptions(), staleTime: 0 });
