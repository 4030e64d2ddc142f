// Vite's build manifest (apps/web/dist/.vite/manifest.json): what the web build writes for each
// source module, read by the web build's service worker config (the shell it precaches) and by the
// server (the scripts a drawn page names). One walk of its imports serves both.
// No imports: apps/web/vite.config.ts loads this file through Node, by its path.

/** One source module's entry: its built chunk, styles and the entries (by key) it imports. */
export interface ViteManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** The manifest: entries by source path, relative to the web app ("src/main.tsx"). */
export type ViteManifest = Record<string, ViteManifestChunk>;

/**
 * A module's key and the keys of everything it imports, all the way down, in the order first met.
 * Keys the manifest does not hold are left out (a source the build did not see).
 */
export function manifestClosure(manifest: ViteManifest, source: string, seen = new Set<string>()): Set<string> {
  if (seen.has(source) || !manifest[source]) return seen;
  seen.add(source);
  for (const imported of manifest[source]?.imports ?? []) manifestClosure(manifest, imported, seen);
  return seen;
}
