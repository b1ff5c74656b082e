/**
 * Sky replacement: detect the sky on a thumbnail, compute its alpha at a reduced resolution and
 * let sharp upscale it, fit the new sky's rendered image (chosen by the seed) over the band with
 * sharp; decide the band's pixels at full resolution (along the skyline by their own colour, then
 * the scraps of old sky left floating inside the new sky taken too); then one pass over the
 * full-resolution pixels relights the foreground under the new sky (tone curves and a haze along
 * the skyline) and blends the sky in.
 */
import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES, type SkyType } from '@vitrine/shared';
import { EngineRejection } from '../types';
import { decodeRgb, decodeThumbnail, luma, type Raster } from './raster';
import { loadSkyPhoto, type SkyLight } from './sky-assets';
import { SkyEdges, SURE_SKY } from './sky-edges';
import { fillSkyIslands } from './sky-islands';
import { applySeamFade, seamFade, type SeamFade } from './sky-seams';
import { findSky, SKY_ANALYSIS_SIDE, skyMaskValue, type SkyDetection } from './sky-mask';
import { fitSkyPhoto, groundHazeWeights, lightCurves, skyHazeWeights } from './sky-render';

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

/** Width the sky's alpha is computed at before sharp upscales it (the mask is a thumbnail's). */
const SKY_RENDER_WIDTH = 1024;

