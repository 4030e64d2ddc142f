import { zodResolver } from '@hookform/resolvers/zod';
import { type Category, isLengthUnit, PRODUCT_MESSAGES, type ProductFormValues, productFormSchema } from '@shop/shared';
import { Plus, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { CheckboxField } from '../../../../components/ui/checkbox-field';
import { TextField } from '../../../../components/ui/form-field';
import { SelectField } from '../../../../components/ui/select-field';
import { showServerFieldErrors } from '../../../../components/ui/server-field-errors';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { ApiError } from '../../../../lib/api-client';
import { AdminError } from '../../components/admin-error';
import type { ProductFormInput, ProductImageItem } from '../product-form-data';
import { ProductImagesEditor } from './product-images-editor';
import { PriceBreaksFields, SaleUnitFields, stockLabel } from './sale-terms-fields';

type ProductFormProps = {
  mode: 'create' | 'edit';
  categories: Category[];
  defaultValues: ProductFormInput;
  initialImages?: ProductImageItem[];
  /** Sends the form; a thrown error keeps everything typed and picked, and is shown. */
  onSave: (values: ProductFormValues, images: ProductImageItem[]) => Promise<void>;
  /** Beside Save (Cancel, Delete). */
  actions?: ReactNode;
};

// NOTE: the inputs hold the sale terms as text and the breaks as rows (ProductFormInput), which
// productFormSchema's input takes; its own input type reads the breaks as `unknown`.
const resolver = zodResolver(productFormSchema) as unknown as Resolver<ProductFormInput, unknown, ProductFormValues>;

/**
 * SPEC.md §5's admin product form, for a new product and an edited one: every field required but
 * the specifications and the toggles; at least one image. A refused save keeps the fields and
 * the picked images as they are, puts the server's field errors under their fields and says
 * 'Error: {message}' above the buttons.
 */
export function ProductForm({
  mode,
  categories,
  defaultValues,
  initialImages = [],
  onSave,
  actions,
}: ProductFormProps) {
  const [images, setImages] = useState<ProductImageItem[]>(initialImages);
  const [imagesError, setImagesError] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const form = useForm<ProductFormInput, unknown, ProductFormValues>({ resolver, defaultValues });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const specifications = useFieldArray({ control, name: 'specifications' });
  const categoryId = useWatch({ control, name: 'categoryId' });
  const unit = useWatch({ control, name: 'unit' });
  const subcategories = categories.find((category) => category.id === categoryId)?.subcategories ?? [];

  const imagesMissing = (list: ProductImageItem[]) => (list.length === 0 ? PRODUCT_MESSAGES.imageRequired : undefined);

  const submit = handleSubmit(async (values) => {
    const missing = imagesMissing(images);
    if (missing) {
      setImagesError(missing);
      return;
    }
    setFailure(undefined);
    try {
      await onSave(values, images);
    } catch (error) {
      setFailure(error);
      // 413 and 415 are about the images: the message goes under them too.
      if (error instanceof ApiError && (error.code === 'PAYLOAD_TOO_LARGE' || error.code === 'UNSUPPORTED_MEDIA_TYPE'))
        setImagesError(error.message);
      if (error instanceof ApiError && error.errors) {
        for (const [field, message] of Object.entries(error.errors)) {
          if (field === 'images' || field === 'existingImages' || field === 'imageOrder') setImagesError(message);
        }
        // Under the fields of the form by name, dotted ones too (priceBreaks.0.price); a whole
        // list's (priceBreaks, specifications) above its rows.
        showServerFieldErrors(error, getValues(), setError);
      }
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The images are outside react-hook-form: checked on every submit, with the fields.
    setImagesError(imagesMissing(images));
    return submit(event);
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-6"
      aria-label={mode === 'create' ? 'New product' : 'Edit product'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" className="sm:col-span-2" error={errors.name?.message} {...register('name')} />
        {mode === 'edit' && (
          <TextField
            label="Slug"
            className="sm:col-span-2"
            hint="The product's address: lowercase letters, digits and hyphens"
            error={errors.slug?.message}
            {...register('slug')}
          />
        )}
        <SelectField
          label="Category"
          error={errors.categoryId?.message}
          {...register('categoryId', {
            onChange: () => {
              // A subcategory of another category cannot stay chosen.
              const chosen = getValues('subcategoryId');
              const next = categories.find((category) => category.id === getValues('categoryId'));
              if (!next?.subcategories.some((sub) => sub.id === chosen)) setValue('subcategoryId', '');
            },
          })}
        >
          <option value="">Choose a category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Subcategory"
          error={errors.subcategoryId?.message}
          hint={categoryId ? undefined : 'Choose a category first'}
          {...register('subcategoryId')}
        >
          <option value="">Choose a subcategory</option>
          {subcategories.map((subcategory) => (
            <option key={subcategory.id} value={subcategory.id}>
              {subcategory.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Price (₦)"
          inputMode="decimal"
          autoComplete="off"
          hint={unit === 'piece' ? undefined : `Per ${unit}`}
          error={errors.price?.message}
          {...register('price')}
        />
        <SaleUnitFields form={form} />
        <TextField
          label={stockLabel(unit)}
          inputMode={isLengthUnit(unit) ? 'decimal' : 'numeric'}
          autoComplete="off"
          hint={isLengthUnit(unit) ? `In ${unit}s, with up to two decimals, e.g. 37.5` : undefined}
          error={errors.stock?.message}
          {...register('stock')}
        />
        <TextAreaField
          label="Description"
          className="sm:col-span-2"
          rows={5}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-800 dark:text-stone-200">Specifications</legend>
        {specifications.fields.length === 0 && (
          <p className="text-sm text-stone-500 dark:text-stone-400">No specifications yet.</p>
        )}
        <ul className="space-y-3">
          {specifications.fields.map((field, index) => (
            <li key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
              <TextField
                label={`Specification ${index + 1} name`}
                error={errors.specifications?.[index]?.name?.message}
                {...register(`specifications.${index}.name`)}
              />
              <TextField
                label={`Specification ${index + 1} value`}
                error={errors.specifications?.[index]?.value?.message}
                {...register(`specifications.${index}.value`)}
              />
              <button
                type="button"
                onClick={() => specifications.remove(index)}
                aria-label={`Remove specification ${index + 1}`}
                className="mt-7 inline-flex size-10 items-center justify-center rounded-full text-stone-600 hover:bg-linen-100 focus-visible:outline-2 focus-visible:outline-wine-700 dark:text-stone-300 dark:hover:bg-stone-800"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </li>
          ))}
        </ul>
        {(errors.specifications?.root?.message ?? errors.specifications?.message) && (
          <p className="mt-1 text-sm text-red-700 dark:text-red-300">
            {errors.specifications?.root?.message ?? errors.specifications?.message}
          </p>
        )}
        <Button variant="ghost" className="mt-2" onClick={() => specifications.append({ name: '', value: '' })}>
          <Plus aria-hidden="true" className="size-4" /> Add specification
        </Button>
      </fieldset>

      <PriceBreaksFields form={form} />

      <div className="flex flex-wrap gap-6">
        <CheckboxField label="Hot buy" hint="Shown in the home page's Hot Buys" {...register('isHotBuy')} />
        <CheckboxField label="Newly added" hint="Shown first in Featured Collections" {...register('isNewlyAdded')} />
      </div>

      <ProductImagesEditor
        images={images}
        onChange={(next) => {
          setImages(next);
          if (next.length > 0) setImagesError(undefined);
        }}
        error={imagesError}
      />

      {failure !== undefined && <AdminError error={failure} />}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
          {mode === 'create' ? 'Create product' : 'Save changes'}
        </SubmitButton>
        {actions}
      </div>
    </form>
  );
}
