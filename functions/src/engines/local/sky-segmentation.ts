/**
 * Sky segmentation on the analysis thumbnail, from a core of sure sky (`sky-mask.ts`):
 * 1. colour models learnt from the photo itself: histograms of the sky's and the ground's
 *    colours, read as a log-likelihood ratio per colour (a sunset's orange, a dusk grey or a pink
 *    overcast is sky in one photo and a wall in another);
 * 2. per column, where the sky ends: a dynamic-programming skyline over all columns at once
 *    (smooth from column to column, free to jump at a facade's edge) that puts sky-coloured,
 *    smooth pixels above it and the rest below, and lets the sky start under a textured occluder
 *    (branches, palm leaves) at the top of a column; the models are learnt again from each
 *    skyline, three times; the pixels smoothly joined to the sure sky always teach the sky (a
 *    sunset's glow and low clouds, whose colours a lake or a beach below may share);
 * 3. a graph cut per pixel (colour, texture, the skyline as a prior, contrast-sensitive
 *    smoothness): the sky between branches, under arches and beside towers, and the thin things
 *    crossing it (wires, cables, a lattice) that no column-wise line can hold; then patches
 *    detached from the sky under the horizon are dropped (the sky seen through a structure stays,
 *    and grows into the glow low in its opening), holes in the sky that float (dark clouds) are
 *    filled, a sunset's glow over the hills joins the sky, and a sun's glare on the skyline is
 *    kept (`sky-glare.ts`).
 */
import { gridCut } from './grid-cut';
import { boxBlur, lowestSetRow, luma, type Raster } from './raster';
import { GLOW_DARKER, isGlowWarm, skyColour } from './sky-colours';
import { clippedWhite, keepSkylineUnderGlare } from './sky-glare';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context,
// and an imported binding is a getter once transpiled to CommonJS (jest, tsx).
const { abs, exp, log, max, min } = Math;
const lumaOf = luma;
const colourOf = skyColour;
const glowWarm = isGlowWarm;
const glowDarker = GLOW_DARKER;

/** Colour histogram: 16 levels per channel. */
const BINS = 16;
const BIN_SHIFT = 4;
/** Floor of a histogram's probability: unseen colours are unknown, not impossible. */
const PROBABILITY_FLOOR = 1e-4;
/** Largest colour evidence, either way, and its weight against texture and position. */
const MAX_EVIDENCE = 3;
const COLOUR_WEIGHT = 0.7;
/** Texture: detail (sum over channels of |pixel - 3x3 mean|, averaged over 3x3) of flat sky. */
const FLAT_DETAIL = 4;
const TEXTURE_WEIGHT = 0.5;
const MAX_TEXTURE_COST = 3;
/** Lower in the frame is a little less likely sky (cost per frame height). */
const HEIGHT_COST = 0.5;
/** Near-black pixels are not sky (a scan's black border, deep shade); cost per pixel. */
const DARK_LUMA = 30;
const DARK_COST = 1;
/** Rows next to a skyline are left out of the colour models: they mix sky and ground. */
const MODEL_MARGIN = 2;
const ITERATIONS = 3;
/** Skyline: cost per row of a step between neighbouring columns, steps longer than this cost the same. */
const SKYLINE_STEP_COST = 0.15;
const SKYLINE_MAX_STEP = 20;
/** Skyline: reward for ending on a colour edge (full at a sum of channel differences of 60). */
const EDGE_REWARD = 1;
const EDGE_FULL = 60;
/** Occluder at the top of a column: every pixel costs this, more when it is flat or sky-coloured. */
const OCCLUDER_COST = 0.1;
const OCCLUDER_SKY_WEIGHT = 0.5;
const OCCLUDER_FLAT_WEIGHT = 1.5;
const OCCLUDER_DETAIL = 8;
/** Graph cut: pull of the skyline, its ramps (rows above, share of the height below), smoothness. */
const SKYLINE_PRIOR = 1;
const PRIOR_RAMP_ABOVE = 4;
const PRIOR_RAMP_BELOW = 0.1;
const PRIOR_BELOW = 0.2;
/** Near a skyline texture means the edge itself, not the region: its weight fades within these rows. */
const TEXTURE_FADE_ROWS = 3;
const SMOOTHNESS = 2;
/**
 * Graph cut: pull of the core's sure sky. Its colour and smoothness rules found it, so where the
 * learnt models doubt it (a pale haze over a pale beach) it stays sky unless clearly not; more
 * than this and the core's rare leaks into a lake that mirrors the sky come back.
 */
const CORE_PULL = 2;
/**
 * Waterline: rows of a band this share of the height each side of it; a mirror when the band
 * below, flipped, matches the band above at most this share of the difference it has with the
 * band above unflipped, given that much structure (mean sum of channel differences) to match.
 */
const MIRROR_BAND = 0.06;
const MIRROR_RATIO = 0.45;
const MIRROR_STRUCTURE = 15;
/** Cost per pixel, against sky, of being under the waterline. */
const WATER_COST = 8;
/** Which colour model a pixel teaches. */
const NEITHER = 0;
const SKY = 1;
const GROUND = 2;

export interface SkySegmentation {
  /** 1 sky, 0 ground, per thumbnail pixel. */
  sky: Uint8Array;
  /** Per column: first row under the sky (the skyline) and first row of the sky (under an occluder). */
  bottom: Int32Array;
  top: Int32Array;
}

/**
 * Sky labels for every thumbnail pixel, given the core of sure sky found by colour (1 where
 * sure, at least a few pixels).
 */
