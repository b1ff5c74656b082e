/**
 * HDR on real photos (test/fixtures/photos/hdr and HDR_EXTRA_PHOTOS): every photo meets
 * HDR_CRITERIA (no new clipping, local contrast kept, no halo, no colour cast), and the dark ones
 * come out brighter, so quality never slides back. `npm run bench photos` prints the figures.
 */
import { evaluateHdrPhotos, HDR_CONTROLS, type HdrPhotoResult } from './hdr-evaluation';

/** Under-exposed photos (mean luma under 90 before): HDR must brighten them visibly. */
const DARK_MEAN_LUMA = 90;

describe('HDR on real photos', () => {
  let results: HdrPhotoResult[];

  beforeAll(async () => {
    results = await evaluateHdrPhotos();
  }, 120_000);

  it('measures at least 10 photos of the HDR set and every control', () => {
    expect(results.filter((r) => !HDR_CONTROLS.includes(r.name)).length).toBeGreaterThanOrEqual(10);
    expect(HDR_CONTROLS.filter((name) => !results.some((r) => r.name === name))).toEqual([]);
  });

  it('meets every criterion on every photo', () => {
    const failing = results.filter((r) => r.failures.length > 0).map((r) => `${r.name}: ${r.failures.join(', ')}`);
    expect(failing).toEqual([]);
  });

  it('brightens every dark photo by at least 10 luma levels', () => {
    const dark = results.filter((r) => r.before.meanLuma < DARK_MEAN_LUMA);
    expect(dark.length).toBeGreaterThanOrEqual(8);
    const notBrightened = dark.filter((r) => r.after.meanLuma < r.before.meanLuma + 10).map((r) => r.name);
    expect(notBrightened).toEqual([]);
  });
});
