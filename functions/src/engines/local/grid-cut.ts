/**
 * Minimum s-t cut on a 4-connected pixel grid (Boykov–Kolmogorov max-flow: two search trees
 * grown from the terminals, reused between augmentations). Labels each pixel source (1) or sink
 * (0) so that the sum of the cut unary and pairwise costs is the least possible: the exact
 * optimum of a binary Markov random field with submodular (Potts) pairwise terms.
 */

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { min } = Math;

/** Neighbour directions: 0 left, 1 right, 2 up, 3 down; `d ^ 1` is the reverse of `d`. */
const NO_PARENT = -1;
const TERMINAL = -2;
const ORPHAN = -3;
const FREE = 0;
const SOURCE = 1;
const SINK = 2;

export interface GridCutProblem {
  width: number;
  height: number;
  /**
   * Per pixel, the cost of labelling it sink minus the cost of labelling it source: positive
   * pulls the pixel to the source side (label 1), negative to the sink side.
   */
  unary: Float32Array;
  /** Cost of cutting the edge between pixel p and its right neighbour (index p). */
  right: Float32Array;
  /** Cost of cutting the edge between pixel p and the pixel below it (index p). */
  down: Float32Array;
}

/** Label 1 for the source side, 0 for the sink side. */
export function gridCut(problem: GridCutProblem): Uint8Array {
  const { width, height, unary, right, down } = problem;
  const n = width * height;
  // Residual capacities: cap[p * 4 + d] from p to its neighbour in direction d.
  const cap = new Float32Array(n * 4);
  for (let p = 0; p < n; p++) {
    const x = p % width;
    if (x + 1 < width) {
      cap[p * 4 + 1] = right[p]!;
      cap[(p + 1) * 4] = right[p]!;
    }
    if (p + width < n) {
      cap[p * 4 + 3] = down[p]!;
      cap[(p + width) * 4 + 2] = down[p]!;
    }
  }
  // Terminal residuals: > 0 capacity from the source, < 0 to the sink.
  const terminal = Float32Array.from(unary);
  const tree = new Uint8Array(n);
  const parent = new Int8Array(n).fill(NO_PARENT);
  const stamp = new Int32Array(n);
  const depth = new Int32Array(n);
  const active = new Int32Array(n + 1);
  const isActive = new Uint8Array(n);
  let head = 0;
  let tail = 0;
  let count = 0;
  const activate = (p: number) => {
    if (isActive[p]) return;
    isActive[p] = 1;
    active[tail] = p;
    tail = tail + 1 === active.length ? 0 : tail + 1;
    count++;
  };
  const neighbour = (p: number, d: number): number => {
    if (d === 0) return p % width > 0 ? p - 1 : -1;
    if (d === 1) return p % width < width - 1 ? p + 1 : -1;
    if (d === 2) return p >= width ? p - width : -1;
    return p + width < n ? p + width : -1;
  };

  for (let p = 0; p < n; p++) {
    if (terminal[p]! > 0) tree[p] = SOURCE;
    else if (terminal[p]! < 0) tree[p] = SINK;
    else continue;
    parent[p] = TERMINAL;
    depth[p] = 1;
    activate(p);
  }

  const orphans: number[] = [];
  let time = 0;

  // The parent of p along the tree (its neighbour in direction parent[p]).
  const up = (p: number) => neighbour(p, parent[p]!);

  while (count > 0) {
    const p = active[head]!;
    head = head + 1 === active.length ? 0 : head + 1;
    count--;
    isActive[p] = 0;
    const side = tree[p]!;
    if (side === FREE) continue;

    // Growth: find an edge into the other tree.
    let meetFrom = -1;
    let meetTo = -1;
    for (let d = 0; d < 4 && meetFrom < 0; d++) {
      const q = neighbour(p, d);
      if (q < 0) continue;
      const residual = side === SOURCE ? cap[p * 4 + d]! : cap[q * 4 + (d ^ 1)]!;
      if (residual <= 0) continue;
      if (tree[q] === FREE) {
        tree[q] = side;
        parent[q] = d ^ 1;
        stamp[q] = stamp[p]!;
        depth[q] = depth[p]! + 1;
        activate(q);
      } else if (tree[q] !== side) {
        if (side === SOURCE) {
          meetFrom = p;
          meetTo = q;
        } else {
          meetFrom = q;
          meetTo = p;
        }
      }
    }
    if (meetFrom < 0) continue;
    // p may still have edges to grow through after this path: keep it active.
    activate(p);

    // Augmentation along source -> ... -> meetFrom -> meetTo -> ... -> sink.
    const dir = directionTo(meetFrom, meetTo, width);
    let bottleneck = cap[meetFrom * 4 + dir]!;
    for (let c = meetFrom; ;) {
      const d = parent[c]!;
      if (d === TERMINAL) {
        bottleneck = min(bottleneck, terminal[c]!);
        break;
      }
      const q = neighbour(c, d);
      bottleneck = min(bottleneck, cap[q * 4 + (d ^ 1)]!);
      c = q;
    }
    for (let c = meetTo; ;) {
      const d = parent[c]!;
      if (d === TERMINAL) {
        bottleneck = min(bottleneck, -terminal[c]!);
        break;
      }
      bottleneck = min(bottleneck, cap[c * 4 + d]!);
      c = neighbour(c, d);
    }
    cap[meetFrom * 4 + dir] = cap[meetFrom * 4 + dir]! - bottleneck;
    cap[meetTo * 4 + (dir ^ 1)] = cap[meetTo * 4 + (dir ^ 1)]! + bottleneck;
    for (let c = meetFrom; ;) {
      const d = parent[c]!;
      if (d === TERMINAL) {
        terminal[c] = terminal[c]! - bottleneck;
        if (terminal[c]! <= 0) {
          terminal[c] = 0;
          parent[c] = ORPHAN;
          orphans.push(c);
        }
        break;
      }
      const q = neighbour(c, d);
      cap[q * 4 + (d ^ 1)] = cap[q * 4 + (d ^ 1)]! - bottleneck;
      cap[c * 4 + d] = cap[c * 4 + d]! + bottleneck;
      if (cap[q * 4 + (d ^ 1)]! <= 0) {
        parent[c] = ORPHAN;
        orphans.push(c);
      }
      c = q;
    }
    for (let c = meetTo; ;) {
      const d = parent[c]!;
      if (d === TERMINAL) {
        terminal[c] = terminal[c]! + bottleneck;
        if (terminal[c]! >= 0) {
          terminal[c] = 0;
          parent[c] = ORPHAN;
          orphans.push(c);
        }
        break;
      }
      const q = neighbour(c, d);
      cap[c * 4 + d] = cap[c * 4 + d]! - bottleneck;
      cap[q * 4 + (d ^ 1)] = cap[q * 4 + (d ^ 1)]! + bottleneck;
      if (cap[c * 4 + d]! <= 0) {
        parent[c] = ORPHAN;
        orphans.push(c);
      }
      c = q;
    }

    // Adoption: each orphan finds a new parent in its tree whose root is a terminal, or is freed.
    time++;
    while (orphans.length > 0) {
      const o = orphans.pop()!;
      const side2 = tree[o]!;
      let bestDir = -1;
      let bestDepth = Infinity;
      for (let d = 0; d < 4; d++) {
        const q = neighbour(o, d);
        if (q < 0 || tree[q] !== side2) continue;
        const residual = side2 === SOURCE ? cap[q * 4 + (d ^ 1)]! : cap[o * 4 + d]!;
        if (residual <= 0) continue;
        // Walk to the root: valid if it ends at a terminal, not at an orphan.
        let steps = 0;
        let c = q;
        let valid = false;
        for (;;) {
          if (stamp[c] === time) {
            steps += depth[c]!;
            valid = true;
            break;
          }
          const pd = parent[c]!;
          steps++;
          if (pd === TERMINAL) {
            stamp[c] = time;
            depth[c] = 1;
            valid = true;
            break;
          }
          if (pd === ORPHAN || pd === NO_PARENT) break;
          c = neighbour(c, pd);
        }
        if (!valid) continue;
        if (steps < bestDepth) {
          bestDepth = steps;
          bestDir = d;
        }
        // Mark the path so later walks stop early.
        for (let c2 = q, k = steps; stamp[c2] !== time; c2 = up(c2), k--) {
          stamp[c2] = time;
          depth[c2] = k;
        }
      }
      if (bestDir >= 0) {
        parent[o] = bestDir;
        stamp[o] = time;
        depth[o] = bestDepth + 1;
        continue;
      }
      // No parent: o leaves its tree; its children become orphans, its feeders active.
      for (let d = 0; d < 4; d++) {
        const q = neighbour(o, d);
        if (q < 0 || tree[q] !== side2) continue;
        const residual = side2 === SOURCE ? cap[q * 4 + (d ^ 1)]! : cap[o * 4 + d]!;
        if (residual > 0) activate(q);
        const qd = parent[q]!;
        if (qd >= 0 && neighbour(q, qd) === o) {
          parent[q] = ORPHAN;
          orphans.push(q);
        }
      }
      tree[o] = FREE;
      parent[o] = NO_PARENT;
    }
  }

  // Source side: what the source tree reaches; free pixels go to the sink side.
  const labels = new Uint8Array(n);
  for (let p = 0; p < n; p++) labels[p] = tree[p] === SOURCE ? 1 : 0;
  return labels;
}

function directionTo(p: number, q: number, width: number): number {
  if (q === p - 1) return 0;
  if (q === p + 1) return 1;
  return q === p - width ? 2 : 3;
}