export function segmentSky(thumb: Raster, core: Uint8Array): SkySegmentation {
  const { data, width, height } = thumb;
  const pixels = width * height;
  const calm = boxChannels(data, width, height);
  const lum = new Float32Array(pixels);
  for (let p = 0; p < pixels; p++) lum[p] = lumaOf(calm[0]![p]!, calm[1]![p]!, calm[2]![p]!);
  const detail = detailMap(data, width, height);
  const calmBin = new Int32Array(pixels);
  const rawBin = new Int32Array(pixels);
  for (let p = 0; p < pixels; p++) {
    calmBin[p] = colourBin(calm[0]![p]!, calm[1]![p]!, calm[2]![p]!);
    rawBin[p] = colourBin(data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!);
  }
  // Generic colour cue, and the pixels that are smooth and sky-coloured: those are left out of
  // the ground's model wherever they lie, as the sky seen through an arch or between branches
  // would otherwise teach the ground model the sky's colours. A dusk sky's zenith, too dark for
  // the generic colours, is blue sky.
  const generic = new Float32Array(pixels);
  const skyLike = new Uint8Array(pixels);
  const zenith = darkZenith(calm, lum, width, height);
  for (let p = 0; p < pixels; p++) {
    generic[p] = zenith[p] ? BLUE_LEAN : genericCost(calm[0]![p]!, calm[1]![p]!, calm[2]![p]!, lum[p]!);
    skyLike[p] = generic[p]! < 0 && detail[p]! < FLAT_DETAIL ? 1 : 0;
  }
  // Per pixel: texture's cost, and the cost of height and darkness (none for a dusk sky's zenith).
  const texture = new Float32Array(pixels);
  const place = new Float32Array(pixels);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      texture[p] = min(MAX_TEXTURE_COST, detail[p]! / FLAT_DETAIL - 1);
      place[p] = (HEIGHT_COST * y) / height + (lum[p]! < DARK_LUMA && !zenith[p] ? DARK_COST : 0);
    }
  }

  // Sky cost minus ground cost per pixel, first from generic cues alone.
  const cost = new Float32Array(pixels);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      cost[p] = generic[p]! + 2 * TEXTURE_WEIGHT * texture[p]! + (HEIGHT_COST * y) / height;
    }
  }
  // A calm water's reflection: under the waterline the photo mirrors what stands above it. The
  // water is not sky, and its sky colours must not teach the ground model either.
  const waterline = findWaterline(calm, width, height);
  if (waterline < height) {
    for (let p = waterline * width; p < pixels; p++) cost[p] = cost[p]! + WATER_COST;
  }
  const edges = edgeStrength(calm, width, height);
  // The rest of a sky whose colours the core's tests do not know (a sunset's glow, low clouds
  // over the horizon) is smoothly joined to it: every model takes it for sky. A smooth path down
  // to the bottom of the photo crossed into the ground (a blurred horizon, a lake mirroring the
  // sky): then it only stays out of the first ground model.
  const { nearSky, leaked } = skyPath(calm, core, width, height, waterline);
  let line = skyline(cost, edges, width, height, null);

  let evidence: Float32Array = new Float32Array(0);
  const occluder = new Float32Array(pixels);
  const side = new Uint8Array(pixels);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    // Which side each pixel teaches: the core and the ground under the first skyline at first,
    // then each skyline's sky and ground, less the rows along it.
    const { bottom, top } = line;
    for (let y = 0, p = 0; y < height; y++) {
      for (let x = 0; x < width; x++, p++) {
        const below = y > bottom[x]! + MODEL_MARGIN;
        if (y >= waterline) side[p] = NEITHER;
        else if (iteration === 0)
          side[p] =
            core[p] === 1 || (nearSky[p] && !leaked)
              ? SKY
              : core[p] === 0 && below && !skyLike[p] && !nearSky[p]
                ? GROUND
                : NEITHER;
        else if ((y >= top[x]! + MODEL_MARGIN && y < bottom[x]! - MODEL_MARGIN) || (nearSky[p] && !leaked))
          side[p] = SKY;
        else side[p] = (below || y < top[x]! - MODEL_MARGIN) && !skyLike[p] ? GROUND : NEITHER;
      }
    }
    evidence = colourEvidence(calmBin, side);
    for (let p = 0; p < pixels; p++) {
      cost[p] =
        -COLOUR_WEIGHT * evidence[calmBin[p]!]! +
        TEXTURE_WEIGHT * texture[p]! +
        place[p]! +
        (p >= waterline * width ? WATER_COST : 0);
    }
    for (let p = 0; p < pixels; p++) {
      occluder[p] =
        OCCLUDER_COST +
        OCCLUDER_SKY_WEIGHT * max(0, -cost[p]!) +
        OCCLUDER_FLAT_WEIGHT * max(0, 1 - detail[p]! / OCCLUDER_DETAIL);
    }
    line = skyline(cost, edges, width, height, occluder);
  }

  // Per pixel: the raw colour's evidence (the calm one blurs the skyline by a pixel), the skyline
  // as a prior, and contrast-sensitive smoothness.
  const { bottom, top } = line;
  const unary = new Float32Array(pixels);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const b = bottom[x]!;
      const t = top[x]!;
      let prior = 0;
      if (y >= t && y < b) prior = SKYLINE_PRIOR * min(1, (b - y) / PRIOR_RAMP_ABOVE, (y - t + 1) / PRIOR_RAMP_ABOVE);
      else if (y >= b) prior = -SKYLINE_PRIOR * PRIOR_BELOW * min(1, (y - b + 1) / (PRIOR_RAMP_BELOW * height));
      const fade = min(1, abs(y - b) / TEXTURE_FADE_ROWS);
      const local =
        -COLOUR_WEIGHT * evidence[rawBin[p]!]! + generic[p]! + TEXTURE_WEIGHT * texture[p]! * fade + place[p]!;
      unary[p] = prior - local + (core[p] === 1 ? CORE_PULL : 0) - (y >= waterline ? WATER_COST : 0);
    }
  }
  const { right, down } = contrastWeights(calm, width, height);
  const sky = gridCut({ width, height, unary, right, down });
  const blue = (p: number) => colourOf(calm[0]![p]!, calm[1]![p]!, calm[2]![p]!, lum[p]!) === 'blue';
  const continues = (from: number, to: number) => continuesPocket(calm, from, to);
  dropDetachedPatches(sky, width, height, bottom, top, blue, (p) => clippedWhite(calm, p), continues);
  fillEnclosedHoles(sky, (p) => evidence[calmBin[p]!]!, width, height);
  extendGlow(sky, calm, lum, width, height, waterline);
  keepSkylineUnderGlare(sky, calm, width, height);
  return { sky, bottom, top };
}

