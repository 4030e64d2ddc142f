import { pageTitle } from '@shop/shared';
import { useEffect } from 'react';

/** Sets the browser tab title for a page: "Shop | Stitch & Trim Supplies", as the server writes it (packages/shared). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
