import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from 'lucide-react';
import { type PointerEvent, type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from '../../../lib/keep-tab-inside';
import { largeUrl, PRODUCT_IMAGE_PLACEHOLDER, productImageAlt } from '../../../lib/product-images';

/**
 * The full-screen picture viewer (issue 25): the large rendition of each product picture, with
 * pinch, double-tap, wheel and keyboard zoom, drag to pan, and ← / → between pictures. Loaded only
 * when a visitor opens it (product-gallery.tsx), never on the first visit.
 *
 * A modal dialog: focus moves to its Close button, Tab stays inside, the rest of the page is
 * inert and does not scroll, and Escape or Close hands the current picture back to the gallery
 * (which puts focus back on its picture button).
 */

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** What + and − step through; wheel and pinch zoom anywhere between MIN_ZOOM and MAX_ZOOM. */
const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const;
/** Two taps closer together than this (ms, px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
/** A pointer that moved further than this (px) was a drag, not a tap. */
const TAP_SLOP_PX = 10;

type View = { zoom: number; x: number; y: number };
type Point = { x: number; y: number };
type Gesture =
  | { kind: 'pan'; start: Point; view: View; moved: boolean; at: number }
  | { kind: 'pinch'; distance: number; centre: Point; view: View };

const RESET: View = { zoom: 1, x: 0, y: 0 };
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

export function zoomLabel(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}

/** The next step of ZOOM_STEPS above (or below) the zoom, which may lie between two steps. */
export function steppedZoom(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > zoom + 0.01) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 0.01) ?? MIN_ZOOM;
}

