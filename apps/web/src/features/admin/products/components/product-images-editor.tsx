import { PRODUCT_LIMITS } from '@shop/shared';
import { ArrowLeft, ArrowRight, ImagePlus, Trash2 } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { thumbUrl } from '../../../../lib/product-images';
import { moveItem } from '../../move-item';
import { checkPickedImages, IMAGE_ACCEPT, type ProductImageItem } from '../product-form-data';

type ProductImagesEditorProps = {
  images: ProductImageItem[];
  onChange: (images: ProductImageItem[]) => void;
  /** The form's error for the images (none picked, or the server's refusal). */
  error?: string;
};

let nextKey = 0;

const smallButton =
  'inline-flex size-9 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-700 hover:bg-linen-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine-700 disabled:cursor-not-allowed disabled:opacity-40 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-200 dark:hover:bg-stone-800';

/**
 * The product's images: pick files or drop them on the zone, see previews, reorder them with
 * Move left / Move right (keyboard-usable; the first is the thumbnail) and remove them. Previews
 * are object URLs, revoked when an image is removed or the form goes away.
 */
export function ProductImagesEditor({ images, onChange, error }: ProductImagesEditorProps) {
  const id = useId();
  const [pickError, setPickError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const shown = error ?? pickError;

  // Revoke every preview still held when the form unmounts.
  const current = useRef(images);
  current.current = images;
  useEffect(
    () => () => {
      for (const image of current.current) if (image.kind === 'new') URL.revokeObjectURL(image.previewUrl);
    },
    [],
  );

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    const { accepted, error: refused } = checkPickedImages(files, images.length);
    setPickError(refused);
    if (accepted.length === 0) return;
    const added: ProductImageItem[] = accepted.map((file) => ({
      kind: 'new',
      key: `new-${nextKey++}`,
      file,
      previewUrl: URL.createObjectURL(file),
    }));
    onChange([...images, ...added]);
  };

  // A moved or removed image's button leaves the DOM (or moves in it), which drops the keyboard's
  // focus: it goes back to the same button at the image's new place, or to the image now there.
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusAfter = useRef<{ index: number; action: 'left' | 'right' | 'remove' }>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the list, which is when focus was lost.
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = undefined;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(`button[data-action="${target.action}"]`);
    const button = buttons?.[Math.min(target.index, buttons.length - 1)];
    if (button && !button.disabled) button.focus();
    else if (target.action !== 'remove' && buttons) {
      // At an end Move is disabled: the other direction's button of the same image.
      const other = target.action === 'left' ? 'right' : 'left';
      listRef.current?.querySelectorAll<HTMLButtonElement>(`button[data-action="${other}"]`)[target.index]?.focus();
    } else inputRef.current?.focus();
  }, [images]);

  const move = (from: number, to: number) => {
    focusAfter.current = { index: to, action: to < from ? 'left' : 'right' };
    onChange(moveItem(images, from, to));
  };

  const remove = (index: number) => {
    const image = images[index];
    if (image?.kind === 'new') URL.revokeObjectURL(image.previewUrl);
    setPickError(undefined);
    focusAfter.current = { index, action: 'remove' };
    onChange(images.filter((_, i) => i !== index));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <fieldset aria-describedby={shown ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1 block text-sm font-medium text-stone-800 dark:text-stone-200">Images</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer convenience; Choose images inside is the keyboard's way. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
        className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm ${
          dragging
            ? 'border-wine-700 bg-wine-50 dark:border-wine-300 dark:bg-stone-800'
            : 'border-stone-300 dark:border-stone-600'
        } ${shown ? 'border-red-600 dark:border-red-400' : ''}`}
      >
        <ImagePlus aria-hidden="true" className="size-6 text-stone-500" />
        <p className="text-stone-600 dark:text-stone-300">Drop images here, or</p>
        <label
          htmlFor={`${id}-input`}
          className="cursor-pointer rounded-full border border-wine-700 px-4 py-2 font-semibold text-wine-800 hover:bg-wine-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-wine-700 has-[:focus-visible]:outline-2 dark:border-wine-300 dark:text-wine-200 dark:hover:bg-stone-800"
        >
          Choose images
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="file"
            multiple
            accept={IMAGE_ACCEPT}
            className="sr-only"
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${id}-error` : `${id}-hint`}
            onChange={(event) => {
              addFiles(Array.from(event.target.files ?? []));
              // The same file can be picked again after it was removed.
              event.target.value = '';
            }}
          />
        </label>
        <p id={`${id}-hint`} className="text-xs text-stone-500 dark:text-stone-400">
          JPEG, PNG, WebP or AVIF, at most 5 MB each, up to {PRODUCT_LIMITS.imagesMax}. The first image is the
          thumbnail.
        </p>
      </div>
      {shown && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {shown}
        </p>
      )}
      {images.length > 0 && (
        <ol ref={listRef} aria-label="Chosen images" className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {images.map((image, index) => {
            const position = index + 1;
            const src = image.kind === 'new' ? image.previewUrl : (thumbUrl(image.url) ?? image.url);
            const label = image.kind === 'new' ? image.file.name : 'saved';
            return (
              <li
                key={image.key}
                className="rounded-xl border border-linen-200 bg-white p-2 dark:border-stone-700 dark:bg-stone-900"
              >
                <div className="relative">
                  <img
                    src={src}
                    alt={`Preview ${position}: ${label}`}
                    className="aspect-square w-full rounded-lg bg-linen-100 object-cover dark:bg-stone-800"
                  />
                  {index === 0 && (
                    <span className="absolute top-1 left-1 rounded-full bg-wine-700 px-2 py-0.5 text-xs font-semibold text-white">
                      Thumbnail
                    </span>
                  )}
                </div>
                <div className="mt-2 flex items-center justify-between gap-1">
                  <button
                    type="button"
                    className={smallButton}
                    aria-label={`Move image ${position} left`}
                    disabled={index === 0}
                    data-action="left"
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowLeft aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={smallButton}
                    aria-label={`Move image ${position} right`}
                    disabled={index === images.length - 1}
                    data-action="right"
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={`${smallButton} text-red-700 dark:text-red-300`}
                    aria-label={`Remove image ${position}`}
                    data-action="remove"
                    onClick={() => remove(index)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </fieldset>
  );
}
