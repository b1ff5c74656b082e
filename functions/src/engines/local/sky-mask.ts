/**
 * Automatic sky detection on a thumbnail.
 * The core (this file): sky found by colour alone, in two passes:
 * 1. seeds: per column, the run of pixels connected to the top edge (or starting a little lower,
 *    under branches or wires) that look like sky (blue-ish, or bright and neutral like clouds and
 *    overcast skies), are smooth vertically, change gradually and come near the colour of the
 *    other columns' sky at that height;
 * 2. growth: from the seeds to neighbouring pixels of sky colour close to the pixel they are
 *    reached from, which recovers the sky under eaves, beside trees and between branches, while
 *    anything in front of the sky (a post, a wire, a roof) stays out.
 * A photo whose core is too small, or a neutral core no brighter than the ground, is refused.
 * The core then seeds the segmentation (`sky-segmentation.ts`: colour models learnt from the
 * photo, a per-column skyline, a graph cut), which finds the rest of the sky: sunset and dusk
 * colours, sky behind branches, and the edges. A sky that wholly encloses a large piece of ground
 * or runs across a horizon into something darker is a wall or a sea taken for sky, and is refused
 * (decision 129).
 * The binary mask is softened by a 5x5 mean and sampled bilinearly at any output size, with a
 * ramp of a few output pixels along the skyline.
 */
import { boxBlur, clamp, decodeThumbnail, luma, type Raster } from './raster';
import { skyColour, type SkyColour } from './sky-colours';
import { segmentSky } from './sky-segmentation';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context,
// and an imported binding is a getter once transpiled to CommonJS (jest, tsx).
const { abs, floor, max, min, round } = Math;
const lumaOf = luma;
const colourOf = skyColour;

export const SKY_ANALYSIS_SIDE = 320;
/**
 * Vertical luma differences above which a pixel is textured (an edge, foliage, a facade) or
 * breaks from the pixel above. Blue pixels are rarely anything but sky, so they get more room;
 * neutral bright ones (clouds, overcast) could be a white wall and get less.
 */
const MAX_TEXTURE = { blue: 60, neutral: 28 };
const MAX_STEP = { blue: 24, neutral: 24 };
/** Growth: largest RGB distance (sum of channel differences) between neighbouring sky pixels. */
const MAX_GROWTH_DISTANCE = 20;
/** How much larger the luma and colour steps out of a cloud into blue sky may be. */
const CLOUD_EDGE_FACTOR = 3;
/**
 * Growth reaches at most this many thumbnail pixels from the seeds: enough for the sky under eaves
 * and between branches, not enough to walk across a pale wall of sky-like colour.
 */
const MAX_GROWTH_STEPS = 16;
/** Thumbnail pixels each side of the skyline left to the full-resolution decision. */
const SOFTEN_RADIUS = 2;
/** Seeds: largest RGB distance (sum of channels) between a pixel and the one two rows above. */
const MAX_SEED_COLOUR_STEP = 45;
/** Growth beyond MAX_GROWTH_STEPS and pockets: largest RGB distance to the sky's colour at that row. */
const MODEL_DISTANCE = 36;
const POCKET_DISTANCE = 24;
/** A sky must cover at least this share of the photo, over at least this share of its columns. */
const MIN_SKY_AREA = 0.06;
const MIN_SKY_COLUMNS = 0.15;
/** Columns whose top run is sky: few where branches or wires cross the sky, none in a forest. */
const MIN_SEEDED_COLUMNS = 0.04;
/** A column's sky may start below branches or wires, within this share of the rows from the top,
 * with a run of blue at least this long (share of the rows). */
const LATE_SEED_ROWS = 0.3;
const BLUE_RUN = 0.08;
/**
 * A run of sky, from the top or starting lower, must come within this RGB distance (sum of
 * channels) of the mean colour of the columns' top runs at that height, somewhere in its first
 * BLUE_RUN rows (decisions 135, 141 and 148). Over the tuning photos real sky comes within 163
 * (a sunset's width of colours, sky mixed with twigs), but for a storm's darkest corner (up to
 * 270, which grows back from the columns beside it); a tower's face in shade, blue-grey at luma
 * 50, stays 398 away, a slate cone's shaded side reaching the top of the frame 336 away and its
 * lit flank 227 away.
 */
