import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  manifestClosure,
  STOREFRONT_PAGE_SOURCES_FILE,
  type StorefrontPageSource,
  type ViteManifest,
  type ViteManifestChunk,
} from '@shop/shared';

/** A table the build wrote as JSON, or an empty one where there is none (or it cannot be read). */
function readTable<T>(file: string): Record<string, T> {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  } catch {
    return {};
  }
}

/**
 * The built files a page needs, by the page's name (StorefrontPageSource: the web build's table
 * of source files, then Vite's manifest (dist/.vite/manifest.json): a lazy page's
 * chunk and the chunks it imports, less those index.html loads already (the entry, the app it
 * starts, and their imports), so the page's HTML can
 * name them at once instead of the browser finding them after the main bundle has run. Without a
 * manifest (a build without one, tests) there is nothing to name, and pages work as before.
 */
export class WebAssets {
  private readonly manifest: ViteManifest;
  private readonly sources: Partial<Record<StorefrontPageSource, string>>;
  private readonly inIndex = new Set<string>();

  /** `preloaded`: the scripts the built index.html preloads, by URL (its PageTemplate's `preloads`). */
  constructor(webDistDir: string, preloaded: readonly string[]) {
    this.manifest = readTable<ViteManifestChunk>(path.join(webDistDir, '.vite', 'manifest.json'));
    this.sources = readTable<string>(path.join(webDistDir, STOREFRONT_PAGE_SOURCES_FILE));
    // What index.html loads: the entry and its imports, and the chunks it preloads besides. The
    // entry is small and imports the app (React, the router, the layout) in a task of its own;
    // index.html preloads that chunk and its imports (apps/web vite.config.ts).
    const preloads = new Set(preloaded);
    for (const [key, chunk] of Object.entries(this.manifest)) {
      if (!chunk.isEntry && !preloads.has(`/${chunk.file}`)) continue;
      for (const name of manifestClosure(this.manifest, key)) this.inIndex.add(name);
    }
  }

  /** The URL of a built file (an image), or undefined. */
  url(name: StorefrontPageSource): string | undefined {
    const key = this.manifestKey(name);
    return key ? `/${this.manifest[key]?.file}` : undefined;
  }

  /** The URLs of the scripts a lazy page needs that index.html does not load already. */
  scripts(name: StorefrontPageSource): string[] {
    const source = this.manifestKey(name);
    if (!source) return [];
    return [...manifestClosure(this.manifest, source)]
      .filter((key) => !this.inIndex.has(key))
      .map((key) => this.manifest[key]?.file)
      .filter((file): file is string => file?.endsWith('.js') === true)
      .map((file) => `/${file}`);
  }

  /** The manifest's key for a page's source, when the build has both. */
  private manifestKey(name: StorefrontPageSource): string | undefined {
    const source = this.sources[name];
    return source && this.manifest[source] ? source : undefined;
  }
}
