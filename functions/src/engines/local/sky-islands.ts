/**
 * Old sky left floating inside the new sky (decision 110): after the full-resolution edge
 * decisions, a patch of kept pixels that touches neither the frame nor the band's last row is
 * cut off from the foreground on every side; a thick one (a square of kept pixels fits in it) is
 * a scrap of old cloud the thumbnail or the thin-structure rule kept, in hard-edged blocks, and it
 * is replaced. Thin floating things (a wire or cable broken by the decisions, a small bird) hold
 * no such square and stay as they are, and so do a patch made of lights (`isLight`: a lit lamp's
 * globe cut loose from its post is no cloud) and an upright one (a tower's segment cut loose).
 */

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { floor, max, min } = Math;

/**
 * A patch at least this share of whose pixels are lights is a lamp with its glow; a cloud's lit rim
 * is a few pixels of its patch.
 */
const LIGHT_SHARE = 0.2;
/** Alpha under this is kept (as the measures count it). */
const KEPT_UNDER = 128;
/** Half side at 1024 px wide (scaled with the width) of the square of kept pixels a replaced patch holds. */
const THICK_RADIUS = 4;
/** Share of its bounding box a speckled patch covers to count as thick. */
const SPECKLED_FILL = 0.3;
/**
 * Largest patch replaced, as a share of the band's pixels: a larger one floating inside the sky
 * is not a scrap but something the decisions cut loose (a whole dome's top), and is left alone.
 */
const MAX_SHARE = 0.01;
/**
 * A patch this many times taller than wide is a tower or a mast cut loose by the decisions (its
 * lattice broken under it), not a scrap of cloud (decision 153).
 */
const UPRIGHT = 3;
/** The top bit of each byte of a 32-bit word (as the signed int a bitwise `&` gives): four alphas at least KEPT_UNDER (128). */
const ALL_SKY = 0x80808080 | 0;

/**
 * In place on `alpha` (width x rows, 255 sky, under 128 kept): floating thick patches of kept
 * pixels that are not mostly lights become sky. Returns how many pixels were replaced.
 */
export function fillSkyIslands(
  alpha: Uint8Array,
  width: number,
  rows: number,
  value: number,
  isLight: (p: number) => boolean = () => false,
): number {
  if (rows < 3 || width < 3) return 0;
  // Runs of kept pixels per row, joined (union-find) with the runs they touch in the row above
  // (8-connected): the ground is one run a row, so this costs one pass over the band.
  const runs = new Runs();
  // Runs are long (the sky, the ground): they are walked four pixels at a time where all four are
  // sky (each byte's top bit set is alpha >= KEPT_UNDER) or all kept, when the alpha's bytes are
  // aligned for a 32-bit view.
  const words = alpha.byteOffset % 4 === 0 ? new Uint32Array(alpha.buffer, alpha.byteOffset, alpha.length >> 2) : null;
  let previousFirst = 0;
  for (let y = 0; y < rows; y++) {
    const first = runs.count;
    // The row above's runs are in column order, as this row's: one pointer walks them.
    let scan = previousFirst;
    const o = y * width;
    for (let x = 0; x < width;) {
      if (alpha[o + x]! >= KEPT_UNDER) {
        x++;
        if (words !== null) {
          while (x + 4 <= width && ((o + x) & 3) !== 0 && alpha[o + x]! >= KEPT_UNDER) x++;
          while (x + 4 <= width && ((o + x) & 3) === 0 && (words[(o + x) >> 2]! & ALL_SKY) === ALL_SKY) x += 4;
        }
        continue;
      }
      const begin = x;
      while (x < width && alpha[o + x]! < KEPT_UNDER) {
        x++;
        // Four kept pixels at a time (no byte's top bit set) once aligned.
        if (words !== null && ((o + x) & 3) === 0) {
          while (x + 4 <= width && (words[(o + x) >> 2]! & ALL_SKY) === 0) x += 4;
        }
      }
      const run = runs.add(y, begin, x, y === 0 || y === rows - 1 || begin === 0 || x === width);
      while (scan < first && runs.end[scan]! < begin) scan++;
      for (let q = scan; q < first && runs.start[q]! <= x; q++) runs.union(run, q);
    }
    previousFirst = first;
  }
  const radius = max(THICK_RADIUS, floor((THICK_RADIUS * width) / 1024 + 0.5));
  const maxArea = MAX_SHARE * width * rows;
  const members = new Map<number, number[]>();
  for (let q = 0; q < runs.count; q++) {
    const root = runs.find(q);
    if (runs.anchored[root] === 1 || runs.area[root]! > maxArea) continue;
    let list = members.get(root);
    if (!list) members.set(root, (list = []));
    list.push(q);
  }
  let filled = 0;
  for (const [root, list] of members) {
    let thick = false;
    let lights = 0;
    let left = width;
    let right = 0;
    let top = rows;
    let bottom = 0;
    for (const q of list) {
      left = min(left, runs.start[q]!);
      right = max(right, runs.end[q]!);
      top = min(top, runs.row[q]!);
      bottom = max(bottom, runs.row[q]! + 1);
    }
    if (bottom - top > UPRIGHT * (right - left)) continue;
    // A scrap of cloud torn by the edge decisions into speckles holds no full square, but fills a
    // good share of a box at least twice the square's side both ways; a diagonal wire does not.
    const side = 2 * radius + 1;
    const box = (right - left) * (bottom - top);
    if (right - left >= 2 * side && bottom - top >= 2 * side && runs.area[root]! >= SPECKLED_FILL * box) thick = true;
    for (let k = 0; k < list.length && !thick; k++) {
      const q = list[k]!;
      for (let x = runs.start[q]!; x < runs.end[q]! && !thick; x++) {
        if (keptSquare(alpha, width, rows, x, runs.row[q]!, radius)) thick = true;
      }
    }
    if (!thick) continue;
    // Lights are counted only for a thick patch, and only until they are too many.
    const tooManyLights = LIGHT_SHARE * runs.area[root]!;
    for (let k = 0; k < list.length && lights < tooManyLights; k++) {
      const q = list[k]!;
      const o = runs.row[q]! * width;
      for (let x = runs.start[q]!; x < runs.end[q]! && lights < tooManyLights; x++) {
        if (isLight(o + x)) lights++;
      }
    }
    if (lights >= tooManyLights) continue;
    for (const q of list) {
      const o = runs.row[q]! * width;
      alpha.fill(value, o + runs.start[q]!, o + runs.end[q]!);
    }
    filled += runs.area[root]!;
  }
  return filled;
}