const SKY_SEED_DISTANCE = 200;
/** Largest share of the ground at least as bright as a neutral sky's mean, less 10. */
const MAX_GROUND_AS_BRIGHT = 0.15;
/** A sky at least this blue (share of its pixels) is blue; otherwise neutral (overcast, clouds). */
const MIN_BLUE_SHARE = 0.5;
/**
 * A blue sky this dull (mean blue over red) and this dark (mean luma) is grey asphalt or stone with
 * a faint cool cast (decision 128): a sky that grey is a bright overcast, and a dark sky (storm,
 * dusk) is a saturated blue. The duller and darker skies of the tuning photos are a hazy temple's
 * (blue over red 21, luma 163) and a dusk gate's (23, 138).
 */
const DULL_BLUE = { blueOverRed: 15, luma: 150 };

/**
 * Ground the sky mask wholly encloses, the largest piece as a share of the sky: windows left
 * floating in a white wall taken for an overcast sky (decision 129). Over the tuning photos a real
 * sky encloses at most 0.6 % (a lamp's head); the painted wall's window is 5.5 %.
 */
const MAX_ENCLOSED_GROUND = 0.02;
/**
 * A horizon inside the sky (decision 129): the mean luma of rows that are sky across nearly the
 * whole width (ROW_SPAN) drops by more than this over HORIZON_ROWS rows either side of a row. A sky
 * brightens or stays even towards the horizon (at most 8 darker over the tuning photos, a band of
 * cloud); a sea under its horizon or far hazy mountains under clouds are 26 to 28 darker.
 */
const HORIZON_STEP = 16;
const HORIZON_ROWS = 3;
const ROW_SPAN = 0.9;
/**
 * The drop counts only where the sky runs on this many full-width rows under it (decision 134): a
 * sea or far mountains taken for sky lie under the horizon for many rows (the damaged photos keep
 * 24.9 and 27.9 with it), while a dusk sky's last rows, mixing with the haze on a flat horizon, are
 * darker over the few rows the thumbnail blurs them (dusk-lake: 29.1 within those rows, 10.4 at most
 * above them).
 */
const SKY_UNDER_HORIZON = 6;

/** Bottom band of the photo (share of its height) and share of columns with sky there that make it a backdrop. */
const BACKDROP_BOTTOM_BAND = 0.1;
const BACKDROP_MAX_COLUMNS = 0.35;

export interface SkyDetection {
  /** Thumbnail size the mask is measured in. */
  width: number;
  height: number;
  /** Sky opacity per thumbnail pixel, 0..1, softened along edges. */
  mask: Float32Array;
  /** Share of the thumbnail covered by sky, 0..1. */
  coverage: number;
  /** Mean over sky columns of the lowest sky row (thumbnail rows): where the horizon light is. */
  horizonRow: number;
  /** Lowest thumbnail row holding any sky. */
  lowestRow: number;
}

export async function detectSky(image: Buffer): Promise<SkyDetection | null> {
  return findSky(await decodeThumbnail(image, SKY_ANALYSIS_SIDE));
}

type Kind = SkyColour;

/** Pure detection on RGB pixels; null when the photo shows no usable sky. */
export function findSky(thumb: Raster): SkyDetection | null {
  const core = findSkyCore(thumb);
  if (!core) return null;
  const { width, height } = thumb;
  // Sure sky (1) and sure ground (0) of the core: a pixel and its 8 neighbours agree.
  const softCore = soften(core, width, height);
  const seeds = new Uint8Array(core.length);
  for (let p = 0; p < core.length; p++) seeds[p] = softCore[p]! >= 0.98 ? 1 : softCore[p]! <= 0.02 ? 0 : 2;
  const { sky } = segmentSky(thumb, seeds);
  return describe(sky, thumb);
}

