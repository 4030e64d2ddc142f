import type { Category, Subcategory } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { toast } from '../../../../components/ui/toaster';
import { usePageTitle } from '../../../../lib/use-page-title';
import { invalidateCatalogue } from '../../catalogue-cache';
import { AdminError } from '../../components/admin-error';
import { moveItem } from '../../move-item';
import { createCategory } from '../api/create-category';
import { createSubcategory } from '../api/create-subcategory';
import { deleteCategory } from '../api/delete-category';
import { deleteSubcategory } from '../api/delete-subcategory';
import { useAdminCategories } from '../api/get-admin-categories';
import { reorderCategories } from '../api/reorder-categories';
import { reorderSubcategories } from '../api/reorder-subcategories';
import { updateCategory } from '../api/update-category';
import { updateSubcategory } from '../api/update-subcategory';
import { CategoryForm, SubcategoryForm } from '../components/category-form';

type PendingDelete = { kind: 'category'; item: Category } | { kind: 'subcategory'; item: Subcategory };

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-full text-stone-700 hover:bg-linen-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine-700 disabled:cursor-not-allowed disabled:opacity-40 dark:text-stone-200 dark:hover:bg-stone-800';

/**
 * Categories (/admin/categories): the categories with their subcategories in the shop's order;
 * create, rename, move up and down, delete (confirmed; one still holding subcategories or
 * products is refused with the server's message).
 */
