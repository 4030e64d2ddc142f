// Draws the home hero's looping video and its poster: gold lace, a ribbon and a running stitch
// drifting over the shop's wine gradient. Every moving part travels exactly one period in
// DURATION seconds, so the last frame leads back into the first without a jump.
//
//   node apps/web/scripts/make-hero-media.mjs      (needs ffmpeg on PATH: apt-get install ffmpeg)
//   node apps/web/scripts/make-hero-media.mjs --poster-only     (the poster alone; no ffmpeg)
//
// Writes apps/web/src/features/home/media/hero.webm (VP9), hero.mp4 (H.264) and hero-poster.webp (frame 0).
// The files are committed, so install, build and test never need ffmpeg.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 960;
const HEIGHT = 540;
const FPS = 24;
const DURATION = 8; // seconds
const FRAMES = FPS * DURATION;
const posterOnly = process.argv.includes('--poster-only');
// The poster is home's largest paint on a phone (its LCP) and sits under the hero's dark
// gradient (hero-video.tsx): quality 50 looks the same there and is a fifth smaller than 70.
const POSTER_QUALITY = 50;

// The palette of apps/web/src/index.css.
const wine950 = '#2e0c16';
const wine900 = '#521d2e';
const wine700 = '#7c283c';
const gold200 = '#f1dca6';
const gold300 = '#e8c77a';
const gold500 = '#c8922e';

// Imported by the hero, so the build gives them hashed names that browsers may cache for a year.
const outDir = path.resolve(import.meta.dirname, '../src/features/home/media');

/** One lace motif in a square tile: a scalloped ring with a flower inside and a net to its neighbours. */
function laceTile(id, size, stroke) {
  const c = size / 2;
  const ring = size * 0.28;
  const scallops = Array.from({ length: 12 }, (_, i) => {
    const angle = (i / 12) * Math.PI * 2;
    return `<circle cx="${c + Math.cos(angle) * ring}" cy="${c + Math.sin(angle) * ring}" r="${size * 0.055}"/>`;
  }).join('');
  const petals = Array.from({ length: 6 }, (_, i) => {
    const angle = (i / 6) * 360;
    return `<ellipse cx="${c}" cy="${c - size * 0.1}" rx="${size * 0.035}" ry="${size * 0.09}" transform="rotate(${angle} ${c} ${c})"/>`;
  }).join('');
  const net = [
    [0, 0, c - ring * 0.75, c - ring * 0.75],
    [size, 0, c + ring * 0.75, c - ring * 0.75],
    [0, size, c - ring * 0.75, c + ring * 0.75],
    [size, size, c + ring * 0.75, c + ring * 0.75],
  ]
    .map(([x1, y1, x2, y2]) => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke-dasharray="3 5"/>`)
    .join('');
  return `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse">
    <g fill="none" stroke="${gold300}" stroke-width="${stroke}">
      <circle cx="${c}" cy="${c}" r="${ring}"/>${scallops}${petals}${net}
      <circle cx="${c}" cy="${c}" r="${size * 0.03}" fill="${gold300}"/>
    </g>
  </pattern>`;
}

/** A ribbon across the frame: a sine wave whose phase turns once per loop. */
function ribbonPath(phase, baseY, amplitude, waves) {
  const points = [];
  for (let x = -40; x <= WIDTH + 40; x += 16) {
    const y = baseY + amplitude * Math.sin((x / WIDTH) * waves * Math.PI * 2 + phase);
    points.push(`${points.length ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`);
  }
  return points.join(' ');
}

function frameSvg(frame) {
  const progress = frame / FRAMES; // 0 → 1 over the loop
  const turn = progress * Math.PI * 2;
  const near = 180;
  const far = 120; // still: a second moving layer costs more bytes than it adds
  const ribbon = ribbonPath(turn, HEIGHT * 0.68, 42, 1);
  const thread = ribbonPath(turn + Math.PI / 2, HEIGHT * 0.3, 30, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="ground" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${wine950}"/><stop offset="0.55" stop-color="${wine900}"/><stop offset="1" stop-color="${wine700}"/>
    </linearGradient>
    <linearGradient id="satin" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${gold500}"/><stop offset="0.5" stop-color="${gold200}"/><stop offset="1" stop-color="${gold500}"/>
    </linearGradient>
    ${laceTile('lace-far', far, 1.2)}
    ${laceTile('lace-near', near, 2)}
  </defs>
  <rect width="100%" height="100%" fill="url(#ground)"/>
  <rect width="100%" height="100%" fill="url(#lace-far)" opacity="0.1"/>
  <g transform="translate(${(progress * near).toFixed(2)} ${(progress * near).toFixed(2)})" opacity="0.28">
    <rect x="${-near}" y="${-near}" width="${WIDTH + 2 * near}" height="${HEIGHT + 2 * near}" fill="url(#lace-near)"/>
  </g>
  <path d="${ribbon}" fill="none" stroke="url(#satin)" stroke-width="26" stroke-linecap="round" opacity="0.42"/>
  <path d="${ribbon}" fill="none" stroke="${wine950}" stroke-width="2" stroke-dasharray="10 8"
    stroke-dashoffset="${(-progress * 18 * 4).toFixed(2)}" opacity="0.55"/>
  <path d="${thread}" fill="none" stroke="${gold300}" stroke-width="2.5" stroke-dasharray="14 10"
    stroke-dashoffset="${(progress * 24 * 6).toFixed(2)}" opacity="0.6"/>
</svg>`;
}

function ffmpeg(args) {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed`);
}

mkdirSync(outDir, { recursive: true });
const framesDir = mkdtempSync(path.join(tmpdir(), 'hero-frames-'));
try {
  for (let frame = 0; frame < (posterOnly ? 1 : FRAMES); frame++) {
    const file = path.join(framesDir, `${String(frame).padStart(4, '0')}.png`);
    await sharp(Buffer.from(frameSvg(frame)))
      .png({ compressionLevel: 1 })
      .toFile(file);
  }
  await sharp(path.join(framesDir, '0000.png'))
    .webp({ quality: POSTER_QUALITY, effort: 6 })
    .toFile(path.join(outDir, 'hero-poster.webp'));

  if (!posterOnly) {
    const input = ['-framerate', String(FPS), '-i', path.join(framesDir, '%04d.png')];
    // Two-pass VP9 at constant quality; keyframe every loop so seeking back to 0 is cheap.
    const vp9 = [
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '46',
      '-row-mt',
      '1',
      '-cpu-used',
      '2',
      '-g',
      String(FRAMES),
      '-pix_fmt',
      'yuv420p',
      '-an',
    ];
    const passLog = path.join(framesDir, 'vp9');
    ffmpeg([...input, ...vp9, '-pass', '1', '-passlogfile', passLog, '-f', 'null', '/dev/null']);
    ffmpeg([...input, ...vp9, '-pass', '2', '-passlogfile', passLog, path.join(outDir, 'hero.webm')]);
    // H.264 for Safari and older browsers; faststart puts the index first so playback starts early.
    ffmpeg([
      ...input,
      ...['-c:v', 'libx264', '-preset', 'slow', '-crf', '32', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
      ...['-g', String(FRAMES), '-movflags', '+faststart', '-an', path.join(outDir, 'hero.mp4')],
    ]);
  }
} finally {
  rmSync(framesDir, { recursive: true, force: true });
}

for (const name of ['hero.webm', 'hero.mp4', 'hero-poster.webp']) {
  console.log(`${name.padEnd(18)} ${(statSync(path.join(outDir, name)).size / 1024).toFixed(0)} KB`);
}
