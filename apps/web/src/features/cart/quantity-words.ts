import { formatQuantity, quantityText, type SaleTerms, unitWord } from '@shop/shared';

/**
 * A line's quantity in words, wherever it stands alone (the cart, the order summary): "2.5 yd",
 * "3 packs (36 buttons)", and pieces as "2 pieces" rather than formatQuantity's bare "2".
 */
export function quantityWords(terms: Pick<SaleTerms, 'unit' | 'packSize' | 'packItemName'>, hundredths: number) {
  return terms.unit === 'piece'
    ? `${quantityText(hundredths)} ${unitWord('piece', hundredths)}`
    : formatQuantity(terms, hundredths);
}
