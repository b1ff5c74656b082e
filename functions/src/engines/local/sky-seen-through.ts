/**
 * The sky seen through thin structure (decision 170): the old sky between a bare tree's branches
 * and a palm's fronds, between paired cables. The thumbnail blurs such structure into ground, and
 * the band's decisions keep what it calls ground, so the old sky stayed there: a pale veil over
 * every bare crown under a darker new sky, blue between the twigs under a sunset.
 *
 * Against a smooth sky whose colour tells it from grey, a pixel there mixes two colours only: the
 * sky's and its structure's, the darkest colour nearby. Its luma says how much of each it holds (a
 * luminance key), and it becomes that much new sky, its own colour the structure's with the old
 * sky's share taken out. Only where the photo around the pixel looks like such structure, judged
 * over a window of 8 reference pixels (the reference grid being 1024 px wide) around each cell:
 * - nearly every undecided pixel lies on the mix line of the sky and the structure;
 * - some show the sky itself;
 * - the dark ones are thin, with pixels as bright as the sky on both sides;
 * - most of the window is busy with edges (a crown's twigs), not flat (a hazy wall that has the
 *   sky's colour, its windows as dark and as thin as branches);
 * - most of the window is undecided (not the narrow band around a finial against the pure sky);
 * - and the area is joined to the pure sky (a pale arcade lower down is not).
 * The tests are shares over windows, so the weight they give varies smoothly and no cell's edge
 * shows; its small holes are closed.
 */
import { boxBlur, luma, lumaAt, referenceStep } from './raster';
import { Key, ramp, takeShare } from './sky-key';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { abs, ceil, floor, max, min, round, sqrt } = Math;

/** The fitted sky's residual (RMS, levels a channel) at most: a smooth sky, not clouds. */
const SMOOTH_SKY = 10;
/**
 * The pure sky's mean spread between channels at least (levels): a sky whose colour tells it from
 * grey structure. Before a white, grey or lavender sky, grey roof tiles and the gaps between them
 * lie on the sky's mix line with the dark as twigs do, and a hazy grey wall is the sky's colour.
 */
const SKY_CHROMA = 40;
/** Spacing of the pixels tested, and side of a cell, in reference pixels (see `Grid`). */
const SAMPLE = 2;
const CELL = 4;
/** Radius (cells) of the window the structure's colour is the darkest of (16 reference pixels). */
const STRUCTURE_RADIUS = 4;
/**
 * Radii (cells) of the windows the old sky's colour is the pure sky's mean over, the narrowest
 * holding enough of it last (360 to 24 reference pixels).
 */
const SKY_RADII = [90, 23, 11, 6];
/** Radius (cells) of the window the tests count shares over (8 reference pixels). */
const WINDOW_RADIUS = 2;
/** Radius (cells) of the holes in the weight that are closed (8 reference pixels). */
const CLOSE_RADIUS = 2;
/** The structure is dark (luma at most this, fully from the first), and the sky this much brighter. */
const DARK_STRUCTURE = [80, 100] as const;
const CONTRAST = [50, 60] as const;
/** A pixel lies on the mix line of the sky and the structure within this (levels, any channel). */
const ON_LINE = 20;
/** Looser for the pixels taken: a JPEG's chroma smears across thin structure. */
const ON_LINE_TAKEN = 30;
/** Shares of a window's undecided pixels on the line, showing the sky itself, and of its dark ones thin (from, full). */
const ON_LINE_SHARE = [0.85, 0.92] as const;
const SKY_SHARE = [0.04, 0.08] as const;
const THIN_SHARE = [0.2, 0.3] as const;
/** Shares of the whole window busy with edges, and undecided (from, full). */
const BUSY_SHARE = [0.55, 0.7] as const;
const OPEN_SHARE = [0.7, 0.85] as const;
/** A pixel is busy when its luma differs from its right and lower neighbours' by more than this, summed. */
const BUSY_EDGE = 12;
/** A pixel shows the sky itself from this share of sky; it is dark up to this one; under the last, it is left as it is. */
const SKY_ITSELF = 0.85;
const DARK_SHARE = 0.35;
const LEAST_SHARE = 0.1;
/** A dark pixel is thin when pixels within this of the sky's luma lie this near on both sides (reference pixels). */
const SKY_BRIGHT = 25;
const THIN_REACH = 6;
/** The weight from which a pixel brighter than the sky is taken as loosely as one darker. */
const SURE_WEIGHT = 0.75;
/** The weight an area must reach to be joined to the pure sky through. */
const JOINED_WEIGHT = 0.25;

