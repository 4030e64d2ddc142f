import { formatNairaShort, formatQuantity, type Order, parseQuantity, perUnitSuffix } from '@shop/shared';

// One order line's words (units of sale, units.ts), the same on the order page, the admin's order
// page and the receipt: the quantity in its unit, the unit price it paid and, when a price break
// lowered it, the list price struck through. The line total is the server's (`lineTotal`), never
// price × quantity again here: a fractional quantity rounds once, on the server.

type OrderLine = Order['items'][number];

/** "2.5 yd", "3 packs (36 buttons)", "2": the quantity as the line was sold. */
export function orderLineQuantity(item: OrderLine): string {
  const hundredths = parseQuantity(item.quantity);
  // A quantity with more than two decimals cannot come from the server; shown as it is rather than hidden.
  return hundredths === null ? String(item.quantity) : formatQuantity(item, hundredths);
}

/**
 * The price per unit the line paid ("₦1,050 / yard"), after the list price struck through when a
 * break applied; the strike is not read out, so a screen reader hears "was ₦1,200".
 */
export function UnitPricePaid({
  item,
  money = formatNairaShort,
}: {
  item: OrderLine;
  /** How an amount is written: short on the order pages (₦1,050), with kobo on the receipt (₦1,050.00). */
  money?: (naira: number) => string;
}) {
  const discounted = item.listPrice !== null && item.listPrice > item.price;
  // formatUnitPrice's words ("₦1,050 / yard"), the amount unbreakable: a narrow column (the
  // receipt at 375 px) wraps after it, never inside it.
  const suffix = perUnitSuffix(item).trim();
  return (
    <>
      {discounted && (
        <>
          <s data-line="list-price" className="whitespace-nowrap text-stone-500 dark:text-stone-400">
            <span className="sr-only">was </span>
            {money(item.listPrice as number)}
          </s>{' '}
        </>
      )}
      <span data-line="unit-price">
        <span className="whitespace-nowrap">{money(item.price)}</span>
        {suffix && <> {suffix}</>}
      </span>
    </>
  );
}
