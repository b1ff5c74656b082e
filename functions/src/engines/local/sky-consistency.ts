/**
 * The band's decisions read against local models of themselves: the skyline's sky checked
 * (decision 158), and the edges the photo does not show feathered (decision 159).
 *
 * `SkyEdges` decides the skyline pixel by pixel, in rows from the top: a pixel is sky when its
 * colour is near the local sky's and it joins sky decided above or beside it. A pale wall, a lit
 * stone or a hazy tower as light as the sky can be reached that way, one joined pixel after another.
 * Here the band's decisions are regressed, window by window, linearly on the photo (the guided
 * filter: K. He, J. Sun, X. Tang, 'Guided Image Filtering', TPAMI 2013, in its fast form fitted on a
 * coarser grid: K. He, J. Sun, 'Fast Guided Filter', arXiv:1505.00996, 2015), and the averaged
 * models predict each skyline pixel's decision from what the photo shows there. Two models: on the
 * colour, and on the colour and the texture (a sunlit slate flank is as white as the cloud beside it,
 * but grained). A pixel decided sky that either model calls more ground than sky is kept: it looks
 * like the pixels decided ground beside it. Precision first (issue 21): the check only ever keeps a
 * pixel, never takes one for sky.
 */
import { boxBlur, clamp, referenceStep } from './raster';
import { DECIDED_SKY } from './sky-edges';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context,
// and an imported binding is a getter once transpiled to CommonJS (jest, tsx).
const { abs, ceil, floor, max, min, round } = Math;
const DECIDED = DECIDED_SKY;

/** The grid's cell, in pixels of the 1024 px reference (scaled with the width). */
const CELL = 8;
/** The models' window: this many cells each side (a window of 24 reference pixels). */
const WINDOW_RADIUS = 1;
/** The guided filter's regularisation (guides in 0..1): flat windows fit a constant, not noise. */
const EPSILON = 1e-3;
/** A decision of sky a model predicts at or under this is kept. */
const SKY_AT_LEAST = 0.5;
/**
 * The feather (decision 159), on what the models predict at a pixel: a pixel decided sky shows all
 * of the new sky from FEATHER_SKY's second value up, half of it from its first value down; a kept
 * pixel none of it from FEATHER_KEPT's first value down, just under half from its second up. Kept
 * pixels start at half, not lower: across a slate roof's outline against a blue sky a window's
 * spread predicts up to about half sky, and a lower start tinted such outlines.
 */
const FEATHER_SKY = [0.25, 0.75] as const;
const FEATHER_KEPT = [0.5, 1] as const;
/** A cell's reach holds both kinds when its mean decision lies this far from 0 and from 1. */
const BOTH_KINDS = 0.001;
/** Samples per cell side when averaging a cell (cells wider than this are sampled, not summed whole). */
const CELL_SAMPLES = 4;
/** The guide's channels: the colour (red, green, blue), then the texture. */
const CHANNELS = 4;
/**
 * Values a cell's models take, packed: the colour model's three coefficients and offset, then the
 * texture model's four coefficients and offset.
 */
const MODEL_STRIDE = 3 + 1 + CHANNELS + 1;

/**
 * In place on `decided` (the band's decisions, `width` pixels a row, 255 sky, under DECIDED_SKY
 * kept): of the skyline's pixels decided sky (`skyline`, offsets in `decided` in rows from the top:
 * `SkyEdges.skylineSky`), those either local model calls ground, from their colour and texture in
 * `pixels` (packed RGB, the photo as it was), are set to 0. Returns how many were.
 */
export function keepInconsistentSky(pixels: Buffer, decided: Uint8Array, width: number, skyline: Int32Array): number {
  if (skyline.length === 0) return 0;
  // The grid covers the skyline's rows and the models' reach above and below them.
  const models = new DecisionModels(pixels, decided, width, skyline[0]!, skyline[skyline.length - 1]!);
  let kept = 0;
  for (let s = 0; s < skyline.length; s++) {
    const p = skyline[s]!;
    const x = p % width;
    if (models.predict(x, (p - x) / width) <= SKY_AT_LEAST) {
      decided[p] = 0;
      kept++;
    }
  }
  return kept;
}

