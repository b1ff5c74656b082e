/**
 * Draws a photo's sky reference (test/fixtures/photos, `<name>.mask.json`) from a recipe chosen by
 * looking at the photo: a seeded flood fill, then hand corrections, traced exactly as pixel-edge
 * rings. Never runs the sky engine, so it is safe on held-out photos (decision 067); the recipe is
 * stored in the mask's `trace` field so every reference can be replayed (decision 113).
 *
 * Recipe: `seeds` ([x, y] in sky); the fill grows from them to 4-neighbours whose colour (sum of
 * channel differences) differs from the pixel it comes from by at most `step` and from the nearest
 * seed colour (3x3 mean) by at most `tol`, inside `within` polygons when given. Then `fillHoles`
 * closes non-sky islands of at most that many pixels (cloud texture), `classify` polygons re-draw
 * their pixels by colour (the sky seen through a lattice or between paired cables, too small to
 * seed one by one: decision 139), `skylineBands` add by colour the pale line a JPEG's sharpening
 * leaves along the skyline, where the fill stops (decision 167), and `set` polygons force sky (1)
 * or non-sky (0) in order.
 * `ignore` and `neverTouch` polygons are copied as drawn.
 */
import { distanceToOther } from './sky-defects';
import { rasterizePolygons } from './sky-evaluation';

export type Point = [number, number];

/**
 * Inside `poly`, a pixel is sky when `bias` times its colour's distance (sum of channel
 * differences) to the nearest `sky` sample is still under its distance to the nearest `ground`
 * sample; samples are pixels of the photo picked by looking at it. A bias above 1 leaves a pixel
 * that mixes both to the ground.
 */
export interface ColourClassification {
  poly: Point[];
  sky: Point[];
  ground: Point[];
  bias: number;
  why: string;
}

/**
 * The non-sky pixels within `reach` pixels (Chebyshev) of the sky, inside `within` when given,
 * joined to the sky through one another and nearer in colour to a `sky` sample (times `bias`)
 * than to a `ground` one, become sky; none leaves it. Samples as in ColourClassification.
 */
export interface SkylineBand {
  reach: number;
  within?: Point[][];
  sky: Point[];
  ground: Point[];
  bias: number;
  why: string;
}

export interface SkyTraceRecipe {
  seeds: Point[];
  step: number;
  tol: number;
  within?: Point[][];
  fillHoles?: number;
  classify?: ColourClassification[];
  skylineBands?: SkylineBand[];
  set?: { poly: Point[]; sky: 0 | 1; why: string }[];
  ignore?: Point[][];
  neverTouch?: Point[][];
  notes?: string;
}

function floodFill(rgb: Buffer, width: number, height: number, recipe: SkyTraceRecipe): Uint8Array {
  const sky = new Uint8Array(width * height);
  const allowed = recipe.within ? rasterizePolygons(recipe.within, width, height) : null;
  const colour = (p: number): [number, number, number] => [rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!];
  const seedColours = recipe.seeds.map(([sx, sy]) => {
    const sum = [0, 0, 0];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const c = colour(
          Math.min(height - 1, Math.max(0, sy + dy)) * width + Math.min(width - 1, Math.max(0, sx + dx)),
        );
        for (let k = 0; k < 3; k++) sum[k]! += c[k]!;
      }
    return sum.map((v) => v / 9);
  });
  const queue: number[] = [];
  for (const [sx, sy] of recipe.seeds) {
    const p = sy * width + sx;
    if (!sky[p]) {
      sky[p] = 1;
      queue.push(p);
    }
  }
  // Whether a pixel's colour is within `tol` of a seed colour: computed once per pixel (-1: not yet).
  const nearSeed = new Int8Array(width * height).fill(-1);
  const isNearSeed = (n: number) => {
    if (nearSeed[n] === -1) {
      const r = rgb[n * 3]!;
      const g = rgb[n * 3 + 1]!;
      const b = rgb[n * 3 + 2]!;
      nearSeed[n] = seedColours.some(
        (s) => Math.abs(r - s[0]!) + Math.abs(g - s[1]!) + Math.abs(b - s[2]!) <= recipe.tol,
      )
        ? 1
        : 0;
    }
    return nearSeed[n] === 1;
  };
  while (queue.length) {
    const p = queue.pop()!;
    const x = p % width;
    for (const n of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
      if (n < 0 || n >= sky.length || sky[n] || (allowed && !allowed[n])) continue;
      const step =
        Math.abs(rgb[n * 3]! - rgb[p * 3]!) +
        Math.abs(rgb[n * 3 + 1]! - rgb[p * 3 + 1]!) +
        Math.abs(rgb[n * 3 + 2]! - rgb[p * 3 + 2]!);
      if (step > recipe.step || !isNearSeed(n)) continue;
      sky[n] = 1;
      queue.push(n);
    }
  }
  return sky;
}

/** Non-sky 4-connected islands of at most `size` pixels that do not touch the border become sky. */
function fillHoles(sky: Uint8Array, width: number, height: number, size: number): void {
  const seen = new Uint8Array(sky.length);
  for (let start = 0; start < sky.length; start++) {
    if (sky[start] || seen[start]) continue;
    const island = [start];
    seen[start] = 1;
    let touchesBorder = false;
    for (let i = 0; i < island.length; i++) {
      const p = island[i]!;
      const x = p % width;
      const y = (p - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) touchesBorder = true;
      for (const n of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (n < 0 || n >= sky.length || sky[n] || seen[n]) continue;
        seen[n] = 1;
        island.push(n);
      }
    }
    if (!touchesBorder && island.length <= size) for (const p of island) sky[p] = 1;
  }
}

