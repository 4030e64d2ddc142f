import { CATALOG_MESSAGES, formatNaira, searchCountText } from '@shop/shared';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useProductSearch } from '../../features/catalog/api/search-products';
import { SavedDataNotice } from '../../features/saved-catalogue/saved-data-notice';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { closeWhenFocusLeavesHeader } from './close-when-focus-leaves';

export const LIVE_SEARCH_DEBOUNCE_MS = 300; // SPEC.md §9
const LIVE_RESULTS_SHOWN = 6;

/**
 * The header's search: live results 300 ms after typing stops, and View All Results to
 * /search?q=. A blank query does nothing (SPEC.md §2). Answers are cached by query, so a late
 * answer to an older query never replaces the results of the newer one.
 */
export function HeaderSearch({ id, onDone, onEscape }: { id: string; onDone: () => void; onEscape?: () => void }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), LIVE_SEARCH_DEBOUNCE_MS);
  const results = useProductSearch(query, 1, { showsOwnNotice: true });

  useEffect(() => inputRef.current?.focus(), []);

  const viewAll = (event?: FormEvent) => {
    event?.preventDefault();
    const typed = inputRef.current?.value.trim() ?? '';
    if (!typed) return;
    navigate(paths.search.href(typed));
    onDone();
  };

  const showResults = query !== '' && text.trim() !== '';
  return (
    <div
      id={id}
      className="border-t border-linen-200 bg-linen-50 text-stone-900 dark:border-stone-800 dark:bg-stone-950 dark:text-stone-100"
    >
      {/* biome-ignore lint/a11y/useSemanticElements: <search> has no landmark role in older browsers yet */}
      <form
        role="search"
        action={paths.search.href()}
        onSubmit={viewAll}
        onBlur={closeWhenFocusLeavesHeader(onDone)}
        onKeyDown={(e) => e.key === 'Escape' && (onEscape ?? onDone)()}
        className="mx-auto max-w-3xl px-4 py-3"
      >
        <div className="flex gap-2">
          <label htmlFor={`${id}-input`} className="sr-only">
            Search products
          </label>
          <input
            ref={inputRef}
            id={`${id}-input`}
            name="q"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search laces, buttons, rhinestones…"
            autoComplete="off"
            aria-describedby={`${id}-status`}
            className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 text-stone-900 placeholder:text-stone-500 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:placeholder:text-stone-400"
          />
          <button
            type="submit"
            className="inline-flex items-center gap-2 rounded-full bg-wine-700 px-4 py-2 text-sm font-semibold text-white hover:bg-wine-800 dark:bg-wine-300 dark:text-stone-950 dark:hover:bg-wine-200"
          >
            <Search aria-hidden="true" className="size-4" />
            Search
          </button>
        </div>
        <p id={`${id}-status`} aria-live="polite" className="mt-2 text-sm text-stone-700 dark:text-stone-300">
          {showResults && results.isPending && !results.isSavedData && 'Searching…'}
          {showResults && results.isError && !results.isSavedData && CATALOG_MESSAGES.searchFailed}
          {showResults &&
            results.data &&
            (results.data.total === 0
              ? 'No products found matching your search.'
              : searchCountText(results.data.total, results.data.totalCapped))}
        </p>
        <SavedDataNotice show={showResults && results.isSavedData} className="mt-2" />
        {showResults && results.data && results.data.products.length > 0 && (
          <>
            <ul aria-label="Search suggestions" className="mt-2 divide-y divide-linen-200 dark:divide-stone-800">
              {results.data.products.slice(0, LIVE_RESULTS_SHOWN).map((product) => (
                <li key={product.id}>
                  <Link
                    to={paths.product.href(product.slug)}
                    onClick={onDone}
                    className="flex items-center justify-between gap-4 rounded-lg px-2 py-2 hover:bg-linen-100 dark:hover:bg-stone-800"
                  >
                    <span className="truncate">{product.name}</span>
                    <span className="shrink-0 text-sm font-semibold text-wine-800 dark:text-wine-200">
                      {formatNaira(product.price)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <button
              type="button"
              onClick={() => viewAll()}
              className="mt-3 w-full rounded-full border border-wine-700 px-4 py-2 text-sm font-semibold text-wine-800 hover:bg-wine-50 dark:border-wine-300 dark:text-wine-200 dark:hover:bg-stone-800"
            >
              View All Results
            </button>
          </>
        )}
      </form>
    </div>
  );
}
