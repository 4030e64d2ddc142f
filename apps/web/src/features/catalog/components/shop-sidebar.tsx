import { CATALOG_MESSAGES } from '@shop/shared';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { useCategories } from '../api/get-categories';
import { withShopFilters } from '../shop-filters';

const itemClass =
  'block rounded-lg px-3 py-2 text-sm hover:bg-linen-100 aria-[current=true]:bg-wine-700 aria-[current=true]:font-semibold aria-[current=true]:text-white dark:hover:bg-stone-800 dark:aria-[current=true]:bg-wine-300 dark:aria-[current=true]:text-stone-950';

/** The shop's categories, each opening to its subcategories; a choice filters the list in the URL. */
export function ShopSidebar() {
  const categories = useCategories();
  const [searchParams] = useSearchParams();
  const selectedCategory = searchParams.get('category');
  const selectedSubcategory = searchParams.get('subcategory');
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(selectedCategory ? [selectedCategory] : []));

  const href = (changes: Record<string, string | undefined>) => `?${withShopFilters(searchParams, changes).toString()}`;
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <QueryState
      query={categories}
      loadingLabel="Loading categories…"
      failedMessage={CATALOG_MESSAGES.loadCategoriesFailed}
      isEmpty={(list) => list.length === 0}
      emptyMessage="No categories yet."
    >
      {(list) => (
        <ul className="space-y-1">
          <li>
            <Link
              to={href({ category: undefined, subcategory: undefined })}
              aria-current={!selectedCategory && !selectedSubcategory ? 'true' : undefined}
              className={itemClass}
            >
              All Products
            </Link>
          </li>
          {list.map((category) => {
            const open = expanded.has(category.id);
            return (
              <li key={category.id}>
                <div className="flex items-center gap-1">
                  <Link
                    to={href({ category: category.id, subcategory: undefined })}
                    aria-current={selectedCategory === category.id && !selectedSubcategory ? 'true' : undefined}
                    onClick={() => setExpanded((current) => new Set(current).add(category.id))}
                    className={`${itemClass} flex-1`}
                  >
                    {category.name}
                  </Link>
                  {category.subcategories.length > 0 && (
                    <button
                      type="button"
                      aria-expanded={open}
                      aria-controls={`shop-subcategories-${category.id}`}
                      aria-label={`${open ? 'Hide' : 'Show'} ${category.name} subcategories`}
                      onClick={() => toggle(category.id)}
                      className="rounded-full p-2 hover:bg-linen-100 dark:hover:bg-stone-800"
                    >
                      <ChevronDown
                        aria-hidden="true"
                        className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
                      />
                    </button>
                  )}
                </div>
                {open && (
                  <ul
                    id={`shop-subcategories-${category.id}`}
                    className="mt-1 ml-3 space-y-1 border-l border-linen-200 pl-2 dark:border-stone-700"
                  >
                    {category.subcategories.map((subcategory) => (
                      <li key={subcategory.id}>
                        <Link
                          to={href({ category: category.id, subcategory: subcategory.id })}
                          aria-current={selectedSubcategory === subcategory.id ? 'true' : undefined}
                          className={itemClass}
                        >
                          {subcategory.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </QueryState>
  );
}
