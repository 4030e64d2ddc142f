import { ZoomIn } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ProductImage } from '../../../components/ui/product-image';
import { productImageAlt } from '../../../lib/product-images';

type ViewerModule = typeof import('./picture-viewer');
let viewerLoading: Promise<ViewerModule> | undefined;

/**
 * Loads the picture viewer (picture-viewer.tsx, its own chunk): when the picture button is
 * pointed at or focused, else on the click. A failed load is forgotten, so the next try loads again.
 */
export function preloadPictureViewer(): Promise<ViewerModule> {
  viewerLoading ??= import('./picture-viewer').catch((error: unknown) => {
    viewerLoading = undefined;
    throw error;
  });
  return viewerLoading;
}

/**
 * Every image of a product: thumbnails to choose, and ← / → to move between them. Focus follows
 * the arrows onto the chosen thumbnail, so its pressed state is what a screen reader reads next.
 * The main picture opens the full-screen viewer (a button over it: the server's markup has it
 * too, and it does nothing until the app has started).
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [active, setActive] = useState(0);
  // Thumbnails wait for the main image, so on a slow connection they do not share its bandwidth.
  const [mainSettled, setMainSettled] = useState(false);
  const [viewer, setViewer] = useState<{ module: ViewerModule; start: number } | null>(null);
  const [viewerFailed, setViewerFailed] = useState(false);
  const count = images.length;
  const current = images[active] ?? images[0];
  const alt = productImageAlt(name, active, count);
  const thumbnailsRef = useRef<HTMLUListElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Back on the picture button once the viewer has gone (and the page is no longer inert).
  useEffect(() => {
    if (viewer || !returnFocus.current) return;
    returnFocus.current = false;
    openerRef.current?.focus();
  }, [viewer]);

  const openViewer = () => {
    if (!current) return;
    const start = active;
    setViewerFailed(false);
    preloadPictureViewer().then(
      (module) => setViewer({ module, start }),
      () => setViewerFailed(true),
    );
  };

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

  const Viewer = viewer?.module.PictureViewer;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys bubble up from the focused thumbnail
    <div className="flex flex-col gap-3" onKeyDown={onKeyDown}>
      <div className="relative">
        <ProductImage
          src={current}
          alt={alt}
          sizes="(min-width: 768px) 50vw, 100vw"
          width={1000}
          height={1000}
          priority
          onSettled={() => setMainSettled(true)}
          className="aspect-square w-full rounded-2xl bg-linen-100 object-cover dark:bg-stone-800"
        />
        {current && (
          <button
            ref={openerRef}
            type="button"
            aria-label={`View larger image: ${alt}`}
            aria-haspopup="dialog"
            onClick={openViewer}
            onPointerEnter={() => preloadPictureViewer().catch(() => {})}
            onFocus={() => preloadPictureViewer().catch(() => {})}
            className="absolute inset-0 flex cursor-zoom-in items-end justify-end rounded-2xl p-3"
            data-testid="open-picture-viewer"
          >
            <span className="rounded-full bg-white/90 p-2 text-stone-900 shadow dark:bg-stone-900/90 dark:text-stone-100">
              <ZoomIn aria-hidden="true" className="size-5" />
            </span>
          </button>
        )}
      </div>
      {viewerFailed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The larger image could not be opened. Check your connection and try again.
        </p>
      )}
      {Viewer && viewer && (
        <Viewer
          images={images}
          name={name}
          start={viewer.start}
          onClose={(index) => {
            setActive(index);
            returnFocus.current = true;
            setViewer(null);
          }}
        />
      )}
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
