/**
 * The full-resolution decision of which pixels are sky, from the thumbnail's detection:
 * - along the skyline (the detection's undecided zone, about two thumbnail pixels each side) a
 *   pixel is sky when its own colour is close to the local sure sky's and closer to it than to
 *   the local sure ground's: sunlit stone passes for an overcast sky and a grey roof for a stormy
 *   one under any fixed colour test, but each is closer to the roof beside it than to the sky (in
 *   a sunset's glow, which warms toward the land, the sure sky just above it counts: decision
 *   160); and, erring toward the foreground (a replaced roof pixel shows more than a kept sky pixel),
 *   only when joined to sky decided above or left of it (the sky is one region from the top) and
 *   not just over a pixel of the foreground's colour (that pixel mixes both);
 * - inside the sure sky, a pixel far from the thumbnail's colour there and no brighter is a thin
 *   thing the thumbnail could not resolve (a wire, a cable, a bird, a spire's tip): it stays; so
 *   does a brighter one on a pale mast (a white pole, a flagpole, a lit tube), and one far from the
 *   sky either side of it just over the foreground, an upright thing the thumbnail blurred into
 *   its sky (a spire's cross: decision 161); the bright pixels it decides sky that stand out of the
 *   sky beside them are listed (`brightSky`), for a white cross to be kept whole (decision 168).
 */
import { boxBlur, histogramPercentile, luma, referenceStep, type Raster } from './raster';
import { GLOW_DARKER, isGlowWarm, looksLikeSky } from './sky-colours';
import type { FittingTests } from './sky-fittings';
import type { SkyDetection } from './sky-mask';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context,
// and an imported binding is a getter once transpiled to CommonJS (jest, tsx).
const { abs, floor, max, min } = Math;
const lumaOf = luma;
const colourOfSky = looksLikeSky;
const glowWarm = isGlowWarm;
const glowDarker = GLOW_DARKER;

/** Thumbnail pixels around a skyline pixel whose colours describe each side. */
const EDGE_MODEL_RADIUS = 5;
const EDGE_SKY_BIAS = 1.5;
const EDGE_MAX_SKY_DISTANCE = 25;
/**
 * In a sunset's glow the sky warms and brightens toward the land, far from the local sure sky's
 * mean: a warm pixel is sky also when it is within EDGE_MAX_SKY_DISTANCE of the lowest sure sky
 * above it in its column (within GLOW_ABOVE_ROWS thumbnail rows), no darker than it (less
 * GLOW_DARKER), and at least GLOW_CONTRAST times as far from the ground (decision 160). A warm
 * roof or wall under a sunset is near the ground's colours, or darker than the glow over it.
 */
const GLOW_ABOVE_ROWS = 8;
const GLOW_CONTRAST = 4;
/**
 * Along the skyline, a kept pixel's share of old sky (alpha, by projecting its colour on the
 * segment from the local ground to the local sky) is replaced by the new sky's: only within
 * EDGE_SOFT_REACH pixels of decided sky (scaled with the width from 1024 px), only where the two
 * colours differ by EDGE_SOFT_APART at least (Euclidean), and the first EDGE_SOFT_DEAD of the
 * segment counts as ground (a ground pixel a little lighter than the ground's mean stays whole).
 */
const EDGE_SOFT_REACH = 2;
const EDGE_SOFT_APART = 40;
const EDGE_SOFT_DEAD = 0.15;
const EDGE_SOFT_FULL = 0.9;
/**
 * A pixel that mixes ground and sky lies on the segment between their colours, give or take
 * noise: one farther from it than this (Euclidean, or this share of the segment's length if more)
 * is a third colour, a pale wall or a sunlit stone lighter than the shaded ground beside it, and
 * has no old sky to give (decision 068: before, a pale arch over a dark opening projected as
 * nine tenths sky and was painted over).
 */
const EDGE_SOFT_OFF_SEGMENT = 14;
const EDGE_SOFT_OFF_SEGMENT_SHARE = 0.1;
/**
 * A kept pixel with at least this share of old sky (of SURE_SKY) extends the reach like sky, when
 * it looks like old sky left in the band (decision 140): its colour within EDGE_SOFT_CARRY_NEAR
 * (sum of channel differences) of the local old sky's, or smooth, its texture (mean colour
 * difference, summed over the channels, to its 8 neighbours a reference pixel away) under
 * EDGE_SOFT_CARRY_TEXTURE, or CARRY_TEXTURE_FACTOR times the sure sky's own where that is more (a
 * grainy sky). A sunlit slate roof, a lattice or stone as light as the sky is neither, and a share
 * carried through it painted the new sky over it: among the swapped pixels of the tuning photos,
 * the texture's median is 6 inside the drawn sky and 54 inside drawn buildings.
 */
const EDGE_SOFT_CARRY = 191;
/**
 * A pixel mixes roof and sky only this near (reference pixels, scaled with the width) to sky
 * decided above or beside it; farther, it is given a share of old sky only if it looks like old
 * sky as above (decision 140), or a sunlit ledge or a white bird two or three pixels under a
 * carried share would take the new sky too. An anti-aliased skyline mixes over a pixel or two of
 * the reference: at 3, the third pixel into roofs and walls took half or more of the new sky
 * (most of the never-touch pixels left after decision 140; decision 144).
 */
const EDGE_SOFT_MIX_REACH = 2;
/**
 * Past the skyline's first reference pixel, the ground a kept pixel mixes with is looked for this
 * far (reference pixels) beside it, not only in the mean of the ground nearby (decision 153): where
 * dark windows darken that mean, a blue-grey render or a pale stone lies most of the way from it to
 * the sky's colour, and took the new sky two and three reference pixels deep.
 */