function describe(sky: Uint8Array, thumb: Raster): SkyDetection | null {
  const { width, height } = thumb;
  let total = 0;
  let columns = 0;
  let lowestSum = 0;
  let lowestRow = 0;
  for (let x = 0; x < width; x++) {
    let count = 0;
    let lowest = -1;
    for (let y = 0; y < height; y++) {
      if (sky[y * width + x]) {
        count++;
        lowest = y;
      }
    }
    total += count;
    if (count >= height * 0.03) columns++;
    if (lowest >= 0) lowestSum += lowest + 1;
    lowestRow = max(lowestRow, lowest + 1);
  }
  const coverage = total / (width * height);
  if (coverage < MIN_SKY_AREA || columns < width * MIN_SKY_COLUMNS) return null;
  if (isBackdrop(sky, width, height)) return null;
  if (largestEnclosedGround(sky, width, height) > MAX_ENCLOSED_GROUND * total) return null;
  if (horizonInSky(sky, thumb) > HORIZON_STEP) return null;
  return {
    width,
    height,
    mask: soften(sky, width, height),
    coverage,
    horizonRow: lowestSum / max(1, columns),
    lowestRow,
  };
}

/**
 * A bright, smooth area that reaches the bottom of the photo across much of its width surrounds
 * the subject: the blurred background of a close-up (an owl before a pale bokeh, a bird against a
 * bright haze), not a sky, which lies above the ground (decision 068). The facade seen from below
 * whose sky comes down one side keeps it over a fifth of the columns at most.
 */
function isBackdrop(sky: Uint8Array, width: number, height: number): boolean {
  const from = height - max(1, round(height * BACKDROP_BOTTOM_BAND));
  let reaching = 0;
  for (let x = 0; x < width; x++) {
    for (let y = from; y < height; y++) {
      if (sky[y * width + x]) {
        reaching++;
        break;
      }
    }
  }
  return reaching > width * BACKDROP_MAX_COLUMNS;
}

/**
 * The largest 4-connected piece of ground (pixels) the sky surrounds on every side, not reaching
 * the frame: in a sky only a bird, a lamp or a missed cloud; in a pale wall taken for sky, its
 * windows.
 */
export function largestEnclosedGround(sky: Uint8Array, width: number, height: number): number {
  const seen = new Uint8Array(sky.length);
  const queue = new Int32Array(sky.length);
  let largest = 0;
  for (let start = 0; start < sky.length; start++) {
    if (sky[start] || seen[start]) continue;
    seen[start] = 1;
    queue[0] = start;
    let tail = 1;
    let reachesFrame = false;
    // Neighbours pushed inline: a closure per pixel costs more than the whole fill.
    for (let head = 0; head < tail; head++) {
      const p = queue[head]!;
      const x = p % width;
      const y = (p - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) reachesFrame = true;
      if (x > 0 && !sky[p - 1] && !seen[p - 1]) {
        seen[p - 1] = 1;
        queue[tail++] = p - 1;
      }
      if (x + 1 < width && !sky[p + 1] && !seen[p + 1]) {
        seen[p + 1] = 1;
        queue[tail++] = p + 1;
      }
      if (y > 0 && !sky[p - width] && !seen[p - width]) {
        seen[p - width] = 1;
        queue[tail++] = p - width;
      }
      if (y + 1 < height && !sky[p + width] && !seen[p + width]) {
        seen[p + width] = 1;
        queue[tail++] = p + width;
      }
    }
    if (!reachesFrame) largest = max(largest, tail);
  }
  return largest;
}

/**
 * The largest drop of mean luma (0..255) from HORIZON_ROWS rows above a row to HORIZON_ROWS rows
 * below it, over rows that are sky across ROW_SPAN of the width with SKY_UNDER_HORIZON more such
 * rows under them: a horizon the mask runs across.
 */
export function horizonInSky(sky: Uint8Array, thumb: Raster): number {
  const { data, width, height } = thumb;
  const rowLuma = new Float32Array(height).fill(-1);
  for (let y = 0; y < height; y++) {
    let count = 0;
    let sum = 0;
    for (let x = 0, p = y * width; x < width; x++, p++) {
      if (!sky[p]) continue;
      count++;
      sum += lumaOf(data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!);
    }
    if (count >= width * ROW_SPAN) rowLuma[y] = sum / count;
  }
  let drop = 0;
  for (let y = HORIZON_ROWS; y + HORIZON_ROWS + SKY_UNDER_HORIZON < height; y++) {
    const above = rowLuma[y - HORIZON_ROWS]!;
    const below = rowLuma[y + HORIZON_ROWS]!;
    const runsOn = rowLuma[y + HORIZON_ROWS + SKY_UNDER_HORIZON]! >= 0;
    if (above >= 0 && below >= 0 && runsOn) drop = max(drop, above - below);
  }
  return drop;
}