/** Whether every pixel of the (2 radius + 1) square around (x, y) is kept (out of the band counts as kept). */
function keptSquare(alpha: Uint8Array, width: number, rows: number, x: number, y: number, radius: number): boolean {
  for (let yy = max(0, y - radius); yy <= min(rows - 1, y + radius); yy++) {
    const o = yy * width;
    for (let xx = max(0, x - radius); xx <= min(width - 1, x + radius); xx++) {
      if (alpha[o + xx]! >= KEPT_UNDER) return false;
    }
  }
  return true;
}

/** Runs of kept pixels (row, start, end exclusive) in a union-find with each set's area and anchoring. */
class Runs {
  count = 0;
  row = new Int32Array(1024);
  start = new Int32Array(1024);
  end = new Int32Array(1024);
  parent = new Int32Array(1024);
  area = new Float64Array(1024);
  anchored = new Uint8Array(1024);

  add(y: number, begin: number, end: number, anchored: boolean): number {
    if (this.count === this.row.length) this.grow();
    const q = this.count++;
    this.row[q] = y;
    this.start[q] = begin;
    this.end[q] = end;
    this.parent[q] = q;
    this.area[q] = end - begin;
    this.anchored[q] = anchored ? 1 : 0;
    return q;
  }

  find(q: number): number {
    let root = q;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[q] !== root) {
      const next = this.parent[q]!;
      this.parent[q] = root;
      q = next;
    }
    return root;
  }

  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    this.parent[rb] = ra;
    this.area[ra] = this.area[ra]! + this.area[rb]!;
    if (this.anchored[rb] === 1) this.anchored[ra] = 1;
  }

  private grow(): void {
    const size = this.row.length * 2;
    const copy = <T extends Int32Array | Float64Array | Uint8Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.row = copy(this.row, new Int32Array(size));
    this.start = copy(this.start, new Int32Array(size));
    this.end = copy(this.end, new Int32Array(size));
    this.parent = copy(this.parent, new Int32Array(size));
    this.area = copy(this.area, new Float64Array(size));
    this.anchored = copy(this.anchored, new Uint8Array(size));
  }
}