export default function AdminCategoriesPage() {
  usePageTitle('Categories');
  const categories = useAdminCategories();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>();
  const [pendingDelete, setPendingDelete] = useState<PendingDelete>();
  const [deleting, setDeleting] = useState(false);
  const [adding, setAdding] = useState(false);
  // While a move is saved the move buttons wait, so a second click reorders the list it produced.
  const [moving, setMoving] = useState(false);

  // The moved item's button was disabled while saving, which drops the keyboard's focus: it
  // comes back to the same button (or, at an end, the other direction's) once the list is saved.
  const sectionRef = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterMove = useRef<{ name: string; direction: 'up' | 'down' }>(undefined);
  useEffect(() => {
    const target = focusAfterMove.current;
    if (moving || !target) return;
    focusAfterMove.current = undefined;
    const button = (direction: string) =>
      Array.from(sectionRef.current?.querySelectorAll<HTMLButtonElement>('button[aria-label]') ?? []).find(
        (candidate) => candidate.getAttribute('aria-label') === `Move ${target.name} ${direction}`,
      );
    const same = button(target.direction);
    (same && !same.disabled ? same : button(target.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [moving]);

  const move = async (name: string, direction: 'up' | 'down', action: () => Promise<{ message: string }>) => {
    focusAfterMove.current = { name, direction };
    setMoving(true);
    await write(action);
    setMoving(false);
  };

  /** Runs a write: its message as a toast and the catalogue refreshed, or 'Error: …' on top. */
  const write = async (action: () => Promise<{ message: string }>) => {
    setFailure(undefined);
    try {
      const { message } = await action();
      toast.success(message);
      await invalidateCatalogue(queryClient);
    } catch (error) {
      setFailure(error);
    }
  };

  /** Like write, for forms: a refusal is thrown back so the form keeps what was typed and says why. */
  const save = async (action: () => Promise<{ message: string }>) => {
    setFailure(undefined);
    const { message } = await action();
    toast.success(message);
    await invalidateCatalogue(queryClient);
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    await write(() =>
      pendingDelete.kind === 'category'
        ? deleteCategory(pendingDelete.item.id)
        : deleteSubcategory(pendingDelete.item.id),
    );
    setDeleting(false);
    setPendingDelete(undefined);
  };

  return (
    <section ref={sectionRef} aria-labelledby="admin-tab-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={heading} id="admin-tab-heading" tabIndex={-1} className="text-2xl font-semibold">
          Categories
        </h2>
        {!adding && (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" /> Add category
          </Button>
        )}
      </div>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
        The shop lists categories and subcategories in this order.
      </p>

      {adding && (
        <div className="mt-4 rounded-2xl border border-linen-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
          <h3 className="mb-3 font-semibold">New category</h3>
          <CategoryForm
            label="New category"
            submitLabel="Create category"
            showSlug
            onCancel={() => setAdding(false)}
            onSave={async (values) => {
              await save(() => createCategory(values));
              setAdding(false);
            }}
          />
        </div>
      )}

      {failure !== undefined && (
        <div className="mt-4">
          <AdminError error={failure} />
        </div>
      )}

      <div className="mt-6">
        {categories.isPending ? (
          <Spinner label="Loading categories…" />
        ) : categories.isError ? (
          <AdminError error={categories.error} />
        ) : categories.data.length === 0 ? (
          <p>No categories yet.</p>
        ) : (
          <ol className="space-y-4">
            {categories.data.map((category, index) => (
              <CategoryItem
                key={category.id}
                category={category}
                categories={categories.data}
                index={index}
                moving={moving}
                onMove={(to) =>
                  move(category.name, to < index ? 'up' : 'down', () =>
                    reorderCategories(moveItem(categories.data, index, to).map((c) => c.id)),
                  )
                }
                onMoveSubcategory={(from, to) =>
                  move(category.subcategories[from]?.name ?? '', to < from ? 'up' : 'down', () =>
                    reorderSubcategories(
                      category.id,
                      moveItem(category.subcategories, from, to).map((s) => s.id),
                    ),
                  )
                }
                onDelete={(pending) => {
                  setFailure(undefined);
                  setPendingDelete(pending);
                }}
                save={save}
              />
            ))}
          </ol>
        )}
      </div>

      <ConfirmDialog
        open={pendingDelete !== undefined}
        title={pendingDelete?.kind === 'subcategory' ? 'Delete this subcategory?' : 'Delete this category?'}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(undefined)}
        fallbackFocus={heading}
      >
        {pendingDelete?.item.name} is removed from the shop. Only an empty one can be deleted.
      </ConfirmDialog>
    </section>
  );
}

function CategoryItem({
  category,
  categories,
  index,
  moving,
  onMove,
  onMoveSubcategory,
  onDelete,
  save,
}: {
  category: Category;
  categories: Category[];
  index: number;
  moving: boolean;
  onMove: (to: number) => void;
  onMoveSubcategory: (from: number, to: number) => void;
  onDelete: (pending: PendingDelete) => void;
  save: (action: () => Promise<{ message: string }>) => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const [editingSub, setEditingSub] = useState<string>();
  const [addingSub, setAddingSub] = useState(false);
  const headingId = `category-${category.id}`;

  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl border border-linen-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
    >
      {editing ? (
        <>
          <h3 id={headingId} className="mb-3 font-semibold">
            Edit {category.name}
          </h3>
          <CategoryForm
            label={`Edit ${category.name}`}
            submitLabel="Save"
            showSlug
            defaultValues={{ name: category.name, description: category.description, slug: category.slug }}
            onCancel={() => setEditing(false)}
            onSave={async (values) => {
              await save(() => updateCategory(category.id, values));
              setEditing(false);
            }}
          />
        </>
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="text-lg font-semibold">
              {category.name}
            </h3>
            <p className="text-xs text-stone-500 dark:text-stone-400">/{category.slug}</p>
            {category.description && (
              <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">{category.description}</p>
            )}
          </div>
          <div className="flex gap-1">
            <button
              type="button"
              className={iconButton}
              aria-label={`Move ${category.name} up`}
              disabled={moving || index === 0}
              onClick={() => onMove(index - 1)}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={`Move ${category.name} down`}
              disabled={moving || index === categories.length - 1}
              onClick={() => onMove(index + 1)}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={`Edit ${category.name}`}
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              className={`${iconButton} text-red-800 dark:text-red-200`}
              aria-label={`Delete ${category.name}`}
              onClick={() => onDelete({ kind: 'category', item: category })}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </div>
        </div>
      )}

      <h4 className="sr-only">Subcategories of {category.name}</h4>
      {category.subcategories.length === 0 ? (
        <p className="mt-3 text-sm text-stone-500 dark:text-stone-400">No subcategories.</p>
      ) : (
        <ol className="mt-3 divide-y divide-linen-200 border-t border-linen-200 dark:divide-stone-800 dark:border-stone-800">
          {category.subcategories.map((subcategory, subIndex) => (
            <li key={subcategory.id} className="py-2 pl-2 sm:pl-4">
              {editingSub === subcategory.id ? (
                <SubcategoryForm
                  label={`Edit ${subcategory.name}`}
                  submitLabel="Save"
                  showSlug
                  categories={categories}
                  defaultValues={{
                    name: subcategory.name,
                    description: subcategory.description,
                    slug: subcategory.slug,
                    categoryId: subcategory.categoryId,
                  }}
                  onCancel={() => setEditingSub(undefined)}
                  onSave={async (values) => {
                    await save(() => updateSubcategory(subcategory.id, values));
                    setEditingSub(undefined);
                  }}
                />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium">{subcategory.name}</p>
                    <p className="text-xs text-stone-500 dark:text-stone-400">/{subcategory.slug}</p>
                  </div>
                  <div className="flex gap-1">
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Move ${subcategory.name} up`}
                      disabled={moving || subIndex === 0}
                      onClick={() => onMoveSubcategory(subIndex, subIndex - 1)}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Move ${subcategory.name} down`}
                      disabled={moving || subIndex === category.subcategories.length - 1}
                      onClick={() => onMoveSubcategory(subIndex, subIndex + 1)}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Edit ${subcategory.name}`}
                      onClick={() => setEditingSub(subcategory.id)}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="button"
                      className={`${iconButton} text-red-800 dark:text-red-200`}
                      aria-label={`Delete ${subcategory.name}`}
                      onClick={() => onDelete({ kind: 'subcategory', item: subcategory })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}

      {addingSub ? (
        <div className="mt-3 rounded-xl bg-linen-50 p-3 dark:bg-stone-800">
          <SubcategoryForm
            label={`New subcategory in ${category.name}`}
            submitLabel="Create subcategory"
            showSlug
            categories={categories}
            defaultValues={{ name: '', description: '', slug: '', categoryId: category.id }}
            onCancel={() => setAddingSub(false)}
            onSave={async (values) => {
              await save(() => createSubcategory(values));
              setAddingSub(false);
            }}
          />
        </div>
      ) : (
        <Button variant="ghost" className="mt-2" onClick={() => setAddingSub(true)}>
          <Plus aria-hidden="true" className="size-4" /> Add subcategory to {category.name}
        </Button>
      )}
    </li>
  );
}