/**
 * In place on `decided` (the band's final decisions) and `pixels` (the band's colours, which the
 * blend reads next): the sky seen through thin structure becomes new sky by its share, each such
 * pixel marked in `mixed` (made when null; returned) so that the blend mixes it plainly.
 */
export function takeSkySeenThrough(
  pixels: Buffer,
  decided: Uint8Array,
  width: number,
  rows: number,
  mixed: Uint8Array | null,
): Uint8Array | null {
  const fit = smoothSky(pixels, decided, width, rows);
  if (!fit) return mixed;
  const grid = new Grid(pixels, decided, width, rows);
  if (!grid.hasCandidates()) return mixed;
  const { cw, ch, cell } = grid;
  const skyColour = grid.fittedSky(fit);
  localSky(grid, skyColour);
  const structure = grid.structure();
  const weight = grid.weight(skyColour, structure);
  if (!weight.some((w) => w > 0)) return mixed;
  close(weight, cw, ch, CLOSE_RADIUS);
  keepJoinedToSky(weight, grid.pureSky(), cw, ch);

  // Each undecided photo pixel, keyed against the sky and the structure interpolated at it.
  const key = new Key();
  const s = new Float32Array(3);
  const t = new Float32Array(3);
  const rowWeighs = new Uint8Array(ch);
  for (let c = 0; c < cw * ch; c++) if (weight[c]! > 0) rowWeighs[floor(c / cw)] = 1;
  for (let y = 0; y < rows; y++) {
    const fy = max(0, min(ch - 1, (y + 0.5) / cell - 0.5));
    const y0 = floor(fy);
    const y1 = min(ch - 1, y0 + 1);
    if (!rowWeighs[y0] && !rowWeighs[y1]) continue;
    const ty = fy - y0;
    for (let x = 0, p = y * width; x < width; x++, p++) {
      if (decided[p] === 255) continue;
      const fx = max(0, min(cw - 1, (x + 0.5) / cell - 0.5));
      const x0 = floor(fx);
      const x1 = min(cw - 1, x0 + 1);
      const i00 = y0 * cw + x0;
      const i01 = y0 * cw + x1;
      const i10 = y1 * cw + x0;
      const i11 = y1 * cw + x1;
      if (weight[i00] === 0 && weight[i01] === 0 && weight[i10] === 0 && weight[i11] === 0) continue;
      const tx = fx - x0;
      const w00 = (1 - tx) * (1 - ty);
      const w01 = tx * (1 - ty);
      const w10 = (1 - tx) * ty;
      const w11 = tx * ty;
      const w = weight[i00]! * w00 + weight[i01]! * w01 + weight[i10]! * w10 + weight[i11]! * w11;
      for (let k = 0; k < 3; k++) {
        s[k] =
          skyColour[i00 * 3 + k]! * w00 +
          skyColour[i01 * 3 + k]! * w01 +
          skyColour[i10 * 3 + k]! * w10 +
          skyColour[i11 * 3 + k]! * w11;
        t[k] =
          structure[i00 * 3 + k]! * w00 +
          structure[i01 * 3 + k]! * w01 +
          structure[i10 * 3 + k]! * w10 +
          structure[i11 * 3 + k]! * w11;
      }
      const i = p * 3;
      key.of(pixels, i, s, 0, t, 0);
      const share = key.share;
      // A pixel brighter than the sky (a JPEG's sharpening beside a twig, or pale stone lit
      // brighter than the sky) is taken as loosely only well inside a crown; elsewhere, only in
      // the sky's own colour.
      const brighter = share === 1 && w < SURE_WEIGHT;
      if (share < LEAST_SHARE || key.off > (brighter ? ON_LINE / 2 : ON_LINE_TAKEN)) continue;
      mixed = takeShare(pixels, decided, mixed, p, share, w, s, t);
    }
  }
  return mixed;
}

