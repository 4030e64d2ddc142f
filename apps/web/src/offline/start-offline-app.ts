// The one part of the offline app in the first bundle: a few lines that load the registration
// (register-service-worker.ts) after the page has loaded and the browser has gone idle.

/** True for the admin's pages: the service worker is the storefront's, registered from it only. */
export const isAdminPath = (pathname: string) => /^\/admin(?:\/|$)/.test(pathname);

export function startOfflineApp(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || isAdminPath(window.location.pathname)) return;
  const load = () => void import('./register-service-worker').then((module) => module.registerServiceWorker());
  // Safari has no requestIdleCallback: a second after load stands in for idle there.
  const register = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(load, { timeout: 10_000 }) : setTimeout(load, 1_000);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
