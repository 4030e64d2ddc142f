import { type KeyboardEvent, useRef, useState } from 'react';
import { ProductImage } from '../../../components/ui/product-image';

/**
 * Every image of a product: thumbnails to choose, and ← / → to move between them. Focus follows
 * the arrows onto the chosen thumbnail, so its pressed state is what a screen reader reads next.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [active, setActive] = useState(0);
  // Thumbnails wait for the main image, so on a slow connection they do not share its bandwidth.
  const [mainSettled, setMainSettled] = useState(false);
  const count = images.length;
  const current = images[active] ?? images[0];
  const thumbnailsRef = useRef<HTMLUListElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    let next: number;
    if (event.key === 'ArrowRight') next = (active + 1) % count;
    else if (event.key === 'ArrowLeft') next = (active - 1 + count) % count;
    else return;
    event.preventDefault();
    setActive(next);
    thumbnailsRef.current?.querySelectorAll('button')[next]?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys bubble up from the focused thumbnail
    <div className="flex flex-col gap-3" onKeyDown={onKeyDown}>
      <ProductImage
        src={current}
        alt={count > 1 ? `${name}, image ${active + 1} of ${count}` : name}
        sizes="(min-width: 768px) 50vw, 100vw"
        width={1000}
        height={1000}
        priority
        onSettled={() => setMainSettled(true)}
        className="aspect-square w-full rounded-2xl bg-linen-100 object-cover dark:bg-stone-800"
      />
      {count > 1 && (
        <ul ref={thumbnailsRef} aria-label="Product images" className="flex gap-2 overflow-x-auto">
          {images.map((image, index) => (
            <li key={image} className="shrink-0">
              <button
                type="button"
                aria-label={`Show image ${index + 1} of ${count}`}
                aria-pressed={index === active}
                onClick={() => setActive(index)}
                className="block overflow-hidden rounded-lg border-2 border-transparent aria-pressed:border-wine-700 dark:aria-pressed:border-gold-300"
              >
                {mainSettled ? (
                  <ProductImage
                    src={image}
                    alt=""
                    sizes="80px"
                    width={80}
                    height={80}
                    className="size-16 bg-linen-100 object-cover sm:size-20 dark:bg-stone-800"
                  />
                ) : (
                  <span className="block size-16 bg-linen-100 sm:size-20 dark:bg-stone-800" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
