import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Draws the storefront's markup for a page from its API answers (apps/web/src/entry-server.tsx,
 * decision 017): undefined when the app would not draw a page at that URL. `origin` is the one
 * the page's canonical link names (app.publicAddress, config.ts), for the absolute addresses the markup
 * carries (a product's WhatsApp links), so the browser's first render draws the same.
 */
export type RenderApp = (
  url: string,
  answers: Iterable<[string, unknown]>,
  origin?: string,
) => Promise<string | undefined>;

/** Where `npm run build` puts the renderer: a dot folder of the web build, which is never served. */
export const appRendererFile = (webDistDir: string) => path.join(webDistDir, '.ssr', 'entry-server.js');

/**
 * The web build's renderer, or undefined without one (a build before it, tests without a web
 * build): the pages then carry their data and head, and the browser draws them.
 */
export async function loadAppRenderer(file: string, log: FastifyBaseLogger): Promise<RenderApp | undefined> {
  if (!existsSync(file)) return undefined;
  try {
    const module: { renderPage?: unknown } = await import(pathToFileURL(file).href);
    if (typeof module.renderPage === 'function') return module.renderPage as RenderApp;
    log.warn({ file }, 'the storefront renderer has no renderPage: pages are drawn in the browser');
  } catch (error) {
    log.error({ err: error, file }, 'the storefront renderer could not be loaded: pages are drawn in the browser');
  }
  return undefined;
}
