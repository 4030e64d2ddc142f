import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found from this file whether it runs from src/ (tsx, tests) or
 * from the bundle in dist/, so paths to migrations, the web build and images need no guessing.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@shop/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @shop/server package folder');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const repoRoot = path.resolve(serverRoot, '../..');
