import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * Whether the app runs this page: false in the markup the server draws and in the render that
 * hydrates it (so hydration matches), true from the render after it, and in every render of a
 * page the browser draws itself. A control that cannot work without the app (the cart lives in
 * this browser) is disabled, saying so, while it is false: on a slow phone the drawn page is on
 * screen seconds before the app starts.
 */
export function useAppStarted(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