/**
 * The row of a calm water's edge, where the photo below mirrors the photo above (compared over a
 * band each side, flipped against unflipped); the height when there is none.
 */
function findWaterline(calm: Float32Array[], width: number, height: number): number {
  const band = max(4, Math.round(height * MIRROR_BAND));
  let best = height;
  let bestRatio = MIRROR_RATIO;
  for (let h = band; h <= height - band; h++) {
    let mirrored = 0;
    let shifted = 0;
    for (let j = 0; j < band; j++) {
      const above = (h - 1 - j) * width;
      const below = (h + j) * width;
      const aboveShifted = (h - band + j) * width;
      for (const channel of calm) {
        for (let x = 0; x < width; x++) {
          const under = channel[below + x]!;
          mirrored += abs(channel[above + x]! - under);
          shifted += abs(channel[aboveShifted + x]! - under);
        }
      }
    }
    if (shifted < MIRROR_STRUCTURE * width * band) continue;
    const ratio = mirrored / shifted;
    if (ratio < bestRatio) {
      bestRatio = ratio;
      best = h;
    }
  }
  return best;
}

/**
 * The pixels smoothly joined to the core (`smoothlyJoined`), and whether they run down to the
 * bottom of the photo. Over a calm water the path is followed down to the waterline only: the
 * water mirrors the sky, so a smooth path into it says nothing of the land, and must not turn the
 * whole path into a leak (decision 134: a dusk glow over a lake, whose haze joins the water at
 * one side, was left to the ground).
 */
export function skyPath(
  calm: Float32Array[],
  core: Uint8Array,
  width: number,
  height: number,
  waterline: number,
): { nearSky: Uint8Array; leaked: boolean } {
  const nearSky = smoothlyJoined(calm, core, width, min(height, waterline));
  let leaked = false;
  if (waterline >= height) for (let p = (height - 1) * width; p < width * height; p++) if (nearSky[p]) leaked = true;
  return { nearSky, leaked };
}

/** Smooth path from the sure sky: largest colour step (sum of channel differences, 3x3 means)... */
const SMOOTH_STEP = 14;
/** ...and largest darkening (sum of channels) of a step down. */
const DOWN_DARKER = 2;
/**
 * ...and darkest share of the brightness of the sure sky pixel the path started from (decision
 * 150): sideways steps may darken, each a little, and along a hazy horizon they walked into the
 * hills, a row at a time, down to 59 % of the sky they left (sunset-hills at 12 MP).
 */
const SMOOTH_DARKEST = 0.65;

/**
 * Pixels reached from the core's sure sky by small colour steps, never down into anything darker
 * (the land under a sky is darker than the sky just above it) nor, however many steps it takes,
 * much darker than the sky the path left; a roof or a wall is cut from the sky by an edge.
 */
function smoothlyJoined(calm: Float32Array[], core: Uint8Array, width: number, rows: number): Uint8Array {
  const [r, g, b] = calm as [Float32Array, Float32Array, Float32Array];
  const joined = new Uint8Array(core.length);
  // Only the first `rows` rows are walked.
  const pixels = width * rows;
  const queue = new Int32Array(pixels);
  let tail = 0;
  for (let p = 0; p < pixels; p++) {
    if (core[p] === 1) {
      joined[p] = 1;
      queue[tail++] = p;
    }
  }
  // The brightness (sum of channels) of the sure sky pixel each path starts from.
  const start = new Float32Array(core.length);
  for (let p = 0; p < pixels; p++) if (core[p] === 1) start[p] = r[p]! + g[p]! + b[p]!;
  const visit = (p: number, q: number) => {
    if (joined[q] || abs(r[p]! - r[q]!) + abs(g[p]! - g[q]!) + abs(b[p]! - b[q]!) > SMOOTH_STEP) return;
    if (r[q]! + g[q]! + b[q]! < SMOOTH_DARKEST * start[p]!) return;
    start[q] = start[p]!;
    joined[q] = 1;
    queue[tail++] = q;
  };
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    const x = p % width;
    if (x > 0) visit(p, p - 1);
    if (x < width - 1) visit(p, p + 1);
    if (p >= width) visit(p, p - width);
    const q = p + width;
    if (q < pixels && r[q]! + g[q]! + b[q]! >= r[p]! + g[p]! + b[p]! - DOWN_DARKER) visit(p, q);
  }
  return joined;
}

