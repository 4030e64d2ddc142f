/**
 * Draws the demo catalogue's placeholder product pictures.
 *
 *   npx tsx apps/server/src/db/seed/generate-images.ts [outDir]
 *
 * outDir defaults to DEMO_IMAGES_DIR, else apps/server/public/generated/demo (where the server looks). Files that already exist are kept, so
 * a second run only fills in what is missing; delete the folder to redraw everything.
 */
import path from 'node:path';
import { serverRoot } from '../../lib/package-root';
import { generateDemoImages } from './product-images';

// Found from the package root, so the same default holds from src/ (tsx) and from dist/ (the build).
const defaultOutDir = process.env.DEMO_IMAGES_DIR || path.join(serverRoot, 'public/generated/demo');
const outDir = process.argv[2] ? path.resolve(process.argv[2]) : defaultOutDir;

const started = performance.now();
try {
  const { written, skipped } = await generateDemoImages(outDir, undefined, { log: (msg) => console.log(msg) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Done: ${written} written, ${skipped} skipped in ${seconds}s → ${outDir}`);
} catch (error) {
  console.error('Generating the demo images failed:', error);
  process.exitCode = 1;
}