const GROUND_BESIDE = 2;
const EDGE_SOFT_CARRY_NEAR = 25;
const EDGE_SOFT_CARRY_TEXTURE = 15;
const CARRY_TEXTURE_FACTOR = 2;
/**
 * Inside the sure sky: a pixel this far (sum of channel differences) from the thumbnail's colour
 * at its place, and not brighter than it by more than THIN_BRIGHTER, is a thin structure. Brighter
 * outliers are a cloud's rim, which must not stay behind as specks of old sky, unless on a pale mast.
 */
const THIN_DISTANCE = 40;
const THIN_BRIGHTER = 10;
/**
 * A brighter outlier stays when it lies on a pale mast (a white pole, a flagpole, a lit tube:
 * decision 151): sky either side MAST_SIDE reference pixels away (their colours within
 * MAST_SIDES_APART, sum of channels); itself, and the pixels half MAST_REACH and MAST_REACH above
 * or below it, at least MAST_BRIGHTER (luma) brighter than that sky; and no brighter pixel beside
 * the farther one. A cloud is wider than two MAST_SIDE, and widens away from its rim.
 */
const MAST_SIDE = 5;
const MAST_REACH = 10;
const MAST_SIDES_APART = 45;
/** Also how much brighter than the sky a fitting is (a white cross: decision 168). */
const MAST_BRIGHTER = 30;
/**
 * A grainy sky lies that far from the thumbnail everywhere: the distance must also exceed this
 * many times the 90th percentile of the sure sky's own distances (sampled every few pixels).
 */
const THIN_NOISE_FACTOR = 4;
const NOISE_SAMPLE_STEP = 8;
/**
 * An upright thing a thumbnail pixel or two wide (a finial, a spire's cross, a lantern's top) mixes
 * into the thumbnail's colour at its place, and its pixels lie within THIN_DISTANCE of it. Such a
 * pixel stays also when it lies farther than that from the thumbnail's sky THIN_SIDE thumbnail
 * pixels either side of it in its row, the two sides alike; no brighter than them (a cloud's rim)
 * and no bluer by more than THIN_BLUER (blue sky between two clouds); only where the sure sky
 * ends within UPRIGHT_ROWS thumbnail rows under it (a bird in the open sky keeps to the rule
 * above); and only showing more of the thing than of the sky, at least half as far from the sides
 * as the farthest pixel within THIN_SIDE in its row (the pixels at its outline mix: kept whole,
 * they ring it with old sky). Decision 161.
 */
const THIN_SIDE = 3;
const THIN_BLUER = 5;
const UPRIGHT_ROWS = 6;
/**
 * A thin thing darkens or tints the thumbnail pixels it crosses: only where a thumbnail pixel
 * differs from one of its 8 neighbours by more than this (sum of channels) is the sure sky
 * checked pixel by pixel. Clear sky, most of a photo's sky, is skipped.
 */
const CHECK_CONTRAST = 6;

/** The thumbnail's softened mask is sure sky from this value, and sure ground up to SURE_GROUND_MASK. */
export const SURE_SKY_MASK = 0.98;
export const SURE_GROUND_MASK = 0.02;

/** A decided alpha at least this shows more new sky than old: the pixel counts as decided sky. */
export const DECIDED_SKY = 128;

/** Undecided pixels the thumbnail holds mostly sky (band code at least this) need not join the sky. */
const JOIN_FREE = 128;

/**
 * Alpha codes of the band: 255 sure sky, 0 foreground, anything between undecided. `SkyEdges.alpha`
 * answers 255 (sky), 0 (kept) or, along the skyline, the share of old sky in a kept pixel.
 */
export const SURE_SKY = 255;

/**
 * Per thumbnail pixel, the mean colour of the sure sky and of the sure foreground nearby, with
 * weights 0 where a side has no sure pixel nearby, and the colour of the sure sky just above it in
 * its column (a sunset's glow is compared with it, decision 160).
 */
export interface EdgeModel {
  width: number;
  height: number;
  /** RGB means, 3 floats per thumbnail pixel. */
  sky: Float32Array;
  skyWeight: Float32Array;
  ground: Float32Array;
  groundWeight: Float32Array;
  /** The thumbnail's colour at the lowest sure sky above, within GLOW_ABOVE_ROWS rows (-1 where none). */
  skyAbove: Float32Array;
}

export function edgeModel(thumb: Raster, sky: SkyDetection): EdgeModel {
  const { data, width, height } = thumb;
  const pixels = width * height;
  const sides = [SURE_SKY_MASK, SURE_GROUND_MASK].map((limit, side) => {
    const weight = new Float32Array(pixels);
    const channels = [new Float32Array(pixels), new Float32Array(pixels), new Float32Array(pixels)];
    for (let p = 0; p < pixels; p++) {
      const m = sky.mask[p]!;
      const sure = side === 0 ? m >= limit : m <= limit;
      if (!sure) continue;
      weight[p] = 1;
      for (let c = 0; c < 3; c++) channels[c]![p] = data[p * 3 + c]!;
    }
    const w = boxBlur(weight, width, height, EDGE_MODEL_RADIUS, 1);
    const means = new Float32Array(pixels * 3);
    for (let c = 0; c < 3; c++) {
      const sum = boxBlur(channels[c]!, width, height, EDGE_MODEL_RADIUS, 1);
      for (let p = 0; p < pixels; p++) means[p * 3 + c] = w[p]! > 0 ? sum[p]! / w[p]! : 0;
    }
    return { means, weight: w };
  });
  const skyAbove = new Float32Array(pixels * 3).fill(-1);
  for (let x = 0; x < width; x++) {
    let sure = -1;
    for (let y = 0; y < height; y++) {
      const p = y * width + x;
      if (sky.mask[p]! >= SURE_SKY_MASK) sure = p;
      if (sure >= 0 && p - sure <= GLOW_ABOVE_ROWS * width) skyAbove.set(data.subarray(sure * 3, sure * 3 + 3), p * 3);
    }
  }
  return {
    width,
    height,
    skyAbove,
    sky: sides[0]!.means,
    skyWeight: sides[0]!.weight,
    ground: sides[1]!.means,
    groundWeight: sides[1]!.weight,
  };
}

