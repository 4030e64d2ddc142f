// Bundles the server into dist/. Packages stay in node_modules (PGlite and sharp load files
// next to themselves); only our own workspace code is bundled. The demo pictures are not drawn
// here: the shop draws them once it listens (decision 042); `node dist/generate-images.js`
// draws them all ahead, as the Docker image does.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const packages = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@shop/'));

await build({
  entryPoints: { server: 'src/server.ts', 'generate-images': 'src/db/seed/generate-images.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...packages, ...packages.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