/**
 * The raster's boundary as closed rings along pixel edges, sky on the left of each directed edge;
 * rasterising them with the even-odd rule at pixel centres gives the raster back exactly.
 */
export function traceRings(sky: Uint8Array, width: number, height: number): Point[][] {
  const at = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && sky[y * width + x] === 1;
  // Directed edges keyed by their start vertex (vertex id = y * (width + 1) + x).
  const out = new Map<number, number[]>();
  const add = (x0: number, y0: number, x1: number, y1: number) => {
    const key = y0 * (width + 1) + x0;
    const list = out.get(key) ?? [];
    list.push(y1 * (width + 1) + x1);
    out.set(key, list);
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!at(x, y)) continue;
      if (!at(x, y - 1)) add(x + 1, y, x, y); // top edge, leftwards
      if (!at(x, y + 1)) add(x, y + 1, x + 1, y + 1); // bottom edge, rightwards
      if (!at(x - 1, y)) add(x, y, x, y + 1); // left edge, downwards
      if (!at(x + 1, y)) add(x + 1, y + 1, x + 1, y); // right edge, upwards
    }
  const rings: Point[][] = [];
  const vertex = (id: number): Point => [id % (width + 1), Math.floor(id / (width + 1))];
  // Every vertex has as many edges in as out, so a walk from any vertex closes on it.
  for (const [start, list] of out) {
    while (list.length) {
      const ring: Point[] = [vertex(start)];
      let current = out.get(start)!.pop()!;
      while (current !== start) {
        ring.push(vertex(current));
        current = out.get(current)!.pop()!;
      }
      rings.push(simplify(ring));
    }
  }
  return rings;
}

/** Drops vertices that lie on a straight run. */
function simplify(ring: Point[]): Point[] {
  const points = ring;
  return points.filter((p, i) => {
    const a = points[(i + points.length - 1) % points.length]!;
    const b = points[(i + 1) % points.length]!;
    return (p[0] - a[0]) * (b[1] - p[1]) !== (p[1] - a[1]) * (b[0] - p[0]);
  });
}

/** The sky raster (1 = sky) a recipe draws on an RGB photo. */
export function drawSky(rgb: Buffer, width: number, height: number, recipe: SkyTraceRecipe): Uint8Array {
  const sky = floodFill(rgb, width, height, recipe);
  if (recipe.fillHoles) fillHoles(sky, width, height, recipe.fillHoles);
  for (const classification of recipe.classify ?? []) classifyByColour(rgb, width, height, sky, classification);
  for (const band of recipe.skylineBands ?? []) addSkylineBand(rgb, width, height, sky, band);
  for (const { poly, sky: value } of recipe.set ?? []) {
    const inside = rasterizePolygons([poly], width, height);
    for (let p = 0; p < sky.length; p++) if (inside[p]) sky[p] = value;
  }
  return sky;
}

/**
 * Whether pixel p's colour is nearer a sky sample, times `bias`, than a ground sample (sums of
 * channel differences).
 */
function looksLikeSkySamples(
  rgb: Buffer,
  width: number,
  { sky, ground, bias }: { sky: Point[]; ground: Point[]; bias: number },
): (p: number) => boolean {
  const colourAt = ([x, y]: Point) => {
    const i = (y * width + x) * 3;
    return [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!] as const;
  };
  const skyColours = sky.map(colourAt);
  const groundColours = ground.map(colourAt);
  const nearest = (colours: (readonly [number, number, number])[], p: number) => {
    let best = Infinity;
    for (const [r, g, b] of colours) {
      best = Math.min(best, Math.abs(rgb[p * 3]! - r) + Math.abs(rgb[p * 3 + 1]! - g) + Math.abs(rgb[p * 3 + 2]! - b));
    }
    return best;
  };
  return (p) => bias * nearest(skyColours, p) < nearest(groundColours, p);
}

/** In place on `sky`: the pixels inside the classification's polygon re-drawn by their colour. */
function classifyByColour(
  rgb: Buffer,
  width: number,
  height: number,
  sky: Uint8Array,
  classification: ColourClassification,
): void {
  const isSky = looksLikeSkySamples(rgb, width, classification);
  const inside = rasterizePolygons([classification.poly], width, height);
  for (let p = 0; p < sky.length; p++) {
    if (inside[p]) sky[p] = isSky(p) ? 1 : 0;
  }
}

/** In place on `sky`: a SkylineBand added. */
function addSkylineBand(rgb: Buffer, width: number, height: number, sky: Uint8Array, band: SkylineBand): void {
  const isSky = looksLikeSkySamples(rgb, width, band);
  const within = band.within ? rasterizePolygons(band.within, width, height) : null;
  // Candidates: non-sky pixels within `reach` of the sky as drawn so far.
  const distance = distanceToOther(sky, width, height, band.reach + 1);
  const candidate = (p: number) => !sky[p] && distance[p]! <= band.reach && (!within || within[p] === 1);
  // Grown from the sky through sky-coloured candidates.
  const queue: number[] = [];
  for (let p = 0; p < sky.length; p++) if (sky[p]) queue.push(p);
  while (queue.length) {
    const p = queue.pop()!;
    const x = p % width;
    for (const n of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
      if (n < 0 || n >= sky.length || !candidate(n) || !isSky(n)) continue;
      sky[n] = 1;
      queue.push(n);
    }
  }
}
