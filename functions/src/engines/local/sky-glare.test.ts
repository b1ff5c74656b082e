import { channelsOf, maskOf } from '../../testing/pixel-maps';
import { lowestSetRow } from './raster';
import { keepSkylineUnderGlare } from './sky-glare';

const W = 120;
const H = 80;
/** The ridge's row: the sky is above it. */
const RIDGE = 50;

/** 3x3-mean channels of a scene drawn by `colour`, and sky labels given by `isSky`. */
function scene(colour: (x: number, y: number) => number[], isSky: (x: number, y: number) => boolean) {
  return { calm: channelsOf(W, H, colour), sky: maskOf(W, H, isSky) };
}

const lowestSky = (sky: Uint8Array, x: number) => lowestSetRow(sky, W, H, x);

/** The cut's sky: down to the ridge, and down into the glare under a disc centred on column 60. */
const bitten = (x: number, y: number) => y < RIDGE || (Math.abs(x - 60) < 12 && y < RIDGE + 10);

describe("a sun's glare on the skyline (decision 147)", () => {
  it('keeps the sky under a sun on the straight line between the skylines either side of its glare', () => {
    const sun = (x: number, y: number) => Math.hypot(x - 60, y - 44) <= 7;
    const colour = (x: number, y: number) =>
      sun(x, y) ? [255, 255, 252] : y < RIDGE ? [230, 200, 160] : [120, 100, 80];
    const { calm, sky } = scene(colour, bitten);
    keepSkylineUnderGlare(sky, calm, W, H);
    for (const x of [50, 60, 70]) expect(lowestSky(sky, x)).toBe(RIDGE - 1);
    // The sky above stays, and the disc with it.
    expect(sky[44 * W + 60]).toBe(1);
  });

  it('leaves a cut alone where the clipped white is a wide band of overexposed haze, not a disc', () => {
    const haze = (x: number, y: number) => y >= 40 && y < RIDGE && x >= 20 && x < 100;
    const colour = (x: number, y: number) =>
      haze(x, y) ? [255, 255, 255] : y < RIDGE ? [200, 210, 230] : [60, 70, 50];
    const { calm, sky } = scene(colour, bitten);
    keepSkylineUnderGlare(sky, calm, W, H);
    expect(lowestSky(sky, 60)).toBe(RIDGE + 9);
  });
});