/** Whether a full-resolution pixel (x, y) of an outWidth x outHeight image with colour r, g, b is sky. */
export function isSkySide(
  model: EdgeModel,
  outWidth: number,
  outHeight: number,
  x: number,
  y: number,
  r: number,
  g: number,
  b: number,
): boolean {
  const tx = min(model.width - 1, floor((x * model.width) / outWidth));
  const ty = min(model.height - 1, floor((y * model.height) / outHeight));
  const t = ty * model.width + tx;
  if (model.skyWeight[t]! <= 0) return model.groundWeight[t]! <= 0 && colourOfSky(r, g, b);
  const i = t * 3;
  const toSky = abs(r - model.sky[i]!) + abs(g - model.sky[i + 1]!) + abs(b - model.sky[i + 2]!);
  // No ground nearby (a spire's tip, a wire, all thinner than a thumbnail pixel): sky is what
  // has the sky's colour.
  if (model.groundWeight[t]! <= 0) return toSky < EDGE_MAX_SKY_DISTANCE;
  const toGround = abs(r - model.ground[i]!) + abs(g - model.ground[i + 1]!) + abs(b - model.ground[i + 2]!);
  if (toSky * EDGE_SKY_BIAS < toGround && toSky < EDGE_MAX_SKY_DISTANCE) return true;
  // A sunset's glow (decision 160).
  const ar = model.skyAbove[i]!;
  const ag = model.skyAbove[i + 1]!;
  const ab = model.skyAbove[i + 2]!;
  if (ar < 0 || !glowWarm(r, b) || !glowWarm(ar, ab)) return false;
  const toAbove = abs(r - ar) + abs(g - ag) + abs(b - ab);
  return (
    toAbove < EDGE_MAX_SKY_DISTANCE &&
    toAbove * GLOW_CONTRAST < toGround &&
    lumaOf(r, g, b) >= lumaOf(ar, ag, ab) - glowDarker
  );
}

/**
 * Decides the band's alpha at full resolution: `alpha(p, x, y, r, g, b, coded)` turns the
 * band's coded alpha into SURE_SKY or 0. Bilinear lookups of the thumbnail use tables per column
 * and per row, built once.
 */
export class SkyEdges implements FittingTests {
  private readonly model: EdgeModel;
  private readonly thumb: Raster;
  private readonly column0: Int32Array;
  private readonly column1: Int32Array;
  private readonly columnWeight: Float32Array;
  /** The thumbnail's colours interpolated at the current row, RGB per thumbnail column (once read). */
  private readonly rowColours: Float32Array;
  private coloursRow = 0;
  private rowColoursReady = false;
  /** Thumbnail pixels whose sure sky is checked for thin things (1), and the current row's offset. */
  private readonly check: Uint8Array;
  private checkRow = 0;
  /** Nearest thumbnail column per column. */
  private readonly nearestColumn: Int32Array;
  private thinDistance = THIN_DISTANCE;
  /** Per column of the current row, `offBothSides` where measured (0 elsewhere). */
  private readonly uprightRow: Float32Array;
  /** THIN_SIDE thumbnail pixels, in pixels. */
  private readonly sideOffset: number;
  /**
   * Per thumbnail pixel, 1 where `check` is and the sure sky ends within UPRIGHT_ROWS under it
   * (`standingPixels`): where an upright thing is looked for; per thumbnail row, whether it has any.
   */
  private readonly uprightCells: Uint8Array;
  private readonly uprightRows: Uint8Array;
  /** The texture under which a pixel given a large share of old sky carries the reach on. */
  private carryTexture = EDGE_SOFT_CARRY_TEXTURE;
  /** The texture's neighbour offset: a pixel of the 1024 px reference (scaled with the width). */
  private readonly textureStep: number;
  /** EDGE_SOFT_MIX_REACH at this width. */
  private readonly mixReach: number;
  /**
   * The undecided pixels (band code neither 0 nor SURE_SKY) decided sky, or given a share of old sky
   * of at least DECIDED_SKY, by `decideRow` (`skylineSky`).
   */
  private readonly skyline = new OffsetList(4096);
  /** The bright sure-sky pixels `decideRow` decided sky (`brightSky`). */
  private readonly brightPixels = new OffsetList(1024);
  /** Per column, the last row decided sky (-2 before any). */
  private readonly lastSkyRow: Int32Array;
  /** The photo (RGB, full size) given to `calibrate`; rows under the current one are read as they are. */
  private source: Buffer | null = null;
  /** The rows of `source` left as they are while the band is decided (those under are relit meanwhile). */
  private sourceRows = 0;
  /** Per column, the last row decided sky or given a large share of it (-2 before any). */
  private readonly lastNearRow: Int32Array;
  private readonly reach: number;
  /** Column of the last pixel decided sky, or given a large share of it, in the current row. */
  private lastSkyColumn = -1;
  /** The local old sky's colour behind the last pixel given a soft alpha. */
  oldR = 0;
  oldG = 0;
  oldB = 0;
  /** The thumbnail's colour at the last pixel measured. */
  private tr = 0;
  private tg = 0;
  private tb = 0;