/**
 * The band seen in cells of CELL reference pixels a side (the reference grid being 1024 px wide),
 * each tested at the photo pixels of a lattice SAMPLE reference pixels apart: the tests' shares
 * over a window are the same with a fraction of the pixels, which cost that fraction; the colours
 * and the weight vary slowly, and are worked out per cell.
 */
class Grid {
  /** Photo pixels a cell's side, a sample's spacing, and a reference pixel's side. */
  readonly cell: number;
  private readonly spacing: number;
  private readonly step: number;
  /** Cells across and down. */
  readonly cw: number;
  readonly ch: number;
  /** Per cell: its share of samples undecided, the colour of its darkest (RGB) and that one's luma. */
  private readonly openShare: Float32Array;
  private readonly darkColour: Float32Array;
  private readonly darkLuma: Float32Array;
  /** Per cell: its share of busy samples over the window around it. */
  private readonly busyShare: Float32Array;
  /** Per cell: its share of samples pure new sky, and their mean colour (RGB). */
  readonly pureShare: Float32Array;
  readonly pureColour: Float32Array;
  /** Per cell: whether its tests are needed (within two windows of a cell busy and undecided enough). */
  private readonly needed: Float32Array;

  constructor(
    private readonly pixels: Buffer,
    private readonly decided: Uint8Array,
    private readonly width: number,
    private readonly rows: number,
  ) {
    const step = referenceStep(width);
    const spacing = step * SAMPLE;
    const cell = step * CELL;
    const cw = ceil(width / cell);
    const ch = ceil(rows / cell);
    this.step = step;
    this.spacing = spacing;
    this.cell = cell;
    this.cw = cw;
    this.ch = ch;
    const n = cw * ch;
    const samples = new Float32Array(n);
    const openShare = new Float32Array(n);
    const busyShare = new Float32Array(n);
    const pureShare = new Float32Array(n);
    const pureColour = new Float32Array(n * 3);
    const darkColour = new Float32Array(n * 3);
    const darkLuma = new Float32Array(n).fill(256);
    for (let y = 0; y < rows; y += spacing) {
      const row = floor(y / cell) * cw;
      const below = y + step < rows ? step * width : 0;
      for (let x = 0; x < width; x += spacing) {
        const c = row + floor(x / cell);
        const p = y * width + x;
        const l = lumaAt(pixels, p);
        samples[c]!++;
        if (l < darkLuma[c]!) {
          darkLuma[c] = l;
          for (let k = 0; k < 3; k++) darkColour[c * 3 + k] = pixels[p * 3 + k]!;
        }
        if (decided[p] === 255) {
          pureShare[c]!++;
          for (let k = 0; k < 3; k++) pureColour[c * 3 + k]! += pixels[p * 3 + k]!;
          continue;
        }
        openShare[c]!++;
        const right = x + step < width ? step : 0;
        if (abs(l - lumaAt(pixels, p + right)) + abs(l - lumaAt(pixels, p + below)) > BUSY_EDGE) busyShare[c]!++;
      }
    }
    for (let c = 0; c < n; c++) {
      if (pureShare[c]! > 0) for (let k = 0; k < 3; k++) pureColour[c * 3 + k]! /= pureShare[c]!;
      pureShare[c]! /= samples[c]!;
      openShare[c]! /= samples[c]!;
      busyShare[c]! /= samples[c]!;
    }
    boxBlur(openShare, cw, ch, WINDOW_RADIUS, 2);
    boxBlur(busyShare, cw, ch, WINDOW_RADIUS, 2);
    const candidate = new Float32Array(n);
    let any = false;
    for (let c = 0; c < n; c++) {
      if (ramp(BUSY_SHARE, busyShare[c]!) > 0 && ramp(OPEN_SHARE, openShare[c]!) > 0) {
        candidate[c] = 1;
        any = true;
      }
    }
    this.openShare = openShare;
    this.busyShare = busyShare;
    this.pureShare = pureShare;
    this.pureColour = pureColour;
    this.darkColour = darkColour;
    this.darkLuma = darkLuma;
    this.needed = any ? boxBlur(candidate, cw, ch, 2 * WINDOW_RADIUS, 1) : candidate;
  }

