/**
 * The demo catalogue: six categories of sewing and tailoring supplies, about 170 products.
 *
 * Products are written as tables of base items × variants (usually colours). Everything that
 * varies per product (price, stock, number of images) comes from a seeded pseudo-random
 * generator keyed on the product slug, so the output is identical on every run and adding an
 * item does not reshuffle the others. Images are descriptions of placeholder pictures; see
 * product-images.ts for how they are drawn.
 *
 * How each product is sold (units of sale, issue 24) follows what it is: laces, trims, ribbons
 * and chains by the yard (step 0.5, at least 1 yard; piping by the metre), buttons, stones and
 * beads by the pack (its size read from the name: "(Pack of 12)", "(1440 pcs)"), the rest by the
 * piece. Stock is in hundredths of the unit; a few products have price breaks (SALE_RULES).
 */

import type { PriceBreakHundredths, SaleTerms } from '@shop/shared';

export interface SeedSpecification {
  name: string;
  value: string;
}

export type ImagePattern = 'stripes' | 'dots' | 'zigzag' | 'scallop' | 'grid' | 'waves' | 'diamonds' | 'solid';

/** A placeholder picture: colours are hex strings such as '#c0392b'. */
export interface SeedImage {
  background: string;
  accent: string;
  pattern: ImagePattern;
  label: string;
}

export interface SeedProduct {
  slug: string;
  name: string;
  description: string;
  /** Per unit of sale (per yard, per pack, per piece). */
  priceKobo: number;
  /** Hundredths of the unit of sale: 3750 is 37.5 yards, 4000 is 40 packs. */
  stockHundredths: number;
  terms: SaleTerms;
  specifications: SeedSpecification[];
  isHotBuy: boolean;
  isNewlyAdded: boolean;
  /** The first image is the thumbnail. */
  images: SeedImage[];
}

export interface SeedSubcategory {
  slug: string;
  name: string;
  description: string;
  products: SeedProduct[];
}

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  subcategories: SeedSubcategory[];
}

// ---------- Deterministic randomness ----------