function clampByte(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

/** The mask's edge zone (about two thumbnail pixels each side) stays undecided. */
function edgeCoded(value: number): number {
  if (value >= 0.98) return SURE_SKY;
  if (value <= 0.02) return 0;
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
  const thumb = await decodeThumbnail(image, SKY_ANALYSIS_SIDE);
  // Sharp decodes the photo on its worker threads while this one finds the sky (decision 134); a
  // refused photo's decode is dropped.
  const decoding = decodeRgb(image);
  decoding.catch(() => undefined);
  const sky = findSky(thumb);
  if (!sky) throw new EngineRejection(TRANSFORMATION_MESSAGES.noSkyDetected);
  const seams = seamFade(thumb, sky);
  const [full, photo] = await Promise.all([decoding, loadSkyPhoto(skyType, seed)]);
  const { width, height } = full;

  // Sharp fits the photo and upscales the alpha on worker threads while this one calibrates the
  // edges; both are awaited together, so a failure of either is never left unhandled.
  const rows = skyBandRows(sky, width, height);
  const horizon = (sky.horizonRow + 0.5) * (height / sky.height);
  const bands = Promise.all([fitSkyPhoto(photo, width, rows, horizon), skyAlphaBand(sky, width, height)]);
  const edges = new SkyEdges(thumb, sky, width, height);
  edges.calibrate(full.data, sky);
  const [rgb, alpha] = await bands;
  const { decided, mixed } = decideSky(full.data, width, height, rows, alpha, edges, seams);
  blendSky(full.data, width, height, { rgb, coded: alpha, alpha: decided, mixed, rows, horizon }, photo.light, edges);
  if (!withMask) return { result: full, mask: null };
  const mask = new Uint8Array(width * height);
  mask.set(decided);
  return { result: full, mask };
}

/**
 * The band's alpha decided at full resolution (`SkyEdges.alpha`: SKY, 0, or a kept pixel's share
 * of old sky), then the old sky left floating inside the new sky replaced (decision 110), then the
 * seams through the old sky faded (decision 134: `mixed` marks the pixels mixed by their alpha).
 */
function decideSky(
  pixels: Buffer,
  width: number,
  height: number,
  rows: number,
  alpha: Buffer,
  edges: SkyEdges,
  seams: SeamFade,
): { decided: Uint8Array; mixed: Uint8Array | null } {
  const decided = new Uint8Array(width * rows);
  for (let y = 0, p = 0; y < rows; y++) {
    edges.row(y);
    for (let x = 0; x < width; x++, p++) {
      const coded = alpha[p]!;
      if (coded > 0) decided[p] = edges.alpha(x, y, pixels[p * 3]!, pixels[p * 3 + 1]!, pixels[p * 3 + 2]!, coded);
    }
  }
  fillSkyIslands(decided, width, rows, SKY, (p) => {
    const x = p % width;
    edges.oldSkyAt(x, (p - x) / width);
    const above =
      lumaOf(pixels[p * 3]!, pixels[p * 3 + 1]!, pixels[p * 3 + 2]!) - lumaOf(edges.oldR, edges.oldG, edges.oldB);
    return above > LIGHT_ABOVE_SKY;
  });
  return { decided, mixed: applySeamFade(seams, decided, width, rows, height) };
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
  const alpha = await skyAlphaBand(sky, width, height);
  const edges = new SkyEdges(thumb, sky, width, height);
  edges.calibrate(full.data, sky);
  const mask = new Uint8Array(width * height);
  const rows = skyBandRows(sky, width, height);
  mask.set(decideSky(full.data, width, height, rows, alpha, edges, seamFade(thumb, sky)).decided);
  return { width, height, mask };
}

/** The sky band's size at the resolution its alpha is computed at, and at full resolution. */
function bandGeometry(sky: SkyDetection, width: number, height: number) {
  const renderWidth = min(width, SKY_RENDER_WIDTH);
  const ratio = renderWidth / width;
  const renderHeight = max(1, round(height * ratio));
  const bandRows = min(renderHeight, ceil((sky.lowestRow + 2) * (renderHeight / sky.height)));
  return { renderWidth, renderHeight, bandRows, rows: min(height, round(bandRows / ratio)) };
}

/** Rows of the photo (from the top) the new sky may reach: down to just under the lowest sky. */
function skyBandRows(sky: SkyDetection, width: number, height: number): number {
  return bandGeometry(sky, width, height).rows;
}

/** The sky's edge-coded alpha (edgeCoded), one byte per pixel at full width for the band's rows. */
async function skyAlphaBand(sky: SkyDetection, width: number, height: number): Promise<Buffer> {
  const { renderWidth, renderHeight, bandRows, rows } = bandGeometry(sky, width, height);
  const alpha = Buffer.alloc(renderWidth * bandRows);
  for (let y = 0, p = 0; y < bandRows; y++) {
    for (let x = 0; x < renderWidth; x++, p++) {
      alpha[p] = edgeCoded(skyMaskValue(sky, renderWidth, renderHeight, x, y));
    }
  }
  if (renderWidth === width && rows === bandRows) return alpha;
  return (
    sharp(alpha, { raw: { width: renderWidth, height: bandRows, channels: 1 } })
      .resize(width, rows, { fit: 'fill', kernel: 'linear' })
      // One channel in, one out (sharp would otherwise widen greyscale to sRGB).
      .toColourspace('b-w')
      .raw()
      .toBuffer()
  );
}

interface SkyBand {
  /** The fitted sky photo, packed RGB, `rows` rows at full width. */
  rgb: Buffer;
  /** Edge-coded alpha per pixel of the same rows (the thumbnail's). */
  coded: Buffer;
  /** Decided alpha per pixel of the same rows (`decideSky`). */
  alpha: Uint8Array;
  /** 1 where a seam's fade mixes the pixel with the new sky by its alpha (`applySeamFade`); null when none. */
  mixed: Uint8Array | null;
  rows: number;
  /** The skyline's row (full resolution, fractional): where the haze is densest. */
  horizon: number;
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
  band: SkyBand,
  light: SkyLight,
  edges: SkyEdges,
): void {
  const [tr, tg, tb] = lightCurves(light);
  const [er, eg, eb] = lightCurves(light, false);
  const [hr, hg, hb] = light.haze;
  const skyHaze = skyHazeWeights(band.rows, band.horizon);
  const groundHaze = groundHazeWeights(height, band.horizon);
  const { rgb, coded, alpha, mixed, rows } = band;
  for (let y = 0, p = 0, i = 0; y < height; y++) {
    const inBand = y < rows;
    const gh = groundHaze[y]!;
    const sh = inBand ? skyHaze[y]! : 0;
    if (!inBand && gh === 0) {
      // Most of the ground: the tone curves alone.
      for (const end = i + width * 3; i < end; i += 3) {
        pixels[i] = tr[pixels[i]!]!;
        pixels[i + 1] = tg[pixels[i + 1]!]!;
        pixels[i + 2] = tb[pixels[i + 2]!]!;
      }
      p += width;
      continue;
    }
    for (let x = 0; x < width; x++, p++, i += 3) {
      let r = tr[pixels[i]!]!;
      let g = tg[pixels[i + 1]!]!;
      let b = tb[pixels[i + 2]!]!;
      if (gh > 0) {
        r += (hr - r) * gh;
        g += (hg - g) * gh;
        b += (hb - b) * gh;
      }
      if (inBand) {
        const a = alpha[p]!;
        if (a > 0 || coded[p]! > 0) {
          const sr = rgb[i]! + (hr - rgb[i]!) * sh;
          const sg = rgb[i + 1]! + (hg - rgb[i + 1]!) * sh;
          const sb = rgb[i + 2]! + (hb - rgb[i + 2]!) * sh;
          if (a === SKY) {
            r = sr;
            g = sg;
            b = sb;
          } else {
            // Kept along the skyline: a bright pixel here is old sky in a fringe, not a lamp.
            r = er[pixels[i]!]! + (hr - er[pixels[i]!]!) * gh;
            g = eg[pixels[i + 1]!]! + (hg - eg[pixels[i + 1]!]!) * gh;
            b = eb[pixels[i + 2]!]! + (hb - eb[pixels[i + 2]!]!) * gh;
            if (a > 0 && mixed !== null && mixed[p] === 1) {
              // Along a seam through the old sky: a plain mix, the old sky fading into the new.
              const share = a / SKY;
              r += (sr - r) * share;
              g += (sg - g) * share;
              b += (sb - b) * share;
            } else if (a > 0) {
              edges.oldSkyAt(x, y);
              // Its share of old sky (relit like the rest, the curves being near affine) is
              // swapped for the new sky's: a roof's ridge keeps no line of the old sky's light.
              const share = a / SKY;
              r = clampByte(r + share * (sr - er[round(edges.oldR)]!));
              g = clampByte(g + share * (sg - eg[round(edges.oldG)]!));
              b = clampByte(b + share * (sb - eb[round(edges.oldB)]!));
            }
          }
        }
      }
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = b;
    }
  }
}