/**
 * In place on `decided` (as `keepInconsistentSky` takes it, the band's final decisions): where the
 * decisions part pixels the photo does not part, the transition is soft (decision 159). A block of
 * old sky kept in a cloud, a scrap beside a tower, the old sky between branches: cut where the
 * decisions stop rather than on any edge of the photo, their edges read as blocks and stair steps.
 * The local models of the decisions are smooth there, and every pixel of the cells near both kinds
 * takes what they predict: a pixel decided sky shows less of the new sky (down to half) where they
 * predict less than FEATHER_SKY, a kept pixel some (up to just under half) where they predict more
 * than FEATHER_KEPT. Where an edge parts the decisions, the models follow it and nothing changes;
 * no pixel changes side, so no building pixel is replaced (issue 21), and none is more than
 * tinted. Marks the pixels changed in `mixed` (made when null; returned): they mix plainly.
 */
export function featherDecisions(
  pixels: Buffer,
  decided: Uint8Array,
  width: number,
  mixed: Uint8Array | null,
): Uint8Array | null {
  const rows = decided.length / width;
  // The rows over the first kept pixel are all sky: the models and the feather start near it.
  const first = firstKept(decided);
  if (first < 0) return mixed;
  const models = new DecisionModels(pixels, decided, width, first, decided.length - 1);
  const { cell, grid, step, top } = models;
  // Cells whose models saw both kinds: the mean decision over their reach is neither 0 nor 1.
  const reach = boxBlur(Float32Array.from(grid.sky), grid.width, grid.height, 2 * WINDOW_RADIUS + 1, 1);
  const feathered = (a: number, predicted: number) =>
    a >= DECIDED
      ? max(DECIDED, min(a, round(smoothStep(FEATHER_SKY[0], FEATHER_SKY[1], predicted) * 255)))
      : min(DECIDED - 1, max(a, round(smoothStep(FEATHER_KEPT[0], FEATHER_KEPT[1], predicted) * 255)));
  // The models are read first once a reference pixel (a lattice `step` pixels apart, every pixel
  // at 1024 px): then only the blocks between lattice points where a pixel changes are read pixel
  // by pixel. The models vary smoothly between edges of the photo, and where an edge parts the
  // decisions they leave the pixels as they are. Rows in order: the models are interpolated once a
  // row.
  const lw = ceil(width / step) + 1;
  const lh = ceil(rows / step) + 1;
  const changes = new Uint8Array(lw * lh);
  const cellColumn = new Int32Array(lw);
  for (let lx = 0; lx < lw; lx++) cellColumn[lx] = floor(min(width - 1, lx * step) / cell);
  const lyFirst = floor((top * cell) / step);
  for (let ly = lyFirst; ly < lh; ly++) {
    const y = min(rows - 1, ly * step);
    const cells = (floor(y / cell) - top) * grid.width;
    for (let lx = 0, k = ly * lw; lx < lw; lx++, k++) {
      const both = reach[cells + cellColumn[lx]!]!;
      if (both < BOTH_KINDS || both > 1 - BOTH_KINDS) continue;
      const x = min(width - 1, lx * step);
      const p = y * width + x;
      const a = decided[p]!;
      if (feathered(a, models.predict(x, y)) !== a) changes[k] = 1;
    }
  }
  const blocks = new Uint8Array(lw);
  for (let ly = max(0, lyFirst - 1); ly + 1 < lh; ly++) {
    let any = false;
    for (let lx = 0, k = ly * lw; lx + 1 < lw; lx++, k++) {
      blocks[lx] = changes[k]! | changes[k + 1]! | changes[k + lw]! | changes[k + lw + 1]!;
      any ||= blocks[lx] !== 0;
    }
    if (!any) continue;
    for (let y = ly * step; y < min(rows, (ly + 1) * step); y++) {
      for (let lx = 0; lx + 1 < lw; lx++) {
        if (!blocks[lx]) continue;
        for (let x = lx * step, p = y * width + x; x < min(width, (lx + 1) * step); x++, p++) {
          const a = decided[p]!;
          const next = feathered(a, models.predict(x, y));
          if (next === a) continue;
          decided[p] = next;
          mixed ??= new Uint8Array(decided.length);
          mixed[p] = 1;
        }
      }
    }
  }
  return mixed;
}