/** Zenith: blue above red and green by at least this much (3x3 means). */
const ZENITH_BLUE = 20;

/**
 * A dusk sky darkens towards the zenith, under DARK_LUMA at the top of the frame, where it is
 * neither black nor shade but a deep blue (decision 143). Per column: a run from the top edge of
 * pixels blue above red and green by ZENITH_BLUE, each a smooth step (SMOOTH_STEP) from the one
 * above, that ends on a pixel of blue sky: the sky darkening upwards. Its pixels are marked (1).
 * Deep blue in the ground (a car, a shaded blue wall, fruit) meets the sky, if at all, across an
 * edge.
 */
export function darkZenith(calm: Float32Array[], lum: Float32Array, width: number, height: number): Uint8Array {
  const [r, g, b] = calm as [Float32Array, Float32Array, Float32Array];
  const zenith = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    for (let y = 0, p = x; y < height; y++, p += width) {
      if (colourOf(r[p]!, g[p]!, b[p]!, lum[p]!) === 'blue') {
        for (let q = x; q < p; q += width) zenith[q] = 1;
        break;
      }
      const step = y === 0 ? 0 : abs(r[p]! - r[p - width]!) + abs(g[p]! - g[p - width]!) + abs(b[p]! - b[p - width]!);
      if (b[p]! < max(r[p]!, g[p]!) + ZENITH_BLUE || step > SMOOTH_STEP) break;
    }
  }
  return zenith;
}

/**
 * Glow: warm (`isGlowWarm`), no darker than the lowest sky pixel above it less GLOW_DARKER, nor darker
 * than this share of the run's brightest pixel (a hazy hill's top under the glow)...
 */
const GLOW_FADE = 0.92;
/** ...over at most this share of the height... */
const GLOW_ROWS = 0.1;
/** ...and ending, within GLOW_END rows, on land at most this share of the glow's brightest luma. */
const GLOW_LAND = 0.6;
const GLOW_END = 3;
/**
 * ...or within GLOW_HAZE_ROWS more, through rows no brighter than the glow's last: over a hazy hill
 * the glow fades into the land over several rows (decision 160).
 */
const GLOW_HAZE_ROWS = 6;
/**
 * The run goes on into that fade while each row darkens and keeps this share of the warmth (red
 * over blue, per luma level) of the glow's last row: the glow's own haze; the backlit land under
 * it is near neutral (decision 160).
 */
const GLOW_TAIL_WARMTH = 0.85;
/**
 * A cloud bank lit by the low sun may be darker than the glow: red over blue by this much (3x3
 * means), where the land under a sunset, backlit, is near neutral (decision 146)...
 */
const GLOW_LIT = 80;
/**
 * ...and it joins the run only where the glow shows again under it: a luma this much above the
 * darkest pixel of the run so far. Sun glare fading into the hills only darkens.
 */
const GLOW_RISE = 20;
/**
 * Lit cloud is a bank along the horizon: the columns whose run crosses it join the sky only in runs
 * at least this share of the width wide, across gaps of at most GLOW_BANK_GAP columns. A brick
 * chimney under a warm sky, with a pale trim under it, is narrow.
 */
const GLOW_BANK_WIDTH = 0.05;
const GLOW_BANK_GAP = 2;

/**
 * The sky this many rows above its lowest pixel must be warm too: on the 3x3 means, a blue sky's
 * lowest pixel can be warm only by mixing with a sunlit roof or stone under it (decision 145).
 */
const GLOW_SKY_ROWS = 2;

/**
 * In place: a sunset's glow just over the hills, which the cut left to the ground (its colours
 * taught the ground's model while it lay under the first skylines, and its gradient is too steep
 * for the smooth-step rules), joins the sky (decision 083). Per column, under the lowest sky pixel
 * of a warm sky (that pixel and the one GLOW_SKY_ROWS above it warm): a run of warm pixels never
 * darker than that sky pixel (a glow brightens toward the horizon) that ends on much darker land
 * within a few rows, above any waterline. A sunlit wall under a warm sky goes on brighter for more
 * rows than a glow's band, or does not end on dark land. A darker band of lit cloud belongs to the
 * run when the glow shows again under it, in a bank along the horizon (decision 146); the run ends
 * on its last glow pixel, so a lit hilltop under the glow, warm but only darkening, stays land. Over
 * a hazy hill the glow fades into the land over several rows: the run goes on through the fade
 * while it keeps the glow's warmth (decision 160). Narrow gaps in the glow band close
 * (`closeGlowGaps`).
 */