  constructor(
    thumb: Raster,
    sky: SkyDetection,
    private readonly width: number,
    private readonly height: number,
  ) {
    this.thumb = thumb;
    this.model = edgeModel(thumb, sky);
    this.column0 = new Int32Array(width);
    this.column1 = new Int32Array(width);
    this.columnWeight = new Float32Array(width);
    this.rowColours = new Float32Array(thumb.width * 3);
    this.check = contrastedPixels(thumb);
    this.nearestColumn = new Int32Array(width);
    this.lastSkyRow = new Int32Array(width).fill(-2);
    this.lastNearRow = new Int32Array(width).fill(-2);
    this.reach = max(EDGE_SOFT_REACH, floor((EDGE_SOFT_REACH * width) / 1024 + 0.5));
    this.textureStep = referenceStep(width);
    this.mixReach = EDGE_SOFT_MIX_REACH * this.textureStep;
    this.uprightRow = new Float32Array(width);
    this.sideOffset = floor((THIN_SIDE * width) / thumb.width + 0.5);
    this.uprightCells = standingPixels(sky);
    this.uprightRows = new Uint8Array(thumb.height);
    for (let t = 0; t < this.uprightCells.length; t++) {
      this.uprightCells[t] = this.uprightCells[t]! & this.check[t]!;
      if (this.uprightCells[t]) this.uprightRows[floor(t / thumb.width)] = 1;
    }
    for (let x = 0; x < width; x++) {
      this.nearestColumn[x] = min(thumb.width - 1, floor((x * thumb.width) / width));
      const fx = clampTo(((x + 0.5) * thumb.width) / width - 0.5, thumb.width - 1);
      this.column0[x] = floor(fx);
      this.column1[x] = min(thumb.width - 1, floor(fx) + 1);
      this.columnWeight[x] = fx - floor(fx);
    }
  }

  /**
   * Measures the sure sky's grain on `pixels` (the photo, RGB at full size) and raises the
   * thin-structure distance above it. Its first `rows` rows must stay as they are until the band is
   * decided.
   */
  calibrate(pixels: Buffer, sky: SkyDetection, rows = this.height): void {
    this.source = pixels;
    this.sourceRows = rows;
    // Distances are whole-ish numbers up to 3 x 255: a histogram gives the percentile.
    const histogram = new Uint32Array(3 * 256);
    const textures = new Uint32Array(3 * 256);
    let count = 0;
    for (let y = 0; y < this.height; y += NOISE_SAMPLE_STEP) {
      this.row(y);
      const ty = min(sky.height - 1, floor((y * sky.height) / this.height));
      for (let x = 0; x < this.width; x += NOISE_SAMPLE_STEP) {
        const tx = min(sky.width - 1, floor((x * sky.width) / this.width));
        if (sky.mask[ty * sky.width + tx]! < 1) continue;
        const i = (y * this.width + x) * 3;
        histogram[min(histogram.length - 1, floor(this.distance(x, pixels[i]!, pixels[i + 1]!, pixels[i + 2]!)))]!++;
        textures[min(textures.length - 1, floor(this.texture(x, y)))]!++;
        count++;
      }
    }
    this.thinDistance = max(THIN_DISTANCE, THIN_NOISE_FACTOR * histogramPercentile(histogram, count, 0.9));
    this.carryTexture = max(EDGE_SOFT_CARRY_TEXTURE, CARRY_TEXTURE_FACTOR * histogramPercentile(textures, count, 0.9));
  }

  /** Call before the pixels of row y. */
  row(y: number): void {
    const { width, height } = this.thumb;
    this.checkRow = min(height - 1, floor((y * height) / this.height)) * width;
    this.coloursRow = y;
    this.rowColoursReady = false;
    this.lastSkyColumn = -1 - this.reach;
  }

  /**
   * Row y of the band decided: codes from `coded` and colours from `pixels` (RGB) at pixel
   * `offset`, decisions written to `decided` there. Undecided pixels go through `alpha`; the sure
   * sky, most of a band, is decided here, in runs where the thumbnail shows nothing to check
   * (decision 137: a call per pixel cost more than the decisions). The undecided pixels decided sky
   * are listed in `skylineSky`.
   */
  decideRow(y: number, pixels: Buffer, coded: Uint8Array, decided: Uint8Array, offset: number): void {
    const width = this.width;
    this.row(y);
    const { check, nearestColumn, lastSkyRow, lastNearRow } = this;
    const checkRow = this.checkRow;
    const thin = this.thinDistance;
    // Upright things standing out of the sky on both sides, measured first: a pixel is kept when
    // it shows more of the thing than of the sky, against the row's strongest within reach.
    const uprightHere = this.uprightRows[checkRow / this.thumb.width] === 1;
    const upright = this.uprightRow;
    if (uprightHere) {
      upright.fill(0);
      for (let x = 0, p = offset; x < width; x++, p++) {
        if (coded[p] !== SURE_SKY || this.uprightCells[checkRow + nearestColumn[x]!] === 0) continue;
        const i = p * 3;
        upright[x] = this.offBothSides(x, pixels[i]!, pixels[i + 1]!, pixels[i + 2]!);
      }
    }
    const reach = this.sideOffset;
    for (let x = 0, p = offset; x < width; x++, p++) {
      const c = coded[p]!;
      if (c === 0) continue;
      const i = p * 3;
      if (c < SURE_SKY) {
        const a = this.alpha(x, y, pixels[i]!, pixels[i + 1]!, pixels[i + 2]!, c);
        decided[p] = a;
        if (a >= DECIDED_SKY) this.skyline.push(p);
        continue;
      }
      // Sure sky: sky unless a thin thing the thumbnail could not resolve, kept as 0.
      if (check[checkRow + nearestColumn[x]!] !== 0) {
        const r = pixels[i]!;
        const g = pixels[i + 1]!;
        const b = pixels[i + 2]!;
        if (
          (this.distance(x, r, g, b) > thin && lumaOf(r, g, b) <= lumaOf(this.tr, this.tg, this.tb) + THIN_BRIGHTER) ||
          (uprightHere && upright[x]! > thin && upright[x]! * 2 >= rowMax(upright, x - reach, x + reach)) ||
          this.paleMast(x, y, r, g, b)
        ) {
          decided[p] = 0;
          continue;
        }
        decided[p] = SURE_SKY;
        this.markSky(x, y);
        if (this.brighterThanOldSky(x, y, r, g, b) && this.standsOutAt(x, y)) this.brightPixels.push(p);
        continue;
      }
      // A run of sure sky with nothing to check: sky, written at once.
      let end = x + 1;
      while (end < width && coded[offset + end] === SURE_SKY && check[checkRow + nearestColumn[end]!] === 0) end++;
      decided.fill(SURE_SKY, p, offset + end);
      lastSkyRow.fill(y, x, end);
      lastNearRow.fill(y, x, end);
      this.lastSkyColumn = end - 1;
      p += end - 1 - x;
      x = end - 1;
    }
  }

