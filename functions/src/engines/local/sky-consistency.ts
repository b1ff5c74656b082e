/**
 * The skyline's decisions checked against a local colour model of themselves (decision 158).
 *
 * `SkyEdges` decides the skyline pixel by pixel, in rows from the top: a pixel is sky when its
 * colour is near the local sky's and it joins sky decided above or beside it. A pale wall, a lit
 * stone or a hazy tower as light as the sky can be reached that way, one joined pixel after another.
 * Here every decision of the skyline is regressed, window by window, linearly on the photo's colour
 * (the guided filter: K. He, J. Sun, X. Tang, 'Guided Image Filtering', TPAMI 2013, in its fast form
 * fitted on a coarser grid: K. He, J. Sun, 'Fast Guided Filter', arXiv:1505.00996, 2015), and the
 * averaged models predict each pixel's decision from its own colour. A pixel decided sky whose colour
 * its neighbourhood's model calls more ground than sky is kept: its colour is that of the pixels
 * decided ground beside it. Precision first (issue 21): the check only ever keeps a pixel, never
 * takes one for sky.
 */
import { boxBlur } from './raster';
import { DECIDED_SKY } from './sky-edges';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { ceil, floor, max, min, round } = Math;

/** The grid's cell, in pixels of the 1024 px reference (scaled with the width). */
const CELL = 4;
/** The model's window: this many cells each side (a window of 12 reference pixels). */
const WINDOW_RADIUS = 1;
/** The guided filter's regularisation (colours in 0..1): flat windows fit a constant, not noise. */
const EPSILON = 1e-3;
/** A decision of sky the model predicts at or under this is kept. */
const SKY_AT_LEAST = 0.5;
/** Samples per cell side when summing a cell (cells wider than this are sampled, not summed whole). */
const CELL_SAMPLES = 4;

/**
 * In place on `decided` (the band's decisions, `width` pixels a row, 255 sky, under DECIDED_SKY
 * kept): of the skyline's pixels decided sky (`skyline`, offsets in `decided` in rows from the top:
 * `SkyEdges.skylineSky`), those whose colour in `pixels` (packed RGB, the photo as it was) the local
 * model calls ground are set to 0. Returns how many were.
 */
export function keepInconsistentSky(
  pixels: Buffer,
  decided: Uint8Array,
  width: number,
  skyline: readonly number[],
): number {
  if (skyline.length === 0) return 0;
  const rows = decided.length / width;
  const cell = max(1, round((CELL * width) / 1024));
  // The grid covers the skyline's rows and the model's reach above and below them.
  const first = floor(skyline[0]! / width);
  const last = floor(skyline[skyline.length - 1]! / width);
  const top = max(0, floor(first / cell) - 2 * WINDOW_RADIUS - 1);
  const bottom = min(ceil(rows / cell), floor(last / cell) + 2 * WINDOW_RADIUS + 2);
  const grid = cellMeans(pixels, decided, width, rows, cell, top, bottom);
  const { r, g, b, offset } = fitModel(grid);
  const gw = grid.width;
  let kept = 0;
  for (const p of skyline) {
    const x = p % width;
    const y = (p - x) / width;
    // The model at the pixel, bilinear between the four cells around it.
    const gx = clamp((x + 0.5) / cell - 0.5, gw - 1);
    const gy = clamp((y + 0.5) / cell - 0.5 - top, grid.height - 1);
    const x0 = floor(gx);
    const y0 = floor(gy);
    const wx = gx - x0;
    const wy = gy - y0;
    const k00 = y0 * gw + x0;
    const k01 = y0 * gw + min(gw - 1, x0 + 1);
    const k10 = min(grid.height - 1, y0 + 1) * gw + x0;
    const k11 = k10 - x0 + min(gw - 1, x0 + 1);
    const w00 = (1 - wx) * (1 - wy);
    const w01 = wx * (1 - wy);
    const w10 = (1 - wx) * wy;
    const w11 = wx * wy;
    const i = p * 3;
    const predicted =
      ((r[k00]! * w00 + r[k01]! * w01 + r[k10]! * w10 + r[k11]! * w11) * pixels[i]! +
        (g[k00]! * w00 + g[k01]! * w01 + g[k10]! * w10 + g[k11]! * w11) * pixels[i + 1]! +
        (b[k00]! * w00 + b[k01]! * w01 + b[k10]! * w10 + b[k11]! * w11) * pixels[i + 2]!) /
        255 +
      offset[k00]! * w00 +
      offset[k01]! * w01 +
      offset[k10]! * w10 +
      offset[k11]! * w11;
    if (predicted <= SKY_AT_LEAST) {
      decided[p] = 0;
      kept++;
    }
  }
  return kept;
}

interface Grid {
  width: number;
  height: number;
  /** Mean colour (0..1) per cell. */
  r: Float32Array;
  g: Float32Array;
  b: Float32Array;
  /** Share of the cell decided sky. */
  sky: Float32Array;
}

