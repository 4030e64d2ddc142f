// The shop's public origin (`https://shop.example.com`), for the absolute addresses a page puts
// in what it shares (a product's WhatsApp link). The server names it in every drawn page's
// canonical link (PUBLIC_URL's when set: apps/server/src/lib/public-origin.ts) and draws the
// page with the same origin (entry-server.tsx), so the server's markup and the browser's first
// render agree. A page without a canonical link (checkout, contact) falls back on the browser's.

let drawing: string | undefined;
let read: string | undefined;

/** The server's side: the origin a render on the server uses. Set just before it and dropped after. */
export function providePublicOrigin(origin: string | undefined): void {
  drawing = origin?.replace(/\/+$/, '');
}

function canonicalOrigin(): string | undefined {
  const href = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (!href) return undefined;
  try {
    return new URL(href).origin;
  } catch {
    return undefined;
  }
}

/** The origin of the shop's absolute addresses: the drawn page's, else the browser's. */
export function publicOrigin(): string {
  if (drawing !== undefined) return drawing;
  if (typeof document === 'undefined') return '';
  read ??= canonicalOrigin() ?? window.location.origin;
  return read;
}

/** Forgets what was read (tests). */
export function resetPublicOrigin(): void {
  drawing = undefined;
  read = undefined;
}