/** The sky found by colour alone (1 per sky pixel), or null when the photo shows no usable sky. */
export function findSkyCore(thumb: Raster): Uint8Array | null {
  const { data, width, height } = thumb;
  // Colour classes on a denoised copy; edges (texture, steps) on the photo itself.
  const calm = denoise(thumb);
  const pixels = width * height;
  const lum = new Float32Array(pixels);
  for (let p = 0, i = 0; p < pixels; p++, i += 3) lum[p] = lumaOf(data[i]!, data[i + 1]!, data[i + 2]!);

  const kindOf = (p: number): Kind | null => {
    const i = p * 3;
    const r = calm[i]!;
    const g = calm[i + 1]!;
    const b = calm[i + 2]!;
    const l = lumaOf(r, g, b);
    return colourOf(r, g, b, l);
  };
  const isSunGlow = (p: number): boolean => {
    const i = p * 3;
    const r = calm[i]!;
    const b = calm[i + 2]!;
    return lumaOf(r, calm[i + 1]!, b) > 190 && r >= b && r - b < 60;
  };
  // Vertical differences only: a wall's vertical edge must not stop the sky column beside it.
  const texture = (p: number, y: number): number => {
    const l = lum[p]!;
    const below = y + 1 < height ? lum[p + width]! : l;
    const further = y + 2 < height ? lum[p + 2 * width]! : below;
    return abs(below - l) + abs(further - below);
  };

  const sky = new Uint8Array(pixels);
  const steps = new Uint8Array(pixels);
  const queue = new Int32Array(pixels);
  let tail = 0;
  let seededColumns = 0;
  let lowestSeed = 0;
  const isSkyRun = (p: number, y: number, kind: Kind | null): kind is Kind => {
    if (!kind || texture(p, y) > MAX_TEXTURE[kind]) return false;
    if (y > 0 && abs(lum[p]! - lum[p - width]!) > MAX_STEP[kind]) return false;
    // A change of colour two rows down to something darker and no bluer ends the column's sky
    // even where the luma barely changes (a hazy blue mountain, a copper dome under a pale sky);
    // going into or out of a cloud is brighter, or bluer, and goes on.
    return !(y > 1 && entersForeground(data, lum, p, p - 2 * width));
  };
  // The run of sky from the top of each column first: the sky's own colour at each height.
  const topRun = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    let y = 0;
    while (y < height && isSkyRun(y * width + x, y, kindOf(y * width + x))) y++;
    topRun[x] = y;
  }
  const topSky = new Uint8Array(pixels);
  for (let x = 0; x < width; x++) for (let y = 0; y < topRun[x]!; y++) topSky[y * width + x] = 1;
  const topModel = skyColourByRow(data, width, height, topSky);
  // A run of sky colour (from the top, or of blue starting lower) is sky only where it comes near
  // the sky's own colour at that height, somewhere in its first BLUE_RUN rows: a tower's face or a
  // slate roof in shade is as blue, but far darker (decisions 135 and 141). No top run at all (a
  // deep dusk band along the top) leaves nothing to compare with.
  const nearSkyColour = (p: number, y: number) =>
    topModel[y * 3]! < 0 || colourDistanceTo(data, p, topModel, y) <= SKY_SEED_DISTANCE;
  for (let x = 0; x < width; x++) {
    let near = false;
    for (let y = 0; y < min(topRun[x]!, BLUE_RUN * height) && !near; y++) near = nearSkyColour(y * width + x, y);
    // A roof reaching the top of the frame is no sky: its column may still find the sky lower.
    if (!near) topRun[x] = 0;
  }
  for (let x = 0; x < width; x++) {
    const before = tail;
    const y = topRun[x]!;
    for (let yy = 0; yy < y; yy++) {
      sky[yy * width + x] = 1;
      queue[tail++] = yy * width + x;
      lowestSeed = max(lowestSeed, yy);
    }
    if (tail - before < height * 0.03) {
      // Branches or wires across the top: a long run of blue sky starting a little lower.
      const start = (y0: number) => {
        let y1 = y0;
        let nearSky = false;
        while (
          y1 < height &&
          y1 - y0 < BLUE_RUN * height &&
          isSkyRun(y1 * width + x, y1, kindOf(y1 * width + x) === 'blue' ? 'blue' : null)
        ) {
          nearSky ||= nearSkyColour(y1 * width + x, y1);
          y1++;
        }
        return y1 - y0 >= BLUE_RUN * height && nearSky;
      };
      for (let y0 = y + 1; y0 < height * LATE_SEED_ROWS; y0++) {
        if (!start(y0)) continue;
        for (let yy = y0; yy < height; yy++) {
          const p = yy * width + x;
          if (!isSkyRun(p, yy, kindOf(p))) break;
          sky[p] = 1;
          queue[tail++] = p;
          lowestSeed = max(lowestSeed, yy);
        }
        break;
      }
    }
    if (tail - before >= height * 0.03) seededColumns++;
  }
  // The sky itself must span the top of the photo; growth only refines its edges.
  if (seededColumns < width * MIN_SEEDED_COLUMNS) return null;
  const model = skyColourByRow(data, width, height, sky);
  const nearModel = (p: number, y: number, limit: number): boolean => {
    const i = p * 3;
    const m = y * 3;
    return abs(data[i]! - model[m]!) + abs(data[i + 1]! - model[m + 1]!) + abs(data[i + 2]! - model[m + 2]!) <= limit;
  };

  const grow = (from: number, to: number, y: number) => {
    if (sky[to]) return;
    // Far from the seeds only pixels of the sky's own colour at that height: the sky beyond a
    // wire or a branch, never a pale wall.
    // Not below the lowest seed either: water under the horizon reflects the sky's colour.
    if (steps[from]! >= MAX_GROWTH_STEPS && (y > lowestSeed || !nearModel(to, y, MODEL_DISTANCE))) return;
    // The glow around a low sun is warm and bright: sky when reached smoothly from sky, never a
    // seed (a sunlit cream facade is as warm and bright, but no smooth path leads into it).
    const kind = kindOf(to) ?? (isSunGlow(to) ? 'neutral' : null);
    if (!kind || texture(to, y) > MAX_TEXTURE[kind]) return;
    // Out of a cloud into blue sky is a large step of luma and colour, and safe: blue pixels
    // beside a cloud are sky.
    const leavingCloud = kind === 'blue' && kindOf(from) === 'neutral';
    if (abs(lum[to]! - lum[from]!) > MAX_STEP[kind] * (leavingCloud ? CLOUD_EDGE_FACTOR : 1)) return;
    const a = from * 3;
    const b = to * 3;
    const distance = abs(data[a]! - data[b]!) + abs(data[a + 1]! - data[b + 1]!) + abs(data[a + 2]! - data[b + 2]!);
    if (distance > MAX_GROWTH_DISTANCE * (leavingCloud ? CLOUD_EDGE_FACTOR : 1)) return;
    sky[to] = 1;
    steps[to] = min(255, steps[from]! + 1);
    queue[tail++] = to;
  };
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    const x = p % width;
    const y = (p - x) / width;
    if (x > 0) grow(p, p - 1, y);
    if (x + 1 < width) grow(p, p + 1, y);
    if (y > 0) grow(p, p - width, y - 1);
    if (y + 1 < height) grow(p, p + width, y + 1);
  }

  // Blue sky seen through arches, between clouds and behind branches, that no path of smooth
  // sky pixels reaches: blue pixels of the seeds' blue at that height, above the lowest seed, in
  // patches (a blue shutter or a car is not near the sky's own blue at its height).
  const blueModel = skyColourByRow(data, width, height, sky, (p) => kindOf(p) === 'blue');
  const pockets: number[] = [];
  for (let y = 1; y < min(height - 1, lowestSeed); y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      if (sky[p] || kindOf(p) !== 'blue' || texture(p, y) > MAX_TEXTURE.blue) continue;
      // Whole thumbnail pixels of sky only: a wire or a lattice mixes into its neighbours.
      if (
        kindOf(p - 1) !== 'blue' ||
        kindOf(p + 1) !== 'blue' ||
        kindOf(p - width) !== 'blue' ||
        kindOf(p + width) !== 'blue'
      )
        continue;
      const i = p * 3;
      const m = y * 3;
      const distance =
        abs(data[i]! - blueModel[m]!) + abs(data[i + 1]! - blueModel[m + 1]!) + abs(data[i + 2]! - blueModel[m + 2]!);
      if (distance <= POCKET_DISTANCE) pockets.push(p);
    }
  }
  for (const p of pockets) {
    sky[p] = 1;
    tail++;
  }

  let columns = 0;
  for (let x = 0; x < width; x++) {
    let count = 0;
    for (let y = 0; y < height; y++) count += sky[y * width + x]!;
    if (count >= height * 0.03) columns++;
  }
  const coverage = tail / pixels;
  if (coverage < MIN_SKY_AREA || columns < width * MIN_SKY_COLUMNS) return null;

  // A pale ceiling over a bright room passes the colour tests as an overcast sky: a neutral sky
  // must be brighter than what stands under it. A blue sky need not be (a deep blue sky over a
  // sunlit facade or a bright beach is darker than them), and no ceiling is blue.
  let skyLuma = 0;
  let restLuma = 0;
  let blue = 0;
  let blueOverRed = 0;
  for (let p = 0; p < pixels; p++) {
    if (sky[p]) {
      skyLuma += lum[p]!;
      blueOverRed += data[p * 3 + 2]! - data[p * 3]!;
      if (kindOf(p) === 'blue') blue++;
    } else restLuma += lum[p]!;
  }
  const neutralSky = blue < tail * MIN_BLUE_SHARE;
  if (!neutralSky && blueOverRed / tail < DULL_BLUE.blueOverRed && skyLuma / tail < DULL_BLUE.luma) return null;
  if (neutralSky && tail < pixels && skyLuma / tail < restLuma / (pixels - tail) + 8) return null;
  // Nor may much of the ground be as bright as a neutral sky: white siding, a towel and a door
  // frame at the top of a photo are all neutral and smooth, and the rest of the wall beside them
  // is as bright; an overcast sky outshines nearly everything under it.
  if (neutralSky && brightShareOfGround(lum, sky, skyLuma / tail) > MAX_GROUND_AS_BRIGHT) return null;

  return sky;
}

