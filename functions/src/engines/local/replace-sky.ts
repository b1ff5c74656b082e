/**
 * Sky replacement: detect the sky on a thumbnail, interpolate its alpha to full resolution, fit
 * the new sky's rendered image (chosen by the seed) over the band with sharp; decide the band's
 * pixels at full resolution (along the skyline by their own colour, small bright things fixed on a
 * structure kept, the skyline checked against local models of those decisions, then the scraps of
 * old sky left floating inside the new sky taken too, then the edges the photo does not show
 * feathered, then the sky seen through thin structure keyed); then one pass over the
 * full-resolution pixels relights the foreground under the new sky (tone curves and a haze along
 * the skyline) and blends the sky in.
 */
import { TRANSFORMATION_MESSAGES, type SkyType } from '@vitrine/shared';
import { EngineRejection } from '../types';
import { decodeRgb, decodeThumbnail, luma, type Raster } from './raster';
import { loadSkyPhoto, type SkyLight } from './sky-assets';
import { SkyEdges, SURE_GROUND_MASK, SURE_SKY, SURE_SKY_MASK } from './sky-edges';
import { keepBrightFittings } from './sky-fittings';
import { fillSkyIslands } from './sky-islands';
import { applySeamFade, seamFade, type SeamFade } from './sky-seams';
import { featherDecisions, keepInconsistentSky } from './sky-consistency';
import { takeSkySeenThrough } from './sky-seen-through';
import { keySoftSkyline } from './sky-soft-skyline';
import { findSky, SKY_ANALYSIS_SIDE, skyMaskRows, type SkyDetection } from './sky-mask';
import { fitSkyPhoto, groundHazeWeights, groundLight, skyHazeWeights, type GroundLight } from './sky-render';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context,
// and an imported binding is a getter once transpiled to CommonJS (jest, tsx).
const { ceil, max, min, round } = Math;
const lumaOf = luma;
const SKY = SURE_SKY;

/**
 * A kept pixel this much brighter (luma) than the old sky around it is a light (a lamp's globe):
 * the patch holding it is never taken for a scrap of old cloud (decision 110). A white cloud on a
 * blue sky is that much brighter too, and stays as the edges decided: precision first.
 */
const LIGHT_ABOVE_SKY = 50;

/**
 * Width the sky band's rows are counted at: the band reaches down to just under the lowest sky
 * at this width's rounding, then scaled (the band's rows at every size are as before decision 157,
 * when its alpha was computed at this width and upscaled).
 */
const SKY_BAND_WIDTH = 1024;

/**
 * Kept pixels of the band keep no highlights (a bright pixel along the skyline is old sky in a
 * fringe, not a lamp), but for those on its ground side, whose band code is under this, and in its
 * last HIGHLIGHTS_FADE_ROWS rows (at 1024 px, scaled with the width): they keep a share fading from
 * all of it at the band's edge to none. Switched at the band's edge, the relighting drew the
 * upscaled band's stair steps across pale walls, and a line along its last row (decision 155).
 */
const HIGHLIGHTS_FADE_CODE = 32;
const HIGHLIGHTS_FADE_ROWS = 4;

/** v within 0..top. */
function within(v: number, top: number): number {
  return v < 0 ? 0 : v > top ? top : v;
}

/** The mask's edge zone (about two thumbnail pixels each side) stays undecided. */
function edgeCoded(value: number): number {
  if (value >= SURE_SKY_MASK) return SKY;
  if (value <= SURE_GROUND_MASK) return 0;
  return 1 + round(value * 253);
}

export async function replaceSky(image: Buffer, skyType: SkyType, seed = 0): Promise<Raster> {
  return (await paintSky(image, skyType, seed, false)).result;
}

/**
 * The replaced pixels with the alpha each was blended with (as `skyReplacementMask`), as the
 * engine returns them; null when the photo would be refused. For measurement: what is scored is
 * what was painted.
 */
export async function replaceSkyMeasured(
  image: Buffer,
  skyType: SkyType,
  seed = 0,
): Promise<{ result: Raster; mask: Uint8Array } | null> {
  try {
    const { result, mask } = await paintSky(image, skyType, seed, true);
    return { result, mask: mask! };
  } catch (error) {
    if (error instanceof EngineRejection) return null;
    throw error;
  }
}

