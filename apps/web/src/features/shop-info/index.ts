// What other features may use of shop-info; everything else in the folder is its own.
export { shopInfoQueryKey, useShopInfo, useShopInfoQuery } from './api/get-shop-info';
