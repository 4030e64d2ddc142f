// After `vite build`: a brotli (quality 11) and a gzip (level 9) copy beside every script, style
// sheet and SVG of dist/, which the server sends as they are (@fastify/static's preCompressed).
// Compressing once here is smaller than the server's quick on-the-fly brotli (quality 4) and
// costs it no CPU per visit: on a busy phone network the first scripts and styles arrive sooner.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|xml)$/;
// As the server's threshold (COMPRESS_THRESHOLD_BYTES): smaller files go out as they are.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // .vite (the manifest) and .ssr (the server's renderer) are never served.
    if (entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (COMPRESSIBLE.test(entry.name)) yield file;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(dist)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
  before += body.length;
  after += br.length;
}
console.log(`precompressed ${count} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