/** The offset of the first pixel of `decided` kept (under DECIDED_SKY), -1 if none; four at a time over sky. */
function firstKept(decided: Uint8Array): number {
  let p = 0;
  if (decided.byteOffset % 4 === 0) {
    const words = new Uint32Array(decided.buffer, decided.byteOffset, floor(decided.length / 4));
    for (let w = 0; w < words.length && words[w] === 0xffffffff; w++) p += 4;
  }
  for (; p < decided.length; p++) if (decided[p]! < DECIDED) return p;
  return -1;
}

/** 0 under `low`, 1 over `high`, smooth between (Hermite). */
function smoothStep(low: number, high: number, value: number): number {
  const t = clamp((value - low) / (high - low), 0, 1);
  return t * t * (3 - 2 * t);
}

/**
 * The local models of a band's decisions (the guided filter's, fitted on the grid of cells
 * covering the rows from `first`'s to `last`'s, offsets in `decided`, and the models' reach
 * around them); `predict` reads them at a pixel, which must lie in those rows.
 */
class DecisionModels {
  readonly cell: number;
  readonly grid: Grid;
  /** The grid's first row of cells. */
  readonly top: number;
  private readonly models: Float32Array;
  private readonly column0: Int32Array;
  private readonly columnWeight: Float32Array;
  private readonly atPixel = new Float64Array(MODEL_STRIDE);
  /** A reference pixel (of the 1024 px reference) in pixels. */
  readonly step: number;
  private readonly rows: number;
  /** The last row read, and the models interpolated between its two grid rows, per grid column. */
  private row = -1;
  private readonly rowModels: Float64Array;

  constructor(
    private readonly pixels: Buffer,
    decided: Uint8Array,
    private readonly width: number,
    first: number,
    last: number,
  ) {
    this.rows = decided.length / width;
    this.cell = max(1, round((CELL * width) / 1024));
    this.step = referenceStep(width);
    const cell = this.cell;
    this.top = max(0, floor(floor(first / width) / cell) - 2 * WINDOW_RADIUS - 1);
    const bottom = min(ceil(this.rows / cell), floor(floor(last / width) / cell) + 2 * WINDOW_RADIUS + 2);
    this.grid = cellMeans(pixels, decided, width, this.rows, this.step, cell, this.top, bottom);
    this.models = fitModels(this.grid);
    const gw = this.grid.width;
    this.rowModels = new Float64Array(gw * MODEL_STRIDE);
    this.column0 = new Int32Array(width);
    this.columnWeight = new Float32Array(width);
    for (let x = 0; x < width; x++) {
      const gx = clamp((x + 0.5) / cell - 0.5, 0, gw - 1);
      this.column0[x] = floor(gx);
      this.columnWeight[x] = gx - floor(gx);
    }
  }

  /**
   * The decision (1 sky, 0 kept) the more ground-leaning of the two models predicts at pixel
   * (`x`, `y`) of the band: both models interpolated between the four cells around the pixel, then
   * applied to its guide.
   */
  predict(x: number, y: number): number {
    const { width, atPixel, pixels } = this;
    if (y !== this.row) this.interpolateRow(y);
    const rowModels = this.rowModels;
    const x0 = this.column0[x]!;
    const x1 = min(this.grid.width - 1, x0 + 1);
    const wx = this.columnWeight[x]!;
    const c0 = x0 * MODEL_STRIDE;
    const c1 = x1 * MODEL_STRIDE;
    for (let j = 0; j < MODEL_STRIDE; j++)
      atPixel[j] = rowModels[c0 + j]! + (rowModels[c1 + j]! - rowModels[c0 + j]!) * wx;
    const i = (y * width + x) * 3;
    const r = pixels[i]!;
    const g = pixels[i + 1]!;
    const b = pixels[i + 2]!;
    const step = this.step;
    const t = textureAt(pixels, i, neighbour(x, step, width) * 3, neighbour(y, step, this.rows) * width * 3);
    const colour = (atPixel[0]! * r + atPixel[1]! * g + atPixel[2]! * b) / 255 + atPixel[3]!;
    const textured = (atPixel[4]! * r + atPixel[5]! * g + atPixel[6]! * b) / 255 + atPixel[7]! * t + atPixel[8]!;
    return min(colour, textured);
  }