  /**
   * How far a sure-sky pixel of colour r, g, b in column x stands out from the thumbnail's sky
   * THIN_SIDE thumbnail pixels either side of it in its row (the nearer side's distance, sum of
   * channels), when the two sides are alike and the pixel is no brighter and no bluer than them:
   * an upright thing (a finial, a cross, a mast's top) a thumbnail pixel or two wide, blurred into
   * the thumbnail's colour at its place. 0 otherwise.
   */
  private offBothSides(x: number, r: number, g: number, b: number): number {
    const side = this.sideOffset;
    if (x < side || x + side >= this.width) return 0;
    this.thumbAt(x - side);
    const { tr: lr, tg: lg, tb: lb } = this;
    this.thumbAt(x + side);
    const { tr: rr, tg: rg, tb: rb } = this;
    if (abs(lr - rr) + abs(lg - rg) + abs(lb - rb) > this.thinDistance) return 0;
    if (b - r > min(lb - lr, rb - rr) + THIN_BLUER) return 0;
    if (lumaOf(r, g, b) > min(lumaOf(lr, lg, lb), lumaOf(rr, rg, rb)) + THIN_BRIGHTER) return 0;
    return min(abs(r - lr) + abs(g - lg) + abs(b - lb), abs(r - rr) + abs(g - rg) + abs(b - rb));
  }

  /**
   * The checked sure-sky pixels `decideRow` decided sky that are bright and stand out (a white
   * cross's post or arm): offsets in its `decided`, where `keepBrightFittings` starts.
   */
  get brightSky(): Int32Array {
    return this.brightPixels.offsets;
  }

  /** FittingTests: pixel p of the photo is MAST_BRIGHTER brighter (luma) than the local old sky. */
  bright(p: number): boolean {
    const x = p % this.width;
    const i = p * 3;
    const source = this.source!;
    return this.brighterThanOldSky(x, (p - x) / this.width, source[i]!, source[i + 1]!, source[i + 2]!);
  }

  /** FittingTests: `standsOutAt` for pixel p. */
  standsOut(p: number): boolean {
    const x = p % this.width;
    return this.standsOutAt(x, (p - x) / this.width);
  }

  /** FittingTests: pixel p of the photo has the ground side's colour (`isSkySide`). */
  ground(p: number): boolean {
    const x = p % this.width;
    return !this.skyAt(x, (p - x) / this.width);
  }

  /** Read in `decideRow`'s hot path, so without `oldSkyAt`'s writes to oldR/oldG/oldB. */
  private brighterThanOldSky(x: number, y: number, r: number, g: number, b: number): boolean {
    const sky = this.model.sky;
    const i = this.oldSkyIndex(x, y);
    return lumaOf(r, g, b) >= lumaOf(sky[i]!, sky[i + 1]!, sky[i + 2]!) + MAST_BRIGHTER;
  }

  /**
   * Whether pixel (x, y) of the photo stands MAST_BRIGHTER (luma) above the pixels MAST_SIDE
   * reference pixels from it on both sides, left and right or above and below: a thing narrower
   * than that (a cross's post or arm), not a cloud's inside or rim.
   */
  private standsOutAt(x: number, y: number): boolean {
    const side = MAST_SIDE * this.textureStep;
    const bright = this.sourceLuma(x, y) - MAST_BRIGHTER;
    if (
      x >= side &&
      x + side < this.width &&
      max(this.sourceLuma(x - side, y), this.sourceLuma(x + side, y)) <= bright
    ) {
      return true;
    }
    return (
      y >= side &&
      y + side < this.sourceRows &&
      max(this.sourceLuma(x, y - side), this.sourceLuma(x, y + side)) <= bright
    );
  }

  /** Luma of pixel (x, y) of the photo given to `calibrate`. */
  private sourceLuma(x: number, y: number): number {
    const source = this.source!;
    const i = (y * this.width + x) * 3;
    return lumaOf(source[i]!, source[i + 1]!, source[i + 2]!);
  }

  /** The undecided pixels decided sky by `decideRow`: offsets in its `decided`, in the order decided. */
  get skylineSky(): Int32Array {
    return this.skyline.offsets;
  }

  /**
   * Whether a column within the reach had sky (or a large share of it) within the reach of rows
   * above row y. Read before the current row's decisions reach the column: those on its left are
   * `lastSkyColumn`'s.
   */
  private nearSkyAbove(x: number, y: number): boolean {
    const last = this.lastNearRow;
    const since = y - this.reach;
    for (let column = max(0, x - this.reach), end = min(this.width - 1, x + this.reach); column <= end; column++) {
      if (last[column]! >= since) return true;
    }
    return false;
  }

