// Bundles the server into dist/. Packages stay in node_modules (PGlite and sharp load files
// next to themselves); only our own workspace code is bundled. Then makes the demo images,
// which is quick when they are already there.
import { execFileSync } from 'node:child_process';
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

execFileSync(process.execPath, ['dist/generate-images.js'], { stdio: 'inherit' });
