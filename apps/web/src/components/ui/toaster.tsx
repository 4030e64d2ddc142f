import { type ComponentType, useEffect, useState } from 'react';

type ToastModule = typeof import('./toast-container');

/** The Toasters waiting for the container's module: mounted as soon as any load of it succeeds. */
const waiting = new Set<(module: ToastModule) => void>();
let loaded: ToastModule | undefined;

/**
 * react-toastify and its styles (16 KB of script, 14.5 KB of CSS) load with the first toast, not
 * with the page: a stylesheet added while the page starts restyles all of it, a long task on a
 * slow phone (issue 26), and most visits see no toast before their first tap. The service worker
 * keeps both (SHELL_LAZY_MODULES), so a toast shows offline too. A failed load (a dropped
 * connection) is forgotten, and the next toast tries again.
 */
let loading: Promise<ToastModule> | undefined;
function loadToasts() {
  loading ??= import('./toast-container').then(
    (module) => {
      loaded = module;
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

/** Where the notifications appear: the container mounts with the first toast. */
export function Toaster() {
  // Not in the drawn page nor the render that hydrates it. Not React.lazy either: a lazy component
  // whose load failed throws in every render after, and the route's error page would replace the
  // shop for want of its toasts.
  const [Container, setContainer] = useState<ComponentType | null>(null);
  useEffect(() => {
    const mount = (module: ToastModule) => setContainer(() => module.ToastContainerLoaded);
    if (loaded) mount(loaded);
    waiting.add(mount);
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