  /** Whether any cell is busy and undecided enough to weigh anything. */
  hasCandidates(): boolean {
    return this.needed.some((v) => v > 0);
  }

  /** Whether cell `c`'s tests are needed. */
  needs(c: number): boolean {
    return this.needed[c]! > 0;
  }

  /** 1 where most of the cell is pure new sky. */
  pureSky(): Uint8Array {
    return Uint8Array.from(this.pureShare, (share) => (share >= 0.5 ? 1 : 0));
  }

  /** The fitted sky's colour (RGB) at each cell's centre. */
  fittedSky(fit: Float64Array[]): Float32Array {
    const { cw, ch, cell, width, rows } = this;
    const out = new Float32Array(cw * ch * 3);
    for (let cy = 0, c = 0; cy < ch; cy++) {
      const v = ((cy + 0.5) * cell) / rows - 0.5;
      for (let cx = 0; cx < cw; cx++, c++) {
        const u = ((cx + 0.5) * cell) / width - 0.5;
        for (let k = 0; k < 3; k++) out[c * 3 + k] = quadratic(fit[k]!, u, v);
      }
    }
    return out;
  }

  /** The colour (RGB) of the darkest sample within STRUCTURE_RADIUS of each cell, smoothed over half that. */
  structure(): Float32Array {
    const { cw, ch, darkColour, darkLuma } = this;
    const n = cw * ch;
    const darkest = windowExtremum(darkLuma, cw, ch, STRUCTURE_RADIUS, true);
    const out = new Float32Array(n * 3);
    const channel = new Float32Array(n);
    for (let k = 0; k < 3; k++) {
      for (let c = 0; c < n; c++) channel[c] = darkColour[darkest[c]! * 3 + k]!;
      const smooth = boxBlur(channel, cw, ch, max(1, STRUCTURE_RADIUS >> 1), 2);
      for (let c = 0; c < n; c++) out[c * 3 + k] = smooth[c]!;
    }
    return out;
  }

  /** The step's weight at each cell: the product of its tests' ramps (see the file's head). */
  weight(skyColour: Float32Array, structure: Float32Array): Float32Array {
    const { cw, ch, cell, spacing, width, rows, pixels, decided, needed } = this;
    const n = cw * ch;
    const tested = new Float32Array(n);
    const onLine = new Float32Array(n);
    const itself = new Float32Array(n);
    const dark = new Float32Array(n);
    const thin = new Float32Array(n);
    const contrast = new Float32Array(n);
    // Per cell, the luma a pixel beside a dark one must reach to show the sky (the thin test).
    const skyBright = new Float64Array(n);
    for (let c = 0; c < n; c++) {
      const ls = luma(skyColour[c * 3]!, skyColour[c * 3 + 1]!, skyColour[c * 3 + 2]!);
      const lt = luma(structure[c * 3]!, structure[c * 3 + 1]!, structure[c * 3 + 2]!);
      contrast[c] = ramp(CONTRAST, ls - lt) * (1 - ramp(DARK_STRUCTURE, lt));
      skyBright[c] = ls - SKY_BRIGHT;
    }
    const key = new Key();
    for (let y = 0; y < rows; y += spacing) {
      const row = floor(y / cell) * cw;
      for (let x = 0; x < width; x += spacing) {
        const c = row + floor(x / cell);
        const p = y * width + x;
        if (decided[p] === 255 || needed[c] === 0 || contrast[c] === 0) continue;
        tested[c]!++;
        key.of(pixels, p * 3, skyColour, c * 3, structure, c * 3);
        if (key.off <= ON_LINE) onLine[c]!++;
        if (key.share >= SKY_ITSELF && key.off <= ON_LINE / 2) itself[c]!++;
        if (key.share <= DARK_SHARE) {
          dark[c]!++;
          if (this.thinAt(x, y, skyBright[c]!)) thin[c]!++;
        }
      }
    }
    for (const map of [tested, onLine, itself, dark, thin]) boxBlur(map, cw, ch, WINDOW_RADIUS, 2);
    const weight = new Float32Array(n);
    for (let c = 0; c < n; c++) {
      const o = tested[c]!;
      if (o < 1e-3 || contrast[c] === 0 || needed[c] === 0) continue;
      weight[c] =
        contrast[c]! *
        ramp(ON_LINE_SHARE, onLine[c]! / o) *
        ramp(SKY_SHARE, itself[c]! / o) *
        (dark[c]! < 1e-3 ? 1 : ramp(THIN_SHARE, thin[c]! / dark[c]!)) *
        ramp(BUSY_SHARE, this.busyShare[c]!) *
        ramp(OPEN_SHARE, this.openShare[c]!);
    }
    return weight;
  }