export function extendGlow(
  sky: Uint8Array,
  calm: Float32Array[],
  lum: Float32Array,
  width: number,
  height: number,
  waterline: number,
) {
  const [r, , b] = calm as [Float32Array, Float32Array, Float32Array];
  const longest = max(2, Math.round(height * GLOW_ROWS));
  const warm = (p: number) => glowWarm(r[p]!, b[p]!);
  const warmth = (p: number) => (r[p]! - b[p]!) / max(1, lum[p]!);
  // Per column, the rows the glow adds ([from, to)), and whether its run crosses lit cloud.
  const from = new Int32Array(width);
  const to = new Int32Array(width);
  const throughCloud = new Uint8Array(width);
  for (let x = 0; x < width; x++) {
    const lowest = lowestSetRow(sky, width, height, x);
    if (lowest < 0 || lowest + 1 >= waterline) continue;
    const floorPixel = lowest * width + x;
    if (!warm(floorPixel) || lowest < GLOW_SKY_ROWS || !warm(floorPixel - GLOW_SKY_ROWS * width)) continue;
    const floorLuma = lum[floorPixel]!;
    let brightest = floorLuma;
    let end = lowest + 1;
    // The last row of glow (as bright as the run so far, or rising out of a lit cloud's band).
    let last = lowest;
    let darkest = floorLuma;
    // Whether the run so far, and the run up to `last`, crossed lit cloud.
    let crossed = false;
    let cloud = false;
    while (end < waterline && end - lowest <= longest) {
      const p = end * width + x;
      const glow = lum[p]! >= max(floorLuma - glowDarker, brightest * GLOW_FADE);
      const lit = !glow && r[p]! >= b[p]! + GLOW_LIT;
      if (!warm(p) || !(glow || lit)) break;
      crossed ||= lit;
      darkest = min(darkest, lum[p]!);
      if (glow || lum[p]! >= darkest + GLOW_RISE) {
        last = end;
        cloud = crossed;
      }
      brightest = max(brightest, lum[p]!);
      end++;
    }
    if (end - lowest > longest) continue;
    end = last + 1;
    if (end === lowest + 1) continue;
    const lastPixel = last * width + x;
    let land = -1;
    for (let y = end; y < min(height, end + GLOW_END + GLOW_HAZE_ROWS); y++) {
      const l = lum[y * width + x]!;
      if (y >= end + GLOW_END && l > lum[lastPixel]!) break;
      if (l <= brightest * GLOW_LAND) {
        land = y;
        break;
      }
    }
    if (land < 0) continue;
    const tailWarmth = GLOW_TAIL_WARMTH * warmth(lastPixel);
    for (let p = end * width + x; end < land && warmth(p) >= tailWarmth && lum[p]! <= lum[p - width]!; p += width)
      end++;
    from[x] = lowest + 1;
    to[x] = end;
    throughCloud[x] = cloud ? 1 : 0;
  }
  for (let x = 0; x < width;) {
    if (!throughCloud[x]) {
      x++;
      continue;
    }
    // One past the bank's last column, bridging short gaps. A narrow bank's columns join nothing
    // (their runs emptied), and `closeGlowGaps` reads them so.
    let bankEnd = x + 1;
    for (let c = bankEnd; c < width && c - bankEnd <= GLOW_BANK_GAP; c++) if (throughCloud[c]) bankEnd = c + 1;
    if (bankEnd - x < GLOW_BANK_WIDTH * width) for (let c = x; c < bankEnd; c++) if (throughCloud[c]) to[c] = from[c]!;
    x = bankEnd;
  }
  for (let x = 0; x < width; x++) for (let y = from[x]!; y < to[x]!; y++) sky[y * width + x] = 1;
  closeGlowGaps(sky, warm, from, to, height);
}

/**
 * In place: a gap of at most GLOW_BANK_GAP warm pixels in a row, between sky on both sides, one
 * side of it glow that `extendGlow` joined (rows [from, to) of its column), is sky too (decision
 * 160). A column the glow's tests missed by a few levels, or a one-pixel notch the cut left, lies
 * in a glow band; once the mask is softened it would become a band five columns wide left to the
 * full-resolution decision, which keeps it as old sky.
 */
function closeGlowGaps(
  sky: Uint8Array,
  warm: (p: number) => boolean,
  from: Int32Array,
  to: Int32Array,
  height: number,
) {
  const width = from.length;
  const glowAt = (x: number, y: number) => y >= from[x]! && y < to[x]!;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      if (sky[row + x] || !sky[row + x - 1]) continue;
      let end = x;
      while (end < width && end - x < GLOW_BANK_GAP && !sky[row + end] && warm(row + end)) end++;
      if (end >= width || !sky[row + end] || !(glowAt(x - 1, y) || glowAt(end, y))) continue;
      for (let c = x; c < end; c++) sky[row + c] = 1;
    }
  }
}

/** The skyline's horizon: this share of the sky columns end above it. */
const HORIZON_QUANTILE = 0.9;
/** A tall structure's skyline rises at least this share of the height above the horizon. */
const STRUCTURE_RISE = 0.1;
/**
 * Sky seen through a structure is mostly blue: white patches under a skyline are snow or walls.
 * The share is of the patch's unclipped pixels: a dusk's glow low between columns is clipped white
 * over most of its height and blue above.
 */
const POCKET_BLUE_SHARE = 0.5;
/**
 * A patch that fails that share still counts with a kept patch at most this many thumbnail rows
 * over it (decision 162): gate-dusk's pale glow under a dark cloud band, the blue over both.
 */
const POCKET_REACH = 5;
/**
 * Sky seen through a structure shades from its blue into a pale glow or a cloud band by steps
 * under POCKET_STEP (sum of channels, between neighbouring thumbnail pixels), never warm: lit stone
 * is warm, and trees or a lintel's shadow lie a larger step away.
 */
const POCKET_STEP = 60;

/**
 * In place: patches detached from the sky that start under the horizon are water reflecting the
 * sky, or snow and white walls, not sky; except a patch mostly blue where not clipped, under a
 * tall structure whose own skyline rises well above the horizon: the sky seen through an arch or
 * between columns; and a patch under such a one, a few rows down, when the two together are.
 * The sky kept under a structure then grows into what `continues` it (`growPocket`).
 */