  /** Pixel (x, y) decided sky: the reach and the joins of the pixels after it start from it. */
  private markSky(x: number, y: number): void {
    this.lastSkyRow[x] = y;
    this.lastNearRow[x] = y;
    this.lastSkyColumn = x;
  }

  /**
   * SURE_SKY, 0 or a kept pixel's share of old sky (1 to SURE_SKY - 1) for the undecided pixel
   * (x, y) of colour r, g, b whose band alpha is `coded` (0 < coded < SURE_SKY). Pixels come in
   * rows from the top, left to right (`decideRow`).
   */
  private alpha(x: number, y: number, r: number, g: number, b: number, coded: number): number {
    if (this.joinsSky(x, y, r, g, b, coded)) {
      this.markSky(x, y);
      return SURE_SKY;
    }
    if (x - this.lastSkyColumn > this.reach && !this.nearSkyAbove(x, y)) return 0;
    const share = this.softAlpha(x, y, r, g, b);
    if (share === 0) return 0;
    const mixing = this.nearDecidedSky(x, y);
    // The skyline's own first reference pixel mixes as its colour says.
    const first = mixing && this.nearDecidedSky(x, y, this.textureStep);
    if (first && share < EDGE_SOFT_CARRY) return share;
    // Past it, a pixel unlike old sky mixes with the ground beside it, if at all (decision 153).
    // Past the skyline's own mixing a share is only old sky's, and only a pixel mostly of old sky,
    // and like old sky, carries the reach on (a darker line in the sky, a gutter's edge, then more
    // old sky over the roof), never the decisions of the sky itself.
    if (!this.looksLikeOldSky(x, y, r, g, b)) {
      if (first) return share;
      return mixing ? this.shareBeside(x, y, r, g, b, share) : 0;
    }
    if (mixing && share < EDGE_SOFT_CARRY) return share;
    if (share >= EDGE_SOFT_CARRY) {
      this.lastNearRow[x] = y;
      this.lastSkyColumn = x;
    }
    return share;
  }

  /**
   * Whether sky was decided within `mixReach` of pixel (x, y): in the columns around it, in the
   * rows above or on its left in its own row (`lastSkyRow` holds the current row's decisions too).
   */
  private nearDecidedSky(x: number, y: number, reach = this.mixReach): boolean {
    const lastSkyRow = this.lastSkyRow;
    for (let column = max(0, x - reach), end = min(this.width - 1, x + reach); column <= end; column++) {
      if (lastSkyRow[column]! >= y - reach) return true;
    }
    return false;
  }

  /**
   * A kept pixel beside the sky mixes old sky and ground (a roof's ridge, a dome's rim, the
   * anti-aliased edge of a tower): its share of old sky, 0 to SURE_SKY - 1, by projecting its
   * colour on the segment from the local ground's mean to the local sky's; the sky's colour is
   * left in oldR/oldG/oldB for the blend to take out.
   */
  private softAlpha(x: number, y: number, r: number, g: number, b: number): number {
    const model = this.model;
    const tx = this.nearestColumn[x]!;
    const ty = min(model.height - 1, floor((y * model.height) / this.height));
    const t = ty * model.width + tx;
    if (model.skyWeight[t]! <= 0 || model.groundWeight[t]! <= 0) return 0;
    const i = t * 3;
    const sr = model.sky[i]!;
    const sg = model.sky[i + 1]!;
    const sb = model.sky[i + 2]!;
    const alpha = mixedAlpha(r, g, b, sr, sg, sb, model.ground[i]!, model.ground[i + 1]!, model.ground[i + 2]!);
    if (alpha === 0) return 0;
    this.oldR = sr;
    this.oldG = sg;
    this.oldB = sb;
    return alpha;
  }

  /**
   * `share` (from `softAlpha`, whose old sky oldR/oldG/oldB holds) or, if less, the share of pixel
   * (x, y) of colour r, g, b against the ground beside it: of the photo's pixels GROUND_BESIDE
   * reference pixels above, below, left and right, the one farthest from the old sky. 0 when none
   * is farther than the pixel itself: the pixel is the ground there (decision 153).
   */
  private shareBeside(x: number, y: number, r: number, g: number, b: number, share: number): number {
    const source = this.source!;
    const step = GROUND_BESIDE * this.textureStep;
    const { oldR, oldG, oldB } = this;
    let farthest = abs(r - oldR) + abs(g - oldG) + abs(b - oldB);
    let found = -1;
    for (let k = 0; k < 4; k++) {
      const xx = x + (k === 0 ? step : k === 1 ? -step : 0);
      const yy = y + (k === 2 ? step : k === 3 ? -step : 0);
      if (xx < 0 || xx >= this.width || yy < 0 || yy >= this.sourceRows) continue;
      const q = (yy * this.width + xx) * 3;
      const d = abs(source[q]! - oldR) + abs(source[q + 1]! - oldG) + abs(source[q + 2]! - oldB);
      if (d > farthest) {
        farthest = d;
        found = q;
      }
    }
    if (found < 0) return 0;
    return min(share, mixedAlpha(r, g, b, oldR, oldG, oldB, source[found]!, source[found + 1]!, source[found + 2]!));
  }

