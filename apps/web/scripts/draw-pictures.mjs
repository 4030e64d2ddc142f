// Draws the pictures of the About and Contact pages and the home page's testimonials: the
// workshop, the team, the customers' portraits and the map of the shop's street. Everything is
// SVG drawn here (no photos, no fonts or tiles fetched) and encoded to small WebP files by sharp.
//
//   node apps/web/scripts/draw-pictures.mjs
//
// Writes apps/web/public/pictures/**. The files are committed, so install, build and test never
// run this; run it again after changing a drawing and commit what it wrote.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const outDir = path.resolve(import.meta.dirname, '../public/pictures');
const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

// The palette of apps/web/src/index.css.
const wine950 = '#2e0c16';
const wine900 = '#521d2e';
const wine700 = '#7c283c';
const wine300 = '#e0a3b1';
const gold200 = '#f1dca6';
const gold300 = '#e8c77a';
const gold500 = '#c8922e';
const linen50 = '#fbf8f3';
const linen100 = '#f4ede2';
const stone300 = '#d6d3d1';
const stone500 = '#78716c';
const stone700 = '#44403c';

async function write(name, svg, width, height, quality = 72) {
  const file = path.join(outDir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  const webp = await sharp(Buffer.from(svg)).resize(width, height).webp({ quality, effort: 6 }).toBuffer();
  writeFileSync(file, webp);
  console.log(`${name}: ${(statSync(file).size / 1024).toFixed(1)} KB`);
}

// ---------- People ----------

/** A friendly portrait: a head, hair or a head wrap, shoulders in the person's fabric. */
function portrait({ skin, hair, style, fabric, accent, background }) {
  const hairShape =
    style === 'gele'
      ? // A gele (head wrap): a wide fan of folds above the head.
        `<path d="M40 92 Q50 30 100 34 Q150 30 160 92 Q140 70 100 72 Q60 70 40 92 Z" fill="${accent}"/>
         <path d="M52 80 Q100 44 148 80 M60 66 Q100 38 140 66" stroke="${fabric}" stroke-width="5" fill="none"/>`
      : style === 'short'
        ? `<path d="M60 88 Q60 46 100 46 Q140 46 140 88 Q130 64 100 64 Q70 64 60 88 Z" fill="${hair}"/>`
        : style === 'cap'
          ? // A fila cap.
            `<path d="M58 82 Q62 40 104 42 Q150 46 142 84 Q100 66 58 82 Z" fill="${accent}"/>
             <path d="M62 80 Q100 64 140 80" stroke="${fabric}" stroke-width="4" fill="none"/>`
          : // Braids gathered up.
            `<path d="M56 96 Q52 44 100 42 Q148 44 144 96 Q132 62 100 62 Q68 62 56 96 Z" fill="${hair}"/>
             <circle cx="100" cy="38" r="16" fill="${hair}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">
  <rect width="200" height="200" fill="${background}"/>
  <circle cx="100" cy="100" r="92" fill="${background}" stroke="${accent}" stroke-opacity="0.25" stroke-width="6"/>
  <path d="M30 200 Q34 146 100 140 Q166 146 170 200 Z" fill="${fabric}"/>
  <path d="M70 146 Q100 176 130 146" stroke="${accent}" stroke-width="6" fill="none"/>
  <rect x="88" y="116" width="24" height="30" rx="10" fill="${skin}"/>
  <ellipse cx="100" cy="92" rx="38" ry="42" fill="${skin}"/>
  ${hairShape}
  <circle cx="86" cy="94" r="3.5" fill="${wine950}"/>
  <circle cx="114" cy="94" r="3.5" fill="${wine950}"/>
  <path d="M88 112 Q100 121 112 112" stroke="${wine950}" stroke-width="3" fill="none" stroke-linecap="round"/>
</svg>`;
}

const skins = ['#7a4a2e', '#5c3520', '#8d5a3b', '#6b3f26', '#a06a45'];

const team = [
  { file: 'team-amaka', skin: skins[0], hair: '#1f1410', style: 'gele', fabric: wine700, accent: gold300 },
  { file: 'team-segun', skin: skins[1], hair: '#1a1a1a', style: 'cap', fabric: '#2f5d50', accent: gold500 },
  { file: 'team-zainab', skin: skins[2], hair: '#24160f', style: 'braids', fabric: gold500, accent: wine700 },
  { file: 'team-emeka', skin: skins[3], hair: '#141414', style: 'short', fabric: '#33466b', accent: gold300 },
];

const customers = [
  { file: 'adaeze-okafor', skin: skins[0], hair: '#1f1410', style: 'braids', fabric: wine700, accent: gold300 },
  { file: 'tunde-bakare', skin: skins[1], hair: '#1a1a1a', style: 'cap', fabric: '#2f5d50', accent: gold500 },
  { file: 'funmi-adeyemi', skin: skins[4], hair: '#24160f', style: 'gele', fabric: gold500, accent: wine700 },
  { file: 'chinedu-eze', skin: skins[3], hair: '#141414', style: 'short', fabric: '#33466b', accent: gold300 },
  { file: 'halima-bello', skin: skins[2], hair: '#1f1410', style: 'gele', fabric: '#5b3a6b', accent: gold200 },
];

// ---------- The workshop ----------

function spool(x, y, colour) {
  return `<g transform="translate(${x} ${y})">
    <rect x="-34" y="-8" width="68" height="14" rx="4" fill="#b08955"/>
    <rect x="-26" y="6" width="52" height="86" fill="${colour}"/>
    ${[16, 30, 44, 58, 72].map((dy) => `<path d="M-26 ${dy} L26 ${dy + 6}" stroke="#000" stroke-opacity="0.12" stroke-width="3"/>`).join('')}
    <rect x="-34" y="92" width="68" height="14" rx="4" fill="#b08955"/>
  </g>`;
}

const workshop = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 540">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${wine950}"/><stop offset="1" stop-color="${wine700}"/>
    </linearGradient>
    <pattern id="lace" width="40" height="40" patternUnits="userSpaceOnUse">
      <circle cx="20" cy="20" r="12" fill="none" stroke="${gold200}" stroke-width="3"/>
      <circle cx="0" cy="0" r="6" fill="none" stroke="${gold200}" stroke-width="2"/>
      <circle cx="40" cy="40" r="6" fill="none" stroke="${gold200}" stroke-width="2"/>
    </pattern>
  </defs>
  <rect width="960" height="540" fill="url(#wall)"/>
  <rect x="0" y="380" width="960" height="160" fill="#8a5a34"/>
  <rect x="0" y="372" width="960" height="16" fill="#a87444"/>
  <rect x="70" y="60" width="300" height="300" rx="14" fill="url(#lace)" opacity="0.55"/>
  <path d="M420 70 Q560 140 700 70 L700 330 Q560 270 420 330 Z" fill="${gold300}" opacity="0.9"/>
  <path d="M420 110 Q560 180 700 110 M420 160 Q560 230 700 160 M420 210 Q560 280 700 210" stroke="${wine900}" stroke-width="4" stroke-dasharray="14 10" fill="none"/>
  ${spool(140, 270, wine300)}${spool(230, 270, gold500)}${spool(320, 270, '#2f5d50')}
  <g transform="translate(780 250)">
    <path d="M0 120 L40 -80 L70 -80 L110 120 Z" fill="${stone700}"/>
    <ellipse cx="55" cy="-80" rx="60" ry="74" fill="${linen100}"/>
    <path d="M5 -60 Q55 -20 105 -60 L110 20 Q55 50 0 20 Z" fill="${wine700}"/>
    <path d="M10 -40 Q55 -4 100 -40" stroke="${gold300}" stroke-width="5" fill="none"/>
  </g>
  <g transform="translate(470 420)">
    <circle cx="0" cy="40" r="26" fill="${gold500}"/><circle cx="-8" cy="34" r="4" fill="${wine950}"/><circle cx="8" cy="34" r="4" fill="${wine950}"/><circle cx="-8" cy="48" r="4" fill="${wine950}"/><circle cx="8" cy="48" r="4" fill="${wine950}"/>
    <circle cx="80" cy="56" r="20" fill="${linen50}"/><circle cx="74" cy="52" r="3" fill="${stone500}"/><circle cx="86" cy="52" r="3" fill="${stone500}"/><circle cx="74" cy="62" r="3" fill="${stone500}"/><circle cx="86" cy="62" r="3" fill="${stone500}"/>
    <path d="M140 40 L300 70" stroke="${stone300}" stroke-width="6" stroke-linecap="round"/>
    <path d="M140 80 L300 50" stroke="${stone300}" stroke-width="6" stroke-linecap="round"/>
    <circle cx="136" cy="38" r="14" fill="none" stroke="${stone300}" stroke-width="6"/>
    <circle cx="136" cy="82" r="14" fill="none" stroke="${stone300}" stroke-width="6"/>
  </g>
  <path d="M0 470 Q240 440 480 478 T960 470" stroke="${gold200}" stroke-width="8" fill="none" stroke-dasharray="2 18" stroke-linecap="round"/>
</svg>`;

// ---------- The map ----------

/** A street plan of the shop's corner of Lagos Island, with the pin on the shop. */
const map = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 600">
  <rect width="960" height="600" fill="#efe9df"/>
  <path d="M0 470 Q200 440 420 480 T960 455 L960 600 L0 600 Z" fill="#a9cfe0"/>
  <text x="700" y="560" font-family="${FONT}" font-size="26" font-style="italic" fill="#2f5f78">Lagos Lagoon</text>
  <rect x="60" y="70" width="190" height="140" rx="10" fill="#dcd3c4"/>
  <rect x="300" y="70" width="220" height="140" rx="10" fill="#dcd3c4"/>
  <rect x="580" y="70" width="300" height="140" rx="10" fill="#c9dcb8"/>
  <text x="730" y="148" text-anchor="middle" font-family="${FONT}" font-size="22" fill="#3f5a2c">Tinubu Square</text>
  <rect x="60" y="270" width="190" height="140" rx="10" fill="#dcd3c4"/>
  <rect x="300" y="270" width="220" height="140" rx="10" fill="#dcd3c4"/>
  <rect x="580" y="270" width="300" height="140" rx="10" fill="#dcd3c4"/>
  <g stroke="#ffffff" stroke-linecap="round">
    <path d="M0 240 L960 240" stroke-width="34"/>
    <path d="M0 40 L960 40" stroke-width="22"/>
    <path d="M275 0 L275 470" stroke-width="26"/>
    <path d="M550 0 L550 470" stroke-width="26"/>
    <path d="M30 0 L30 460" stroke-width="18"/>
    <path d="M905 0 L905 460" stroke-width="18"/>
  </g>
  <g font-family="${FONT}" font-size="20" fill="${stone700}">
    <text x="120" y="247">Balogun Street</text>
    <text x="660" y="247">Broad Street</text>
    <text x="400" y="33" text-anchor="middle">Marina Road</text>
    <text transform="translate(282 160) rotate(90)">Martins Street</text>
    <text transform="translate(557 300) rotate(90)">Nnamdi Azikiwe St</text>
  </g>
  <g transform="translate(410 240)">
    <ellipse cx="0" cy="6" rx="22" ry="8" fill="#000" opacity="0.2"/>
    <path d="M0 0 C-10 -24 -36 -40 -36 -68 A36 36 0 0 1 36 -68 C36 -40 10 -24 0 0 Z" fill="${wine700}" stroke="#ffffff" stroke-width="4"/>
    <circle cx="0" cy="-68" r="13" fill="#ffffff"/>
  </g>
  <rect x="318" y="92" width="184" height="54" rx="10" fill="#ffffff" stroke="${wine700}" stroke-width="3"/>
  <text x="410" y="117" text-anchor="middle" font-family="${FONT}" font-size="18" font-weight="bold" fill="${wine900}">Stitch &amp; Trim</text>
  <text x="410" y="138" text-anchor="middle" font-family="${FONT}" font-size="14" fill="${stone700}">18 Balogun Street</text>
  <g transform="translate(890 530)" font-family="${FONT}" font-size="18" font-weight="bold" fill="${stone700}">
    <path d="M0 -40 L10 -14 L0 -20 L-10 -14 Z" fill="${stone700}"/><text x="0" y="4" text-anchor="middle">N</text>
  </g>
</svg>`;

await write('about/workshop.webp', workshop, 960, 540);
for (const person of team)
  await write(`about/${person.file}.webp`, portrait({ ...person, background: linen100 }), 240, 240);
for (const person of customers) {
  await write(`testimonials/${person.file}.webp`, portrait({ ...person, background: linen50 }), 112, 112);
}
await write('contact/map.webp', map, 960, 600, 80);