/**
 * Mean of the binary mask over (2 SOFTEN_RADIUS + 1)^2 pixels: edges become a ramp instead of a
 * step, and only pixels that far from the skyline are sure (0 or 1). The thumbnail's own skyline
 * is a pixel or two off here and there; the ramp leaves those pixels to the full-resolution
 * decision.
 */
function soften(sky: Uint8Array, width: number, height: number): Float32Array {
  const out = new Float32Array(sky.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let count = 0;
      for (let dy = -SOFTEN_RADIUS; dy <= SOFTEN_RADIUS; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -SOFTEN_RADIUS; dx <= SOFTEN_RADIUS; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          sum += sky[yy * width + xx]!;
          count++;
        }
      }
      out[y * width + x] = sum / count;
    }
  }
  return out;
}

/** Where output coordinate `v` (of `outSize`) falls on a mask axis of `size`: its two cells and the second's weight. */
function maskCells(v: number, size: number, outSize: number) {
  const f = clamp(((v + 0.5) * size) / outSize - 0.5, 0, size - 1);
  const low = floor(f);
  return { low, high: min(size - 1, low + 1), weight: f - low };
}

type MaskCells = ReturnType<typeof maskCells>;

/** The mask between the cells of two mask rows (offsets `above`, `below`), bilinearly. */
function maskBetween(m: Float32Array, above: number, below: number, x: MaskCells, y: MaskCells): number {
  const top = m[above + x.low]! * (1 - x.weight) + m[above + x.high]! * x.weight;
  const bottom = m[below + x.low]! * (1 - x.weight) + m[below + x.high]! * x.weight;
  return top * (1 - y.weight) + bottom * y.weight;
}