  /**
   * The mean colour difference (sum of channels) of pixel (x, y) of the photo given to `calibrate`
   * to its 8 neighbours `textureStep` away (those inside the image).
   */
  private texture(x: number, y: number): number {
    const source = this.source!;
    const { width, height, textureStep: step } = this;
    const i = (y * width + x) * 3;
    const r = source[i]!;
    const g = source[i + 1]!;
    const b = source[i + 2]!;
    let sum = 0;
    let count = 0;
    for (let yy = y - step; yy <= y + step; yy += step) {
      if (yy < 0 || yy >= height) continue;
      for (let xx = x - step; xx <= x + step; xx += step) {
        if (xx < 0 || xx >= width || (xx === x && yy === y)) continue;
        const q = (yy * width + xx) * 3;
        sum += abs(source[q]! - r) + abs(source[q + 1]! - g) + abs(source[q + 2]! - b);
        count++;
      }
    }
    return sum / count;
  }

  /**
   * Whether a kept pixel given a share of old sky (oldR/oldG/oldB set by `softAlpha`) is old sky
   * left in the band rather than a surface as light as the sky: near the old sky's colour, or smooth.
   */
  private looksLikeOldSky(x: number, y: number, r: number, g: number, b: number): boolean {
    const near = abs(r - this.oldR) + abs(g - this.oldG) + abs(b - this.oldB) < EDGE_SOFT_CARRY_NEAR;
    return near || this.texture(x, y) < this.carryTexture;
  }

  /**
   * Whether the pixel (x, y) of colour r, g, b lies on a pale mast: the same sky either side of
   * it, MAST_SIDE reference pixels away, and a line as bright running MAST_REACH up or down from
   * it with sky still beside its end. A cloud's rim has cloud on one side; a bright speck ends
   * within a few pixels.
   */
  private paleMast(x: number, y: number, r: number, g: number, b: number): boolean {
    const source = this.source!;
    const side = MAST_SIDE * this.textureStep;
    if (x < side || x + side >= this.width) return false;
    const i = (y * this.width + x) * 3;
    const left = i - side * 3;
    const right = i + side * 3;
    // Most pixels of a sky are no brighter than the sky beside them: the cheap test first.
    const bright =
      max(
        lumaOf(source[left]!, source[left + 1]!, source[left + 2]!),
        lumaOf(source[right]!, source[right + 1]!, source[right + 2]!),
      ) + MAST_BRIGHTER;
    if (lumaOf(r, g, b) < bright) return false;
    const apart =
      abs(source[left]! - source[right]!) +
      abs(source[left + 1]! - source[right + 1]!) +
      abs(source[left + 2]! - source[right + 2]!);
    if (apart > MAST_SIDES_APART) return false;
    const reach = MAST_REACH * this.textureStep;
    return (
      (y >= reach && this.mastLine(i, -reach, side, bright)) ||
      (y + reach < this.sourceRows && this.mastLine(i, reach, side, bright))
    );
  }

  /**
   * Along a mast from pixel offset `i` (RGB), the pixels half of `rows` and `rows` away (up when
   * negative) are at least `bright`, and the pixels `side` either side of the farther one are not:
   * a cloud widens away from its rim.
   */
  private mastLine(i: number, rows: number, side: number, bright: number): boolean {
    const source = this.source!;
    const stride = this.width * 3;
    const half = i + (rows >> 1) * stride;
    const far = i + rows * stride;
    const l = far - side * 3;
    const r = far + side * 3;
    return (
      lumaOf(source[half]!, source[half + 1]!, source[half + 2]!) >= bright &&
      lumaOf(source[far]!, source[far + 1]!, source[far + 2]!) >= bright &&
      lumaOf(source[l]!, source[l + 1]!, source[l + 2]!) < bright &&
      lumaOf(source[r]!, source[r + 1]!, source[r + 2]!) < bright
    );
  }

  /** Sets oldR/oldG/oldB to the local old sky behind pixel (x, y), as `softAlpha` does. */
  oldSkyAt(x: number, y: number): void {
    const sky = this.model.sky;
    const i = this.oldSkyIndex(x, y);
    this.oldR = sky[i]!;
    this.oldG = sky[i + 1]!;
    this.oldB = sky[i + 2]!;
  }

  /** Where the edge model's local sky behind pixel (x, y) starts in its `sky` (RGB). */
  private oldSkyIndex(x: number, y: number): number {
    const model = this.model;
    const ty = min(model.height - 1, floor((y * model.height) / this.height));
    return (ty * model.width + this.nearestColumn[x]!) * 3;
  }

  /** Whether the photo's own pixel (x, y), not yet blended, has the sky side's colour (true off the image). */
  private skyAt(x: number, y: number): boolean {
    const source = this.source;
    if (!source || x >= this.width || y >= this.height) return true;
    const i = (y * this.width + x) * 3;
    return isSkySide(this.model, this.width, this.height, x, y, source[i]!, source[i + 1]!, source[i + 2]!);
  }

  /** Whether the undecided pixel (x, y) of colour r, g, b is sky. */
  private joinsSky(x: number, y: number, r: number, g: number, b: number, coded: number): boolean {
    // The sky is one region from the top: an undecided pixel is sky only next to sky already
    // decided above it or on its left. A band of land of the sky's colour under a dark line (a
    // blurred horizon, a roof's shadowed eave) stays, as a kept sky pixel shows less than a
    // replaced roof pixel.
    const last = this.lastSkyRow;
    const joined =
      coded >= JOIN_FREE ||
      y === 0 ||
      last[x] === y - 1 ||
      (x > 0 && (last[x - 1] === y - 1 || last[x - 1] === y)) ||
      (x + 1 < this.width && last[x + 1] === y - 1);
    if (!joined || !isSkySide(this.model, this.width, this.height, x, y, r, g, b)) return false;
    // A pixel just over the foreground mixes both (the drawn masks and the eye count it as the
    // roof's): the sky stops one pixel short of a pixel of the foreground's colour under it.
    return this.skyAt(x, y + 1);
  }

