import { PRODUCT_SORT_OPTIONS } from '@shop/shared';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { readShopFilters, withShopFilters } from '../shop-filters';

const fieldClass =
  'rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';

/** Sort, price range and in-stock, all written to the URL (a new history entry each). */
export function ShopToolbar() {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readShopFilters(searchParams);
  const sortRef = useRef<HTMLSelectElement>(null);
  const inStockRef = useRef<HTMLInputElement>(null);
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);

  // NOTE: uncontrolled, so a click shows at once (the URL updates in a transition); Back or a
  // link sets them from the URL here, without remounting, so keyboard focus stays put.
  const sort = filters.sort ?? 'newest';
  const inStock = filters.inStock === true;
  const minPrice = filters.minPrice === undefined ? '' : String(filters.minPrice);
  const maxPrice = filters.maxPrice === undefined ? '' : String(filters.maxPrice);
  // The URL's values the fields last showed: a field is set only when its own value in the URL
  // changes. On a drawn /shop they may be changed before the app starts: the first run leaves
  // them as the visitor set them, and applies a sort or in-stock choice made then (typed prices
  // wait in their fields for Apply, as always).
  const shown = useRef<{ sort: string; inStock: boolean; minPrice: string; maxPrice: string } | null>(null);
  const update = (changes: Record<string, string | undefined>) =>
    setSearchParams(withShopFilters(searchParams, changes));
  // biome-ignore lint/correctness/useExhaustiveDependencies: update reads the same URL these values come from
  useEffect(() => {
    const last = shown.current;
    shown.current = { sort, inStock, minPrice, maxPrice };
    if (last === null) {
      const changes: Record<string, string | undefined> = {};
      const chosenSort = sortRef.current?.value;
      if (chosenSort !== undefined && chosenSort !== sort) {
        changes.sort = chosenSort === 'newest' ? undefined : chosenSort;
      }
      const checked = inStockRef.current?.checked;
      if (checked !== undefined && checked !== inStock) changes.inStock = checked ? 'true' : undefined;
      if (Object.keys(changes).length > 0) update(changes);
      return;
    }
    if (sortRef.current && last.sort !== sort) sortRef.current.value = sort;
    if (inStockRef.current && last.inStock !== inStock) inStockRef.current.checked = inStock;
    if (minRef.current && last.minPrice !== minPrice) minRef.current.value = minPrice;
    if (maxRef.current && last.maxPrice !== maxPrice) maxRef.current.value = maxPrice;
  }, [sort, inStock, minPrice, maxPrice]);

  const applyPrices = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    update({
      minPrice: String(data.get('minPrice') ?? '').trim(),
      maxPrice: String(data.get('maxPrice') ?? '').trim(),
    });
  };

  return (
    <div className="mb-6 flex flex-wrap items-end gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-sort`} className="text-sm font-medium">
          Sort by
        </label>
        <select
          ref={sortRef}
          id={`${id}-sort`}
          defaultValue={filters.sort ?? 'newest'}
          onChange={(event) => update({ sort: event.target.value === 'newest' ? undefined : event.target.value })}
          className={fieldClass}
        >
          {PRODUCT_SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <form onSubmit={applyPrices} aria-label="Price range" className="flex items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-min`} className="text-sm font-medium">
            Min price (₦)
          </label>
          <input
            ref={minRef}
            id={`${id}-min`}
            name="minPrice"
            type="number"
            min={0}
            inputMode="numeric"
            defaultValue={filters.minPrice ?? ''}
            className={`${fieldClass} w-28`}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-max`} className="text-sm font-medium">
            Max price (₦)
          </label>
          <input
            ref={maxRef}
            id={`${id}-max`}
            name="maxPrice"
            type="number"
            min={0}
            inputMode="numeric"
            defaultValue={filters.maxPrice ?? ''}
            className={`${fieldClass} w-28`}
          />
        </div>
        <button
          type="submit"
          className="rounded-full border border-wine-700 px-4 py-2 text-sm font-semibold text-wine-800 hover:bg-wine-50 dark:border-wine-300 dark:text-wine-200 dark:hover:bg-stone-800"
        >
          Apply
        </button>
      </form>
      <label className="flex items-center gap-2 pb-2 text-sm font-medium">
        <input
          ref={inStockRef}
          type="checkbox"
          defaultChecked={filters.inStock === true}
          onChange={(event) => update({ inStock: event.target.checked ? 'true' : undefined })}
          className="size-4 accent-wine-700"
        />
        In stock only
      </label>
    </div>
  );
}