/** The softened mask (0..1) at pixel (x, y) of an image of outWidth x outHeight, bilinearly. */
export function skyMaskValue(sky: SkyDetection, outWidth: number, outHeight: number, x: number, y: number): number {
  const cy = maskCells(y, sky.height, outHeight);
  return maskBetween(sky.mask, cy.low * sky.width, cy.high * sky.width, maskCells(x, sky.width, outWidth), cy);
}

/** What a mask value interpolated across is: for skyMaskRows. */
const [ALL_GROUND, ALL_SKY, MIXED] = [0, 1, 2];

/**
 * skyMaskValue for whole rows of an image of outWidth x outHeight, each value mapped through
 * `code` to a byte (decisions 137 and 157): `row(y, out)` writes row y's codes into `out`.
 * Separably: each mask row the output's rows fall between is interpolated across once (the last
 * two kept); between two mask rows, the runs of columns where both are sure (all sky or all
 * ground: most of a photo) are filled with code(1) or code(0), and only the others are blended,
 * with skyMaskValue's arithmetic in its order (the same values to the bit). At 12 MP this costs
 * about 6 ms, where sharp's upscale of a 1024 px alpha, which it replaced, cost about 90.
 */
export function skyMaskRows(sky: SkyDetection, outWidth: number, outHeight: number, code: (value: number) => number) {
  const lows = new Int32Array(outWidth);
  const highs = new Int32Array(outWidth);
  const weights = new Float64Array(outWidth);
  for (let x = 0; x < outWidth; x++) {
    const cells = maskCells(x, sky.width, outWidth);
    lows[x] = cells.low;
    highs[x] = cells.high;
    weights[x] = cells.weight;
  }
  const [ground, skyCode] = [code(0), code(1)];
  /** A mask row interpolated across, and per pixel whether it is all ground, all sky or mixed. */
  const cached = [0, 1].map(() => ({ row: -1, values: new Float64Array(outWidth), sure: new Uint8Array(outWidth) }));
  // The entry returned last is kept: a row's two mask rows never evict each other.
  let last = 0;
  const across = (row: number) => {
    if (cached[last]!.row === row) return cached[last]!;
    last = 1 - last;
    const entry = cached[last]!;
    if (entry.row === row) return entry;
    entry.row = row;
    const m = sky.mask;
    const offset = row * sky.width;
    const { values, sure } = entry;
    for (let x = 0; x < outWidth; x++) {
      const w = weights[x]!;
      const low = m[offset + lows[x]!]!;
      const high = m[offset + highs[x]!]!;
      values[x] = low * (1 - w) + high * w;
      sure[x] = low !== high ? MIXED : low === 0 ? ALL_GROUND : low === 1 ? ALL_SKY : MIXED;
    }
    return entry;
  };
  // The runs between two mask rows, found once for all the output rows between them.
  let runsOf = { low: -1, high: -1 };
  let runs: { from: number; to: number; fill: number | null }[] = [];
  return (y: number, out: Uint8Array): void => {
    const cy = maskCells(y, sky.height, outHeight);
    const { values: top, sure: topSure } = across(cy.low);
    const { values: bottom, sure: bottomSure } = across(cy.high);
    if (runsOf.low !== cy.low || runsOf.high !== cy.high) {
      runsOf = { low: cy.low, high: cy.high };
      runs = [];
      for (let x = 0; x < outWidth;) {
        const kind = topSure[x] === bottomSure[x] ? topSure[x]! : MIXED;
        let end = x + 1;
        while (end < outWidth && (topSure[end] === bottomSure[end] ? topSure[end] : MIXED) === kind) end++;
        runs.push({ from: x, to: end, fill: kind === MIXED ? null : kind === ALL_SKY ? skyCode : ground });
        x = end;
      }
    }
    const w = cy.weight;
    for (const { from, to, fill } of runs) {
      if (fill !== null) out.fill(fill, from, to);
      else for (let x = from; x < to; x++) out[x] = code(top[x]! * (1 - w) + bottom[x]! * w);
    }
  };
}