export function PictureViewer({
  images,
  name,
  start,
  onClose,
}: {
  images: string[];
  name: string;
  start: number;
  /** Called with the picture shown last, for the gallery to show it too. */
  onClose: (index: number) => void;
}) {
  const count = images.length;
  const [index, setIndex] = useState(() => clamp(start, 0, Math.max(0, count - 1)));
  const [view, setViewState] = useState<View>(RESET);
  const [moving, setMoving] = useState(false);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [loaded, setLoaded] = useState<string | null>(null);
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const viewRef = useRef(view);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const indexRef = useRef(index);
  indexRef.current = index;
  const closeRefCallback = useRef(onClose);
  closeRefCallback.current = onClose;

  const full = images[index] ?? '';
  const large = largeUrl(full);
  // The large picture, else (an upload from before the large size, or a failed load) the full one.
  const src = large && !failed.has(large) ? large : full && !failed.has(full) ? full : PRODUCT_IMAGE_PLACEHOLDER;
  const alt = productImageAlt(name, index, count);

  /** How far the picture may move from the centre at a zoom, so that no edge comes inside the stage. */
  const limits = (zoom: number): Point => {
    const stage = stageRef.current;
    const img = imgRef.current;
    if (!stage || !img) return { x: 0, y: 0 };
    const width = stage.clientWidth;
    const height = stage.clientHeight;
    // The img box fills the stage (object-contain); the picture drawn in it may be narrower.
    const natural = img.naturalWidth > 0 ? img.naturalWidth / img.naturalHeight : 1;
    const shown = width / height > natural ? { x: height * natural, y: height } : { x: width, y: width / natural };
    return { x: Math.max(0, (shown.x * zoom - width) / 2), y: Math.max(0, (shown.y * zoom - height) / 2) };
  };

  const setView = (next: View) => {
    const zoom = clamp(next.zoom, MIN_ZOOM, MAX_ZOOM);
    const limit = limits(zoom);
    const clamped = { zoom, x: clamp(next.x, -limit.x, limit.x), y: clamp(next.y, -limit.y, limit.y) };
    viewRef.current = clamped;
    setViewState(clamped);
  };

  /** Zooms keeping the picture's point under `at` (from the stage's centre) where it is. */
  const zoomAt = (zoom: number, at: Point = { x: 0, y: 0 }, from: View = viewRef.current) => {
    const target = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
    const ratio = target / from.zoom;
    setView({ zoom: target, x: at.x - (at.x - from.x) * ratio, y: at.y - (at.y - from.y) * ratio });
  };

  const fromCentre = (clientX: number, clientY: number): Point => {
    const rect = stageRef.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 };
  };

  const show = (next: number) => {
    if (count < 2) return;
    setIndex((next + count) % count);
    setView(RESET);
  };

  const close = () => closeRefCallback.current(indexRef.current);

  // Open: focus inside, the page behind inert and still; closed: all put back.
  useEffect(() => {
    closeRef.current?.focus();
    const dialog = dialogRef.current;
    const portal = dialog?.parentElement;
    const madeInert: Element[] = [];
    for (const element of Array.from(document.body.children)) {
      if (element === portal || element.hasAttribute('inert') || element.tagName === 'SCRIPT') continue;
      element.setAttribute('inert', '');
      madeInert.push(element);
    }
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = 'hidden';
    return () => {
      html.style.overflow = overflow;
      for (const element of madeInert) element.removeAttribute('inert');
    };
  }, []);

  // The wheel zooms the picture instead of scrolling: a listener React would make passive can't.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const pixels = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
      zoomAt(viewRef.current.zoom * Math.exp(-pixels * 0.002), fromCentre(event.clientX, event.clientY));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  });

  // A resized window (a phone turned) may leave the picture out of its bounds.
  useEffect(() => {
    const onResize = () => setView(viewRef.current);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  });

  const onKeyDown = (event: ReactKeyboardEvent) => {
    // A portal's events bubble through React's tree: the gallery behind must not see them.
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key === 'Tab') {
      keepTabInside(event, dialogRef.current);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return; // the browser's own zoom and shortcuts
    if (event.key === '+' || event.key === '=') zoomAt(steppedZoom(viewRef.current.zoom, 1));
    else if (event.key === '-' || event.key === '_') zoomAt(steppedZoom(viewRef.current.zoom, -1));
    else if (event.key === '0') setView(RESET);
    else if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    if (points.length === 2) {
      const [a, b] = points as [Point, Point];
      gesture.current = {
        kind: 'pinch',
        distance: Math.max(1, distance(a, b)),
        centre: fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2),
        view: viewRef.current,
      };
      lastTap.current = null;
    } else if (points.length === 1) {
      gesture.current = {
        kind: 'pan',
        start: { x: event.clientX, y: event.clientY },
        view: viewRef.current,
        moved: false,
        at: event.timeStamp,
      };
    }
    setMoving(true);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    if (!current) return;
    if (current.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      if (!a || !b) return;
      const centre = fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2);
      const zoom = clamp((current.view.zoom * distance(a, b)) / current.distance, MIN_ZOOM, MAX_ZOOM);
      const ratio = zoom / current.view.zoom;
      // The point that was under the fingers' centre stays under it, as it moves.
      setView({
        zoom,
        x: centre.x - (current.centre.x - current.view.x) * ratio,
        y: centre.y - (current.centre.y - current.view.y) * ratio,
      });
      return;
    }
    const dx = event.clientX - current.start.x;
    const dy = event.clientY - current.start.y;
    if (!current.moved && Math.hypot(dx, dy) > TAP_SLOP_PX) current.moved = true;
    if (current.moved && current.view.zoom > 1)
      setView({ ...current.view, x: current.view.x + dx, y: current.view.y + dy });
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const current = gesture.current;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other pans on from here.
      const [rest] = [...pointers.current.values()] as [Point];
      gesture.current = { kind: 'pan', start: rest, view: viewRef.current, moved: true, at: event.timeStamp };
      return;
    }
    gesture.current = null;
    setMoving(false);
    if (event.type !== 'pointerup' || current?.kind !== 'pan' || current.moved) return;
    const point = { x: event.clientX, y: event.clientY };
    const previous = lastTap.current;
    if (previous && event.timeStamp - previous.at < DOUBLE_TAP_MS && distance(previous.point, point) < DOUBLE_TAP_PX) {
      lastTap.current = null;
      if (viewRef.current.zoom > 1) setView(RESET);
      else zoomAt(2, fromCentre(point.x, point.y));
    } else {
      lastTap.current = { at: event.timeStamp, point };
    }
  };

  const zoomed = view.zoom > 1.001;
  const iconButton =
    'inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-900 hover:bg-linen-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800';

  return createPortal(
    <div className="fixed inset-0 z-[60]">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="flex h-full flex-col bg-linen-50 text-stone-900 outline-none dark:bg-stone-950 dark:text-stone-100"
        data-testid="picture-viewer"
      >
        <div className="flex items-center gap-3 border-b border-linen-200 px-4 py-2 dark:border-stone-800">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="truncate text-base font-semibold">
              {name}
            </h2>
            {count > 1 && (
              <p
                aria-live="polite"
                className="text-sm text-stone-600 dark:text-stone-300"
                data-testid="picture-viewer-position"
              >
                Image {index + 1} of {count}
              </p>
            )}
          </div>
          <button
            ref={closeRef}
            type="button"
            aria-label="Close"
            title="Close (Esc)"
            onClick={close}
            className={iconButton}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div
          ref={stageRef}
          className={`relative min-h-0 flex-1 touch-none select-none overflow-hidden ${zoomed ? (moving ? 'cursor-grabbing' : 'cursor-grab') : 'cursor-zoom-in'}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          data-testid="picture-viewer-stage"
        >
          <img
            ref={imgRef}
            key={full}
            src={src}
            alt={alt}
            draggable={false}
            decoding="async"
            onLoad={() => {
              setLoaded(src);
              setView(viewRef.current);
            }}
            onError={() => setFailed((was) => new Set(was).add(src))}
            style={{
              transform: `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.zoom})`,
              touchAction: 'none',
              // Until the large picture arrives (slowly, on a poor connection), the full one the
              // page has already shown stands in for it, drawn the same way beneath it.
              ...(loaded !== src && src !== full && !failed.has(full)
                ? {
                    backgroundImage: `url("${full}")`,
                    backgroundSize: 'contain',
                    backgroundPosition: 'center',
                    backgroundRepeat: 'no-repeat',
                  }
                : {}),
            }}
            className={`pointer-events-none size-full object-contain ${moving ? '' : 'motion-safe:transition-transform motion-safe:duration-200'}`}
          />
        </div>
        <div className="flex items-center justify-center gap-2 border-t border-linen-200 px-4 py-3 sm:gap-3 dark:border-stone-800">
          {count > 1 && (
            <button
              type="button"
              aria-label="Previous image"
              title="Previous image (←)"
              onClick={() => show(index - 1)}
              className={iconButton}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
          )}
          <button
            type="button"
            aria-label="Zoom out"
            title="Zoom out (−)"
            aria-disabled={!zoomed}
            onClick={() => zoomed && zoomAt(steppedZoom(viewRef.current.zoom, -1))}
            className={iconButton}
          >
            <ZoomOut aria-hidden="true" className="size-5" />
          </button>
          <p role="status" aria-live="polite" className="w-16 text-center text-sm font-semibold tabular-nums">
            <span className="sr-only">Zoom </span>
            <span data-testid="picture-viewer-zoom">{zoomLabel(view.zoom)}</span>
          </p>
          <button
            type="button"
            aria-label="Zoom in"
            title="Zoom in (+)"
            aria-disabled={view.zoom >= MAX_ZOOM - 0.001}
            onClick={() => zoomAt(steppedZoom(viewRef.current.zoom, 1))}
            className={iconButton}
          >
            <ZoomIn aria-hidden="true" className="size-5" />
          </button>
          {count > 1 && (
            <button
              type="button"
              aria-label="Next image"
              title="Next image (→)"
              onClick={() => show(index + 1)}
              className={iconButton}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}

export default PictureViewer;