export function dropDetachedPatches(
  sky: Uint8Array,
  width: number,
  height: number,
  bottom: Int32Array,
  top: Int32Array,
  isBlue: (p: number) => boolean,
  isClipped: (p: number) => boolean,
  continues: (from: number, to: number) => boolean = () => false,
) {
  const ends: number[] = [];
  for (let x = 0; x < width; x++) if (bottom[x]! > top[x]!) ends.push(bottom[x]!);
  if (ends.length === 0) return;
  ends.sort((a, b) => a - b);
  const horizon = ends[min(ends.length - 1, Math.floor(ends.length * HORIZON_QUANTILE))]!;
  const component = new Int32Array(width * height).fill(-1);
  const stack: number[] = [];
  const patches: DetachedPatch[] = [];
  for (let start = 0; start < sky.length; start++) {
    if (!sky[start] || component[start]! >= 0) continue;
    component[start] = start;
    stack.push(start);
    const members: number[] = [];
    let topRow = height;
    const columns = new Set<number>();
    while (stack.length > 0) {
      const p = stack.pop()!;
      members.push(p);
      const x = p % width;
      const y = (p - x) / width;
      topRow = min(topRow, y);
      columns.add(x);
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= sky.length || !sky[q] || component[q]! >= 0) continue;
        component[q] = start;
        stack.push(q);
      }
    }
    if (topRow < horizon) continue;
    const skylines = [...columns].map((x) => bottom[x]!).sort((a, b) => a - b);
    const skylineHere = skylines[skylines.length >> 1]!;
    // A clipped pixel holds the sensor's limit, not the colour of what it shows (decision 152).
    let blue = 0;
    let coloured = 0;
    for (const p of members) {
      if (isClipped(p)) continue;
      coloured++;
      if (isBlue(p)) blue++;
    }
    const underStructure = skylineHere < horizon - STRUCTURE_RISE * height;
    const kept = underStructure && coloured > 0 && blue >= coloured * POCKET_BLUE_SHARE;
    const left = min(...columns);
    const right = max(...columns);
    patches.push({ id: start, members, left, right, blue, coloured, underStructure, kept });
  }
  // A pale glow or cloud low in an opening is cut from the blue above it by a few rows the cut gave
  // the structure (a darker cloud band): with a kept patch over it, the two count together.
  const byId = new Map(patches.map((patch) => [patch.id, patch]));
  for (const patch of patches) {
    if (patch.kept || !patch.underStructure) continue;
    const above = keptPocketAbove(patch, component, byId, width);
    if (!above) continue;
    const coloured = patch.coloured + above.coloured;
    patch.kept = patch.blue + above.blue >= coloured * POCKET_BLUE_SHARE;
  }
  for (const patch of patches) if (!patch.kept) for (const p of patch.members) sky[p] = 0;
  for (const patch of patches) if (patch.kept && patch.underStructure) growPocket(sky, patch, width, height, continues);
}

/**
 * In place: a kept patch of sky seen through a structure grows across its own columns, sideways
 * and down, into the pixels whose colours `continues` its own (decision 163): the cut gives the
 * structure a pale glow or a cloud band low in an opening, which the blue over it shades into. A
 * growth that reaches the photo's last row ran out of the opening into the land, and is undone.
 */
function growPocket(
  sky: Uint8Array,
  patch: DetachedPatch,
  width: number,
  height: number,
  continues: (from: number, to: number) => boolean,
): void {
  const { left, right } = patch;
  const grown: number[] = [];
  const stack = [...patch.members];
  while (stack.length > 0) {
    const p = stack.pop()!;
    const x = p % width;
    for (const q of [x > left ? p - 1 : -1, x < right ? p + 1 : -1, p + width]) {
      if (q < 0 || q >= sky.length || sky[q] || !continues(p, q)) continue;
      if (q >= (height - 1) * width) {
        for (const g of grown) sky[g] = 0;
        return;
      }
      sky[q] = 1;
      grown.push(q);
      stack.push(q);
    }
  }
}

/** Whether the thumbnail pixel `to` (calm channels) continues the sky of its neighbour `from` in an opening. */
function continuesPocket(calm: Float32Array[], from: number, to: number): boolean {
  const [r, g, b] = [calm[0]![to]!, calm[1]![to]!, calm[2]![to]!];
  if (b < r) return false;
  return abs(r - calm[0]![from]!) + abs(g - calm[1]![from]!) + abs(b - calm[2]![from]!) < POCKET_STEP;
}

/** A patch of sky detached from the sky above (`dropDetachedPatches`), under the horizon. */
interface DetachedPatch {
  /** Its first pixel: the `component` id of its members. */
  id: number;
  members: number[];
  /** Its first and last columns. */
  left: number;
  right: number;
  /** Its blue pixels, and its pixels not clipped. */
  blue: number;
  coloured: number;
  /** Under a tall structure whose skyline rises well above the horizon. */
  underStructure: boolean;
  kept: boolean;
}

/** The kept patch lying within POCKET_REACH rows over one of the patch's pixels, if any. */
function keptPocketAbove(
  patch: DetachedPatch,
  component: Int32Array,
  byId: Map<number, DetachedPatch>,
  width: number,
): DetachedPatch | undefined {
  for (const p of patch.members) {
    for (let k = 1, q = p - width; k <= POCKET_REACH && q >= 0; k++, q -= width) {
      const other = component[q]! >= 0 ? byId.get(component[q]!) : undefined;
      if (other !== undefined && other !== patch && other.kept) return other;
    }
  }
  return undefined;
}