/**
 * Sky opacity (0..1) at an output pixel, from the mask alone: its ramp steepened to span about
 * `feather` output pixels around the 0.5 level.
 */
export function skyAlpha(
  sky: SkyDetection,
  outWidth: number,
  outHeight: number,
  x: number,
  y: number,
  feather: number,
): number {
  // The softened mask ramps over about 2 SOFTEN_RADIUS thumbnail pixels.
  const ramp = (2 * SOFTEN_RADIUS * outHeight) / sky.height;
  const steepness = max(1, ramp / max(1, feather));
  return clamp((skyMaskValue(sky, outWidth, outHeight, x, y) - 0.5) * steepness + 0.5, 0, 1);
}

/**
 * The seeds' mean colour per thumbnail row (RGB, 3 floats a row), rows without seeds taking the
 * nearest seeded row's: the sky's colour at each height, for growth far from the seeds.
 */
function skyColourByRow(
  data: Buffer,
  width: number,
  height: number,
  seeds: Uint8Array,
  counts: (p: number) => boolean = () => true,
): Float32Array {
  const model = new Float32Array(height * 3);
  const rowCounts = new Int32Array(height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!seeds[p] || !counts(p)) continue;
      rowCounts[y] = rowCounts[y]! + 1;
      for (let c = 0; c < 3; c++) model[y * 3 + c] = model[y * 3 + c]! + data[p * 3 + c]!;
    }
  }
  let last = -1;
  for (let y = 0; y < height; y++) {
    if (rowCounts[y]! >= 3) {
      for (let c = 0; c < 3; c++) model[y * 3 + c] = model[y * 3 + c]! / rowCounts[y]!;
      if (last < 0) for (let k = 0; k < y; k++) for (let c = 0; c < 3; c++) model[k * 3 + c] = model[y * 3 + c]!;
      last = y;
    } else if (last >= 0) {
      for (let c = 0; c < 3; c++) model[y * 3 + c] = model[last * 3 + c]!;
    } else {
      for (let c = 0; c < 3; c++) model[y * 3 + c] = -1000;
    }
  }
  return model;
}

