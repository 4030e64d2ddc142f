import { useEffect } from 'react';
import { SHOP_NAME } from '../config/shop';

/** Sets the browser tab title for a page: "Shop | Stitch & Trim Supplies". */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : SHOP_NAME;
  }, [title]);
}