/** Per cell of `cell` x `cell` pixels in grid rows top..bottom (exclusive): means of colour and decisions. */
function cellMeans(
  pixels: Buffer,
  decided: Uint8Array,
  width: number,
  rows: number,
  cell: number,
  top: number,
  bottom: number,
): Grid {
  const gw = ceil(width / cell);
  const gh = bottom - top;
  const n = gw * gh;
  const r = new Float32Array(n);
  const g = new Float32Array(n);
  const b = new Float32Array(n);
  const sky = new Float32Array(n);
  const count = new Float32Array(n);
  const step = max(1, floor(cell / CELL_SAMPLES));
  const cellOf = new Int32Array(width);
  for (let x = 0; x < width; x++) cellOf[x] = floor(x / cell);
  for (let y = top * cell; y < min(rows, bottom * cell); y += step) {
    const row = (floor(y / cell) - top) * gw;
    for (let x = 0, p = y * width; x < width; x += step, p += step) {
      const k = row + cellOf[x]!;
      const i = p * 3;
      r[k] = r[k]! + pixels[i]!;
      g[k] = g[k]! + pixels[i + 1]!;
      b[k] = b[k]! + pixels[i + 2]!;
      if (decided[p]! >= DECIDED_SKY) sky[k] = sky[k]! + 1;
      count[k] = count[k]! + 1;
    }
  }
  for (let k = 0; k < n; k++) {
    const c = count[k]!;
    if (c === 0) continue;
    r[k] = r[k]! / (c * 255);
    g[k] = g[k]! / (c * 255);
    b[k] = b[k]! / (c * 255);
    sky[k] = sky[k]! / c;
  }
  return { width: gw, height: gh, r, g, b, sky };
}

/**
 * The guided filter's linear model of the decisions on the colour, fitted per window and averaged
 * over the windows holding each cell: sky ≈ r·R + g·G + b·B + offset.
 */
function fitModel(grid: Grid): { r: Float32Array; g: Float32Array; b: Float32Array; offset: Float32Array } {
  const { width, height, r, g, b, sky } = grid;
  const n = width * height;
  const mean = (values: Float32Array) => boxBlur(values, width, height, WINDOW_RADIUS, 1);
  const product = (u: Float32Array, v: Float32Array) => {
    const out = new Float32Array(n);
    for (let k = 0; k < n; k++) out[k] = u[k]! * v[k]!;
    return out;
  };
  const mr = mean(Float32Array.from(r));
  const mg = mean(Float32Array.from(g));
  const mb = mean(Float32Array.from(b));
  const ms = mean(Float32Array.from(sky));
  const mrs = mean(product(r, sky));
  const mgs = mean(product(g, sky));
  const mbs = mean(product(b, sky));
  const rr = mean(product(r, r));
  const rg = mean(product(r, g));
  const rb = mean(product(r, b));
  const gg = mean(product(g, g));
  const gb = mean(product(g, b));
  const bb = mean(product(b, b));
  const ar = new Float32Array(n);
  const ag = new Float32Array(n);
  const ab = new Float32Array(n);
  const offset = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    const m0 = mr[k]!;
    const m1 = mg[k]!;
    const m2 = mb[k]!;
    // The colours' covariance in the window (regularised) and their covariance with the decisions.
    const s00 = rr[k]! - m0 * m0 + EPSILON;
    const s01 = rg[k]! - m0 * m1;
    const s02 = rb[k]! - m0 * m2;
    const s11 = gg[k]! - m1 * m1 + EPSILON;
    const s12 = gb[k]! - m1 * m2;
    const s22 = bb[k]! - m2 * m2 + EPSILON;
    const c0 = mrs[k]! - m0 * ms[k]!;
    const c1 = mgs[k]! - m1 * ms[k]!;
    const c2 = mbs[k]! - m2 * ms[k]!;
    // Solved by the adjugate: the matrix is symmetric and positive definite.
    const i00 = s11 * s22 - s12 * s12;
    const i01 = s02 * s12 - s01 * s22;
    const i02 = s01 * s12 - s02 * s11;
    const i11 = s00 * s22 - s02 * s02;
    const i12 = s01 * s02 - s00 * s12;
    const i22 = s00 * s11 - s01 * s01;
    const det = s00 * i00 + s01 * i01 + s02 * i02;
    const a0 = (i00 * c0 + i01 * c1 + i02 * c2) / det;
    const a1 = (i01 * c0 + i11 * c1 + i12 * c2) / det;
    const a2 = (i02 * c0 + i12 * c1 + i22 * c2) / det;
    ar[k] = a0;
    ag[k] = a1;
    ab[k] = a2;
    offset[k] = ms[k]! - a0 * m0 - a1 * m1 - a2 * m2;
  }
  return { r: mean(ar), g: mean(ag), b: mean(ab), offset: mean(offset) };
}

function clamp(value: number, top: number): number {
  return max(0, min(top, value));
}