function colourDistanceTo(data: Buffer, p: number, model: Float32Array, y: number): number {
  const i = p * 3;
  const m = y * 3;
  return abs(data[i]! - model[m]!) + abs(data[i + 1]! - model[m + 1]!) + abs(data[i + 2]! - model[m + 2]!);
}

function colourDistance(data: Buffer, p: number, q: number): number {
  const i = p * 3;
  const j = q * 3;
  return abs(data[i]! - data[j]!) + abs(data[i + 1]! - data[j + 1]!) + abs(data[i + 2]! - data[j + 2]!);
}

function entersForeground(data: Buffer, lum: Float32Array, p: number, above: number): boolean {
  if (colourDistance(data, p, above) <= MAX_SEED_COLOUR_STEP) return false;
  const blueness = data[p * 3 + 2]! - data[p * 3]!;
  const blunessAbove = data[above * 3 + 2]! - data[above * 3]!;
  return lum[p]! < lum[above]! - 4 && blueness <= blunessAbove + 4;
}

function brightShareOfGround(lum: Float32Array, sky: Uint8Array, skyLuma: number): number {
  let ground = 0;
  let bright = 0;
  for (let p = 0; p < lum.length; p++) {
    if (sky[p]) continue;
    ground++;
    if (lum[p]! >= skyLuma - 10) bright++;
  }
  return ground === 0 ? 0 : bright / ground;
}

/**
 * 3x3 mean of each channel: film grain and sensor noise in a flat grey sky otherwise break the
 * colour and smoothness tests pixel by pixel. The skyline it softens by a thumbnail pixel is
 * decided again at full resolution.
 */
function denoise(thumb: Raster): Buffer {
  const { data, width, height } = thumb;
  const pixels = width * height;
  const out = Buffer.alloc(data.length);
  for (let c = 0; c < 3; c++) {
    const channel = new Float32Array(pixels);
    for (let p = 0; p < pixels; p++) channel[p] = data[p * 3 + c]!;
    const blurred = boxBlur(channel, width, height, 1, 1);
    for (let p = 0; p < pixels; p++) out[p * 3 + c] = blurred[p]! + 0.5;
  }
  return out;
}
