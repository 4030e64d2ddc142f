// Naira for display (SPEC.md §9), from packages/shared: amounts arrive from the API as naira
// numbers with at most 2 decimals. `formatNaira` (₦1,500.00) is the cart's, `formatNairaShort`
// (₦1,500, kobo only when there are some) the product cards'.
export { formatNaira, formatNairaShort } from '@shop/shared';
