import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * react-toastify and its styles (16 KB of script, 14.5 KB of CSS) load after the page has
 * started, not with it: a first visit shows no toast, and a stylesheet in the page's head holds
 * its first paint back (issue 26). A failed load is forgotten, so the next toast tries again.
 */
let loading: Promise<typeof import('./toast-container')> | undefined;
function loadToasts() {
  loading ??= import('./toast-container').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const LoadedContainer = lazy(() => loadToasts().then((module) => ({ default: module.ToastContainerLoaded })));

/** Where the notifications appear: mounted once the app has taken over the page. */
export function Toaster() {
  // Not in the drawn page nor the render that hydrates it: the container loads after that.
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <LoadedContainer />
    </Suspense>
  );
}

type ToastKind = 'success' | 'error' | 'info' | 'warning';
const show = (kind: ToastKind) => (message: string) => {
  // A toast sent before the container is there waits in react-toastify's queue until it mounts.
  loadToasts().then(
    (module) => module.showToast[kind](message),
    () => {}, // offline before it ever loaded: this toast is lost, and the next one tries again
  );
};

/** Notifications (SPEC.md §8): `toast.success('Saved')`. */
export const toast = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
