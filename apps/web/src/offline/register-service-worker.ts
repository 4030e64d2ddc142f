// Loaded by app/start-app.tsx once the page has loaded and gone idle, in the production build only
// (docs/decisions/032): the first visit's scripts do not wait for it or grow by it.

/** The worker vite-plugin-pwa writes at the root of the build (its scope is the whole shop). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the storefront's service worker, or asks the one already there to check for a new
 * version: on every visit, so a deploy takes over on the next one. `updateViaCache: 'none'`
 * makes the browser ask the shop for sw.js and its imports each time, whatever HTTP caches say.
 */
export async function registerServiceWorker(container: ServiceWorkerContainer | undefined = navigator.serviceWorker) {
  if (!container) return undefined;
  try {
    const registration = await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
    // A worker that was there before this visit: look for a newer one now. A fresh
    // registration has just fetched sw.js.
    if (registration?.active) await registration.update().catch(() => {});
    return registration;
  } catch {
    // No worker (a private window, storage blocked, the shop unreachable): the shop works as a plain site.
    return undefined;
  }
}
