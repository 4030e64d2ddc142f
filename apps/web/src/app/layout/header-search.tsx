import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** The header's search form; a blank query does nothing (SPEC.md §2). */
export function HeaderSearch({ id, onDone }: { id: string; onDone: () => void }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = inputRef.current?.value.trim() ?? '';
    if (!query) return;
    navigate(paths.search.href(query));
    onDone();
  };

  return (
    <div
      id={id}
      className="border-t border-linen-200 bg-linen-50 text-stone-900 dark:border-stone-800 dark:bg-stone-950 dark:text-stone-100"
    >
      {/* biome-ignore lint/a11y/useSemanticElements: <search> has no landmark role in older browsers yet */}
      <form
        role="search"
        onSubmit={submit}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
        className="mx-auto flex max-w-3xl gap-2 px-4 py-3"
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          Search products
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          name="q"
          type="search"
          placeholder="Search laces, buttons, rhinestones…"
          autoComplete="off"
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 text-stone-900 placeholder:text-stone-500 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:placeholder:text-stone-400"
        />
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-full bg-wine-700 px-4 py-2 text-sm font-semibold text-white hover:bg-wine-800 dark:bg-wine-300 dark:text-stone-950 dark:hover:bg-wine-200"
        >
          <Search aria-hidden="true" className="size-4" />
          Search
        </button>
      </form>
    </div>
  );
}
