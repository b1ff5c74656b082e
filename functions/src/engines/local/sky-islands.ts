/**
 * Old sky left floating inside the new sky (decision 110): after the full-resolution edge
 * decisions, a patch of kept pixels that touches neither the frame nor the band's last row is
 * cut off from the foreground on every side; a thick one (it survives an erosion) is a scrap of
 * old cloud the thumbnail or the thin-structure rule kept, in hard-edged blocks, and it is
 * replaced. Thin floating things (a wire or cable broken by the decisions, a bird's wing) do not
 * survive the erosion and stay as they are, and so does a patch made of lights (`isLight`: a lit
 * lamp's globe cut loose from its post is no cloud).
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
/** Erosion radius at 1024 px wide (scaled with the width) a patch must survive to be replaced. */
const THICK_RADIUS = 2;
/**
 * Largest patch replaced, as a share of the band's pixels: a larger one floating inside the sky
 * is not a scrap but something the decisions cut loose (a whole dome's top), and is left alone.
 */
const MAX_SHARE = 0.01;

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
  const n = width * rows;
  if (rows < 3 || width < 3) return 0;
  const kept = new Uint8Array(n);
  for (let p = 0; p < n; p++) kept[p] = alpha[p]! < KEPT_UNDER ? 1 : 0;
  // 2: joined to the frame or the band's last row (the foreground, or old sky along its edge).
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  const seed = (p: number) => {
    if (kept[p] === 1 && seen[p] === 0) {
      seen[p] = 2;
      stack[top++] = p;
    }
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed((rows - 1) * width + x);
  }
  for (let y = 0; y < rows; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  while (top > 0) {
    const p = stack[--top]!;
    const x = p % width;
    const y = (p - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= rows) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= width) continue;
        seed(yy * width + xx);
      }
    }
  }
  const radius = max(THICK_RADIUS, floor((THICK_RADIUS * width) / 1024 + 0.5));
  const core = erode(kept, width, rows, radius);
  const maxArea = MAX_SHARE * n;
  let filled = 0;
  const patch: number[] = [];
  for (let start = 0; start < n; start++) {
    if (kept[start] !== 1 || seen[start] !== 0) continue;
    // One floating patch: gather it, then replace it when thick and not too large.
    patch.length = 0;
    seen[start] = 1;
    stack[top++] = start;
    let thick = false;
    let lights = 0;
    while (top > 0) {
      const p = stack[--top]!;
      patch.push(p);
      if (core[p] === 1) thick = true;
      if (isLight(p)) lights++;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= rows) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const q = yy * width + xx;
          if (kept[q] === 1 && seen[q] === 0) {
            seen[q] = 1;
            stack[top++] = q;
          }
        }
      }
    }
    if (!thick || lights >= LIGHT_SHARE * patch.length || patch.length > maxArea) continue;
    for (const p of patch) alpha[p] = value;
    filled += patch.length;
  }
  return filled;
}

/** 1 where every pixel of the (2 radius + 1) square around is 1 (out of the frame counts as 1). */
function erode(mask: Uint8Array, width: number, rows: number, radius: number): Uint8Array {
  // Per row, whether the window holds no zero (prefix counts of zeros); then per column.
  const horizontal = new Uint8Array(width * rows);
  const prefix = new Int32Array(max(width, rows) + 1);
  for (let y = 0; y < rows; y++) {
    const o = y * width;
    for (let x = 0; x < width; x++) prefix[x + 1] = prefix[x]! + (mask[o + x] === 1 ? 0 : 1);
    for (let x = 0; x < width; x++) {
      const a = max(0, x - radius);
      const b = min(width, x + radius + 1);
      horizontal[o + x] = prefix[b]! - prefix[a]! === 0 ? 1 : 0;
    }
  }
  const out = new Uint8Array(width * rows);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < rows; y++) prefix[y + 1] = prefix[y]! + (horizontal[y * width + x] === 1 ? 0 : 1);
    for (let y = 0; y < rows; y++) {
      const a = max(0, y - radius);
      const b = min(rows, y + radius + 1);
      out[y * width + x] = prefix[b]! - prefix[a]! === 0 ? 1 : 0;
    }
  }
  return out;
}
