import { useSyncExternalStore } from 'react';

/** The Network Information API's part we read; Chromium and Android's browsers have it, Safari and Firefox do not. */
interface NetworkInformation extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

/** Connections on which a large download that is only decoration is not worth the visitor's data or time. */
const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

const connection = () =>
  typeof navigator === 'undefined' ? undefined : (navigator as { connection?: NetworkInformation }).connection;

function subscribe(onChange: () => void) {
  const current = connection();
  current?.addEventListener?.('change', onChange);
  return () => current?.removeEventListener?.('change', onChange);
}

/** True when the visitor asked the browser to save data (Data Saver, Lite mode) or the connection is 3G or slower. */
export function savesData(): boolean {
  const current = connection();
  return Boolean(current?.saveData) || SLOW_CONNECTIONS.has(current?.effectiveType ?? '');
}

/** savesData, followed as the connection changes with the page open; false on the server. */
export function useSavesData() {
  return useSyncExternalStore(subscribe, savesData, () => false);
}
