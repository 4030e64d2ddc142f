// Draws the installed app's icons (manifest.webmanifest) from the favicon: 192 and 512 px, and a
// maskable 512 px whose logo sits inside the middle 80 % on the logo's own wine ground, so a
// launcher may cut it to a circle or a squircle without losing any of it.
//
//   node apps/web/scripts/draw-icons.mjs
//
// Writes apps/web/public/icons/*.png. The files are committed, so install, build and test never
// run this; run it again after changing the favicon and commit what it wrote.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const outDir = path.join(publicDir, 'icons');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// The favicon's ground (wine-800 of apps/web/src/index.css).
const WINE_800 = '#652236';

async function write(name, png) {
  const file = path.join(outDir, name);
  writeFileSync(file, png);
  console.log(`${name}: ${(statSync(file).size / 1024).toFixed(1)} KB`);
}

const render = (svg, size) =>
  sharp(Buffer.from(svg), { density: 72 * Math.ceil(size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();

mkdirSync(outDir, { recursive: true });
await write('icon-192.png', await render(favicon, 192));
await write('icon-512.png', await render(favicon, 512));

// Maskable: a full square of the ground, the favicon's drawing scaled to the safe zone
// (a circle of 40 % radius: the 64-unit drawing at 70 % fits it with room to spare).
const inner = favicon
  .replace(/<\?xml[^>]*>/, '')
  .replace(/<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<title>[\s\S]*?<\/title>/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${WINE_800}"/>
  <g transform="translate(9.6 9.6) scale(0.7)">${inner}</g>
</svg>`;
await write('icon-maskable-512.png', await render(maskable, 512));