  private interpolateRow(y: number): void {
    this.row = y;
    const { grid, models, rowModels } = this;
    const gy = clamp((y + 0.5) / this.cell - 0.5 - this.top, 0, grid.height - 1);
    const row0 = floor(gy) * grid.width * MODEL_STRIDE;
    const row1 = min(grid.height - 1, floor(gy) + 1) * grid.width * MODEL_STRIDE;
    const wy = gy - floor(gy);
    for (let j = 0; j < rowModels.length; j++)
      rowModels[j] = models[row0 + j]! + (models[row1 + j]! - models[row0 + j]!) * wy;
  }
}

/** The offset (in pixels along a line) of the neighbour `step` after position `at`, before it at the end. */
function neighbour(at: number, step: number, length: number): number {
  return at + step < length ? step : -step;
}

/**
 * The guide's texture at the pixel whose red is byte `i` of `pixels`: the mean of its colour
 * differences (summed over the channels, 0..1 a channel) to the pixels `right` and `below` bytes
 * away (a reference pixel right and below, or left and above at the image's edges).
 */
function textureAt(pixels: Buffer, i: number, right: number, below: number): number {
  let sum = 0;
  for (let c = i; c < i + 3; c++) {
    const v = pixels[c]!;
    sum += abs(v - pixels[c + right]!) + abs(v - pixels[c + below]!);
  }
  return sum / 510;
}

interface Grid {
  width: number;
  height: number;
  /** The guide's mean per cell, one map a channel (red, green, blue in 0..1, then the texture). */
  guide: Float32Array[];
  /** Share of the cell decided sky. */
  sky: Float32Array;
}

/**
 * Per cell of `cell` x `cell` pixels in grid rows top..bottom (exclusive): the means of the guide
 * and of the decisions, over about CELL_SAMPLES x CELL_SAMPLES samples when the cell is wider.
 */
function cellMeans(
  pixels: Buffer,
  decided: Uint8Array,
  width: number,
  rows: number,
  step: number,
  cell: number,
  top: number,
  bottom: number,
): Grid {
  const gw = ceil(width / cell);
  const gh = bottom - top;
  const n = gw * gh;
  const [r, g, b, texture] = [0, 1, 2, 3].map(() => new Float32Array(n)) as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const sky = new Float32Array(n);
  const count = new Float32Array(n);
  const sample = max(1, floor(cell / CELL_SAMPLES));
  const cellOf = new Int32Array(width);
  for (let x = 0; x < width; x++) cellOf[x] = floor(x / cell);
  // The samples lie on one lattice from the photo's corner, wherever the grid starts.
  for (let y = ceil((top * cell) / sample) * sample; y < min(rows, bottom * cell); y += sample) {
    const row = (floor(y / cell) - top) * gw;
    const below = neighbour(y, step, rows) * width * 3;
    for (let x = 0, p = y * width; x < width; x += sample, p += sample) {
      const k = row + cellOf[x]!;
      const i = p * 3;
      r[k] = r[k]! + pixels[i]! / 255;
      g[k] = g[k]! + pixels[i + 1]! / 255;
      b[k] = b[k]! + pixels[i + 2]! / 255;
      texture[k] = texture[k]! + textureAt(pixels, i, neighbour(x, step, width) * 3, below);
      if (decided[p]! >= DECIDED) sky[k] = sky[k]! + 1;
      count[k] = count[k]! + 1;
    }
  }
  const guide = [r, g, b, texture];
  for (let k = 0; k < n; k++) {
    const c = count[k]!;
    if (c === 0) continue;
    for (const channel of guide) channel[k] = channel[k]! / c;
    sky[k] = sky[k]! / c;
  }
  return { width: gw, height: gh, guide, sky };
}