  /** The thumbnail's colours at the current row (`rowColours`), interpolated when first read. */
  private interpolateRowColours(): void {
    const { data, width, height } = this.thumb;
    const fy = clampTo(((this.coloursRow + 0.5) * height) / this.height - 0.5, height - 1);
    const above = floor(fy) * width * 3;
    const below = min(height - 1, floor(fy) + 1) * width * 3;
    const weight = fy - floor(fy);
    const colours = this.rowColours;
    for (let i = 0; i < width * 3; i++) colours[i] = data[above + i]! * (1 - weight) + data[below + i]! * weight;
    this.rowColoursReady = true;
  }

  /** Sum of channel differences between r, g, b and the thumbnail at column x of the current row. */
  private distance(x: number, r: number, g: number, b: number): number {
    this.thumbAt(x);
    return abs(r - this.tr) + abs(g - this.tg) + abs(b - this.tb);
  }

  /** Sets tr/tg/tb to the thumbnail's colour at column x of the current row, interpolated. */
  private thumbAt(x: number): void {
    if (!this.rowColoursReady) this.interpolateRowColours();
    const colours = this.rowColours;
    const left = this.column0[x]! * 3;
    const right = this.column1[x]! * 3;
    const w = this.columnWeight[x]!;
    this.tr = colours[left]! + (colours[right]! - colours[left]!) * w;
    this.tg = colours[left + 1]! + (colours[right + 1]! - colours[left + 1]!) * w;
    this.tb = colours[left + 2]! + (colours[right + 2]! - colours[left + 2]!) * w;
  }
}

/** Pixel offsets listed in order, in an array grown as needed. */
class OffsetList {
  private items: Int32Array;
  private count = 0;

  constructor(capacity: number) {
    this.items = new Int32Array(capacity);
  }

  push(p: number): void {
    if (this.count === this.items.length) {
      const grown = new Int32Array(this.count * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.count++] = p;
  }

  /** The offsets listed, in order (a view, valid until the next push). */
  get offsets(): Int32Array {
    return this.items.subarray(0, this.count);
  }
}

/** 1 where a pixel short of sure sky lies within UPRIGHT_ROWS under a thumbnail pixel, in its column or beside. */
function standingPixels(sky: SkyDetection): Uint8Array {
  const { mask, width, height } = sky;
  const standing = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    let below = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (below - y <= UPRIGHT_ROWS) {
        for (let xx = max(0, x - 1); xx <= min(width - 1, x + 1); xx++) standing[y * width + xx] = 1;
      }
      if (mask[y * width + x]! < SURE_SKY_MASK) below = y;
    }
  }
  return standing;
}

/** 1 where a thumbnail pixel differs from a neighbour (or itself is next to one that does). */
function contrastedPixels(thumb: Raster): Uint8Array {
  const { data, width, height } = thumb;
  const contrasted = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      for (let dy = 0; dy <= 1; dy++) {
        for (let dx = dy === 0 ? 1 : -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || xx >= width || yy >= height) continue;
          const j = (yy * width + xx) * 3;
          if (
            abs(data[i]! - data[j]!) + abs(data[i + 1]! - data[j + 1]!) + abs(data[i + 2]! - data[j + 2]!) >
            CHECK_CONTRAST
          ) {
            contrasted[y * width + x] = 1;
            contrasted[yy * width + xx] = 1;
          }
        }
      }
    }
  }
  // A pixel's bilinear neighbourhood reaches one thumbnail pixel further.
  const grown = Uint8Array.from(contrasted);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!contrasted[y * width + x]) continue;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && xx < width && yy >= 0 && yy < height) grown[yy * width + xx] = 1;
        }
      }
    }
  }
  return grown;
}

/**
 * The alpha (0 to SURE_SKY - 1) for the share of old sky in a pixel of colour r, g, b that mixes
 * the sky's colour (sr, sg, sb) with the ground's (gr, gg, gb), by projection on the segment
 * between them: 0 when the two are too alike, when the share is under EDGE_SOFT_DEAD, or when the
 * pixel is a third colour, off the segment.
 */
function mixedAlpha(
  r: number,
  g: number,
  b: number,
  sr: number,
  sg: number,
  sb: number,
  gr: number,
  gg: number,
  gb: number,
): number {
  const dr = sr - gr;
  const dg = sg - gg;
  const db = sb - gb;
  const apart = dr * dr + dg * dg + db * db;
  if (apart < EDGE_SOFT_APART * EDGE_SOFT_APART) return 0;
  const pr = r - gr;
  const pg = g - gg;
  const pb = b - gb;
  const along = pr * dr + pg * dg + pb * db;
  const share = along / apart;
  if (share <= EDGE_SOFT_DEAD) return 0;
  const off = pr * pr + pg * pg + pb * pb - along * share;
  const allowed = max(EDGE_SOFT_OFF_SEGMENT * EDGE_SOFT_OFF_SEGMENT, EDGE_SOFT_OFF_SEGMENT_SHARE ** 2 * apart);
  if (off > allowed) return 0;
  const alpha = (share - EDGE_SOFT_DEAD) / (EDGE_SOFT_FULL - EDGE_SOFT_DEAD);
  return alpha >= 1 ? SURE_SKY - 1 : floor(alpha * (SURE_SKY - 1) + 0.5);
}

/** The largest of values[from..to], clamped to the array. */
function rowMax(values: Float32Array, from: number, to: number): number {
  let largest = 0;
  for (let x = max(0, from), end = min(values.length - 1, to); x <= end; x++)
    if (values[x]! > largest) largest = values[x]!;
  return largest;
}

function clampTo(value: number, top: number): number {
  return max(0, min(top, value));
}
