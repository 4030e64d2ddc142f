import { formatQuantity, hundredthsToUnits, ORDER_MESSAGES as M } from '@shop/shared';
import { AppError } from '../../lib/errors';
import type { ProductForOrder } from './orders.repository';

/**
 * 409 OUT_OF_STOCK: "Only 12.5 yd left in stock for NAME", with `available` as a decimal of the
 * unit (the API's form of a quantity).
 */
export function outOfStock(product: Pick<ProductForOrder, 'id' | 'name' | 'stockHundredths' | 'terms'>) {
  const left = Math.max(0, product.stockHundredths);
  return new AppError('OUT_OF_STOCK', M.onlyLeftInStock(formatQuantity(product.terms, left), product.name), {
    extra: { productId: product.id, available: hundredthsToUnits(left) },
  });
}
