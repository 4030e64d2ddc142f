import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

export { toast as showToast } from 'react-toastify/unstyled';

/** Alt+T moves focus to the notifications (SPEC.md §8). */
const isToastHotKey = (event: KeyboardEvent) => event.altKey && event.code === 'KeyT';

// NOTE: the unstyled entry and the package's CSS file: the default entry injects a <style> tag.
/** Notifications: top-right, 5 s, drag 80 % to dismiss, 320 px wide (SPEC.md §8, §9). */
export function ToastContainerLoaded() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      draggable
      draggablePercent={80}
      hotKeys={isToastHotKey}
      aria-label="Notifications Alt+T"
    />
  );
}
