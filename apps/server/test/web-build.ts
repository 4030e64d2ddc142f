import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STOREFRONT_PAGE_SOURCES_FILE, type StorefrontPageSource } from '@shop/shared';
import { serverRoot } from '../src/lib/package-root';
import { appRendererFile } from '../src/modules/storefront/app-renderer';

/** What a test's web build holds beside index.html; each part is left out when not given. */
export interface WebBuildParts {
  /** index.html's text; by default the web app's own, as written (before the build adds its hashed scripts). */
  indexHtml?: string;
  /** Vite's manifest (.vite/manifest.json), in the shape `vite build` writes. */
  manifest?: Record<string, unknown>;
  /**
   * The web build's table of what a drawn page names at once (STOREFRONT_PAGE_SOURCES_FILE): the
   * manifest key of each page's module or image.
   */
  pageSources?: Partial<Record<StorefrontPageSource, string>>;
  /** The storefront renderer's module source (dist/.ssr, app-renderer.ts), a stand-in for the real one. */
  renderer?: string;
}

/**
 * A web build of the shape `npm run build` writes, in a new temporary folder named from `prefix`:
 * the folder to give createTestApp as `webDistDir`.
 */
export function aWebBuild(prefix: string, { indexHtml, manifest, pageSources, renderer }: WebBuildParts = {}): string {
  const webDistDir = mkdtempSync(path.join(tmpdir(), prefix));
  const indexFile = path.join(webDistDir, 'index.html');
  if (indexHtml === undefined) copyFileSync(path.join(serverRoot, '../web/index.html'), indexFile);
  else writeFileSync(indexFile, indexHtml);
  if (manifest || pageSources) mkdirSync(path.join(webDistDir, '.vite'));
  if (manifest) writeFileSync(path.join(webDistDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  if (pageSources) writeFileSync(path.join(webDistDir, STOREFRONT_PAGE_SOURCES_FILE), JSON.stringify(pageSources));
  if (renderer !== undefined) {
    mkdirSync(path.dirname(appRendererFile(webDistDir)));
    writeFileSync(appRendererFile(webDistDir), renderer);
  }
  return webDistDir;
}
