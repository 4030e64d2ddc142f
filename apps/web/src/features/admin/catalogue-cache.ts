import type { QueryClient } from '@tanstack/react-query';

/**
 * After an admin's write, every catalogue answer held in this tab is stale: the storefront's
 * lists, pages and search (`products`, `categories`, `subcategories` keys) and the admin's own
 * table (`products`, `admin`). Marking them stale makes the screens on view ask again at once.
 */
export function invalidateCatalogue(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    ['products', 'categories', 'subcategories'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  ).then(() => undefined);
}