async function paintSky(
  image: Buffer,
  skyType: SkyType,
  seed: number,
  withMask: boolean,
): Promise<{ result: Raster; mask: Uint8Array | null }> {
  // Sharp decodes the thumbnail and the whole photo at once on its worker threads, and this one
  // finds the sky while the whole decode goes on (decisions 134 and 137); a refused photo's decode
  // is dropped.
  const thumbnail = decodeThumbnail(image, SKY_ANALYSIS_SIDE);
  const decoding = decodeRgb(image);
  decoding.catch(() => undefined);
  const thumb = await thumbnail;
  const sky = findSky(thumb);
  if (!sky) throw new EngineRejection(TRANSFORMATION_MESSAGES.noSkyDetected);
  const [full, photo] = await Promise.all([decoding, loadSkyPhoto(skyType, seed)]);
  const { width, height } = full;

  // Sharp fits the new sky on its worker threads while this one computes the band's alpha, finds
  // the seams, calibrates the edges, relights the ground and decides the band (decisions 137 and
  // 157); the fit's failure is awaited before the blend, never left unhandled.
  const rows = skyBandRows(sky, width, height);
  const horizon = (sky.horizonRow + 0.5) * (height / sky.height);
  const fitting = fitSkyPhoto(photo, width, rows, horizon);
  fitting.catch(() => undefined);
  const alpha = skyAlphaBand(sky, width, height, rows);
  const seams = seamFade(thumb, sky);
  const edges = new SkyEdges(thumb, sky, width, height);
  edges.calibrate(full.data, sky, rows + 1);
  // The ground under the band (less the row the band's last decisions read) is relit meanwhile.
  blendSky(full.data, width, height, { from: rows + 1, to: height, horizon }, photo.light);
  const { decided, mixed } = decideSky(full.data, width, height, rows, alpha, edges, seams);
  const rgb = await fitting;
  const band = { rgb, coded: alpha, alpha: decided, mixed, rows };
  blendSky(full.data, width, height, { from: 0, to: min(height, rows + 1), horizon }, photo.light, band, edges);
  if (!withMask) return { result: full, mask: null };
  const mask = new Uint8Array(width * height);
  mask.set(decided);
  return { result: full, mask };
}

/**
 * The band's alpha decided at full resolution (`SkyEdges.alpha`: SKY, 0, or a kept pixel's share
 * of old sky), the small bright things fixed on a structure that the sure sky took kept (a white
 * cross: decision 168), the skyline's sky that the local models of those decisions call ground kept
 * (decision 158), then the old sky left floating inside the new sky replaced (decision 110), then
 * the seams through the old sky faded (decision 134), then every transition the photo shows no edge
 * for feathered (decision 159), then the sky seen between a bare crown's twigs, a palm's fronds or
 * paired cables keyed (decision 170), then a soft skyline (hills in haze, a blurred tree line)
 * keyed down each column (decision 171); `mixed` marks the pixels the last four mix plainly by
 * their alpha.
 */
function decideSky(
  pixels: Buffer,
  width: number,
  height: number,
  rows: number,
  alpha: Uint8Array,
  edges: SkyEdges,
  seams: SeamFade,
): { decided: Uint8Array; mixed: Uint8Array | null } {
  const decided = new Uint8Array(width * rows);
  for (let y = 0; y < rows; y++) edges.decideRow(y, pixels, alpha, decided, y * width);
  keepBrightFittings(decided, width, rows, edges.brightSky, edges);
  keepInconsistentSky(pixels, decided, width, edges.skylineSky);
  fillSkyIslands(decided, width, rows, SKY, (p) => {
    const x = p % width;
    edges.oldSkyAt(x, (p - x) / width);
    const above =
      lumaOf(pixels[p * 3]!, pixels[p * 3 + 1]!, pixels[p * 3 + 2]!) - lumaOf(edges.oldR, edges.oldG, edges.oldB);
    return above > LIGHT_ABOVE_SKY;
  });
  const faded = applySeamFade(seams, decided, width, rows, height);
  const feathered = featherDecisions(pixels, decided, width, faded);
  const seenThrough = takeSkySeenThrough(pixels, decided, width, rows, feathered);
  return { decided, mixed: keySoftSkyline(pixels, decided, width, rows, seenThrough) };
}

