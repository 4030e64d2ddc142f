import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverRoot } from '../src/lib/package-root';
import { appRendererFile } from '../src/modules/storefront/app-renderer';

/** What a test's web build holds beside index.html; each part is left out when not given. */
export interface WebBuildParts {
  /** index.html's text; by default the web app's own, as written (before the build adds its hashed scripts). */
  indexHtml?: string;
  /** Vite's manifest (.vite/manifest.json), in the shape `vite build` writes. */
  manifest?: Record<string, unknown>;
  /** The storefront renderer's module source (dist/.ssr, app-renderer.ts), a stand-in for the real one. */
  renderer?: string;
}

/**
 * A web build of the shape `npm run build` writes, in a new temporary folder named from `prefix`:
 * the folder to give createTestApp as `webDistDir`.
 */
export function aWebBuild(prefix: string, { indexHtml, manifest, renderer }: WebBuildParts = {}): string {
  const webDistDir = mkdtempSync(path.join(tmpdir(), prefix));
  const indexFile = path.join(webDistDir, 'index.html');
  if (indexHtml === undefined) copyFileSync(path.join(serverRoot, '../web/index.html'), indexFile);
  else writeFileSync(indexFile, indexHtml);
  if (manifest) {
    mkdirSync(path.join(webDistDir, '.vite'));
    writeFileSync(path.join(webDistDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  if (renderer !== undefined) {
    mkdirSync(path.dirname(appRendererFile(webDistDir)));
    writeFileSync(appRendererFile(webDistDir), renderer);
  }
  return webDistDir;
}
