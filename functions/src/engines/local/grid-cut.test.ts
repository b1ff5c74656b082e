import { gridCut, type GridCutProblem } from './grid-cut';

/** Energy of a labelling: each pixel pays for the side it is not pulled to, each cut edge its weight. */
function energy(problem: GridCutProblem, labels: Uint8Array): number {
  const { width, height, unary, right, down } = problem;
  let total = 0;
  for (let p = 0; p < width * height; p++) {
    const u = unary[p]!;
    total += labels[p] ? Math.max(-u, 0) : Math.max(u, 0);
    if (p % width < width - 1 && labels[p] !== labels[p + 1]) total += right[p]!;
    if (p + width < width * height && labels[p] !== labels[p + width]) total += down[p]!;
  }
  return total;
}

function randomProblem(width: number, height: number, seed: number): GridCutProblem {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const n = width * height;
  const unary = new Float32Array(n);
  const right = new Float32Array(n);
  const down = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    unary[p] = Math.round((random() * 2 - 1) * 8);
    right[p] = Math.round(random() * 6);
    down[p] = Math.round(random() * 6);
  }
  return { width, height, unary, right, down };
}

describe('grid cut', () => {
  it('finds the minimum energy labelling, as exhaustive search does', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const width = 2 + (seed % 3);
      const height = 2 + ((seed >> 1) % 3);
      const problem = randomProblem(width, height, seed);
      const n = width * height;
      let best = Infinity;
      const labels = new Uint8Array(n);
      for (let mask = 0; mask < 1 << n; mask++) {
        for (let p = 0; p < n; p++) labels[p] = (mask >> p) & 1;
        best = Math.min(best, energy(problem, labels));
      }
      expect(energy(problem, gridCut(problem))).toBeCloseTo(best, 4);
    }
  });

  it('keeps a weakly pulled pixel with its strongly pulled neighbours', () => {
    const unary = Float32Array.from([5, 5, 5, 5, -1, 5, 5, 5, 5]);
    const weights = new Float32Array(9).fill(1);
    const labels = gridCut({ width: 3, height: 3, unary, right: weights, down: weights });
    expect(Array.from(labels)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });
});
