import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion';
import { useSavesData } from '../../../lib/use-saves-data';

import heroMp4 from '../media/hero.mp4';
import heroWebm from '../media/hero.webm';
import heroPoster from '../media/hero-poster.webp';

// Drawn by apps/web/scripts/make-hero-media.mjs; the poster is the video's first frame.
// VP9 first (smaller), H.264 for browsers without it.
const SOURCES = [
  { src: heroWebm, type: 'video/webm' },
  { src: heroMp4, type: 'video/mp4' },
];

/**
 * How long after the page's load the video waits before it starts. Its 400 KB download and its
 * decoding (Chromium's media threads, and a new frame to composite 25 times a second) would
 * otherwise share a phone's few cores with the app's start, which goes on in slices after `load`:
 * in Lighthouse traces of home the video's start fell inside hydration and stretched its tasks
 * (bench/RESULTS.md, 2026-12-01).
 */
export const VIDEO_START_DELAY_MS = 2_000;

/** Calls back once the page has loaded, settled for VIDEO_START_DELAY_MS, and the main thread is idle. */
function afterPageSettles(callback: () => void) {
  let cancelled = false;
  let timer: number | undefined;
  let idleHandle: number | undefined;
  const whenIdle = () => {
    if (cancelled) return;
    idleHandle = window.requestIdleCallback
      ? window.requestIdleCallback(callback, { timeout: 2000 })
      : window.setTimeout(callback, 200);
  };
  const start = () => {
    if (!cancelled) timer = window.setTimeout(whenIdle, VIDEO_START_DELAY_MS);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', start);
    window.clearTimeout(timer);
    if (idleHandle !== undefined) {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idleHandle);
      else window.clearTimeout(idleHandle);
    }
  };
}

/**
 * A browser that refuses to play (power saving) fires no `play` event, so the poster and the Play
 * button stay. Older browsers and jsdom return no promise.
 */
function startPlaying(video: HTMLVideoElement) {
  Promise.resolve(video.play()).catch(() => {});
}

const COVER = 'absolute inset-0 -z-20 size-full object-cover';

/**
 * The hero's looping background: decorative, muted, and still on its poster for visitors who
 * prefer reduced motion or whose browser saves data (Data Saver, or a 3G or slower connection:
 * the video is 400 KB of decoration, and data is bought by the megabyte). It loads nothing until
 * the page has loaded and settled. The Pause/Play button lets anyone stop the motion (WCAG 2.2.2)
 * or start it, and a visitor's choice wins over the preference and the connection. The
 * connection only holds back the first start: a phone's estimate of it moves between 3G and 4G
 * as it goes, and once the video is downloaded pausing it would save nothing.
 *
 * The page arrives with the poster as a plain image; the video element itself is added once it is
 * to play (the page has loaded and settled, or Play was pressed). A video element cost home's
 * first style and layout, before anything is on screen, about 3 ms of a phone-sized page's 22 ms
 * of CPU (issue 26), and a visitor who prefers reduced motion or saves data never needs one.
 */
export function HeroVideo() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const savesData = useSavesData();
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [pageSettled, setPageSettled] = useState(false);
  const [playing, setPlaying] = useState(false);
  // Once added, the video stays: paused, it keeps the frame it stopped on. It is added in the
  // render that first wants it to play, so the effect below finds it.
  const [hasVideo, setHasVideo] = useState(false);
  const wantsPlay = choice ? choice === 'play' : !reducedMotion && (hasVideo || !savesData);
  const shouldPlay = wantsPlay && (pageSettled || choice === 'play');
  if (shouldPlay && !hasVideo) setHasVideo(true);

  useEffect(() => afterPageSettles(() => setPageSettled(true)), []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (shouldPlay) startPlaying(video);
    else video.pause();
  }, [shouldPlay]);

  return (
    <>
      {/* The video's first frame, and what shows until it plays. */}
      <img src={heroPoster} alt="" aria-hidden="true" className={COVER} width={960} height={540} fetchPriority="high" />
      {hasVideo && (
        <video
          ref={videoRef}
          // Decorative, and never a stop for the keyboard: the Pause/Play button controls it.
          aria-hidden="true"
          tabIndex={-1}
          className={COVER}
          width={960}
          height={540}
          poster={heroPoster}
          preload="none"
          muted
          loop
          playsInline
          disablePictureInPicture
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        >
          {SOURCES.map((source) => (
            <source key={source.type} src={source.src} type={source.type} />
          ))}
        </video>
      )}
      {/* Keeps the heading and links readable over the brightest frame. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-wine-950/85 via-wine-950/65 to-wine-950/35"
      />
      <button
        type="button"
        onClick={() => {
          const video = videoRef.current;
          if (playing) {
            setChoice('pause');
          } else {
            setChoice('play');
            // Straight from the click, so it also works after a refused start; a video not yet
            // added starts from the effect once it is.
            if (video) startPlaying(video);
          }
        }}
        className="absolute right-4 bottom-4 z-10 inline-flex items-center gap-2 rounded-full border border-white/60 bg-wine-950/70 px-3 py-1.5 text-sm font-semibold text-white hover:bg-wine-950/90"
      >
        {playing ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
        {playing ? 'Pause' : 'Play'}
        <span className="sr-only"> background video</span>
      </button>
    </>
  );
}
