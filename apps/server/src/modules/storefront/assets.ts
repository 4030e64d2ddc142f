import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The source files of the chunks and images the catalogue's pages need first (apps/web). */
export const PAGE_SOURCES = {
  heroPoster: 'src/features/home/media/hero-poster.webp',
  shop: 'src/features/catalog/routes/shop.tsx',
  categories: 'src/features/catalog/routes/categories.tsx',
  category: 'src/features/catalog/routes/category.tsx',
  subcategory: 'src/features/catalog/routes/subcategory.tsx',
  product: 'src/features/catalog/routes/product.tsx',
} as const;

/**
 * The built files a page needs, from Vite's manifest (dist/.vite/manifest.json): a lazy page's
 * chunk and the chunks it imports, less those index.html loads already (the entry, the app it
 * starts, and their imports), so the page's HTML can
 * name them at once instead of the browser finding them after the main bundle has run. Without a
 * manifest (a build without one, tests) there is nothing to name, and pages work as before.
 */
export class WebAssets {
  private readonly manifest: Record<string, ManifestChunk>;
  private readonly inIndex = new Set<string>();

  /** `preloaded`: the scripts the built index.html preloads, by URL (its PageTemplate's `preloads`). */
  constructor(webDistDir: string, preloaded: readonly string[]) {
    const file = path.join(webDistDir, '.vite', 'manifest.json');
    let manifest: Record<string, ManifestChunk> = {};
    try {
      if (existsSync(file)) manifest = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      manifest = {};
    }
    this.manifest = manifest;
    // What index.html loads: the entry and its imports, and the chunks it preloads besides. The
    // entry is small and imports the app (React, the router, the layout) in a task of its own;
    // index.html preloads that chunk and its imports (apps/web vite.config.ts).
    const preloads = new Set(preloaded);
    for (const [key, chunk] of Object.entries(manifest)) {
      if (!chunk.isEntry && !preloads.has(`/${chunk.file}`)) continue;
      for (const name of this.closure(key)) this.inIndex.add(name);
    }
  }

  /** The URL of a built file (an image), or undefined. */
  url(source: string): string | undefined {
    const chunk = this.manifest[source];
    return chunk ? `/${chunk.file}` : undefined;
  }

  /** The URLs of the scripts a lazy page needs that index.html does not load already. */
  scripts(source: string): string[] {
    if (!this.manifest[source]) return [];
    return [...this.closure(source)]
      .filter((key) => !this.inIndex.has(key))
      .map((key) => this.manifest[key]?.file)
      .filter((file): file is string => file?.endsWith('.js') === true)
      .map((file) => `/${file}`);
  }

  /** The chunk and every chunk it imports, by manifest key. */
  private closure(source: string, seen = new Set<string>()): Set<string> {
    if (seen.has(source) || !this.manifest[source]) return seen;
    seen.add(source);
    for (const imported of this.manifest[source]?.imports ?? []) this.closure(imported, seen);
    return seen;
  }
}
