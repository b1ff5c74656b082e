/**
 * Sky replacement: detect the sky on a thumbnail, render the new sky and its alpha at a reduced
 * resolution, let sharp upscale that band, then one pass over the full-resolution pixels tints the
 * foreground toward the new sky's light and blends the sky in, deciding the pixels along the
 * skyline by their own colour.
 */
import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES, type SkyType } from '@vitrine/shared';
import { EngineRejection } from '../types';
import { decodeRgb, decodeThumbnail, encodePng } from './raster';
import {
  edgeModel,
  findSky,
  isSkySide,
  SKY_ANALYSIS_SIDE,
  skyMaskValue,
  type EdgeModel,
  type SkyDetection,
} from './sky-mask';
import { renderSky, skyLight } from './sky-render';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { ceil, max, min, round } = Math;

/** Width the sky is rendered at before sharp upscales it: clouds are soft, this is plenty. */
const SKY_RENDER_WIDTH = 1024;
/** Alpha codes of the sky band: 255 sky, 0 foreground, 1..254 undecided (along the skyline). */
const SURE_SKY = 255;

/** The mask's edge zone (about two thumbnail pixels each side) stays undecided. */
function edgeCoded(value: number): number {
  if (value >= 0.98) return SURE_SKY;
  if (value <= 0.02) return 0;
  return 1 + round(value * 253);
}

export async function replaceSky(image: Buffer, skyType: SkyType): Promise<Buffer> {
  const thumb = await decodeThumbnail(image, SKY_ANALYSIS_SIDE);
  const sky = findSky(thumb);
  if (!sky) throw new EngineRejection(TRANSFORMATION_MESSAGES.noSkyDetected);
  const full = await decodeRgb(image);
  const { width, height } = full;

  const band = await renderSkyBand(sky, skyType, width, height);
  blendSky(full.data, width, height, band.data, band.rows, skyLight(skyType), edgeModel(thumb, sky));
  return encodePng(full);
}

/**
 * Which pixels a replacement would take for sky, at full resolution (255 sky, 0 kept), by the
 * same decisions as `replaceSky`; null when the photo would be refused. For measurement.
 */
export async function skyReplacementMask(
  image: Buffer,
): Promise<{ width: number; height: number; mask: Uint8Array } | null> {
  const thumb = await decodeThumbnail(image, SKY_ANALYSIS_SIDE);
  const sky = findSky(thumb);
  if (!sky) return null;
  const full = await decodeRgb(image);
  const { width, height } = full;
  const band = await renderSkyBand(sky, 'blue', width, height);
  const model = edgeModel(thumb, sky);
  const mask = new Uint8Array(width * height);
  const d = full.data;
  for (let p = 0; p < width * band.rows; p++) {
    let a = band.data[p * 4 + 3]!;
    if (a > 0 && a < SURE_SKY) {
      const x = p % width;
      a = isSkySide(model, width, height, x, (p - x) / width, d[p * 3]!, d[p * 3 + 1]!, d[p * 3 + 2]!) ? SURE_SKY : 0;
    }
    mask[p] = a;
  }
  return { width, height, mask };
}

/** The new sky with its alpha, RGBA at full width for the top `rows` rows of the photo. */
async function renderSkyBand(sky: SkyDetection, skyType: SkyType, width: number, height: number) {
  const renderWidth = min(width, SKY_RENDER_WIDTH);
  const ratio = renderWidth / width;
  const renderHeight = max(1, round(height * ratio));
  const toRender = renderHeight / sky.height;
  const bandRows = min(renderHeight, ceil((sky.lowestRow + 2) * toRender));
  const horizon = max(1, sky.horizonRow * toRender);

  const rgb = renderSky(skyType, renderWidth, bandRows, horizon);
  const rgba = Buffer.alloc(renderWidth * bandRows * 4);
  for (let x = 0; x < renderWidth; x++) {
    for (let y = 0; y < bandRows; y++) {
      const p = y * renderWidth + x;
      rgba[p * 4] = rgb[p * 3]!;
      rgba[p * 4 + 1] = rgb[p * 3 + 1]!;
      rgba[p * 4 + 2] = rgb[p * 3 + 2]!;
      rgba[p * 4 + 3] = edgeCoded(skyMaskValue(sky, renderWidth, renderHeight, x, y));
    }
  }
  const rows = min(height, round(bandRows / ratio));
  const data =
    ratio === 1 && rows === bandRows
      ? rgba
      : await sharp(rgba, { raw: { width: renderWidth, height: bandRows, channels: 4 } })
          .resize(width, rows, { fit: 'fill', kernel: 'linear' })
          .raw()
          .toBuffer();
  return { data, rows };
}

/**
 * In place: every pixel takes the new sky's light (a per-channel gain through a lookup table),
 * and the band's pixels are mixed with the sky by its alpha. Undecided pixels along the skyline
 * are sky when their own colour is, foreground otherwise: the thumbnail's uncertainty of a pixel
 * or two would otherwise leave a fringe of old sky along roofs and trees. Sharp un-premultiplies
 * after the resize, so the band's colours are plain.
 */
function blendSky(
  pixels: Buffer,
  width: number,
  height: number,
  band: Buffer,
  rows: number,
  light: readonly [number, number, number],
  model: EdgeModel,
): void {
  const tables = light.map((gain) => {
    const table = new Uint8Array(256);
    for (let v = 0; v < 256; v++) table[v] = min(255, round(v * gain));
    return table;
  });
  const [tr, tg, tb] = tables as [Uint8Array, Uint8Array, Uint8Array];
  const bandPixels = width * rows;
  for (let p = 0, i = 0; i < pixels.length; p++, i += 3) {
    let r = tr[pixels[i]!]!;
    let g = tg[pixels[i + 1]!]!;
    let b = tb[pixels[i + 2]!]!;
    if (p < bandPixels) {
      let a = band[p * 4 + 3]!;
      if (a > 0 && a < SURE_SKY) {
        const x = p % width;
        a = isSkySide(model, width, height, x, (p - x) / width, pixels[i]!, pixels[i + 1]!, pixels[i + 2]!)
          ? SURE_SKY
          : 0;
      }
      if (a > 0) {
        r += ((band[p * 4]! - r) * a) / 255;
        g += ((band[p * 4 + 1]! - g) * a) / 255;
        b += ((band[p * 4 + 2]! - b) * a) / 255;
      }
    }
    pixels[i] = r;
    pixels[i + 1] = g;
    pixels[i + 2] = b;
  }
}