  /** A dark photo pixel is thin when pixels as bright as `bright` lie within THIN_REACH reference pixels on both sides, across or along. */
  private thinAt(x: number, y: number, bright: number): boolean {
    return (
      (this.brightWithin(x, y, -1, 0, bright) && this.brightWithin(x, y, 1, 0, bright)) ||
      (this.brightWithin(x, y, 0, -1, bright) && this.brightWithin(x, y, 0, 1, bright))
    );
  }

  /** Whether a pixel as bright as `bright` lies within THIN_REACH reference pixels of (x, y) in direction (dx, dy). */
  private brightWithin(x: number, y: number, dx: number, dy: number, bright: number): boolean {
    const { pixels, width, rows, step } = this;
    for (let d = 1; d <= THIN_REACH; d++) {
      const xx = x + dx * d * step;
      const yy = y + dy * d * step;
      if (xx < 0 || yy < 0 || xx >= width || yy >= rows) return false;
      if (lumaAt(pixels, yy * width + xx) >= bright) return true;
    }
    return false;
  }
}

/**
 * In place on `skyColour` (the fit's, per cell) at the cells the tests need: the mean colour of the
 * pure sky around, from the widest window to the narrowest, each taking over where it holds enough
 * pure sky. The fit, a quadratic over the whole band, strays over a large crown it has no sample
 * in, and a sky is often paler toward a tree than across the frame. Summed-area tables give each
 * window's sums in four reads, so only the cells needed are worked out.
 */
function localSky(grid: Grid, skyColour: Float32Array): void {
  const { cw, ch, pureShare, pureColour } = grid;
  const stride = cw + 1;
  // Per table entry (x, y): the sums over the cells above and left of it of the pure sky's share
  // and of its colour weighted by it (RGB), interleaved.
  const tables = new Float64Array(stride * (ch + 1) * 4);
  for (let cy = 0; cy < ch; cy++) {
    let share = 0;
    let r = 0;
    let g = 0;
    let b = 0;
    for (let cx = 0; cx < cw; cx++) {
      const c = cy * cw + cx;
      const w = pureShare[c]!;
      share += w;
      r += w * pureColour[c * 3]!;
      g += w * pureColour[c * 3 + 1]!;
      b += w * pureColour[c * 3 + 2]!;
      const q = ((cy + 1) * stride + cx + 1) * 4;
      const above = q - stride * 4;
      tables[q] = tables[above]! + share;
      tables[q + 1] = tables[above + 1]! + r;
      tables[q + 2] = tables[above + 2]! + g;
      tables[q + 3] = tables[above + 3]! + b;
    }
  }
  const sums = new Float64Array(4);
  for (let cy = 0, c = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++, c++) {
      if (!grid.needs(c)) continue;
      for (const radius of SKY_RADII) {
        const x0 = max(0, cx - radius);
        const x1 = min(cw, cx + radius + 1);
        const y0 = max(0, cy - radius);
        const y1 = min(ch, cy + radius + 1);
        for (let k = 0; k < 4; k++) {
          sums[k] =
            tables[(y1 * stride + x1) * 4 + k]! -
            tables[(y0 * stride + x1) * 4 + k]! -
            tables[(y1 * stride + x0) * 4 + k]! +
            tables[(y0 * stride + x0) * 4 + k]!;
        }
        const held = sums[0]!;
        const mean = held / ((x1 - x0) * (y1 - y0));
        if (mean < 1e-3) continue;
        // Blended in as the pure sky around grows to a twentieth of the window.
        const t = min(1, mean * 20);
        for (let k = 0; k < 3; k++) skyColour[c * 3 + k]! += t * (sums[k + 1]! / held - skyColour[c * 3 + k]!);
      }
    }
  }
}

