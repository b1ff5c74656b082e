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
import { SkyEdges, SURE_SKY } from './sky-edges';
import { findSky, SKY_ANALYSIS_SIDE, skyMaskValue, type SkyDetection } from './sky-mask';
import { renderSky, skyLight } from './sky-render';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context,
// and an imported binding is a getter once transpiled to CommonJS (jest, tsx).
const { ceil, max, min, round } = Math;
const SKY = SURE_SKY;

/** Width the sky is rendered at before sharp upscales it: clouds are soft, this is plenty. */
const SKY_RENDER_WIDTH = 1024;

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
  const edges = new SkyEdges(thumb, sky, width, height);
  edges.calibrate(full.data, sky);
  blendSky(full.data, width, height, band.data, band.rows, skyLight(skyType), edges);
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
  const edges = new SkyEdges(thumb, sky, width, height);
  edges.calibrate(full.data, sky);
  const mask = new Uint8Array(width * height);
  const d = full.data;
  for (let y = 0, p = 0; y < band.rows; y++) {
    edges.row(y);
    for (let x = 0; x < width; x++, p++) {
      const coded = band.data[p * 4 + 3]!;
      if (coded > 0) mask[p] = edges.alpha(x, y, d[p * 3]!, d[p * 3 + 1]!, d[p * 3 + 2]!, coded);
    }
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
  edges: SkyEdges,
): void {
  const tables = light.map((gain) => {
    const table = new Uint8Array(256);
    for (let v = 0; v < 256; v++) table[v] = min(255, round(v * gain));
    return table;
  });
  const [tr, tg, tb] = tables as [Uint8Array, Uint8Array, Uint8Array];
  for (let y = 0, p = 0, i = 0; y < height; y++) {
    const inBand = y < rows;
    if (inBand) edges.row(y);
    for (let x = 0; x < width; x++, p++, i += 3) {
      let r = tr[pixels[i]!]!;
      let g = tg[pixels[i + 1]!]!;
      let b = tb[pixels[i + 2]!]!;
      if (inBand) {
        const coded = band[p * 4 + 3]!;
        if (coded > 0 && edges.alpha(x, y, pixels[i]!, pixels[i + 1]!, pixels[i + 2]!, coded) === SKY) {
          r = band[p * 4]!;
          g = band[p * 4 + 1]!;
          b = band[p * 4 + 2]!;
        }
      }
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = b;
    }
  }
}
