import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Category,
  type CategoryForm as CategoryFormFields,
  type CategoryFormValues,
  categoryFormSchema,
  type SubcategoryForm as SubcategoryFormFields,
  type SubcategoryFormValues,
  subcategoryFormSchema,
} from '@shop/shared';
import { useState } from 'react';
import { type FieldValues, type UseFormSetError, useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/form-field';
import { SelectField } from '../../../../components/ui/select-field';
import { showServerFieldErrors } from '../../../../components/ui/server-field-errors';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { AdminError } from '../../components/admin-error';

type Common = {
  /** Names the form for screen readers ("New category", "Edit Trims"). */
  label: string;
  submitLabel: string;
  onCancel?: () => void;
};

/** Shows a refused save: field errors under their fields (`fields`: the form's values), the message as 'Error: …'. */
function useSaveFailure<T extends FieldValues>(setError: UseFormSetError<T>, fields: T) {
  const [failure, setFailure] = useState<unknown>();
  const fail = (error: unknown) => {
    setFailure(error);
    showServerFieldErrors(error, fields, setError);
  };
  return { failure, setFailure, fail };
}

/** The refusal, if any, then Save and (when the form can be closed) Cancel. */
function FormActions({
  failure,
  isSubmitting,
  submitLabel,
  onCancel,
}: Pick<Common, 'submitLabel' | 'onCancel'> & { failure: unknown; isSubmitting: boolean }) {
  return (
    <>
      {failure !== undefined && <AdminError error={failure} />}
      <div className="flex gap-2">
        <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
          {submitLabel}
        </SubmitButton>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
      </div>
    </>
  );
}

/** Name, description and an optional slug: a new category, or one renamed. */
export function CategoryForm({
  label,
  submitLabel,
  onCancel,
  defaultValues = { name: '', description: '', slug: '' },
  showSlug,
  onSave,
}: Common & {
  defaultValues?: CategoryFormFields;
  showSlug: boolean;
  /** Resolves when saved; a thrown error keeps what was typed. */
  onSave: (values: CategoryFormValues) => Promise<unknown>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CategoryFormFields, unknown, CategoryFormValues>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues,
  });
  const { failure, setFailure, fail } = useSaveFailure(setError, defaultValues);
  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await onSave(values);
      reset(defaultValues);
    } catch (error) {
      fail(error);
    }
  });
  return (
    <form noValidate aria-label={label} onSubmit={submit} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        {showSlug && (
          <TextField
            label="Slug"
            hint="Empty keeps it (or makes it from the name)"
            error={errors.slug?.message}
            {...register('slug')}
          />
        )}
        <TextAreaField
          label="Description"
          className="sm:col-span-2"
          rows={2}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
      <FormActions failure={failure} isSubmitting={isSubmitting} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}

/** Name, description, optional slug and its category (changing it moves the subcategory). */
export function SubcategoryForm({
  label,
  submitLabel,
  onCancel,
  defaultValues,
  categories,
  showSlug,
  onSave,
}: Common & {
  defaultValues: SubcategoryFormFields;
  categories: Category[];
  showSlug: boolean;
  onSave: (values: SubcategoryFormValues) => Promise<unknown>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SubcategoryFormFields, unknown, SubcategoryFormValues>({
    resolver: zodResolver(subcategoryFormSchema),
    defaultValues,
  });
  const { failure, setFailure, fail } = useSaveFailure(setError, defaultValues);
  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await onSave(values);
      reset(defaultValues);
    } catch (error) {
      fail(error);
    }
  });
  return (
    <form noValidate aria-label={label} onSubmit={submit} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <SelectField label="Category" error={errors.categoryId?.message} {...register('categoryId')}>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        {showSlug && (
          <TextField
            label="Slug"
            hint="Empty keeps it (or makes it from the name)"
            error={errors.slug?.message}
            {...register('slug')}
          />
        )}
        <TextAreaField
          label="Description"
          className="sm:col-span-2"
          rows={2}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
      <FormActions failure={failure} isSubmitting={isSubmitting} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
