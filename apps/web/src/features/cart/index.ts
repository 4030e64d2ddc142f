// What other features may use of cart; everything else in the folder is its own.
export { type CartLine, cartStore, lineTerms, productTerms, useCart } from './cart-store';
export { AddToCartButton, addToCartCardAction } from './components/add-to-cart-button';
export { QuantitySelector } from './components/quantity-selector';
export { quantityWords } from './quantity-words';
export { updateLine } from './recheck-cart';
