import {
  ADMIN_PRODUCT_SORTS,
  ADMIN_STOCK_FILTERS,
  type AdminProduct,
  type AdminProductSort,
  type AdminStockFilter,
  formatNaira,
  formatQuantity,
  isPurchasable,
  LOW_STOCK_THRESHOLD,
  type Product,
  parseQuantity,
  perUnitSuffix,
  QUANTITY_SCALE,
  saleTermsOf,
  waitingText,
} from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, Download, Plus, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { inputClasses } from '../../../../components/ui/form-field';
import { Pagination, parsePage } from '../../../../components/ui/pagination';
import { Spinner } from '../../../../components/ui/spinner';
import { toast } from '../../../../components/ui/toaster';
import { paths } from '../../../../config/paths';
import { thumbUrl } from '../../../../lib/product-images';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { usePageTitle } from '../../../../lib/use-page-title';
import { invalidateCatalogue } from '../../catalogue-cache';
import { useAdminCategories } from '../../categories/api/get-admin-categories';
import { AdminError } from '../../components/admin-error';
import { deleteProduct } from '../api/delete-product';
import { type AdminProductTableQuery, useAdminProducts } from '../api/get-admin-products';
import { PRODUCTS_EXPORT_URL } from '../api/import-products';
import { ImportCsvPanel } from '../components/import-csv-panel';

export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

const COLUMNS: { sort: AdminProductSort; label: string; firstDir: 'asc' | 'desc' }[] = [
  { sort: 'name', label: 'Name', firstDir: 'asc' },
  { sort: 'category', label: 'Category', firstDir: 'asc' },
  { sort: 'price', label: 'Price', firstDir: 'desc' },
  { sort: 'stock', label: 'Stock', firstDir: 'asc' },
  { sort: 'hotBuy', label: 'Hot buy', firstDir: 'desc' },
  { sort: 'newlyAdded', label: 'Newly added', firstDir: 'desc' },
  { sort: 'updated', label: 'Updated', firstDir: 'desc' },
];

const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });

const isSort = (value: string | null): value is AdminProductSort =>
  (ADMIN_PRODUCT_SORTS as readonly string[]).includes(value ?? '');
const isStockFilter = (value: string | null): value is AdminStockFilter =>
  (ADMIN_STOCK_FILTERS as readonly string[]).includes(value ?? '');

/** The table's query, read from the URL so reload, back and a shared link keep it. */
function tableQueryOf(params: URLSearchParams): AdminProductTableQuery {
  const sort = params.get('sort');
  const stock = params.get('stock');
  return {
    search: params.get('search')?.trim() || undefined,
    categoryId: params.get('categoryId') || undefined,
    stock: isStockFilter(stock) ? stock : undefined,
    sort: isSort(sort) ? sort : 'updated',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    page: parsePage(params.get('page')),
    pageSize: ADMIN_PRODUCTS_PAGE_SIZE,
  };
}

/**
 * Manage Products (SPEC.md §2): a searchable, sortable, paginated table of the catalogue with
 * low-stock and out-of-stock filters, Add product, Edit and Delete (confirmed), and the CSV
 * export and import.
 */