/**
 * Which pixels a replacement would take for sky, at full resolution (255 sky, 0 kept, between:
 * the share of old sky replaced in a pixel along the skyline), by the same decisions as
 * `replaceSky`; null when the photo would be refused. For measurement.
 */
export async function skyReplacementMask(
  image: Buffer,
): Promise<{ width: number; height: number; mask: Uint8Array } | null> {
  const thumb = await decodeThumbnail(image, SKY_ANALYSIS_SIDE);
  const sky = findSky(thumb);
  if (!sky) return null;
  const full = await decodeRgb(image);
  const { width, height } = full;
  const rows = skyBandRows(sky, width, height);
  const alpha = skyAlphaBand(sky, width, height, rows);
  const edges = new SkyEdges(thumb, sky, width, height);
  // As `paintSky` leaves them: the rows under the band's last are relit while it is decided.
  edges.calibrate(full.data, sky, rows + 1);
  const mask = new Uint8Array(width * height);
  mask.set(decideSky(full.data, width, height, rows, alpha, edges, seamFade(thumb, sky)).decided);
  return { width, height, mask };
}

/** Rows of the photo (from the top) the new sky may reach: down to just under the lowest sky. */
function skyBandRows(sky: SkyDetection, width: number, height: number): number {
  const ratio = min(width, SKY_BAND_WIDTH) / width;
  const countedHeight = max(1, round(height * ratio));
  const countedRows = min(countedHeight, ceil((sky.lowestRow + 2) * (countedHeight / sky.height)));
  return min(height, round(countedRows / ratio));
}

/**
 * The sky's edge-coded alpha (edgeCoded), one byte per pixel of the band's `rows` at full
 * resolution: the thumbnail's softened mask interpolated straight to the photo's size.
 */
function skyAlphaBand(sky: SkyDetection, width: number, height: number, rows: number): Uint8Array {
  const alpha = new Uint8Array(width * rows);
  const maskRow = skyMaskRows(sky, width, height, edgeCoded);
  for (let y = 0; y < rows; y++) maskRow(y, alpha.subarray(y * width, (y + 1) * width));
  return alpha;
}

/**
 * One channel's tables of `blendSky` for a row whose haze weighs `gh`: the tones under the haze
 * (`base`), the highlights' spread over them (`spread`), and the tones stored as a pixel's own
 * store does (truncated, `ground`) for pixels keeping no highlights.
 */
function hazedTones(
  tones: Float32Array,
  haze: number,
  gh: number,
  base: Float32Array,
  spread: Float32Array,
  ground: Uint8Array,
): void {
  for (let v = 0; v < 256; v++) {
    base[v] = tones[v]! + (haze - tones[v]!) * gh;
    spread[v] = (v - tones[v]!) * (1 - gh);
  }
  ground.set(base);
}

/**
 * `blendSky`'s level for a ground pixel away from the skyline's haze, per channel, for every pair
 * of the pixel's brightest channel m and its level v, at (m << 8) | v: the same tables and
 * arithmetic, so the same bytes, looked up instead of computed per pixel (half the time over most
 * of a photo's ground). 192 KB, built once per sky look.
 */
const clearGroundTables = new WeakMap<SkyLight, readonly [Uint8Array, Uint8Array, Uint8Array]>();

function clearGround(light: SkyLight, { toned, kept }: GroundLight): readonly [Uint8Array, Uint8Array, Uint8Array] {
  let tables = clearGroundTables.get(light);
  if (tables) return tables;
  const base = new Float32Array(256);
  const spread = new Float32Array(256);
  const ground = new Uint8Array(256);
  tables = toned.map((tones, c) => {
    hazedTones(tones, light.haze[c]!, 0, base, spread, ground);
    const table = new Uint8Array(256 * 256);
    for (let m = 0; m < 256; m++) {
      const h = kept[m]!;
      for (let v = 0; v < 256; v++) table[(m << 8) | v] = m < 128 ? ground[v]! : base[v]! + h * spread[v]!;
    }
    return table;
  }) as [Uint8Array, Uint8Array, Uint8Array];
  clearGroundTables.set(light, tables);
  return tables;
}