/**
 * The guided filter's linear models of the decisions, on the colour and on the colour and the
 * texture, fitted per window (least squares, regularised by EPSILON) and averaged over the windows
 * holding each cell, packed per cell as MODEL_STRIDE says.
 */
function fitModels(grid: Grid): Float32Array {
  const { width, height, guide, sky } = grid;
  const n = width * height;
  const mean = (values: Float32Array) => boxBlur(values, width, height, WINDOW_RADIUS, 1);
  const product = (u: Float32Array, v: Float32Array) => {
    const out = new Float32Array(n);
    for (let k = 0; k < n; k++) out[k] = u[k]! * v[k]!;
    return out;
  };
  // Window means of the guide, of the decisions, of their products and of the guide's products
  // (the upper triangle, row by row).
  const means = guide.map((channel) => mean(Float32Array.from(channel)));
  const skyMean = mean(Float32Array.from(sky));
  const withSky = guide.map((channel) => mean(product(channel, sky)));
  const products: Float32Array[] = [];
  for (let i = 0; i < CHANNELS; i++)
    for (let j = i; j < CHANNELS; j++) products.push(mean(product(guide[i]!, guide[j]!)));
  const colourFit = [0, 1, 2, 3].map(() => new Float32Array(n));
  const textureFit = [0, 1, 2, 3, 4].map(() => new Float32Array(n));
  const system = new Float64Array(CHANNELS * (CHANNELS + 1));
  const scratch = new Float64Array(CHANNELS * (CHANNELS + 1));
  for (let k = 0; k < n; k++) {
    // The guide's covariance in the window (regularised), beside its covariance with the decisions.
    for (let i = 0, e = 0; i < CHANNELS; i++) {
      for (let j = i; j < CHANNELS; j++, e++) {
        const covariance = products[e]![k]! - means[i]![k]! * means[j]![k]! + (i === j ? EPSILON : 0);
        system[i * (CHANNELS + 1) + j] = covariance;
        system[j * (CHANNELS + 1) + i] = covariance;
      }
      system[i * (CHANNELS + 1) + CHANNELS] = withSky[i]![k]! - means[i]![k]! * skyMean[k]!;
    }
    solveInto(system, 3, scratch, colourFit, k, means, skyMean[k]!);
    solveInto(system, CHANNELS, scratch, textureFit, k, means, skyMean[k]!);
  }
  // Each coefficient averaged over the windows holding the cell, packed per cell.
  const averaged = [...colourFit, ...textureFit].map(mean);
  const packed = new Float32Array(n * MODEL_STRIDE);
  for (let k = 0; k < n; k++) for (let j = 0; j < MODEL_STRIDE; j++) packed[k * MODEL_STRIDE + j] = averaged[j]![k]!;
  return packed;
}

/**
 * Solves the leading `size` x `size` block of `system` (rows of CHANNELS coefficients and a
 * right-hand side, a regularised covariance: symmetric positive definite, no pivoting needed) by
 * Gaussian elimination on a copy in `a`, and writes the coefficients and the offset (`skyMean`
 * less the coefficients times the guide's `means`) to `fit` at cell `k`.
 */
function solveInto(
  system: Float64Array,
  size: number,
  a: Float64Array,
  fit: Float32Array[],
  k: number,
  means: Float32Array[],
  skyMean: number,
): void {
  const stride = CHANNELS + 1;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) a[i * (size + 1) + j] = system[i * stride + j]!;
    a[i * (size + 1) + size] = system[i * stride + CHANNELS]!;
  }
  const width = size + 1;
  for (let i = 0; i < size; i++) {
    for (let r = i + 1; r < size; r++) {
      const factor = a[r * width + i]! / a[i * width + i]!;
      for (let j = i; j <= size; j++) a[r * width + j] = a[r * width + j]! - factor * a[i * width + j]!;
    }
  }
  let offset = skyMean;
  for (let i = size - 1; i >= 0; i--) {
    let sum = a[i * width + size]!;
    for (let j = i + 1; j < size; j++) sum -= a[i * width + j]! * fit[j]![k]!;
    const coefficient = sum / a[i * width + i]!;
    fit[i]![k] = coefficient;
    offset -= coefficient * means[i]![k]!;
  }
  fit[size]![k] = offset;
}