/**
 * In place: a morphological closing of `map` (the highest within `radius`, then the lowest of
 * that): the holes and gaps narrower than the window filled, the rest as it was.
 */
function close(map: Float32Array, rw: number, rh: number, radius: number): void {
  const highest = windowExtremum(map, rw, rh, radius, false);
  const dilated = Float32Array.from(highest, (r) => map[r]!);
  const lowest = windowExtremum(dilated, rw, rh, radius, true);
  for (let r = 0; r < map.length; r++) map[r] = dilated[lowest[r]!]!;
}

/**
 * Per pixel of `values` (rw x rh), the index of the lowest (or highest) value within the square of
 * `radius` around it: separable, each line in one pass with a deque of candidates (O(n)).
 */
function windowExtremum(values: Float32Array, rw: number, rh: number, radius: number, lowest: boolean): Int32Array {
  const along = new Int32Array(rw * rh);
  const out = new Int32Array(rw * rh);
  const deque = new Int32Array(max(rw, rh));
  const index = new Int32Array(max(rw, rh));
  for (const across of [true, false]) {
    const lines = across ? rh : rw;
    const length = across ? rw : rh;
    const stride = across ? 1 : rw;
    const to = across ? along : out;
    for (let j = 0; j < lines; j++) {
      const start = across ? j * rw : j;
      // The line's candidates: its own pixels across, the extremum across of each along.
      for (let i = 0; i < length; i++) index[i] = across ? start + i : along[start + i * stride]!;
      let head = 0;
      let tail = 0;
      for (let i = 0; i < length + radius; i++) {
        if (i < length) {
          const v = values[index[i]!]!;
          while (
            tail > head &&
            (lowest ? values[index[deque[tail - 1]!]!]! >= v : values[index[deque[tail - 1]!]!]! <= v)
          )
            tail--;
          deque[tail++] = i;
        }
        const o = i - radius;
        if (o < 0) continue;
        while (deque[head]! < o - radius) head++;
        to[start + o * stride] = index[deque[head]!]!;
      }
    }
  }
  return out;
}

/**
 * In place: the weight of every area (8-connected, weighing over JOINED_WEIGHT) that comes no
 * nearer the pure sky than two windows set to 0, with its soft edge. The sky seen through a crown
 * is the open sky around it, seen on (the window's share of undecided pixels keeps the weight off
 * the crown's rim); a pale arcade over its dark arches lower down is not.
 */
function keepJoinedToSky(weight: Float32Array, pureSky: Uint8Array, rw: number, rh: number): void {
  const nearSky = boxBlur(Float32Array.from(pureSky), rw, rh, 2 * WINDOW_RADIUS, 1);
  const area = new Int32Array(weight.length).fill(-1);
  const joined: boolean[] = [];
  const stack: number[] = [];
  for (let s = 0; s < weight.length; s++) {
    if (area[s] !== -1 || weight[s]! <= JOINED_WEIGHT) continue;
    const id = joined.length;
    let touches = false;
    area[s] = id;
    stack.push(s);
    while (stack.length > 0) {
      const r = stack.pop()!;
      if (nearSky[r]! > 0) touches = true;
      const x = r % rw;
      const y = (r - x) / rw;
      for (let yy = max(0, y - 1); yy <= min(rh - 1, y + 1); yy++) {
        for (let xx = max(0, x - 1); xx <= min(rw - 1, x + 1); xx++) {
          const q = yy * rw + xx;
          if (area[q] === -1 && weight[q]! > JOINED_WEIGHT) {
            area[q] = id;
            stack.push(q);
          }
        }
      }
    }
    joined.push(touches);
  }
  // What lies within a window of a joined area stays (its soft edge, weighing JOINED_WEIGHT or less).
  const kept = new Float32Array(weight.length);
  for (let r = 0; r < weight.length; r++) if (area[r] !== -1 && joined[area[r]!]) kept[r] = 1;
  const near = boxBlur(kept, rw, rh, WINDOW_RADIUS, 1);
  for (let r = 0; r < weight.length; r++) if (near[r] === 0) weight[r] = 0;
}