interface SkyBand {
  /** The fitted sky photo, packed RGB, `rows` rows at full width. */
  rgb: Buffer;
  /** Edge-coded alpha per pixel of the same rows (the thumbnail's). */
  coded: Uint8Array;
  /** Decided alpha per pixel of the same rows (`decideSky`). */
  alpha: Uint8Array;
  /**
   * 1 where the pixel mixes plainly with the new sky by its alpha (a seam's fade, `applySeamFade`, or
   * the feather, `featherDecisions`); null when none.
   */
  mixed: Uint8Array | null;
  rows: number;
}

/**
 * In place: every pixel takes the new sky's light (tone curves through lookup tables, keeping
 * highlights except along the skyline, and near the skyline a little of its haze), and the
 * band's pixels are mixed with the sky by its alpha, the sky itself fading into its haze toward
 * the skyline. Undecided pixels along the skyline are
 * sky when their own colour is, foreground otherwise, and a kept pixel beside the sky has its
 * share of old sky swapped for the new sky: the thumbnail's uncertainty of a pixel or two, and
 * the pixels that mix roof and sky, would otherwise leave a fringe of old sky along roofs and trees.
 */
function blendSky(
  pixels: Buffer,
  width: number,
  height: number,
  /** Rows from..to (exclusive); the skyline's row (full resolution, fractional), where the haze is densest. */
  { from, to, horizon }: { from: number; to: number; horizon: number },
  light: SkyLight,
  band?: SkyBand,
  edges?: SkyEdges,
): void {
  const ground = groundLight(light);
  const {
    toned: [tr, tg, tb],
    kept,
  } = ground;
  const [clearR, clearG, clearB] = clearGround(light, ground);
  const [hr, hg, hb] = light.haze;
  const groundHaze = groundHazeWeights(height, horizon);
  // Without the band, only rows under it (from at least its last row + 1) are blended.
  const rows = band ? band.rows : 0;
  const skyHaze = skyHazeWeights(rows, horizon);
  const fadeRows = max(1, round((HIGHLIGHTS_FADE_ROWS * width) / 1024));
  const empty = new Uint8Array(0);
  const { rgb, coded, alpha, mixed } = band ?? { rgb: empty, coded: empty, alpha: empty, mixed: null };
  // Per row, lookup tables for each level (decision 137): the same arithmetic as per pixel, done
  // 256 times a row instead of once a pixel. The ground's colour is its tones under the haze plus
  // the highlights' share of its spread (`relit`), the sky's its colour under the haze.
  const baseR = new Float32Array(256);
  const baseG = new Float32Array(256);
  const baseB = new Float32Array(256);
  const spreadR = new Float32Array(256);
  const spreadG = new Float32Array(256);
  const spreadB = new Float32Array(256);
  // The same tones stored as the pixel's own store does (truncated), for pixels keeping no highlights.
  const groundR = new Uint8Array(256);
  const groundG = new Uint8Array(256);
  const groundB = new Uint8Array(256);
  const skyR = new Uint8Array(256);
  const skyG = new Uint8Array(256);
  const skyB = new Uint8Array(256);
  let tablesGh = NaN;
  let tablesSh = NaN;
  for (let y = from, p = from * width, i = p * 3; y < to; y++) {
    const inBand = y < rows;
    const gh = groundHaze[y]!;
    const sh = inBand ? skyHaze[y]! : 0;
    if (gh !== tablesGh) {
      tablesGh = gh;
      hazedTones(tr, hr, gh, baseR, spreadR, groundR);
      hazedTones(tg, hg, gh, baseG, spreadG, groundG);
      hazedTones(tb, hb, gh, baseB, spreadB, groundB);
    }
    if (!inBand && gh === 0) {
      // The ground away from the skyline: its light, looked up by the brightest channel and the level.
      for (const end = i + width * 3; i < end; i += 3) {
        const r = pixels[i]!;
        const g = pixels[i + 1]!;
        const b = pixels[i + 2]!;
        const m = (r > g ? (r > b ? r : b) : g > b ? g : b) << 8;
        pixels[i] = clearR[m | r]!;
        pixels[i + 1] = clearG[m | g]!;
        pixels[i + 2] = clearB[m | b]!;
      }
      p += width;
      continue;
    }
    if (!inBand) {
      // The ground near the skyline: its light, and the haze.
      for (const end = i + width * 3; i < end; i += 3) {
        const r = pixels[i]!;
        const g = pixels[i + 1]!;
        const b = pixels[i + 2]!;
        // Under 128 in every channel (most of a photo), the highlights' share is under a quarter
        // of a level: the tones alone, through the truncating tables.
        if ((r | g | b) < 128) {
          pixels[i] = groundR[r]!;
          pixels[i + 1] = groundG[g]!;
          pixels[i + 2] = groundB[b]!;
          continue;
        }
        const h = kept[r > g ? (r > b ? r : b) : g > b ? g : b]!;
        pixels[i] = baseR[r]! + h * spreadR[r]!;
        pixels[i + 1] = baseG[g]! + h * spreadG[g]!;
        pixels[i + 2] = baseB[b]! + h * spreadB[b]!;
      }
      p += width;
      continue;
    }
    // The share of highlights every kept pixel of this row keeps, from its place over the band's end.
    const rowKeeps = max(0, (y - (rows - fadeRows)) / fadeRows);
    if (sh !== tablesSh) {
      tablesSh = sh;
      for (let v = 0; v < 256; v++) {
        skyR[v] = v + (hr - v) * sh;
        skyG[v] = v + (hg - v) * sh;
        skyB[v] = v + (hb - v) * sh;
      }
    }
    for (let x = 0; x < width; x++, p++, i += 3) {
      const a = alpha[p]!;
      if (a === SKY) {
        // A run of new sky: above the haze, the fitted sky itself, copied at once.
        let end = p + 1;
        const rowEnd = p - x + width;
        while (end < rowEnd && alpha[end] === SKY) end++;
        const endI = i + (end - p) * 3;
        if (sh === 0) pixels.set(rgb.subarray(i, endI), i);
        else {
          for (let j = i; j < endI; j += 3) {
            pixels[j] = skyR[rgb[j]!]!;
            pixels[j + 1] = skyG[rgb[j + 1]!]!;
            pixels[j + 2] = skyB[rgb[j + 2]!]!;
          }
        }
        x += end - 1 - p;
        i = endI - 3;
        p = end - 1;
        continue;
      }
      const pr = pixels[i]!;
      const pg = pixels[i + 1]!;
      const pb = pixels[i + 2]!;
      const c = coded[p]!;
      const keeps = c < HIGHLIGHTS_FADE_CODE ? max(rowKeeps, 1 - c / HIGHLIGHTS_FADE_CODE) : rowKeeps;
      const h = keeps > 0 ? keeps * kept[pr > pg ? (pr > pb ? pr : pb) : pg > pb ? pg : pb]! : 0;
      if (a === 0 && h === 0) {
        pixels[i] = groundR[pr]!;
        pixels[i + 1] = groundG[pg]!;
        pixels[i + 2] = groundB[pb]!;
        continue;
      }
      let r = baseR[pr]! + h * spreadR[pr]!;
      let g = baseG[pg]! + h * spreadG[pg]!;
      let b = baseB[pb]! + h * spreadB[pb]!;
      if (a === 0) {
        pixels[i] = r;
        pixels[i + 1] = g;
        pixels[i + 2] = b;
        continue;
      }
      const sr = rgb[i]! + (hr - rgb[i]!) * sh;
      const sg = rgb[i + 1]! + (hg - rgb[i + 1]!) * sh;
      const sb = rgb[i + 2]! + (hb - rgb[i + 2]!) * sh;
      if (mixed !== null && mixed[p] === 1) {
        // Along a seam through the old sky or a feathered edge: a plain mix, the old sky fading into the new.
        const share = a / SKY;
        r += (sr - r) * share;
        g += (sg - g) * share;
        b += (sb - b) * share;
      } else {
        edges!.oldSkyAt(x, y);
        // Its share of old sky (relit like the rest, the curves being near affine) is
        // swapped for the new sky's: a roof's ridge keeps no line of the old sky's light. What
        // stays is the foreground's share, from none to (1 - share) of white (decision 169):
        // where the old sky is brighter than its local estimate (a glow toward the land, a
        // cloud's rim), the excess is old sky, and left in it showed as pale patches and blocks.
        const share = a / SKY;
        const room = (1 - share) * 255;
        r = share * sr + within(r - share * tr[round(edges!.oldR)]!, room);
        g = share * sg + within(g - share * tg[round(edges!.oldG)]!, room);
        b = share * sb + within(b - share * tb[round(edges!.oldB)]!, room);
      }
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = b;
    }
  }
}