function hashString(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast PRNG; the same seed always gives the same sequence. */
function seededRandom(seed: string): () => number {
  let state = hashString(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function shuffled<T>(items: readonly T[], seed: string): T[] {
  const random = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

// ---------- Colours ----------

interface Colour {
  hex: string;
  /** Pattern colour when the automatic lighter/darker shade would not look right. */
  accent?: string;
}

const COLOURS = {
  Gold: { hex: '#c9a227', accent: '#fff0b3' },
  Silver: { hex: '#aab1b9', accent: '#f4f6f8' },
  'Rose Gold': { hex: '#c98f7d', accent: '#fbe3da' },
  Champagne: { hex: '#e3cfa4', accent: '#a8894f' },
  Bronze: { hex: '#8c5a2b', accent: '#e0b483' },
  'Antique Brass': { hex: '#8a6d3b', accent: '#e6cf9a' },
  Gunmetal: { hex: '#4b4f55', accent: '#a9afb7' },
  Red: { hex: '#c0392b' },
  Wine: { hex: '#6d1f33' },
  'Royal Blue': { hex: '#1f4fbf' },
  'Navy Blue': { hex: '#1b2a4a' },
  'Sky Blue': { hex: '#78b7e0' },
  Teal: { hex: '#12817a' },
  'Emerald Green': { hex: '#0f7a4a' },
  'Army Green': { hex: '#4b5a2a' },
  'Lemon Green': { hex: '#b5d334' },
  Peach: { hex: '#f2b38f' },
  Coral: { hex: '#f06d5b' },
  'Baby Pink': { hex: '#f5c2cf' },
  Fuchsia: { hex: '#cf2f86' },
  Onion: { hex: '#c48a9a' },
  Purple: { hex: '#5e2a84' },
  Lilac: { hex: '#b79ad1' },
  Orange: { hex: '#e67e22' },
  Mustard: { hex: '#d4a017' },
  Ivory: { hex: '#f2ecdc', accent: '#c9b98f' },
  Cream: { hex: '#efe3c8', accent: '#b49a63' },
  White: { hex: '#f7f7f4', accent: '#b9bcc2' },
  Black: { hex: '#1d1d1f', accent: '#8d8d93' },
  Brown: { hex: '#6b4423' },
  Nude: { hex: '#d9b99b' },
  Multicolour: { hex: '#2b7bb9', accent: '#f4d03f' },
  Natural: { hex: '#c49a6c', accent: '#8a6238' },
  Honey: { hex: '#b7793a', accent: '#f0c58d' },
  Walnut: { hex: '#5d3a1a', accent: '#a7744a' },
  'Dark Wood': { hex: '#3f2716', accent: '#7d5536' },
  Crystal: { hex: '#dfe7ee', accent: '#8fa6bd' },
  'Crystal AB': { hex: '#d9e4f2', accent: '#a67fd1' },
  'Jet Black': { hex: '#16161a', accent: '#6f7480' },
  'Siam Red': { hex: '#a3162b', accent: '#f08a9a' },
  Sapphire: { hex: '#0f52ba', accent: '#8fb8ff' },
  Emerald: { hex: '#0b6b3a', accent: '#7fe0a8' },
  'Light Rose': { hex: '#f1a7b5', accent: '#fff0f3' },
  Topaz: { hex: '#c8842b', accent: '#ffd59a' },
  Amethyst: { hex: '#8e5bb5', accent: '#e3c9f7' },
  'Silver Crystal': { hex: '#9ea6ae', accent: '#eef4fa' },
  'Gold Crystal': { hex: '#b8902b', accent: '#f3f6fa' },
} satisfies Record<string, Colour>;

type ColourName = keyof typeof COLOURS;

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(hex: string, towards: string, amount: number): string {
  const a = parseHex(hex);
  const b = parseHex(towards);
  return toHex(
    [0, 1, 2].map((i) => (a[i] as number) + ((b[i] as number) - (a[i] as number)) * amount) as [number, number, number],
  );
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function colourDistance(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

/** A lighter shade on dark colours and a darker one on light colours. */
function autoAccent(hex: string): string {
  return luminance(hex) < 0.5 ? mix(hex, '#ffffff', 0.5) : mix(hex, '#000000', 0.38);
}

// ---------- Base items ----------

/** A colour name, or [variant name for the product name, colour name, specification name]. */
type Variant = ColourName | [variant: string, colour: ColourName, specName?: string];

interface ItemDef {
  key: string;
  /** `{v}` is replaced by the variant name. */
  name: string;
  /** 2-4 sentences; `{v}` and `{vl}` (lower case) are replaced by the variant name. */
  description: string;
  /** Naira, inclusive. */
  price: [min: number, max: number];
  /** Specifications before the Colour entry, as 'Name: value; Name: value'; `{v}` is replaced. */
  specs: string;
  pattern: ImagePattern;
  altPattern: ImagePattern;
  /** The thumbnail's label; `{v}` is replaced. */
  label: string;
  /** The label of the third picture, e.g. the pack size. */
  detail: string;
  /** A fixed pattern colour (metallic thread, gold edge); ignored when too close to the background. */
  accent?: string;
  variants: Variant[];
}

interface SubcategoryDef {
  slug: string;
  name: string;
  description: string;
  items: ItemDef[];
}

interface CategoryDef {
  slug: string;
  name: string;
  description: string;
  subcategories: SubcategoryDef[];
}

const GOLD_THREAD = '#e8c45a';

const CATALOGUE: CategoryDef[] = [
  {
    slug: 'trims',
    name: 'Trims',
    description:
      'Sequin, fringe, piping, pom-pom and braided trims to finish hems, necklines and sleeves on everything from bridal gowns to agbada.',
    subcategories: [
      {
        slug: 'sequin-trims',
        name: 'Sequin Trims',
        description: 'Rows of sequins on thread or mesh, for edging necklines, cuffs, veils and hems.',
        items: [
          {
            key: 'flat-sequin-trim-6mm',
            name: 'Flat Sequin Trim 6mm – {v}, 10 yards',
            description:
              'A single row of 6mm flat sequins stitched onto a strong polyester thread, ready to sew along necklines, cuffs and hems. The {vl} finish catches the light beautifully under owambe hall lighting. Sold by the yard and cut in one continuous length: 10 yards edge a full gown or two bubu dresses.',
            price: [1800, 2600],
            specs: 'Material: PVC sequins on polyester thread; Width: 6mm; Length: 10 yards (9.1 m)',
            pattern: 'dots',
            altPattern: 'scallop',
            label: 'Sequin Trim',
            detail: '6mm · 10 yards',
            variants: ['Gold', 'Silver', 'Royal Blue', 'Red'],
          },
          {
            key: 'scallop-sequin-trim-3cm',
            name: 'Scalloped Sequin Edge Trim 3cm – {v}, 5 yards',
            description:
              'Overlapping sequins arranged in soft scallops on a fine mesh backing. It gives a clean, finished edge to sleeves, veils and the hem of an aso-ebi blouse, and lies flat without puckering. Stitch through the mesh by hand for an invisible finish.',
            price: [3800, 5200],
            specs: 'Material: Sequins on polyester mesh; Width: 3cm; Length: 5 yards; Edge: Scalloped',
            pattern: 'scallop',
            altPattern: 'dots',
            label: 'Scallop Sequin Trim',
            detail: '3cm · 5 yards',
            variants: ['Rose Gold', 'Champagne'],
          },
        ],
      },
      {
        slug: 'fringe-trims',
        name: 'Fringe Trims',
        description: 'Chainette, bead and tassel fringes that add movement to kaftans, capes and statement sleeves.',
        items: [
          {
            key: 'chainette-fringe-trim-15cm',
            name: 'Chainette Fringe Trim 15cm – {v}, 5 yards',
            description:
              'Silky rayon chainette fringe with a 15cm drop that swings as you move. A favourite for kaftan hems, capes and statement sleeves. The braided header tape is easy to machine-stitch and hides neatly under a facing.',
            price: [2600, 4200],
            specs: 'Material: Rayon chainette; Drop length: 15cm; Length: 5 yards; Header: 1.5cm braided tape',
            pattern: 'stripes',
            altPattern: 'waves',
            label: 'Fringe Trim',
            detail: '15cm drop',
            variants: ['Black', 'Gold', 'Wine'],
          },
          {
            key: 'glass-bead-fringe-trim-8cm',
            name: 'Glass Bead Fringe Trim 8cm – {v}, 1 yard',
            description:
              'Strands of glass seed beads hanging from a cotton tape, each finished with a small teardrop bead. Perfect for flapper-style dresses, bridal capes and the neckline of a corset gown. Sew through the tape by hand to keep the strands evenly spaced.',
            price: [2200, 3400],
            specs: 'Material: Glass seed beads on cotton tape; Drop length: 8cm; Length: 1 yard',
            pattern: 'stripes',
            altPattern: 'dots',
            label: 'Bead Fringe Trim',
            detail: '8cm drop · per yard',
            variants: ['Silver', 'Crystal AB'],
          },
          {
            key: 'mini-tassel-fringe-trim-6cm',
            name: 'Mini Tassel Fringe Trim 6cm – {v}, 5 yards',
            description:
              'Little tassels spaced 2cm apart on a woven header. They add a playful finish to Ankara jackets, bags and headwraps. Colour-fast and safe to hand wash.',
            price: [2000, 3000],
            specs: 'Material: Polyester yarn; Tassel length: 6cm; Length: 5 yards',
            pattern: 'zigzag',
            altPattern: 'stripes',
            label: 'Tassel Trim',
            detail: '6cm tassels',
            variants: ['Mustard'],
          },
        ],
      },
      {
        slug: 'piping',
        name: 'Piping & Cord',
        description: 'Satin and lurex piping and twisted cords for crisp seams, collars and agbada outlines.',
        items: [
          {
            key: 'satin-piping-trim-5mm',
            name: 'Satin Piping Trim 5mm – {v}, 25 metres',
            description:
              'Smooth satin bias piping with a 5mm filled cord and a 1cm seam allowance. Insert it into princess seams, collars and pocket edges for a crisp tailored outline. Sold by the metre: a few metres cover several outfits.',
            price: [2200, 3200],
            specs: 'Material: Polyester satin over cotton cord; Cord diameter: 5mm; Length: 25 metres',
            pattern: 'stripes',
            altPattern: 'solid',
            label: 'Satin Piping',
            detail: '5mm · 25 m roll',
            variants: ['Black', 'White', 'Wine', 'Royal Blue'],
          },
          {
            key: 'metallic-lurex-piping-trim-3mm',
            name: 'Metallic Lurex Piping Trim 3mm – {v}, 10 yards',
            description:
              'Fine lurex piping with a gentle metallic sparkle that lifts a plain senator or kaftan. The 3mm cord is flexible enough for tight curves around necklines and armholes. Machine-stitch with a zipper foot.',
            price: [1600, 2400],
            specs: 'Material: Lurex and polyester; Cord diameter: 3mm; Length: 10 yards',
            pattern: 'stripes',
            altPattern: 'diamonds',
            label: 'Lurex Piping',
            detail: '3mm · 10 yards',
            variants: ['Gold', 'Silver'],
          },
          {
            key: 'twisted-rope-cord-trim-8mm',
            name: 'Twisted Rope Cord Trim 8mm – {v}, 10 yards',
            description:
              'A thick three-ply twisted cord used to outline agbada embroidery, cap brims and cushion edges. Wrap the ends with tape before cutting and it holds its twist. Sold by the yard, cut in one continuous length.',
            price: [1900, 2800],
            specs: 'Material: Viscose; Diameter: 8mm; Length: 10 yards',
            pattern: 'waves',
            altPattern: 'stripes',
            label: 'Twisted Cord',
            detail: '8mm · 10 yards',
            variants: ['Cream'],
          },
        ],
      },
      {
        slug: 'pom-pom-trims',
        name: 'Pom-pom Trims',
        description: 'Playful pom-pom edgings for children’s wear, Ankara skirts, kimono jackets and décor.',
        items: [
          {
            key: 'mini-pom-pom-trim-10mm',
            name: 'Mini Pom-pom Trim 10mm – {v}, 10 yards',
            description:
              'Soft 10mm pom-poms on a narrow braid header. Brilliant for children’s wear, Ankara skirts and party decorations. The header tucks neatly inside a hem or can be left on show.',
            price: [1200, 1900],
            specs: 'Material: Acrylic and polyester; Pom-pom size: 10mm; Length: 10 yards',
            pattern: 'dots',
            altPattern: 'waves',
            label: 'Pom-pom Trim',
            detail: '10mm · 10 yards',
            variants: ['White', 'Red', 'Multicolour'],
          },
          {
            key: 'large-pom-pom-trim-25mm',
            name: 'Large Pom-pom Ball Trim 25mm – {v}, 5 yards',
            description:
              'Chunky 25mm pom-poms spaced along a sturdy woven header for bold, fun edges. Use it on kimono jackets, beach cover-ups and home décor. Every pom-pom is firmly knotted so it does not shed.',
            price: [1800, 2800],
            specs: 'Material: Acrylic yarn; Pom-pom size: 25mm; Length: 5 yards',
            pattern: 'dots',
            altPattern: 'zigzag',
            label: 'Pom-pom Trim',
            detail: '25mm · 5 yards',
            variants: ['Fuchsia', 'Teal'],
          },
        ],
      },
      {
        slug: 'braid-trims',
        name: 'Braid & Gimp Trims',
        description: 'Woven braids, ric rac and gimp for borders, uniforms and raised agbada embroidery lines.',
        items: [
          {
            key: 'metallic-braid-trim-12mm',
            name: 'Metallic Braid Trim 12mm – {v}, 10 yards',
            description:
              'A flat woven braid with metallic thread that gives a regal look to kaftans, abaya cuffs and cape edges. The 12mm width is easy to top-stitch along both sides. It does not fray when cut at an angle.',
            price: [2000, 3200],
            specs: 'Material: Metallic yarn and polyester; Width: 12mm; Length: 10 yards',
            pattern: 'zigzag',
            altPattern: 'diamonds',
            label: 'Braid Trim',
            detail: '12mm · 10 yards',
            variants: ['Gold', 'Silver'],
          },
          {
            key: 'ric-rac-trim-8mm',
            name: 'Ric Rac Trim 8mm – {v}, 10 yards',
            description:
              'Classic zigzag ric rac in cotton-polyester that keeps its shape after washing. Use it on school uniforms, aprons and children’s dresses, or tuck it half into a seam for a scalloped peek-a-boo edge.',
            price: [700, 1100],
            specs: 'Material: Cotton-polyester; Width: 8mm; Length: 10 yards',
            pattern: 'zigzag',
            altPattern: 'stripes',
            label: 'Ric Rac Trim',
            detail: '8mm · 10 yards',
            variants: ['Red', 'Navy Blue'],
          },
          {
            key: 'gimp-braid-trim-agbada',
            name: 'Gimp Braid Trim for Agbada – {v}, 20 yards',
            description:
              'A firm, shiny gimp braid that tailors use to trace embroidery patterns on agbada and babariga fronts. It bends smoothly around curves and sits up from the fabric for a raised finish. Couch it down with matching thread.',
            price: [3500, 5000],
            specs: 'Material: Rayon over cotton core; Width: 4mm; Length: 20 yards',
            pattern: 'waves',
            altPattern: 'zigzag',
            label: 'Gimp Trim',
            detail: '4mm · 20 yards',
            variants: ['Gold', 'Black'],
          },
        ],
      },
    ],
  },
  {
    slug: 'laces',
    name: 'Laces',
    description:
      'French, cord, guipure, Swiss voile and beaded laces for aso-ebi, bridal and owambe outfits, sold by the yard unless stated.',
    subcategories: [
      {
        slug: 'french-lace',
        name: 'French Lace',
        description: 'Soft tulle-based laces with corded flowers and sequins, the classic choice for aso-ebi.',
        items: [
          {
            key: 'sequinned-french-lace',
            name: 'Sequinned French Lace – {v}, 5 yards',
            description:
              'A soft tulle base embroidered with floral motifs and scattered sequins, with scalloped borders on both selvedges. It drapes well for iro and buba, mermaid skirts and fitted aso-ebi gowns. Five yards is enough for one complete outfit.',
            price: [28000, 42000],
            specs:
              'Material: Polyester tulle with sequin embroidery; Width: 130cm (51 inches); Length: 5 yards; Care: Hand wash cold or dry clean',
            pattern: 'scallop',
            altPattern: 'grid',
            label: 'French Lace',
            detail: '5 yards · 130cm wide',
            variants: ['Royal Blue', 'Onion', 'Wine', 'Peach', 'Emerald Green'],
          },
          {
            key: 'french-net-lace',
            name: 'French Net Lace – {v}, 5 yards',
            description:
              'A lightweight net lace with delicate corded flowers and no stones, ideal when you want to add your own beading. Great for overlays, sleeves and church outfits. Pairs well with a satin or crepe lining.',
            price: [18000, 26000],
            specs: 'Material: Nylon net with corded embroidery; Width: 130cm (51 inches); Length: 5 yards',
            pattern: 'grid',
            altPattern: 'scallop',
            label: 'French Net Lace',
            detail: '5 yards · unstoned',
            variants: ['White', 'Lilac'],
          },
        ],
      },
      {
        slug: 'cord-lace',
        name: 'Cord Lace',
        description: 'Structured laces with raised corded motifs that hold their shape for peplums and fitted styles.',
        items: [
          {
            key: 'heavy-cord-lace',
            name: 'Heavy Cord Lace – {v}, 5 yards',
            description:
              'A thick, structured cord lace with raised corded flowers on a firm net. It holds its shape well for peplum tops, structured skirts and men’s agbada accents. The rich texture photographs beautifully at owambe events.',
            price: [32000, 48000],
            specs: 'Material: Polyester cord on nylon net; Width: 125cm; Length: 5 yards; Weight: Heavy',
            pattern: 'waves',
            altPattern: 'scallop',
            label: 'Cord Lace',
            detail: '5 yards · heavy',
            variants: ['Gold', 'Coral', 'Army Green'],
          },
          {
            key: 'stoned-cord-lace',
            name: 'Stoned Cord Lace – {v}, 5 yards',
            description:
              'Our premium cord lace, finished with hand-applied stones along every motif. It needs little extra embellishment and is a top pick for brides’ families and aso-ebi coordinators. Cut carefully around the motifs to keep the stones intact.',
            price: [45000, 62000],
            specs: 'Material: Polyester cord, glass stones; Width: 125cm; Length: 5 yards; Finish: Hand-stoned',
            pattern: 'diamonds',
            altPattern: 'waves',
            label: 'Stoned Cord Lace',
            detail: '5 yards · hand-stoned',
            variants: ['Wine', 'Sky Blue', 'Purple'],
          },
        ],
      },
      {
        slug: 'guipure-lace',
        name: 'Guipure Lace',
        description: 'Bold, netless chemical laces and guipure borders with a crisp, heavy look.',
        items: [
          {
            key: 'guipure-lace',
            name: 'Guipure Lace – {v}, 5 yards',
            description:
              'A bold chemical lace with no net backing: the motifs are joined by bars, so the fabric holds itself up. It gives a crisp, heavy look to fitted dresses and pencil skirts. Best lined, and it does not fray when cut around the motifs.',
            price: [22000, 34000],
            specs: 'Material: Polyester; Width: 120cm; Length: 5 yards',
            pattern: 'diamonds',
            altPattern: 'scallop',
            label: 'Guipure Lace',
            detail: '5 yards · 120cm wide',
            variants: ['Red', 'Orange', 'Navy Blue', 'White'],
          },
          {
            key: 'guipure-lace-trim-8cm',
            name: 'Guipure Lace Trim 8cm – {v}, 10 yards',
            description:
              'An 8cm guipure border for hems, necklines and sleeves that can also be cut into single motifs. Popular for finishing kaftans and for adding a bridal touch to plain gowns.',
            price: [4500, 6500],
            specs: 'Material: Polyester; Width: 8cm; Length: 10 yards',
            pattern: 'scallop',
            altPattern: 'diamonds',
            label: 'Guipure Trim',
            detail: '8cm · 10 yards',
            variants: ['Ivory', 'Black'],
          },
        ],
      },
      {
        slug: 'swiss-voile-lace',
        name: 'Swiss Voile Lace',
        description:
          'Breathable cotton voile with eyelet embroidery, a classic for iro and buba and men’s native wear.',
        items: [
          {
            key: 'swiss-voile-lace',
            name: 'Swiss Voile Lace – {v}, 5 yards',
            description:
              'Breathable cotton voile with eyelet embroidery, a classic for iro and buba and for men’s native wear. It is cool to wear in the heat and softens with every wash. Five yards makes a full outfit for most sizes.',
            price: [38000, 55000],
            specs: 'Material: 100% cotton voile; Width: 135cm; Length: 5 yards; Care: Gentle machine wash',
            pattern: 'dots',
            altPattern: 'grid',
            label: 'Swiss Voile',
            detail: '5 yards · cotton',
            variants: ['Royal Blue', 'White', 'Lemon Green', 'Brown'],
          },
          {
            key: 'stoned-swiss-voile-lace',
            name: 'Swiss Voile Lace with Stones – {v}, 5 yards',
            description:
              'The same soft cotton voile, hand-stoned along the embroidered motifs for extra sparkle. A sure hit for aso-ebi packages where you want something lighter than cord lace.',
            price: [52000, 68000],
            specs: 'Material: Cotton voile, glass stones; Width: 135cm; Length: 5 yards',
            pattern: 'dots',
            altPattern: 'diamonds',
            label: 'Stoned Swiss Voile',
            detail: '5 yards · stoned',
            variants: ['Teal', 'Peach'],
          },
        ],
      },
      {
        slug: 'beaded-lace',
        name: 'Beaded Lace',
        description: 'Pearl and bugle-bead laces and beaded borders for wedding dresses and reception gowns.',
        items: [
          {
            key: 'beaded-bridal-lace',
            name: 'Beaded Bridal Lace – {v}, 5 yards',
            description:
              'Heavily beaded lace with pearls, bugle beads and sequins on a soft tulle base, made for wedding dresses, reception gowns and engagement outfits. The beading is stitched, not glued, so motifs can be cut out and reapplied.',
            price: [62000, 85000],
            specs:
              'Material: Tulle with pearls, bugle beads and sequins; Width: 130cm; Length: 5 yards; Finish: Hand-beaded',
            pattern: 'scallop',
            altPattern: 'dots',
            label: 'Beaded Lace',
            detail: '5 yards · hand-beaded',
            variants: ['Ivory', 'White', 'Champagne', 'Nude'],
          },
          {
            key: 'beaded-lace-trim-5cm',
            name: 'Beaded Lace Trim 5cm – {v}, 1 yard',
            description:
              'A 5cm beaded lace border sold by the yard, ideal for veil edges, necklines and sleeve cuffs. Each yard is one continuous piece whose motifs can also be cut apart.',
            price: [3500, 5500],
            specs: 'Material: Tulle with glass beads; Width: 5cm; Length: 1 yard',
            pattern: 'dots',
            altPattern: 'scallop',
            label: 'Beaded Lace Trim',
            detail: '5cm · per yard',
            variants: ['Silver', 'Gold'],
          },
        ],
      },
    ],
  },
  {
    slug: 'buttons',
    name: 'Buttons',
    description:
      'Shank, wooden, metal, pearl and covered buttons for shirts, suits, kaftans and senator wear, packed in useful quantities.',
    subcategories: [
      {
        slug: 'shank-buttons',
        name: 'Shank Buttons',
        description:
          'Buttons with a loop at the back that sit proud of the fabric, for jackets, senator tops and gowns.',
        items: [
          {
            key: 'metal-shank-buttons-18mm',
            name: '{v} Metal Shank Buttons 18mm (Pack of 12)',
            description:
              'Domed metal buttons with a shank at the back, so they sit proud of the fabric. A go-to for blazers, senator tops and kaftan plackets. A pack of 12 covers a jacket front and both cuffs.',
            price: [1500, 2400],
            specs: 'Material: Zinc alloy; Size: 18mm; Pack size: 12 buttons; Fastening: Shank',
            pattern: 'dots',
            altPattern: 'diamonds',
            label: 'Shank Button',
            detail: '18mm · pack of 12',
            variants: ['Gold', 'Silver', 'Antique Brass'],
          },
          {
            key: 'rhinestone-shank-buttons-12mm',
            name: 'Rhinestone Shank Buttons 12mm – {v} (Pack of 10)',
            description:
              'Small buttons set with a cluster of rhinestones, made for bridal gowns, corset backs and evening blouses. The shank lifts the stones off the fabric so they sparkle properly.',
            price: [1800, 2800],
            specs: 'Material: Glass stones in metal setting; Size: 12mm; Pack size: 10 buttons',
            pattern: 'diamonds',
            altPattern: 'dots',
            label: 'Stone Button',
            detail: '12mm · pack of 10',
            variants: ['Crystal', 'Jet Black'],
          },
          {
            key: 'lion-head-blazer-buttons',
            name: 'Lion Head Blazer Buttons – {v} (Set of 10)',
            description:
              'Embossed lion-head buttons for double-breasted blazers and military-style jackets. Each set has four 20mm buttons for the front and six 15mm buttons for the cuffs.',
            price: [2500, 3800],
            specs: 'Material: Brass-plated zinc alloy; Size: 20mm and 15mm; Pack size: 4 large + 6 small',
            pattern: 'dots',
            altPattern: 'solid',
            label: 'Blazer Button',
            detail: 'Set of 10',
            variants: ['Gold'],
          },
        ],
      },
      {
        slug: 'wooden-buttons',
        name: 'Wooden Buttons',
        description: 'Natural wood buttons and toggles for an earthy finish on shirts, cardigans and kids’ wear.',
        items: [
          {
            key: 'round-wooden-buttons-20mm',
            name: 'Round Wooden Buttons 20mm – {v} (Pack of 20)',
            description:
              'Smooth four-hole wooden buttons with a light wax finish. They give a natural, earthy touch to Ankara shirts, cardigans and kids’ wear. Take them off before hot ironing to protect the finish.',
            price: [900, 1500],
            specs: 'Material: Beech wood; Size: 20mm; Pack size: 20 buttons; Holes: 4',
            pattern: 'waves',
            altPattern: 'dots',
            label: 'Wood Button',
            detail: '20mm · pack of 20',
            variants: ['Natural', 'Walnut', 'Dark Wood'],
          },
          {
            key: 'wooden-toggle-buttons-40mm',
            name: 'Wooden Toggle Buttons 40mm – {v} (Pack of 10)',
            description:
              'Horn-shaped wooden toggles for duffle coats, casual jackets and bags. Sew them on with a loop of cord for an easy, relaxed fastening.',
            price: [1200, 1800],
            specs: 'Material: Hardwood; Size: 40mm; Pack size: 10 toggles',
            pattern: 'stripes',
            altPattern: 'waves',
            label: 'Toggle Button',
            detail: '40mm · pack of 10',
            variants: ['Honey'],
          },
          {
            key: 'engraved-wooden-buttons-15mm',
            name: 'Engraved Wooden Buttons 15mm – {v} (Pack of 24)',
            description:
              'Laser-engraved 15mm buttons with a tiny floral motif, lovely on baby clothes, knitwear and handmade gifts. Two holes make them quick to sew on by hand or machine.',
            price: [700, 1100],
            specs: 'Material: Birch wood; Size: 15mm; Pack size: 24 buttons',
            pattern: 'grid',
            altPattern: 'dots',
            label: 'Engraved Button',
            detail: '15mm · pack of 24',
            variants: ['Natural'],
          },
        ],
      },
      {
        slug: 'metal-buttons',
        name: 'Metal Buttons',
        description: 'Snap, jeans and embossed metal buttons that stand up to daily wear.',
        items: [
          {
            key: 'metal-snap-buttons-12mm',
            name: 'Metal Snap Buttons 12mm – {v} (Pack of 50)',
            description:
              'Sew-free press-stud buttons, supplied with a setting tool. Use them on shirts, baby clothes and bags where you want a quick, secure fastening. Each pack has 50 complete sets.',
            price: [1000, 1600],
            specs: 'Material: Brass; Size: 12mm; Pack size: 50 sets with tool',
            pattern: 'dots',
            altPattern: 'grid',
            label: 'Snap Button',
            detail: '12mm · 50 sets',
            variants: ['Silver', 'Black'],
          },
          {
            key: 'hammer-on-jeans-buttons-17mm',
            name: 'Hammer-on Jeans Buttons 17mm – {v} (Pack of 20)',
            description:
              'Tack buttons for denim trousers, jackets and skirts, with a nail back that you hammer through the fabric. No sewing needed, and they hold up to daily wear.',
            price: [1100, 1700],
            specs: 'Material: Brass cap, steel tack; Size: 17mm; Pack size: 20 buttons',
            pattern: 'dots',
            altPattern: 'stripes',
            label: 'Jeans Button',
            detail: '17mm · pack of 20',
            variants: ['Antique Brass', 'Bronze'],
          },
          {
            key: 'embossed-agbada-buttons-22mm',
            name: 'Embossed Agbada Buttons 22mm – {v} (Pack of 6)',
            description:
              'Large, ornate metal buttons for agbada, babariga and senator tops. The embossed pattern looks rich against plain fabrics and heavy embroidery alike.',
            price: [1800, 2600],
            specs: 'Material: Zinc alloy; Size: 22mm; Pack size: 6 buttons',
            pattern: 'diamonds',
            altPattern: 'dots',
            label: 'Agbada Button',
            detail: '22mm · pack of 6',
            variants: ['Gold', 'Gunmetal'],
          },
        ],
      },
      {
        slug: 'pearl-buttons',
        name: 'Pearl Buttons',
        description: 'Faux-pearl and shell buttons for bridal backs, blouses and fine shirts.',
        items: [
          {
            key: 'faux-pearl-buttons-10mm',
            name: 'Faux Pearl Buttons 10mm – {v} (Pack of 50)',
            description:
              'Round faux-pearl buttons with a shank loop, a classic for bridal gowns, blouses and cardigan fronts. The lustrous coating does not peel with normal hand washing.',
            price: [900, 1500],
            specs: 'Material: ABS pearl; Size: 10mm; Pack size: 50 buttons',
            pattern: 'dots',
            altPattern: 'solid',
            label: 'Pearl Button',
            detail: '10mm · pack of 50',
            variants: ['White', 'Ivory', 'Champagne'],
          },
          {
            key: 'bridal-back-pearl-buttons-8mm',
            name: 'Bridal Back Pearl Buttons 8mm – {v} (Pack of 100)',
            description:
              'Tiny pearl buttons for the classic row of buttons down the back of a wedding gown. One hundred buttons are enough for a long closure, with spares for repairs.',
            price: [1500, 2200],
            specs: 'Material: Glass pearl; Size: 8mm; Pack size: 100 buttons',
            pattern: 'dots',
            altPattern: 'scallop',
            label: 'Bridal Button',
            detail: '8mm · pack of 100',
            variants: ['Ivory'],
          },
          {
            key: 'mother-of-pearl-shirt-buttons-11mm',
            name: 'Mother-of-Pearl Shirt Buttons 11mm – {v} (Pack of 24)',
            description:
              'Genuine shell buttons with a natural sheen, each one slightly unique. They lift a good cotton or linen shirt and are a favourite of bespoke tailors. Four holes, suitable for collars, plackets and cuffs.',
            price: [2200, 3200],
            specs: 'Material: Natural shell; Size: 11mm; Pack size: 24 buttons; Holes: 4',
            pattern: 'waves',
            altPattern: 'dots',
            label: 'Shell Button',
            detail: '11mm · pack of 24',
            variants: ['White', 'Black'],
          },
        ],
      },
      {
        slug: 'covered-buttons',
        name: 'Covered Buttons',
        description: 'Satin and aso-oke covered buttons to match gowns and traditional outfits.',
        items: [
          {
            key: 'satin-covered-buttons-12mm',
            name: 'Satin Covered Buttons 12mm – {v} (Pack of 20)',
            description:
              'Ready-made buttons covered in smooth satin, with a loop shank. Match them to a gown, kaftan or bridal jacket for a seamless look.',
            price: [1000, 1500],
            specs: 'Material: Satin over plastic core; Size: 12mm; Pack size: 20 buttons',
            pattern: 'solid',
            altPattern: 'dots',
            label: 'Covered Button',
            detail: '12mm · pack of 20',
            variants: ['White', 'Wine', 'Royal Blue'],
          },
          {
            key: 'aso-oke-covered-buttons-15mm',
            name: 'Aso-oke Covered Buttons 15mm – {v} (Pack of 12)',
            description:
              'Buttons wrapped in strips of hand-woven aso-oke, made to match traditional outfits. Ideal for finishing a buba and sokoto set for a groom or a celebrant.',
            price: [1300, 2000],
            specs: 'Material: Aso-oke over metal core; Size: 15mm; Pack size: 12 buttons',
            pattern: 'stripes',
            altPattern: 'grid',
            label: 'Aso-oke Button',
            detail: '15mm · pack of 12',
            accent: GOLD_THREAD,
            variants: ['Wine', 'Purple'],
          },
        ],
      },
    ],
  },
  {
    slug: 'ribbons',
    name: 'Ribbons',
    description: 'Satin, grosgrain, organza and velvet ribbons by the roll for sashes, bows, packaging and finishing.',
    subcategories: [
      {
        slug: 'satin-ribbons',
        name: 'Satin Ribbons',
        description: 'Glossy satin ribbons for sashes, bows, bouquets and souvenir packaging.',
        items: [
          {
            key: 'double-faced-satin-ribbon-25mm',
            name: 'Double-Faced Satin Ribbon 25mm – {v}, 50 yards',
            description:
              'Glossy on both sides, so bows look perfect from every angle. Use it for sashes, hair accessories, bridal bouquets and souvenir packaging. Heat-seal the cut ends with a lighter to stop fraying.',
            price: [3200, 4500],
            specs: 'Material: Polyester satin; Width: 25mm (1 inch); Length: 50 yards; Finish: Glossy both sides',
            pattern: 'stripes',
            altPattern: 'solid',
            label: 'Satin Ribbon',
            detail: '25mm · 50 yards',
            variants: ['Red', 'White', 'Royal Blue', 'Gold', 'Baby Pink'],
          },
          {
            key: 'satin-ribbon-6mm',
            name: 'Narrow Satin Ribbon 6mm – {v}, 100 yards',
            description:
              'A narrow satin ribbon for ribbon embroidery, lingerie, smocking and little bows on children’s wear. Sold by the yard, economical for workshops and school projects.',
            price: [1500, 2200],
            specs: 'Material: Polyester satin; Width: 6mm; Length: 100 yards',
            pattern: 'stripes',
            altPattern: 'waves',
            label: 'Narrow Satin Ribbon',
            detail: '6mm · 100 yards',
            variants: ['Ivory', 'Emerald Green'],
          },
        ],
      },
      {
        slug: 'grosgrain-ribbons',
        name: 'Grosgrain Ribbons',
        description: 'Firm ribbed ribbons for hat bands, waist stays, uniforms and straps.',
        items: [
          {
            key: 'grosgrain-ribbon-38mm',
            name: 'Grosgrain Ribbon 38mm – {v}, 25 yards',
            description:
              'A firm ribbed ribbon that holds its shape, ideal for hat bands, waist stays, school uniform ties and bag straps. It takes stitching well and does not slip under the presser foot.',
            price: [2800, 3800],
            specs: 'Material: Polyester grosgrain; Width: 38mm (1.5 inches); Length: 25 yards',
            pattern: 'grid',
            altPattern: 'stripes',
            label: 'Grosgrain Ribbon',
            detail: '38mm · 25 yards',
            variants: ['Navy Blue', 'Red', 'Mustard', 'Black'],
          },
          {
            key: 'striped-grosgrain-ribbon-25mm',
            name: 'Striped Grosgrain Ribbon 25mm – {v}, 25 yards',
            description:
              'Grosgrain with woven stripes for a smart, preppy finish on blazers, lanyards and gift boxes. The ribbed weave hides stitching neatly.',
            price: [2500, 3400],
            specs: 'Material: Polyester grosgrain; Width: 25mm; Length: 25 yards',
            pattern: 'stripes',
            altPattern: 'grid',
            label: 'Striped Ribbon',
            detail: '25mm · 25 yards',
            variants: ['Navy Blue', 'Wine'],
          },
        ],
      },
      {
        slug: 'organza-ribbons',
        name: 'Organza Ribbons',
        description: 'Sheer, airy ribbons for chair sashes, favour bags and bouquet wraps.',
        items: [
          {
            key: 'sheer-organza-ribbon-40mm',
            name: 'Sheer Organza Ribbon 40mm – {v}, 50 yards',
            description:
              'A light, see-through ribbon that makes soft, airy bows. Wedding planners use it for chair sashes, favour bags and bouquet wraps. Woven edges keep it neat.',
            price: [2000, 3000],
            specs: 'Material: Nylon organza; Width: 40mm; Length: 50 yards',
            pattern: 'waves',
            altPattern: 'grid',
            label: 'Organza Ribbon',
            detail: '40mm · 50 yards',
            variants: ['White', 'Gold', 'Lilac', 'Sky Blue'],
          },
          {
            key: 'gold-edge-organza-ribbon-25mm',
            name: 'Gold-Edge Organza Ribbon 25mm – {v}, 25 yards',
            description:
              'Sheer organza with a fine metallic gold border. It gives gift packs, souvenirs and party favours an instant celebration look.',
            price: [1800, 2600],
            specs: 'Material: Nylon organza, metallic edge; Width: 25mm; Length: 25 yards',
            pattern: 'stripes',
            altPattern: 'waves',
            label: 'Gold-Edge Ribbon',
            detail: '25mm · 25 yards',
            accent: GOLD_THREAD,
            variants: ['Red', 'Purple'],
          },
        ],
      },
      {
        slug: 'velvet-ribbons',
        name: 'Velvet Ribbons',
        description: 'Plush velvet ribbons for necklines, chokers, hats and sashes.',
        items: [
          {
            key: 'velvet-ribbon-10mm',
            name: 'Velvet Ribbon 10mm – {v}, 10 yards',
            description:
              'Plush single-sided velvet ribbon with a soft pile and a strong woven back. It looks expensive on necklines, hats and hair bows, and is lovely threaded through beaded work.',
            price: [1400, 2100],
            specs: 'Material: Nylon velvet; Width: 10mm; Length: 10 yards',
            pattern: 'solid',
            altPattern: 'stripes',
            label: 'Velvet Ribbon',
            detail: '10mm · 10 yards',
            variants: ['Black', 'Wine', 'Emerald Green', 'Royal Blue'],
          },
          {
            key: 'wide-velvet-ribbon-25mm',
            name: 'Wide Velvet Ribbon 25mm – {v}, 10 yards',
            description:
              'A wide velvet ribbon for waist sashes, chokers and statement bows. The deep pile catches the light for a rich, luxurious finish.',
            price: [2400, 3400],
            specs: 'Material: Nylon velvet; Width: 25mm; Length: 10 yards',
            pattern: 'solid',
            altPattern: 'waves',
            label: 'Wide Velvet Ribbon',
            detail: '25mm · 10 yards',
            variants: ['Navy Blue', 'Brown'],
          },
        ],
      },
    ],
  },
  {
    slug: 'rhinestones',
    name: 'Rhinestones',
    description:
      'Hotfix and sew-on rhinestones, rhinestone chains and ready-made appliques to add sparkle to gowns, caps, shoes and bags.',
    subcategories: [
      {
        slug: 'hotfix-rhinestones',
        name: 'Hotfix Rhinestones',
        description: 'Flat-back glass rhinestones with heat-activated glue, applied with a wand or heat press.',
        items: [
          {
            key: 'ss20-hotfix-rhinestones',
            name: 'SS20 {v} Hotfix Rhinestones (1440 pcs)',
            description:
              'Brilliant 16-facet glass rhinestones with a heat-activated glue backing. Apply with a hotfix wand or a heat press at about 150°C for 10–15 seconds. A full pack of 1440 stones is enough for a well-stoned neckline or several caps.',
            price: [9000, 13000],
            specs:
              'Material: Glass with hotfix glue; Size: SS20 (4.6–4.8mm); Pack size: 1440 pieces (10 gross); Facets: 16',
            pattern: 'diamonds',
            altPattern: 'dots',
            label: 'SS20 {v}',
            detail: '1440 pcs · 4.8mm',
            variants: ['Crystal', 'Crystal AB', 'Jet Black', 'Siam Red', 'Sapphire'],
          },
          {
            key: 'ss10-hotfix-rhinestones',
            name: 'SS10 {v} Hotfix Rhinestones (1440 pcs)',
            description:
              'Small 3mm hotfix stones for fine detail: filling lace motifs, outlining letters and stoning shoes. They melt on quickly and stay put through gentle hand washing.',
            price: [4500, 6500],
            specs: 'Material: Glass with hotfix glue; Size: SS10 (2.8–3mm); Pack size: 1440 pieces',
            pattern: 'diamonds',
            altPattern: 'grid',
            label: 'SS10 {v}',
            detail: '1440 pcs · 3mm',
            variants: ['Crystal', 'Light Rose'],
          },
          {
            key: 'mixed-size-hotfix-rhinestones',
            name: 'Mixed Size Hotfix Rhinestones SS6–SS30 – {v} (2000 pcs)',
            description:
              'A handy starter box of hotfix stones in six sizes, from tiny SS6 to bold SS30, sorted in a compartment case. Perfect for trying designs on caps, shoes and T-shirts before buying in bulk.',
            price: [7000, 9500],
            specs:
              'Material: Glass with hotfix glue; Size: SS6, SS10, SS16, SS20, SS30; Pack size: 2000 pieces in a case',
            pattern: 'dots',
            altPattern: 'diamonds',
            label: 'Mixed Rhinestones',
            detail: '2000 pcs · 6 sizes',
            variants: ['Crystal AB'],
          },
        ],
      },
      {
        slug: 'sew-on-stones',
        name: 'Sew-on Stones',
        description: 'Rhinestones in claw settings or with sewing holes, for necklines, belts and focal points.',
        items: [
          {
            key: 'sew-on-teardrop-rhinestones-13x22mm',
            name: 'Sew-on Teardrop Rhinestones 13x22mm – {v} (Pack of 20)',
            description:
              'Pointed teardrop stones in metal claw settings with holes for sewing. Use them to build necklines, belts and focal points on bridal and owambe gowns. The foiled back reflects maximum light.',
            price: [2800, 4000],
            specs: 'Material: Glass with foil back; Size: 13x22mm; Pack size: 20 stones; Setting: Silver claw, 2 holes',
            pattern: 'diamonds',
            altPattern: 'scallop',
            label: 'Sew-on Stone',
            detail: '13x22mm · pack of 20',
            variants: ['Crystal', 'Emerald', 'Sapphire'],
          },
          {
            key: 'sew-on-round-rhinestones-10mm',
            name: 'Sew-on Round Rhinestones 10mm – {v} (Pack of 100)',
            description:
              'Round flat-back acrylic rhinestones with two sewing holes, light enough for chiffon and tulle. Great for scattering across a skirt or outlining a lace motif.',
            price: [2200, 3200],
            specs: 'Material: Acrylic; Size: 10mm; Pack size: 100 stones',
            pattern: 'dots',
            altPattern: 'diamonds',
            label: 'Round Sew-on Stone',
            detail: '10mm · pack of 100',
            variants: ['Jet Black', 'Topaz', 'Amethyst'],
          },
        ],
      },
      {
        slug: 'rhinestone-chains',
        name: 'Rhinestone Chains',
        description: 'Cup chains, multi-row bandings and meshes of stones, sold by the yard or roll.',
        items: [
          {
            key: 'ss16-rhinestone-cup-chain',
            name: 'SS16 Rhinestone Cup Chain – {v}, 10 yards',
            description:
              'A single row of SS16 stones in metal cups, linked into a flexible chain. Stitch it down with clear thread along necklines, waistbands and sleeve edges, or use it on caps and shoes. Cut between cups with wire cutters.',
            price: [6500, 9500],
            specs: 'Material: Glass stones in brass cups; Stone size: SS16 (4mm); Length: 10 yards',
            pattern: 'dots',
            altPattern: 'stripes',
            label: 'Cup Chain',
            detail: 'SS16 · 10 yards',
            variants: ['Silver Crystal', 'Gold Crystal', 'Crystal AB'],
          },
          {
            key: 'three-row-rhinestone-chain-trim',
            name: '3-Row Rhinestone Chain Trim 15mm – {v}, 1 yard',
            description:
              'Three rows of stones set in a bendable metal banding, sold by the yard. Perfect for belts, sashes, bridal straps and headpieces.',
            price: [3500, 5000],
            specs: 'Material: Glass stones, metal banding; Width: 15mm; Length: 1 yard',
            pattern: 'diamonds',
            altPattern: 'stripes',
            label: 'Rhinestone Trim',
            detail: '3 rows · per yard',
            variants: ['Silver Crystal', 'Gold Crystal'],
          },
          {
            key: 'rhinestone-mesh-banding-24-row',
            name: 'Rhinestone Mesh Banding 24 Rows – {v}, 1 yard',
            description:
              'A 24-row rhinestone mesh that looks like liquid crystal. Use it for show-stopper belts, cuffs, corset panels and shoe straps. It can be cut to any width and sewn down along the edges.',
            price: [12000, 16000],
            specs: 'Material: Glass stones on aluminium mesh; Width: 9cm (24 rows); Length: 1 yard',
            pattern: 'grid',
            altPattern: 'diamonds',
            label: 'Rhinestone Mesh',
            detail: '24 rows · per yard',
            variants: ['Silver Crystal', 'Gold Crystal'],
          },
        ],
      },
      {
        slug: 'rhinestone-appliques',
        name: 'Rhinestone Appliques',
        description: 'Ready-made rhinestone belts, necklines and iron-on motifs for instant sparkle.',
        items: [
          {
            key: 'rhinestone-bridal-belt-applique-45cm',
            name: 'Rhinestone Bridal Belt Applique 45cm – {v}',
            description:
              'A sparkling waist applique of crystals and pearls in a floral design. Sew it onto a satin sash or directly onto a wedding dress. It comes on a firm backing that is easy to stitch through.',
            price: [12000, 20000],
            specs: 'Material: Glass crystals, pearls, metal frame; Size: 45cm x 5cm; Application: Sew-on',
            pattern: 'diamonds',
            altPattern: 'scallop',
            label: 'Belt Applique',
            detail: '45cm · sew-on',
            variants: ['Silver', 'Gold', 'Rose Gold'],
          },
          {
            key: 'hotfix-rhinestone-motif',
            name: 'Hotfix Rhinestone Motif – {v}',
            description:
              'A ready-to-iron rhinestone motif on a clear transfer sheet. Peel, position and press to add instant sparkle to T-shirts, caps, kaftans and gift items. The {vl} design goes on in one piece, so there is no need to place stones one by one.',
            price: [1500, 3000],
            specs: 'Material: Glass rhinestones on transfer film; Size: About 12cm across',
            pattern: 'dots',
            altPattern: 'diamonds',
            label: 'Stone Motif',
            detail: 'Iron-on · 12cm',
            variants: [
              ['Butterfly', 'Crystal AB', 'Design'],
              ['Rose', 'Siam Red', 'Design'],
              ['Crown', 'Gold', 'Design'],
            ],
          },
          {
            key: 'rhinestone-neckline-applique',
            name: 'Rhinestone Neckline Applique – {v}',
            description:
              'A V-shaped beaded and stoned collar that turns a simple dress into an event outfit. Hand-stitch it along the edges; the soft backing is kind to delicate fabrics.',
            price: [9000, 15000],
            specs: 'Material: Glass stones and beads on mesh; Size: 30cm x 22cm; Application: Sew-on',
            pattern: 'scallop',
            altPattern: 'diamonds',
            label: 'Neckline Applique',
            detail: 'V-neck · sew-on',
            variants: ['Silver'],
          },
        ],
      },
    ],
  },
  {
    slug: 'embellishments',
    name: 'Embellishments',
    description:
      'Beads, sequins, appliques, feathers and brooches to decorate gowns, gele, fascinators and accessories.',
    subcategories: [
      {
        slug: 'beads',
        name: 'Beads',
        description: 'Seed, bugle and pearl beads for hand beading, embroidery and jewellery.',
        items: [
          {
            key: 'glass-seed-beads-11-0',
            name: 'Glass Seed Beads 11/0 – {v} (50g)',
            description:
              'Uniform 2mm glass seed beads for hand beading lace, embroidering motifs and making jewellery. The even holes make threading fast, even with a size 12 beading needle. Each 50g pack holds about 5,000 beads.',
            price: [900, 1500],
            specs: 'Material: Glass; Size: 11/0 (2mm); Pack size: 50g (about 5,000 beads)',
            pattern: 'dots',
            altPattern: 'grid',
            label: 'Seed Beads',
            detail: '11/0 · 50g',
            variants: ['Gold', 'Silver', 'Red', 'White'],
          },
          {
            key: 'bugle-beads-6mm',
            name: 'Bugle Beads 6mm – {v} (50g)',
            description:
              'Tube-shaped glass beads that add lines of shine to bridal lace, necklines and embroidered borders. Combine them with seed beads for classic fringe work.',
            price: [1000, 1600],
            specs: 'Material: Glass; Size: 6mm; Pack size: 50g',
            pattern: 'stripes',
            altPattern: 'zigzag',
            label: 'Bugle Beads',
            detail: '6mm · 50g',
            variants: ['Silver', 'Black'],
          },
          {
            key: 'faux-pearl-beads-8mm',
            name: 'Faux Pearl Beads 8mm – {v} (500 pcs)',
            description:
              'Round pearl beads with a smooth, glossy finish and a hole through the centre. Use them for beading gowns, making bridal jewellery or decorating gele and hand fans.',
            price: [1800, 2600],
            specs: 'Material: ABS pearl; Size: 8mm; Pack size: 500 beads',
            pattern: 'dots',
            altPattern: 'scallop',
            label: 'Pearl Beads',
            detail: '8mm · 500 pcs',
            variants: ['Ivory', 'Champagne'],
          },
        ],
      },
      {
        slug: 'sequins',
        name: 'Sequins',
        description: 'Loose cup sequins and paillettes for hand-embellishing bodices, caps and bags.',
        items: [
          {
            key: 'loose-cup-sequins-6mm',
            name: 'Loose Cup Sequins 6mm – {v} (100g)',
            description:
              'Cup-shaped sequins with a centre hole that catch the light from every angle. Sew them one at a time with a seed bead on top, or overlap them in rows for a scaled effect. A 100g bag goes a long way on a bodice.',
            price: [1600, 2400],
            specs: 'Material: PVC; Size: 6mm; Pack size: 100g; Shape: Cupped',
            pattern: 'dots',
            altPattern: 'scallop',
            label: 'Cup Sequins',
            detail: '6mm · 100g',
            variants: ['Gold', 'Silver', 'Rose Gold', 'Royal Blue'],
          },
          {
            key: 'paillette-sequins-20mm',
            name: 'Large Paillette Sequins 20mm – {v} (50g)',
            description:
              'Big round paillettes with the hole near the edge, so they hang and shimmer as you move. Lovely on fringed hems, fascinators and statement sleeves.',
            price: [1500, 2200],
            specs: 'Material: PVC; Size: 20mm; Pack size: 50g',
            pattern: 'scallop',
            altPattern: 'dots',
            label: 'Paillette Sequins',
            detail: '20mm · 50g',
            variants: ['Gold', 'Emerald Green'],
          },
        ],
      },
      {
        slug: 'appliques',
        name: 'Appliques',
        description: 'Lace motifs, 3D flowers and iron-on patches to decorate gowns and everyday wear.',
        items: [
          {
            key: 'floral-lace-applique-pair',
            name: 'Floral Lace Applique Motifs – {v} (Pair)',
            description:
              'A mirror-image pair of embroidered lace flowers, ideal for shoulders, sleeves and the front of a bridal or aso-ebi gown. Trim the edges close and stitch by hand for a seamless look.',
            price: [1500, 2800],
            specs: 'Material: Polyester embroidery on net; Size: 18cm x 12cm each; Pack size: 2 motifs',
            pattern: 'scallop',
            altPattern: 'waves',
            label: 'Lace Applique',
            detail: 'Pair · 18cm',
            variants: ['White', 'Ivory', 'Black'],
          },
          {
            key: '3d-beaded-flower-applique',
            name: '3D Beaded Flower Applique – {v} (Pack of 5)',
            description:
              'Layered chiffon flowers finished with beaded centres, for a romantic, textured effect on bridal gowns, birthday dresses and fascinators. Stitch through the centre to attach.',
            price: [3000, 5000],
            specs: 'Material: Chiffon, glass beads; Size: 5cm across; Pack size: 5 flowers',
            pattern: 'scallop',
            altPattern: 'dots',
            label: '3D Flower',
            detail: '5cm · pack of 5',
            variants: ['Peach', 'Baby Pink', 'Lilac'],
          },
          {
            key: 'embroidered-iron-on-patch-set',
            name: 'Embroidered Iron-on Patch Set – {v}',
            description:
              'A set of five embroidered patches with a heat-activated backing, for denim jackets, kids’ wear and tote bags. Press for 20 seconds, then add a few stitches for extra hold.',
            price: [1200, 2000],
            specs: 'Material: Polyester embroidery; Pack size: 5 patches; Application: Iron-on',
            pattern: 'grid',
            altPattern: 'zigzag',
            label: 'Iron-on Patches',
            detail: 'Set of 5',
            variants: [['Crowns', 'Gold', 'Design']],
          },
        ],
      },
      {
        slug: 'feathers',
        name: 'Feathers',
        description: 'Ostrich boas, feather trims and fascinator bases for bridal, party and photo-shoot looks.',
        items: [
          {
            key: 'ostrich-feather-boa-2m',
            name: 'Ostrich Feather Boa 2m – {v}',
            description:
              'A full, fluffy 3-ply ostrich boa, 2 metres long. Trim it onto hems, sleeves and capes for glamorous party and bridal looks, or use it for photo shoots. Shake gently before use to loosen the flues.',
            price: [18000, 28000],
            specs: 'Material: Ostrich feathers; Length: 2 metres; Thickness: 3-ply',
            pattern: 'waves',
            altPattern: 'stripes',
            label: 'Ostrich Feather',
            detail: '3-ply · 2 metres',
            variants: ['White', 'Black', 'Baby Pink'],
          },
          {
            key: 'ostrich-feather-trim',
            name: 'Ostrich Feather Trim – {v}, 1 yard',
            description:
              'Ostrich plumes sewn onto a satin tape, sold by the yard. Use it on hemlines, cuffs and bridal capes for soft movement.',
            price: [6500, 9500],
            specs: 'Material: Ostrich feathers on satin tape; Feather length: 10–12cm; Length: 1 yard',
            pattern: 'waves',
            altPattern: 'zigzag',
            label: 'Feather Trim',
            detail: 'Per yard',
            variants: ['Nude', 'Ivory'],
          },
          {
            key: 'feather-fascinator-base',
            name: 'Feather Fascinator Base – {v}',
            description:
              'A ready-shaped feather pad on a clip for making fascinators and hat decorations. Add a brooch, some netting or a few beads to finish.',
            price: [2500, 4000],
            specs: 'Material: Goose feathers on buckram; Size: 12cm; Fastening: Alligator clip',
            pattern: 'stripes',
            altPattern: 'waves',
            label: 'Fascinator',
            detail: '12cm · on clip',
            variants: ['Red', 'Royal Blue'],
          },
        ],
      },
      {
        slug: 'brooches',
        name: 'Brooches',
        description: 'Brooches and pins for gele, lapels, sashes and caps, plus pin backs to make your own.',
        items: [
          {
            key: 'rhinestone-flower-brooch',
            name: 'Rhinestone Flower Brooch – {v}',
            description:
              'A sparkling flower-shaped brooch with a secure safety-pin back. Pin it on a gele, a jacket lapel or the centre of a sash for an instant finishing touch.',
            price: [2500, 4500],
            specs: 'Material: Alloy with glass rhinestones; Size: 5cm; Fastening: Safety pin',
            pattern: 'diamonds',
            altPattern: 'dots',
            label: 'Brooch',
            detail: '5cm · pin back',
            variants: ['Silver', 'Gold', 'Rose Gold'],
          },
          {
            key: 'pearl-gele-brooch-set',
            name: 'Pearl Gele Brooch – {v} (Set of 3)',
            description:
              'Three matching pearl and stone brooches sized for gele and headwraps. Use them to hold pleats in place and add a little sparkle.',
            price: [3500, 5500],
            specs: 'Material: Alloy, faux pearls, glass stones; Size: 3cm; Pack size: 3 brooches',
            pattern: 'dots',
            altPattern: 'scallop',
            label: 'Gele Brooch',
            detail: 'Set of 3',
            variants: ['Gold'],
          },
          {
            key: 'lapel-and-cap-pin',
            name: 'Men’s Lapel and Cap Pin – {v}',
            description:
              'A small metal pin for the lapel of a suit or the side of a fila cap. Understated and smart, ideal for grooms and their friends.',
            price: [1500, 2500],
            specs: 'Material: Brass; Size: 2.5cm; Fastening: Butterfly clutch',
            pattern: 'diamonds',
            altPattern: 'solid',
            label: 'Lapel Pin',
            detail: '2.5cm',
            variants: ['Gold'],
          },
          {
            key: 'brooch-pin-backs-25mm',
            name: 'Brooch Pin Backs 25mm – {v} (Pack of 20)',
            description:
              'Bar pins with a safety catch for making your own brooches from buttons, beads or appliques. Glue or stitch them to the back of your design.',
            price: [400, 600],
            specs: 'Material: Nickel-plated iron; Size: 25mm; Pack size: 20 pins',
            pattern: 'stripes',
            altPattern: 'grid',
            label: 'Pin Backs',
            detail: '25mm · pack of 20',
            variants: ['Silver'],
          },
        ],
      },
    ],
  },
];

// ---------- Building products ----------

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "Crystal AB" -> "crystal AB", "Royal Blue" -> "royal blue". */
function lowerColour(name: string): string {
  return name
    .split(' ')
    .map((word) => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

function fill(template: string, variant: string): string {
  return template.replaceAll('{vl}', lowerColour(variant)).replaceAll('{v}', variant);
}

function roundPrice(naira: number, max: number): number {
  const step = max <= 3000 ? 50 : max <= 20000 ? 100 : 500;
  return Math.round(naira / step) * step;
}

function pickAccent(item: ItemDef, colour: Colour): string {
  if (item.accent && colourDistance(item.accent, colour.hex) > 90) return item.accent;
  return colour.accent ?? autoAccent(colour.hex);
}

function buildImages(item: ItemDef, variant: string, colour: Colour, count: number): SeedImage[] {
  const accent = pickAccent(item, colour);
  const background = colour.hex;
  const deeper = luminance(background) < 0.5 ? mix(background, '#ffffff', 0.12) : mix(background, '#000000', 0.12);
  const thirdPattern: ImagePattern = [item.pattern, item.altPattern].includes('solid') ? 'grid' : 'solid';
  const images: SeedImage[] = [
    { background, accent, pattern: item.pattern, label: fill(item.label, variant) },
    { background: deeper, accent, pattern: item.altPattern, label: variant },
    { background, accent, pattern: thirdPattern, label: item.detail },
    { background: accent, accent: background, pattern: item.pattern, label: 'Close-up' },
  ];
  return images.slice(0, count);
}

// ---------- Units of sale ----------

/** Items sold by length although their category is not (chains, feather trims), and the reverse. */
const BY_THE_YARD = new Set([
  'ss16-rhinestone-cup-chain',
  'three-row-rhinestone-chain-trim',
  'rhinestone-mesh-banding-24-row',
  'ostrich-feather-trim',
]);
const BY_THE_METRE = new Set(['satin-piping-trim-5mm']);
const LENGTH_CATEGORIES = new Set(['trims', 'laces', 'ribbons']);

/** What a pack of each category holds, plural ("buttons"), for "3 packs (36 buttons)". */
const PACK_ITEMS: Record<string, string> = {
  buttons: 'buttons',
  rhinestones: 'stones',
  'faux-pearl-beads-8mm': 'beads',
  '3d-beaded-flower-applique': 'flowers',
  'brooch-pin-backs-25mm': 'pin backs',
  'metal-snap-buttons-12mm': 'snap sets',
};

/** Price breaks: at this quantity (hundredths) or more, this share of the price per unit. */
const SALE_RULES: Record<string, { minHundredths: number; share: number }[]> = {
  // Laces and trims: "10 yards or more" (the beaded lace has a second break at 20).
  'sequinned-french-lace': [{ minHundredths: 1000, share: 0.9 }],
  'heavy-cord-lace': [{ minHundredths: 1000, share: 0.88 }],
  'guipure-lace': [{ minHundredths: 1000, share: 0.9 }],
  'beaded-bridal-lace': [
    { minHundredths: 1000, share: 0.92 },
    { minHundredths: 2000, share: 0.85 },
  ],
  'gimp-braid-trim-agbada': [{ minHundredths: 1000, share: 0.85 }],
  // Packs: "5 packs or more".
  'metal-shank-buttons-18mm': [{ minHundredths: 500, share: 0.88 }],
  'faux-pearl-buttons-10mm': [{ minHundredths: 500, share: 0.9 }],
  'sew-on-round-rhinestones-10mm': [{ minHundredths: 500, share: 0.88 }],
  'ss20-hotfix-rhinestones': [{ minHundredths: 500, share: 0.9 }],
};

/** "…, 5 yards" / "…, 25 metres" / "…, 1 yard" at the end of a name: the length it was sold in. */
const LENGTH_SUFFIX = /, (\d+) (?:yards?|metres?)$/;
/** "(Pack of 12)", "(Set of 10)", "(1440 pcs)", "(500 pcs)": how many items one pack holds. */
const PACK_COUNT = /\((?:Pack of|Set of) (\d+)\)|\((\d+) pcs\)/;

interface ItemSale {
  terms: SaleTerms;
  /** The name without the length it was once sold in ("Guipure Lace – Gold", sold by the yard). */
  name: string;
  /** The template's price range covers this many units (5 for "5 yards"): the price is per unit. */
  perUnitDivisor: number;
}

function saleOf(categorySlug: string, item: ItemDef): ItemSale {
  const length = LENGTH_SUFFIX.exec(item.name);
  const packCount = PACK_COUNT.exec(item.name);
  const isLength = BY_THE_METRE.has(item.key) || BY_THE_YARD.has(item.key) || LENGTH_CATEGORIES.has(categorySlug);
  if (isLength) {
    return {
      terms: {
        unit: BY_THE_METRE.has(item.key) ? 'metre' : 'yard',
        stepHundredths: 50,
        minHundredths: 100,
        packSize: null,
        packItemName: null,
        priceBreaks: [],
      },
      name: item.name.replace(LENGTH_SUFFIX, ''),
      perUnitDivisor: length ? Number(length[1]) : 1,
    };
  }
  const packSize = packCount ? Number(packCount[1] ?? packCount[2]) : 0;
  const packItemName = PACK_ITEMS[item.key] ?? PACK_ITEMS[categorySlug];
  if (packSize >= 2 && packItemName) {
    return {
      terms: { unit: 'pack', stepHundredths: 100, minHundredths: 100, packSize, packItemName, priceBreaks: [] },
      name: item.name,
      perUnitDivisor: 1,
    };
  }
  return {
    terms: {
      unit: 'piece',
      stepHundredths: 100,
      minHundredths: 100,
      packSize: null,
      packItemName: null,
      priceBreaks: [],
    },
    name: item.name,
    perUnitDivisor: 1,
  };
}

/** The breaks of SALE_RULES for a price (kobo), in whole ₦50 below it, each below the one before. */
function priceBreaksFor(key: string, priceKobo: number): PriceBreakHundredths[] {
  const breaks: PriceBreakHundredths[] = [];
  let previous = priceKobo;
  for (const rule of SALE_RULES[key] ?? []) {
    const breakKobo = Math.floor((priceKobo * rule.share) / 5_000) * 5_000;
    if (breakKobo <= 0 || breakKobo >= previous) continue;
    breaks.push({ minHundredths: rule.minHundredths, priceKobo: breakKobo });
    previous = breakKobo;
  }
  return breaks;
}

/** A well-stocked shelf, in hundredths: 25–120 yards (a third with a half yard), 10–80 packs, 10–200 pieces. */
function stockFor(terms: SaleTerms, random: () => number): number {
  switch (terms.unit) {
    case 'yard':
    case 'metre':
      return randomInt(random, 25, 120) * 100 + (random() < 0.33 ? 50 : 0);
    case 'pack':
      return randomInt(random, 10, 80) * 100;
    default:
      return randomInt(random, 10, 200) * 100;
  }
}

function buildProduct(categorySlug: string, item: ItemDef, variantDef: Variant): SeedProduct {
  const [variant, colourName, specName] = typeof variantDef === 'string' ? [variantDef, variantDef] : variantDef;
  const colour: Colour = COLOURS[colourName];
  const slug = `${item.key}-${slugify(variant)}`;
  const random = seededRandom(slug);
  const sale = saleOf(categorySlug, item);
  const [min, max] = item.price.map((naira) => naira / sale.perUnitDivisor) as [number, number];
  const specifications: SeedSpecification[] = item.specs
    .split('; ')
    .map((entry) => {
      const colon = entry.indexOf(': ');
      return { name: entry.slice(0, colon), value: fill(entry.slice(colon + 2), variant) };
    })
    // Sold by length now: the length it came in is the customer's to choose.
    .filter((spec) => !(sale.perUnitDivisor > 1 && spec.name === 'Length'));
  if (specName) specifications.push({ name: specName, value: variant });
  specifications.push({ name: 'Colour', value: colourName });
  const imageRoll = random();
  const priceKobo = Math.max(50, roundPrice(min + random() * (max - min), max)) * 100;
  const stockHundredths = stockFor(sale.terms, random);
  return {
    slug,
    name: fill(sale.name, variant),
    description: fill(item.description, variant),
    priceKobo,
    stockHundredths,
    terms: { ...sale.terms, priceBreaks: priceBreaksFor(item.key, priceKobo) },
    specifications,
    isHotBuy: false,
    isNewlyAdded: false,
    images: buildImages(item, variant, colour, imageRoll < 0.3 ? 2 : imageRoll < 0.8 ? 3 : 4),
  };
}

const HOT_BUYS_PER_CATEGORY = 2;
const OUT_OF_STOCK_COUNT = 8;
const LOW_STOCK_COUNT = 12;

function buildCatalogue(definitions: CategoryDef[]): SeedCategory[] {
  const catalogue: SeedCategory[] = definitions.map((category) => ({
    slug: category.slug,
    name: category.name,
    description: category.description,
    subcategories: category.subcategories.map((subcategory) => ({
      slug: subcategory.slug,
      name: subcategory.name,
      description: subcategory.description,
      products: subcategory.items.flatMap((item) =>
        item.variants.map((variant) => buildProduct(category.slug, item, variant)),
      ),
    })),
  }));

  // Two hot buys and two newly added products per category; in every other category one
  // product is both, so the two lists overlap a little.
  catalogue.forEach((category, index) => {
    const products = shuffled(
      category.subcategories.flatMap((subcategory) => subcategory.products),
      `flags:${category.slug}`,
    );
    for (const product of products.slice(0, HOT_BUYS_PER_CATEGORY)) product.isHotBuy = true;
    const start = index % 2 === 0 ? 1 : 2;
    for (const product of products.slice(start, start + 2)) product.isNewlyAdded = true;
  });

  // Some sold-out and some nearly sold-out products, never among the featured ones.
  const candidates = shuffled(
    catalogue
      .flatMap((category) => category.subcategories.flatMap((subcategory) => subcategory.products))
      .filter((product) => !product.isHotBuy && !product.isNewlyAdded),
    'stock-levels',
  );
  // Out of stock is less than one line's minimum: none, or half a yard of a lace sold from 1 yard.
  // Nearly sold out is the minimum to 5 units (1 to 5 yards in half yards, 1 to 5 packs or pieces).
  const random = seededRandom('low-stock');
  let halfYardLeft = false;
  candidates.slice(0, OUT_OF_STOCK_COUNT).forEach((product) => {
    const length = product.terms.unit === 'yard';
    product.stockHundredths = length && !halfYardLeft ? 50 : 0;
    if (length) halfYardLeft = true;
  });
  candidates.slice(OUT_OF_STOCK_COUNT, OUT_OF_STOCK_COUNT + LOW_STOCK_COUNT).forEach((product) => {
    product.stockHundredths =
      product.terms.unit === 'yard' || product.terms.unit === 'metre'
        ? randomInt(random, 2, 10) * 50
        : randomInt(random, 1, 5) * 100;
  });
  return catalogue;
}

export const demoCatalogue: SeedCategory[] = buildCatalogue(CATALOGUE);
