// What the storefront's service worker keeps and what it never answers (docs/decisions/032).
// Read by vite.config.ts at build time (vite-plugin-pwa's generateSW); nothing here runs in the
// browser's bundle. The route tests below are written into sw.js as their source text, so each
// one is a self-contained function built from the rules' own source.

// packages/shared by its file, as vite.config.ts imports it: Node loads this file for the build.
import { manifestClosure, type ViteManifest } from '../../../../packages/shared/src/vite-manifest.ts';

/** The shop's name as it calls itself (SPEC, README) and the name under an installed icon. */
export const APP_NAME = 'Stitch & Trim Supplies';
export const APP_SHORT_NAME = 'Stitch & Trim';

/** The design's tokens (apps/web/src/index.css): wine-800 (the logo's ground) and linen-50 (the page). */
export const THEME_COLOR = '#652236';
export const BACKGROUND_COLOR = '#fbf8f3';
/** Dark mode's page colour (stone-950): the browser's bar while dark mode is on (theme-init.js, dark-mode.ts). */
export const DARK_THEME_COLOR = '#0c0a09';

/** The icons apps/web/scripts/draw-icons.mjs draws from favicon.svg (public/icons). */
export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** /manifest.webmanifest. */
export const WEB_APP_MANIFEST = {
  id: '/',
  name: APP_NAME,
  short_name: APP_SHORT_NAME,
  description: 'Laces, trims, buttons, ribbons, rhinestones and embellishments, delivered within Lagos.',
  lang: 'en-NG',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: APP_ICONS.map((icon) => ({ ...icon })),
};

/**
 * Paths that never answer from the cache: whoever opens them needs the shop itself (a payment,
 * an account, an order, the admin), and a saved copy would show stale or someone's private data.
 * The API is never cached by the service worker at all: the catalogue's answers are kept by the
 * saved-catalogue rules (decision 006).
 */
export const NEVER_FROM_CACHE =
  /^\/(?:api|checkout|order|orders|admin|account|dashboard|profile|login|register|forgot-password|reset-password)(?:\/|$)|^\/products\/[^/]+\/edit\/?$/;

type RouteTest = (options: { request: Request; url: URL }) => boolean;

/**
 * A route test written into sw.js as source text: a function made from the source of the rules
 * it reads, since workbox-build copies a function's text and not what it closes over.
 */
function routeTest(body: string): RouteTest {
  return new Function('{ request, url }', body) as RouteTest;
}

/**
 * A page the visitor opens (a navigation) of the storefront: always asked of the shop while it
 * answers, the precached app shell only when it cannot be reached.
 */
export const isStorefrontNavigation = routeTest(
  `return request.mode === 'navigate' && url.origin === self.location.origin && !${NEVER_FROM_CACHE}.test(url.pathname);`,
);

/** The build's hashed scripts and styles (and the hero's poster): they never change, so kept as they load. */
export const isHashedAsset = routeTest(
  `return url.origin === self.location.origin && /^\\/assets\\/[^/]+\\.(?:js|css|webp|avif|png|jpe?g|svg|woff2?)$/.test(url.pathname);`,
);

/**
 * The product pictures (/images/demo/, /images/uploads/) and the pages' own pictures (/pictures/):
 * kept once seen, the oldest dropped past the limit.
 */
export const isPicture = routeTest(
  `return url.origin === self.location.origin && request.destination === 'image' && /^\\/(?:images|pictures)\\//.test(url.pathname);`,
);

/** How many pictures and built files the service worker keeps, and for how long. */
export const PICTURES_KEPT = 300;
export const ASSETS_KEPT = 200;
export const KEPT_SECONDS = 30 * 24 * 60 * 60;

/** The precached shell: index.html and the files it loads, the starter, the theme script, the icons. */
export const SHELL_FILES = [
  'index.html',
  'start-app.js',
  'theme-init.js',
  'favicon.svg',
  'manifest.webmanifest',
  'icons/*.png',
];

/**
 * Modules the app loads on demand that it needs offline as much as the shell: the toasts' container
 * and styles load with the first toast (components/ui/toaster.tsx), and an offline Add to Cart is
 * toasted too.
 */
export const SHELL_LAZY_MODULES = ['src/components/ui/toast-container.tsx'];

/** The built files a module needs, by Vite's manifest: its chunk, its styles and its imports', all the way down. */
export function builtFilesOf(manifest: ViteManifest, source: string): string[] {
  if (!manifest[source]) throw new Error(`${source} is not in the build's manifest (dist/.vite/manifest.json)`);
  const files = new Set<string>();
  for (const key of manifestClosure(manifest, source)) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files];
}

/**
 * Keeps of the precache's built scripts and styles only those the built index.html names (the
 * entry, vendor, their imports and the CSS) and those of SHELL_LAZY_MODULES: the shell. Page and
 * admin chunks are kept only once a visitor has loaded them (the runtime route of /assets/), so
 * nobody downloads the admin.
 */
export function shellOnly<T extends { url: string }>(entries: T[], indexHtml: string, manifest: ViteManifest): T[] {
  const named = new Set([
    ...[...indexHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]),
    ...SHELL_LAZY_MODULES.flatMap((source) => builtFilesOf(manifest, source)),
  ]);
  return entries.filter((entry) => !entry.url.startsWith('assets/') || named.has(entry.url));
}

/**
 * The workbox part of vite-plugin-pwa's options (generateSW). A new version installs, skips
 * waiting and claims the open pages, and old precaches are deleted: nobody stays on an old one.
 */
export function workboxOptions(readIndexHtml: () => string, readManifest: () => ViteManifest) {
  return {
    globPatterns: [...SHELL_FILES, 'assets/*.{js,css}'],
    manifestTransforms: [
      async (entries: { url: string; revision: string | null; size: number }[]) => ({
        manifest: shellOnly(entries, readIndexHtml(), readManifest()),
        warnings: [],
      }),
    ],
    // Hashed files need no revision of their own.
    dontCacheBustURLsMatching: /^assets\//,
    // Navigations are the runtime route below (network first, the shell only offline), never
    // the precache's: the shop always draws its pages while it is reachable.
    navigateFallback: null,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: isStorefrontNavigation,
        handler: 'NetworkOnly' as const,
        options: { precacheFallback: { fallbackURL: '/index.html' } },
      },
      {
        urlPattern: isHashedAsset,
        handler: 'CacheFirst' as const,
        options: {
          cacheName: 'shop-assets',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: ASSETS_KEPT, maxAgeSeconds: KEPT_SECONDS, purgeOnQuotaError: true },
        },
      },
      {
        urlPattern: isPicture,
        handler: 'CacheFirst' as const,
        options: {
          cacheName: 'shop-pictures',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: PICTURES_KEPT, maxAgeSeconds: KEPT_SECONDS, purgeOnQuotaError: true },
        },
      },
    ],
  };
}