/** Holes in the sky smaller than this (thumbnail pixels) stay: birds, a lamp, a wire's knot. */
const MIN_HOLE = 40;
/** Mean colour evidence at least: a gilded statue has the ground's colours, a dark cloud not. */
const HOLE_MIN_EVIDENCE = -1;
/** Rows of sky a hole must have under it (a dark cloud floats; a statue's head stands on it). */
const HOLE_CLEARANCE = 4;

/**
 * In place: a patch of ground enclosed by sky, touching no edge of the photo, with sky under it and
 * colours the models do not call ground, is a dark cloud (nothing standing on the ground floats in
 * the sky): sky. The sky is one region, with holes only for what flies or hangs in it.
 */
function fillEnclosedHoles(sky: Uint8Array, evidenceAt: (p: number) => number, width: number, height: number) {
  const component = new Int32Array(width * height).fill(-1);
  const stack: number[] = [];
  const members: number[] = [];
  for (let start = 0; start < sky.length; start++) {
    if (sky[start] || component[start]! >= 0) continue;
    component[start] = start;
    stack.push(start);
    members.length = 0;
    let enclosed = true;
    while (stack.length > 0) {
      const p = stack.pop()!;
      members.push(p);
      const x = p % width;
      const y = (p - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) enclosed = false;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= sky.length || sky[q] || component[q]! >= 0) continue;
        component[q] = start;
        stack.push(q);
      }
    }
    if (!enclosed || members.length < MIN_HOLE) continue;
    // The top of a statue or a lamp whose thin support the thumbnail lost sits just over it.
    let floating = true;
    for (const p of members) {
      for (let k = 1; k <= HOLE_CLEARANCE && floating; k++) {
        const q = p + k * width;
        if (q < sky.length && !sky[q] && component[q] !== start) floating = false;
      }
      if (!floating) break;
    }
    let colour = 0;
    for (const p of members) colour += evidenceAt(p);
    if (floating && colour >= HOLE_MIN_EVIDENCE * members.length) for (const p of members) sky[p] = 1;
  }
}

/** Generic cost of a blue pixel (sky minus ground): it leans sky. */
const BLUE_LEAN = -0.5;

/** Before any model: blue and bright neutral pixels lean sky, green and near-black ones ground. */
function genericCost(r: number, g: number, b: number, l: number): number {
  let cost = 0;
  const colour = colourOf(r, g, b, l);
  if (colour === 'blue') cost += BLUE_LEAN;
  else if (colour === 'neutral') cost -= 0.3;
  if (g > r + 4 && g > b + 4) cost += 1.5;
  if (l < 40) cost += 0.5;
  return cost;
}

function colourBin(r: number, g: number, b: number): number {
  return ((min(255, r) >> BIN_SHIFT) * BINS + (min(255, g) >> BIN_SHIFT)) * BINS + (min(255, b) >> BIN_SHIFT);
}

/**
 * Log-likelihood ratio of sky over ground per colour bin, from the pixels marked SKY and GROUND;
 * both histograms are smoothed over neighbouring bins and clamped to +-MAX_EVIDENCE.
 */
function colourEvidence(bins: Int32Array, side: Uint8Array): Float32Array {
  const size = BINS * BINS * BINS;
  const sky = new Float32Array(size);
  const ground = new Float32Array(size);
  let skyCount = 0;
  let groundCount = 0;
  for (let p = 0; p < bins.length; p++) {
    if (side[p] === SKY) {
      sky[bins[p]!]!++;
      skyCount++;
    } else if (side[p] === GROUND) {
      ground[bins[p]!]!++;
      groundCount++;
    }
  }
  const skySmooth = smoothBins(sky);
  const groundSmooth = smoothBins(ground);
  const evidence = new Float32Array(size);
  for (let k = 0; k < size; k++) {
    const ratio =
      (skySmooth[k]! / max(1, skyCount) + PROBABILITY_FLOOR) /
      (groundSmooth[k]! / max(1, groundCount) + PROBABILITY_FLOOR);
    evidence[k] = max(-MAX_EVIDENCE, min(MAX_EVIDENCE, log(ratio)));
  }
  return evidence;
}

/** Mean over the 3x3x3 neighbouring bins (27 always, so the mass spreads and shrinks alike). */
function smoothBins(histogram: Float32Array): Float32Array {
  const out = new Float32Array(histogram.length);
  for (let r = 0; r < BINS; r++) {
    for (let g = 0; g < BINS; g++) {
      for (let b = 0; b < BINS; b++) {
        const count = histogram[(r * BINS + g) * BINS + b]!;
        if (count === 0) continue;
        for (let dr = max(0, r - 1); dr <= min(BINS - 1, r + 1); dr++) {
          for (let dg = max(0, g - 1); dg <= min(BINS - 1, g + 1); dg++) {
            for (let db = max(0, b - 1); db <= min(BINS - 1, b + 1); db++) {
              const k = (dr * BINS + dg) * BINS + db;
              out[k] = out[k]! + count / 27;
            }
          }
        }
      }
    }
  }
  return out;
}

interface Skyline {
  bottom: Int32Array;
  top: Int32Array;
}

/**
 * The skyline minimising, over all columns, the cost of the sky rows [top, bottom) plus the
 * occluder rows above them (none when `occluder` is null), less the edge reward at `bottom`,
 * plus a truncated linear cost of steps between neighbouring columns.
 */
