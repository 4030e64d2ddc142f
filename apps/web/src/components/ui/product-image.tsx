import { useEffect, useRef, useState } from 'react';
import { PRODUCT_IMAGE_PLACEHOLDER, productSrcSet } from '../../lib/product-images';

type ProductImageProps = {
  src: string | undefined;
  alt: string;
  sizes: string;
  width: number;
  height: number;
  className?: string;
  priority?: boolean;
  /** Called once the image has loaded or failed. */
  onSettled?: () => void;
};

/** A product photo with thumb/full renditions; a broken or missing image shows the placeholder. */
export function ProductImage({
  src,
  alt,
  sizes,
  width,
  height,
  className = '',
  priority = false,
  onSettled,
}: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  const ref = useRef<HTMLImageElement>(null);
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  // A picture in the server's markup may have loaded, or failed, before the page was hydrated:
  // its event has gone by then, so what it came to is read from the element.
  useEffect(() => {
    const img = ref.current;
    if (broken || !img?.complete) return;
    if (img.naturalWidth === 0) setFailedSrc(src ?? null);
    settledRef.current?.();
  }, [broken, src]);
  return (
    <img
      ref={ref}
      src={broken ? PRODUCT_IMAGE_PLACEHOLDER : src}
      srcSet={broken ? undefined : productSrcSet(src)}
      sizes={broken ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onLoad={onSettled}
      onError={() => {
        if (src) setFailedSrc(src);
        onSettled?.();
      }}
      className={className}
    />
  );
}