export default function AdminProductsPage() {
  usePageTitle('Manage Products');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const query = tableQueryOf(params);
  const products = useAdminProducts(query);
  const categories = useAdminCategories();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  const [toDelete, setToDelete] = useState<Product>();
  const heading = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<unknown>();

  /** Changes some parameters; any filter change goes back to page 1. */
  const update = (changes: Record<string, string | undefined>, options: { replace?: boolean } = {}) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: options.replace },
    );
  };

  // The search box: typed freely, sent to the URL once typing stops. `written` is the last text
  // this box put in the URL, so a URL change from elsewhere (back, a link) refills the box.
  const urlSearch = params.get('search') ?? '';
  const [searchText, setSearchText] = useState(urlSearch);
  const debouncedSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const written = useRef(urlSearch);
  useEffect(() => {
    if (urlSearch !== written.current) {
      written.current = urlSearch;
      setSearchText(urlSearch);
    }
  }, [urlSearch]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the typed text writes the URL.
  useEffect(() => {
    if (debouncedSearch === written.current) return;
    written.current = debouncedSearch;
    update({ search: debouncedSearch.trim() || undefined }, { replace: true });
  }, [debouncedSearch]);

  const sortBy = (column: (typeof COLUMNS)[number]) => {
    const dir = query.sort === column.sort ? (query.dir === 'asc' ? 'desc' : 'asc') : column.firstDir;
    update({ sort: column.sort === 'updated' ? undefined : column.sort, dir: dir === 'desc' ? undefined : dir });
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      const { message } = await deleteProduct(toDelete.id);
      toast.success(message);
      setFailure(undefined);
      await invalidateCatalogue(queryClient);
    } catch (error) {
      setFailure(error);
    } finally {
      setDeleting(false);
      setToDelete(undefined);
    }
  };

  return (
    <section aria-labelledby="admin-tab-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={heading} id="admin-tab-heading" tabIndex={-1} className="text-2xl font-semibold">
          Manage Products
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.adminNewProduct.href()} className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" /> Add product
          </Link>
          <a href={PRODUCTS_EXPORT_URL} download className={buttonClasses('secondary')}>
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </a>
          <Button variant="secondary" aria-expanded={importing} onClick={() => setImporting((open) => !open)}>
            <Upload aria-hidden="true" className="size-4" /> Import CSV
          </Button>
        </div>
      </div>

      {importing && (
        <div className="mt-4">
          <ImportCsvPanel onClose={() => setImporting(false)} />
        </div>
      )}

      <search aria-label="Filter products" className="mt-6 grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <div>
          <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium">
            Search products
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Name, slug or id"
            maxLength={100}
            className={inputClasses}
          />
        </div>
        <div>
          <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium">
            Category
          </label>
          <select
            id={`${id}-category`}
            value={query.categoryId ?? ''}
            onChange={(event) => update({ categoryId: event.target.value || undefined })}
            className={inputClasses}
          >
            <option value="">All categories</option>
            {categories.data?.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-stock`} className="mb-1 block text-sm font-medium">
            Stock
          </label>
          <select
            id={`${id}-stock`}
            value={query.stock ?? ''}
            onChange={(event) => update({ stock: event.target.value || undefined })}
            className={inputClasses}
          >
            <option value="">Any stock</option>
            <option value="low">Low stock ({LOW_STOCK_THRESHOLD} or fewer)</option>
            <option value="out">Out of stock</option>
          </select>
        </div>
      </search>

      {failure !== undefined && (
        <div className="mt-4">
          <AdminError error={failure} />
        </div>
      )}

      <div className="mt-6">
        {products.isPending ? (
          <Spinner label="Loading products…" />
        ) : products.isError ? (
          <AdminError error={products.error} />
        ) : (
          <>
            <p className="mb-2 text-sm text-stone-600 dark:text-stone-300" aria-live="polite">
              {products.data.total === 1 ? '1 product' : `${products.data.total} products`}
            </p>
            <div className="relative overflow-x-auto rounded-xl border border-linen-200 dark:border-stone-800">
              <table className="w-full min-w-[56rem] text-left text-sm">
                <caption className="sr-only">
                  Products, sorted by {COLUMNS.find((column) => column.sort === query.sort)?.label},{' '}
                  {query.dir === 'asc' ? 'ascending' : 'descending'}
                </caption>
                <thead className="bg-linen-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">Image</span>
                    </th>
                    {COLUMNS.map((column) => {
                      const active = query.sort === column.sort;
                      const Icon = !active ? ArrowUpDown : query.dir === 'asc' ? ArrowUp : ArrowDown;
                      return (
                        <th
                          key={column.sort}
                          scope="col"
                          className="px-3 py-2"
                          aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                        >
                          <button
                            type="button"
                            onClick={() => sortBy(column)}
                            className="inline-flex items-center gap-1 rounded font-semibold whitespace-nowrap hover:text-wine-800 focus-visible:outline-2 focus-visible:outline-wine-700 dark:hover:text-wine-200"
                          >
                            {column.label}
                            <Icon aria-hidden="true" className="size-3.5" />
                          </button>
                        </th>
                      );
                    })}
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {products.data.products.length === 0 ? (
                    <tr>
                      <td
                        colSpan={COLUMNS.length + 2}
                        className="px-3 py-8 text-center text-stone-600 dark:text-stone-300"
                      >
                        No products match.
                      </td>
                    </tr>
                  ) : (
                    products.data.products.map((product) => (
                      <ProductRow key={product.id} product={product} onDelete={() => setToDelete(product)} />
                    ))
                  )}
                </tbody>
              </table>
            </div>
            <Pagination page={products.data.page} pageSize={products.data.pageSize} total={products.data.total} />
          </>
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== undefined}
        title="Delete this product?"
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(undefined)}
        fallbackFocus={heading}
      >
        {toDelete?.name} leaves the shop at once. Orders that include it keep their copy.
      </ConfirmDialog>
    </section>
  );
}

/**
 * The stock in the product's unit ("12.5 yd", "40 packs (480 buttons)", "7"), badged Out when not
 * even one line's minimum is left (the storefront's rule) and Low up to LOW_STOCK_THRESHOLD whole
 * units, as the server's stock filter counts them.
 */
function StockCell({ product }: { product: AdminProduct }) {
  const terms = saleTermsOf(product);
  const hundredths = parseQuantity(product.stock) ?? 0;
  const badge = !isPurchasable(terms, hundredths)
    ? { text: 'Out', className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' }
    : hundredths <= LOW_STOCK_THRESHOLD * QUANTITY_SCALE
      ? { text: 'Low', className: 'bg-gold-100 text-stone-900 dark:bg-stone-700 dark:text-stone-100' }
      : undefined;
  return (
    <span className="inline-flex items-center gap-2">
      <span data-testid="stock">{formatQuantity(terms, hundredths)}</span>
      {badge && (
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge.className}`}>{badge.text}</span>
      )}
      {/* Open back-in-stock alerts: the strongest restock signal the shop has (decision 031). */}
      {product.waiting > 0 && (
        <span
          className="rounded-full bg-wine-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-wine-900 dark:bg-wine-950 dark:text-wine-100"
          data-testid="waiting"
        >
          {waitingText(product.waiting)}
        </span>
      )}
    </span>
  );
}

