import type { Raster } from './raster';
import type { SkyDetection } from './sky-mask';
import { applySeamFade, seamFade } from './sky-seams';

const W = 80;
const H = 60;

/** A thumbnail drawn by `colour` and a detection whose sky is `isSky` (mask 1 or 0). */
function scene(colour: (x: number, y: number) => number[], isSky: (x: number, y: number) => boolean) {
  const data = Buffer.alloc(W * H * 3);
  const mask = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = colour(x, y);
      for (let k = 0; k < 3; k++) data[(y * W + x) * 3 + k] = Math.round(c[k]!);
      mask[y * W + x] = isSky(x, y) ? 1 : 0;
    }
  }
  const thumb: Raster = { data, width: W, height: H };
  const sky: SkyDetection = { width: W, height: H, mask, coverage: 0.5, horizonRow: 40, lowestRow: 40 };
  return { thumb, sky };
}

/** A twilight: deep blue at the top brightening evenly downwards, over dark land from row 45. */
const twilight = (_x: number, y: number) => (y >= 45 ? [30, 40, 25] : [10 + y, 30 + y, 70 + 2 * y]);

describe('seams through the old sky (decision 134)', () => {
  it('fades the new sky into a band of old sky the detection left at the top, with no edge between them', () => {
    // The detection stops at row 12 inside an even gradient: nothing in the photo marks that line.
    const { thumb, sky } = scene(twilight, (_x, y) => y >= 12 && y < 45);
    const seams = seamFade(thumb, sky);
    expect(seams.any).toBe(true);
    // A full-resolution band 4 times the thumbnail, every pixel of the sky decided sky.
    const width = W * 4;
    const rows = 45 * 4;
    const alpha = new Uint8Array(width * rows);
    for (let p = 12 * 4 * width; p < alpha.length; p++) alpha[p] = 255;
    const before = Uint8Array.from(alpha);
    const mixed = applySeamFade(seams, alpha, width, rows, H * 4);
    expect(mixed).not.toBeNull();
    const at = (y: number) => alpha[y * width + width / 2]!;
    // Just under the seam the old sky shows through; a few thumbnail pixels lower, the new sky alone.
    expect(at(12 * 4 + 1)).toBeLessThan(64);
    expect(at(12 * 4 + 8)).toBeGreaterThan(at(12 * 4 + 1));
    expect(at(12 * 4 + 8)).toBeLessThan(255);
    expect(at(30 * 4)).toBe(255);
    expect(mixed![(12 * 4 + 8) * width + width / 2]).toBe(1);
    // Never more new sky than decided: the kept band stays kept.
    for (let p = 0; p < alpha.length; p++) expect(alpha[p]!).toBeLessThanOrEqual(before[p]!);
  });

  it('keeps a skyline that lies on an edge of the photo hard: a dark roof against the sky', () => {
    const roof = (x: number, y: number) => (y < 30 ? [90, 130, 200] : [60, 40, 35]);
    const { thumb, sky } = scene(roof, (_x, y) => y < 30);
    expect(seamFade(thumb, sky).any).toBe(false);
  });

  it('leaves loose seam pixels alone: a seam is a line, the edge of a block', () => {
    // An even hazy sky over land; one thumbnail pixel of it left out (a spot of a white minaret's
    // edge as pale as the haze) makes 5 seam pixels, a row of them across the sky makes 2 x 80.
    const hazy = (_x: number, y: number) => (y >= 50 ? [60, 50, 40] : [200, 205, 212]);
    const spot = scene(hazy, (x, y) => y < 50 && !(x === 40 && y === 20));
    expect(seamFade(spot.thumb, spot.sky).any).toBe(false);
    const line = scene(hazy, (_x, y) => y < 50 && y !== 20);
    expect(seamFade(line.thumb, line.sky).any).toBe(true);
  });

  it('leaves a kept band under the sky alone: land as often as old sky', () => {
    // The same even gradient, the detection stopping at row 30 over the band under it (a blurred
    // tree line fading into the sky looks the same).
    const { thumb, sky } = scene(twilight, (_x, y) => y < 30);
    expect(seamFade(thumb, sky).any).toBe(false);
  });

  it("fades the new sky into a sun's glare kept under it: no land shows through a clipped band", () => {
    // A glare brightening evenly downwards to clipped red, the detection stopping at row 30 in it
    // (decision 147: the skyline under a sun is kept on the line across it).
    const glare = (_x: number, y: number) => (y >= 45 ? [60, 50, 40] : [220 + y, 190 + y, 150 + y]);
    const { thumb, sky } = scene(glare, (_x, y) => y < 30);
    expect(seamFade(thumb, sky).any).toBe(true);
  });
});