/** Terms of the sky's quadratic at (u, v), the place in the band from its centre: 1, u, v, u², uv, v². */
const TERMS = 6;

/**
 * The quadratic (per channel, TERMS coefficients) the pure sky decided follows, least squares over
 * a lattice; null unless it follows it within SMOOTH_SKY.
 */
function smoothSky(pixels: Buffer, decided: Uint8Array, width: number, rows: number): Float64Array[] | null {
  const lattice = max(1, round(width / 128));
  const t = new Float64Array(TERMS);
  const terms = (x: number, y: number) => {
    const u = x / width - 0.5;
    const v = y / rows - 0.5;
    t[0] = 1;
    t[1] = u;
    t[2] = v;
    t[3] = u * u;
    t[4] = u * v;
    t[5] = v * v;
  };
  const normal = new Float64Array(TERMS * TERMS);
  const moments = [new Float64Array(TERMS), new Float64Array(TERMS), new Float64Array(TERMS)];
  const means = [0, 0, 0];
  let n = 0;
  for (let y = 0; y < rows; y += lattice) {
    for (let x = 0; x < width; x += lattice) {
      const p = y * width + x;
      if (decided[p] !== 255) continue;
      terms(x, y);
      for (let k = 0; k < 3; k++) means[k]! += pixels[p * 3 + k]!;
      for (let i = 0; i < TERMS; i++) {
        for (let j = 0; j < TERMS; j++) normal[i * TERMS + j]! += t[i]! * t[j]!;
        for (let k = 0; k < 3; k++) moments[k]![i]! += t[i]! * pixels[p * 3 + k]!;
      }
      n++;
    }
  }
  if (n < 200 || chroma(means.map((sum) => sum / n)) < SKY_CHROMA) return null;
  const fit: Float64Array[] = [];
  for (const m of moments) {
    const solved = solve(Float64Array.from(normal), Float64Array.from(m));
    if (!solved) return null;
    fit.push(solved);
  }
  let squares = 0;
  for (let y = 0; y < rows; y += lattice) {
    for (let x = 0; x < width; x += lattice) {
      const p = y * width + x;
      if (decided[p] !== 255) continue;
      const u = x / width - 0.5;
      const v = y / rows - 0.5;
      for (let k = 0; k < 3; k++) squares += (pixels[p * 3 + k]! - quadratic(fit[k]!, u, v)) ** 2;
    }
  }
  return sqrt(squares / (3 * n)) <= SMOOTH_SKY ? fit : null;
}

/** The quadratic of coefficients `q` (TERMS of them) at (u, v). */
function quadratic(q: Float64Array, u: number, v: number): number {
  return q[0]! + q[1]! * u + q[2]! * v + q[3]! * u * u + q[4]! * u * v + q[5]! * v * v;
}

/** A colour's spread between its channels (levels): 0 for a grey. */
function chroma([r, g, b]: number[]): number {
  return max(r!, g!, b!) - min(r!, g!, b!);
}

/** Solves a x = b (n x n, row-major) by Gauss-Jordan elimination with partial pivoting; null when singular. */
function solve(a: Float64Array, b: Float64Array): Float64Array | null {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (abs(a[r * n + col]!) > abs(a[pivot * n + col]!)) pivot = r;
    if (abs(a[pivot * n + col]!) < 1e-9) return null;
    for (let k = 0; k < n; k++) {
      const swap = a[col * n + k]!;
      a[col * n + k] = a[pivot * n + k]!;
      a[pivot * n + k] = swap;
    }
    const swap = b[col]!;
    b[col] = b[pivot]!;
    b[pivot] = swap;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r * n + col]! / a[col * n + col]!;
      if (f === 0) continue;
      for (let k = col; k < n; k++) a[r * n + k] = a[r * n + k]! - f * a[col * n + k]!;
      b[r] = b[r]! - f * b[col]!;
    }
  }
  for (let r = 0; r < n; r++) b[r] = b[r]! / a[r * n + r]!;
  return b;
}
