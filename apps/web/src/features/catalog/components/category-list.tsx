import { CATALOG_MESSAGES } from '@shop/shared';
import { NavLink } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useCategories } from '../api/get-categories';

/** Every category as a link; used beside product lists to move between categories. */
export function CategoryList({ layout = 'column' }: { layout?: 'column' | 'tabs' }) {
  const categories = useCategories();
  const listClass = layout === 'tabs' ? 'flex gap-2 overflow-x-auto pb-2' : 'flex flex-wrap gap-2 lg:flex-col';
  return (
    <QueryState
      query={categories}
      loadingLabel="Loading categories…"
      failedMessage={CATALOG_MESSAGES.loadCategoriesFailed}
      isEmpty={(list) => list.length === 0}
      emptyMessage="No categories yet."
    >
      {(list) => (
        <ul className={listClass}>
          {list.map((category) => (
            <li key={category.id} className="shrink-0">
              <NavLink
                to={paths.category.href(category.id)}
                className="block rounded-full border border-linen-300 px-4 py-2 text-sm font-medium whitespace-nowrap hover:bg-linen-100 aria-[current=page]:border-wine-700 aria-[current=page]:bg-wine-700 aria-[current=page]:text-white lg:rounded-lg dark:border-stone-700 dark:hover:bg-stone-800 dark:aria-[current=page]:border-wine-300 dark:aria-[current=page]:bg-wine-300 dark:aria-[current=page]:text-stone-950"
              >
                {category.name}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
