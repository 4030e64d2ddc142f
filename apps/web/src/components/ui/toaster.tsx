import { type ComponentType, useEffect, useState } from 'react';

type ToastModule = typeof import('./toast-container');

/** The Toasters waiting for the container's module: mounted as soon as any load of it succeeds. */
const waiting = new Set<(module: ToastModule) => void>();

/**
 * react-toastify and its styles (16 KB of script, 14.5 KB of CSS) load after the page has
 * started, not with it: a first visit shows no toast, and a stylesheet in the page's head holds
 * its first paint back (issue 26). A failed load (a dropped connection) is forgotten, and the
 * next toast tries again; the container mounts with whichever load succeeds.
 */
let loading: Promise<ToastModule> | undefined;
function loadToasts() {
  loading ??= import('./toast-container').then(
    (module) => {
      for (const mount of waiting) mount(module);
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Where the notifications appear: mounted once the app has taken over the page. */
export function Toaster() {
  // Not in the drawn page nor the render that hydrates it: the container loads after that. Not
  // React.lazy either: a lazy component whose load failed throws in every render after, and the
  // route's error page would replace the shop for want of its toasts.
  const [Container, setContainer] = useState<ComponentType | null>(null);
  useEffect(() => {
    const mount = (module: ToastModule) => setContainer(() => module.ToastContainerLoaded);
    waiting.add(mount);
    loadToasts().then(mount, () => {}); // failed: the next toast's load mounts it
    return () => {
      waiting.delete(mount);
    };
  }, []);
  return Container ? <Container /> : null;
}

type ToastKind = 'success' | 'error' | 'info' | 'warning';
const show = (kind: ToastKind) => (message: string) => {
  // A toast sent before the container is there waits in react-toastify's queue until it mounts.
  loadToasts().then(
    (module) => module.showToast[kind](message),
    () => {}, // not loaded (offline before it ever was): this toast is lost, the next one tries again
  );
};

/** Notifications (SPEC.md §8): `toast.success('Saved')`. */
export const toast = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