function ProductRow({ product, onDelete }: { product: AdminProduct; onDelete: () => void }) {
  const image = product.images[0];
  return (
    <tr className="border-t border-linen-200 align-middle dark:border-stone-800">
      <td className="px-3 py-2">
        {image ? (
          <img
            src={thumbUrl(image) ?? image}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="size-12 rounded-lg bg-linen-100 object-cover dark:bg-stone-800"
          />
        ) : null}
      </td>
      <td className="max-w-64 px-3 py-2 font-medium">
        <Link
          to={paths.product.href(product.id)}
          className="text-wine-800 underline-offset-4 hover:underline dark:text-wine-200"
        >
          {product.name}
        </Link>
      </td>
      <td className="px-3 py-2">
        {product.subcategory.category.name} › {product.subcategory.name}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {formatNaira(product.price)}
        {perUnitSuffix(product)}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <StockCell product={product} />
      </td>
      <td className="px-3 py-2">{product.isHotBuy ? 'Yes' : 'No'}</td>
      <td className="px-3 py-2">{product.isNewlyAdded ? 'Yes' : 'No'}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={product.updatedAt}>{dateFormat.format(new Date(product.updatedAt))}</time>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <div className="flex gap-2">
          <Link
            to={paths.editProduct.href(product.id)}
            className={buttonClasses('secondary', 'px-3 py-1.5')}
            aria-label={`Edit ${product.name}`}
          >
            Edit
          </Link>
          <Button
            variant="ghost"
            className="px-3 py-1.5 text-red-800 dark:text-red-200"
            aria-label={`Delete ${product.name}`}
            onClick={onDelete}
          >
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
}