function skyline(
  cost: Float32Array,
  edges: Float32Array,
  width: number,
  height: number,
  occluder: Float32Array | null,
): Skyline {
  const states = height + 1;
  const from = new Int32Array(width * states);
  const column = new Float32Array(states);
  const bestTop = new Int32Array(width * states);
  let previous = new Float32Array(states);
  let current = new Float32Array(states);
  const spread = new Float32Array(states);
  const spreadFrom = new Int32Array(states);

  for (let x = 0; x < width; x++) {
    // column[b] = min over top <= b of occluder(0..top) + cost(top..b).
    let sum = 0;
    let occluded = 0;
    let best = 0;
    let bestAt = 0;
    column[0] = 0;
    for (let b = 1; b <= height; b++) {
      const p = (b - 1) * width + x;
      sum += cost[p]!;
      if (occluder) {
        occluded += occluder[p]!;
        if (occluded - sum < best) {
          best = occluded - sum;
          bestAt = b;
        }
      }
      column[b] = sum + best;
      bestTop[x * states + b] = bestAt;
      if (b < height) column[b] = column[b]! - EDGE_REWARD * min(1, edges[b * width + x]! / EDGE_FULL);
    }
    if (x === 0) {
      previous.set(column);
      continue;
    }
    // Distance transform of the previous column under a linear step cost, then truncation.
    let floor = Infinity;
    let floorAt = 0;
    for (let b = 0; b < states; b++) {
      spread[b] = previous[b]!;
      spreadFrom[b] = b;
      if (previous[b]! < floor) {
        floor = previous[b]!;
        floorAt = b;
      }
    }
    for (let b = 1; b < states; b++) {
      if (spread[b - 1]! + SKYLINE_STEP_COST < spread[b]!) {
        spread[b] = spread[b - 1]! + SKYLINE_STEP_COST;
        spreadFrom[b] = spreadFrom[b - 1]!;
      }
    }
    for (let b = states - 2; b >= 0; b--) {
      if (spread[b + 1]! + SKYLINE_STEP_COST < spread[b]!) {
        spread[b] = spread[b + 1]! + SKYLINE_STEP_COST;
        spreadFrom[b] = spreadFrom[b + 1]!;
      }
    }
    const jump = floor + SKYLINE_STEP_COST * SKYLINE_MAX_STEP;
    for (let b = 0; b < states; b++) {
      const stay = spread[b]! <= jump;
      current[b] = (stay ? spread[b]! : jump) + column[b]!;
      from[x * states + b] = stay ? spreadFrom[b]! : floorAt;
    }
    [previous, current] = [current, previous];
  }

  const bottom = new Int32Array(width);
  const top = new Int32Array(width);
  let b = 0;
  for (let k = 1; k < states; k++) if (previous[k]! < previous[b]!) b = k;
  for (let x = width - 1; x >= 0; x--) {
    bottom[x] = b;
    top[x] = bestTop[x * states + b]!;
    b = from[x * states + b]!;
  }
  return { bottom, top };
}

/** Per pixel, the colour change from two rows above to one row below (sum over channels). */
function edgeStrength(calm: Float32Array[], width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const above = max(0, y - 2) * width;
    const below = min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (const channel of calm) sum += abs(channel[above + x]! - channel[below + x]!);
      out[y * width + x] = sum;
    }
  }
  return out;
}

/** Potts weights exp(-beta |dc|^2), beta from the photo's mean squared neighbour difference. */
function contrastWeights(calm: Float32Array[], width: number, height: number) {
  const pixels = width * height;
  const [r, g, b] = calm as [Float32Array, Float32Array, Float32Array];
  const squared = (p: number, q: number) => (r[p]! - r[q]!) ** 2 + (g[p]! - g[q]!) ** 2 + (b[p]! - b[q]!) ** 2;
  let total = 0;
  let count = 0;
  for (let p = 0; p < pixels; p++) {
    if (p % width < width - 1) {
      total += squared(p, p + 1);
      count++;
    }
    if (p + width < pixels) {
      total += squared(p, p + width);
      count++;
    }
  }
  const beta = count > 0 && total > 0 ? count / (2 * total) : 0;
  const right = new Float32Array(pixels);
  const down = new Float32Array(pixels);
  for (let p = 0; p < pixels; p++) {
    if (p % width < width - 1) right[p] = SMOOTHNESS * exp(-beta * squared(p, p + 1));
    if (p + width < pixels) down[p] = SMOOTHNESS * exp(-beta * squared(p, p + width));
  }
  return { right, down };
}

/** Each channel's 3x3 mean, as floats. */
function boxChannels(data: Buffer, width: number, height: number): Float32Array[] {
  const pixels = width * height;
  return [0, 1, 2].map((c) => {
    const channel = new Float32Array(pixels);
    for (let p = 0; p < pixels; p++) channel[p] = data[p * 3 + c]!;
    return boxBlur(channel, width, height, 1, 1);
  });
}

/** Fine detail: sum over channels of |pixel - its 3x3 mean|, averaged over 3x3. */
function detailMap(data: Buffer, width: number, height: number): Float32Array {
  const pixels = width * height;
  const calm = boxChannels(data, width, height);
  const detail = new Float32Array(pixels);
  for (let c = 0; c < 3; c++) {
    const mean = calm[c]!;
    for (let p = 0; p < pixels; p++) detail[p] = detail[p]! + abs(data[p * 3 + c]! - mean[p]!);
  }
  return boxBlur(detail, width, height, 1, 1);
}
