/**
 * Sky replacement on real photos (test/fixtures/photos, drawn references), at their stored size
 * under the night sky: each photo is held to a floor on its IoU and to ceilings on what a viewer
 * sees (decision 067: the largest leftover patch of old sky, the largest replaced patch of
 * foreground, pixels replaced inside drawn buildings, the largest block along the skyline, the
 * old sky's halo and rim; decision 169: its light left in the new sky's soft edge), a little above
 * its figures when set, so quality never slides back; the held-out photos the same way, and five
 * tuning photos at 12 MP. Tighten a ceiling when the engine improves; `npm run bench photos` prints
 * the figures, at 12 MP too.
 */
import {
  evaluateNoSkyPhotos,
  evaluateSkyPhotos,
  HELD_OUT_DIR,
  NO_SKY_DIR,
  NO_SKY_HELD_OUT_DIR,
  SKY_DIR,
  type SkyPhotoResult,
} from './photo-evaluation';

interface Limits {
  iou: number;
  falseReplaced: number;
  leftover: number;
  foreground: number;
  neverTouch: number;
  block: number;
  halo: number;
  rim: number;
  leak: number;
  /** At most, where the reference ignores a bare crown (decision 170). */
  crown?: number;
}

/**
 * IoU at least; the rest at most (pixels at the stored size; halo and rim shares of the skyline's
 * ring). IoU, non-sky replaced, halo and rim were set again by decision 159, when every measure came
 * to read the alpha at the replacement's decision (128): IoU half a point under its figure, non-sky
 * replaced a tenth above, halo a fifth above, rim a point above. The leak ceilings were set by
 * decision 169, 5 % and two pixels above their figures; so was gate-dusk's halo, a fifth above its
 * figure again: its 1 px line of the clipped glow's bloom along a column, there before, counts now
 * that the sky beside it no longer shows the old glow's light.
 * A never-touch ceiling above 0 holds thin runs of replaced pixels along roofs and spires that the
 * outlines show (decisions 067 and 086); the target stays 0.
 * Decision 170 (the sky seen through thin structure keyed) set again, a little above their figures,
 * three ceilings its sky raises where the reference draws that sky as ground: bridge-cables'
 * foreground (between the cables of each pair), facade-tree-building's non-sky replaced (between
 * the leaves), minaret-through-arch's never-touch (the tree crown its whole-frame outline holds);
 * and it added crown ceilings, a tenth above their figures, where the step takes the sky between
 * twigs of an ignored crown.
 */
const LIMITS: Record<string, Limits> = {
  'arena-arches': {
    iou: 0.98,
    falseReplaced: 0.006,
    leftover: 24,
    foreground: 88,
    neverTouch: 57,
    block: 36,
    halo: 0.01,
    rim: 0.12,
    leak: 8,
  },
  'blue-birds-facade': {
    iou: 0.97,
    falseReplaced: 0.007,
    leftover: 185,
    foreground: 15,
    neverTouch: 17,
    block: 65,
    halo: 0.01,
    rim: 0.08,
    leak: 2,
  },
  'blue-mountain-trees': {
    iou: 0.97,
    falseReplaced: 0.004,
    leftover: 80,
    foreground: 419,
    neverTouch: 0,
    block: 108,
    halo: 0.01,
    rim: 0.05,
    leak: 8,
  },
  'brick-house-bare-tree': {
    iou: 0.94,
    falseReplaced: 0.005,
    leftover: 233,
    foreground: 623,
    neverTouch: 0,
    block: 460,
    halo: 0.01,
    rim: 0.17,
    leak: 702,
  },
  'bridge-cables': {
    iou: 0.97,
    falseReplaced: 0.031,
    leftover: 91,
    foreground: 606,
    neverTouch: 77,
    block: 432,
    halo: 0.02,
    rim: 0.14,
    leak: 301,
  },
  'cathedral-clouds': {
    iou: 0.97,
    falseReplaced: 0.01,
    leftover: 113,
    foreground: 148,
    neverTouch: 84,
    block: 169,
    halo: 0.01,
    rim: 0.14,
    leak: 277,
  },
  'cathedral-deep-blue': {
    iou: 0.98,
    falseReplaced: 0.008,
    leftover: 98,
    foreground: 10,
    neverTouch: 10,
    block: 92,
    halo: 0.01,
    rim: 0.17,
    leak: 2,
    crown: 0.465,
  },
  'chateau-river': {
    iou: 0.98,
    falseReplaced: 0.005,
    leftover: 332,
    foreground: 53,
    neverTouch: 65,
    block: 150,
    halo: 0.02,
    rim: 0.09,
    leak: 83,
  },
  'chateau-white-clouds': {
    iou: 0.97,
    falseReplaced: 0.011,
    leftover: 86,
    foreground: 509,
    neverTouch: 526,
    block: 678,
    halo: 0.01,
    rim: 0.13,
    leak: 151,
  },
  'clouds-mountains': {
    iou: 0.97,
    falseReplaced: 0.007,
    leftover: 360,
    foreground: 736,
    neverTouch: 0,
    block: 444,
    halo: 0.01,
    rim: 0.17,
    leak: 7,
  },
  'dusk-gate-palm': {
    iou: 0.92,
    falseReplaced: 0.009,
    leftover: 107,
    foreground: 970,
    neverTouch: 0,
    block: 1232,
    halo: 0.01,
    rim: 0.16,
    leak: 5,
  },
  'facade-tree-building': {
    iou: 0.87,
    falseReplaced: 0.005,
    leftover: 127,
    foreground: 298,
    neverTouch: 0,
    block: 190,
    halo: 0.01,
    rim: 0.15,
    leak: 188,
  },
  'gate-dusk': {
    iou: 0.95,
    falseReplaced: 0.0043,
    leftover: 856,
    foreground: 72,
    neverTouch: 20,
    block: 754,
    halo: 0.025,
    rim: 0.11,
    leak: 250,
  },
  'hazy-temple-water': {
    iou: 0.97,
    falseReplaced: 0.003,
    leftover: 844,
    foreground: 108,
    neverTouch: 0,
    block: 1255,
    halo: 0.01,
    rim: 0.21,
    leak: 2,
  },
  'lattice-tower': {
    iou: 0.98,
    falseReplaced: 0.012,
    leftover: 1320,
    foreground: 25,
    neverTouch: 13,
    block: 1255,
    halo: 0.04,
    rim: 0.21,
    leak: 119,
  },
  'night-memorial': {
    iou: 0.965,
    falseReplaced: 0.005,
    leftover: 226,
    foreground: 28,
    neverTouch: 20,
    block: 230,
    halo: 0.01,
    rim: 0.16,
    leak: 2,
  },
  'overcast-brick-street-a': {
    iou: 0.97,
    falseReplaced: 0.007,
    leftover: 24,
    foreground: 24,
    neverTouch: 10,
    block: 34,
    halo: 0.01,
    rim: 0.02,
    leak: 16,
  },
  'overcast-island-flat': {
    iou: 0.98,
    falseReplaced: 0.011,
    leftover: 20,
    foreground: 107,
    neverTouch: 10,
    block: 71,
    halo: 0.01,
    rim: 0.02,
    leak: 30,
  },
  'overcast-ruins-lawn': {
    iou: 0.97,
    falseReplaced: 0.005,
    leftover: 595,
    foreground: 110,
    neverTouch: 0,
    block: 601,
    halo: 0.01,
    rim: 0.13,
    leak: 6,
  },
  'overcast-trees-field': {
    iou: 0.93,
    falseReplaced: 0.021,
    leftover: 3140,
    foreground: 797,
    neverTouch: 0,
    block: 1942,
    halo: 0.01,
    rim: 0.08,
    leak: 25,
  },
  'palace-blue-domes': {
    iou: 0.97,
    falseReplaced: 0.005,
    leftover: 62,
    foreground: 58,
    neverTouch: 8,
    block: 50,
    halo: 0.01,
    rim: 0.14,
    leak: 37,
  },
  'palace-branches-lake': {
    iou: 0.97,
    falseReplaced: 0.008,
    leftover: 84,
    foreground: 642,
    neverTouch: 0,
    block: 128,
    halo: 0.02,
    rim: 0.14,
    leak: 839,
    crown: 0.107,
  },
  // Decision 171: the blurred tree line keyed as the photo fades (leftover 333 to 103).
  'stormy-flat-landscape': {
    iou: 0.97,
    falseReplaced: 0.028,
    leftover: 115,
    foreground: 4688,
    neverTouch: 0,
    block: 2848,
    halo: 0.01,
    rim: 0.45,
    leak: 2,
  },
  'sunset-hills': {
    iou: 0.98,
    falseReplaced: 0.011,
    leftover: 43,
    foreground: 1400,
    neverTouch: 0,
    block: 700,
    halo: 0.01,
    rim: 0.32,
    leak: 28,
  },
  'sunset-lake-boats': {
    iou: 0.97,
    falseReplaced: 0.002,
    leftover: 550,
    foreground: 200,
    neverTouch: 0,
    block: 330,
    halo: 0.01,
    rim: 0.19,
    leak: 2,
  },
  'white-dome-hazy': {
    iou: 0.97,
    falseReplaced: 0.011,
    leftover: 1027,
    foreground: 60,
    neverTouch: 91,
    block: 1247,
    halo: 0.01,
    rim: 0.22,
    leak: 40,
  },
  'arena-lamp-post': {
    iou: 0.97,
    falseReplaced: 0.004,
    leftover: 206,
    foreground: 27,
    neverTouch: 33,
    block: 287,
    halo: 0.01,
    rim: 0.09,
    leak: 26,
  },
  'brick-hall-trees-cars': {
    iou: 0.98,
    falseReplaced: 0.002,
    leftover: 5,
    foreground: 5,
    neverTouch: 2,
    block: 11,
    halo: 0.01,
    rim: 0.03,
    leak: 19,
  },
  'castle-loch-hills': {
    iou: 0.98,
    falseReplaced: 0.005,
    leftover: 11,
    foreground: 14,
    neverTouch: 0,
    block: 18,
    halo: 0.01,
    rim: 0.06,
    leak: 4,
  },
  'desert-pyramid-gradient': {
    iou: 0.99,
    falseReplaced: 0.002,
    leftover: 462,
    foreground: 5,
    neverTouch: 0,
    block: 463,
    halo: 0.01,
    rim: 0.09,
    leak: 5,
  },
  'pale-stone-palace': {
    iou: 0.98,
    falseReplaced: 0.002,
    leftover: 29,
    foreground: 49,
    neverTouch: 15,
    block: 27,
    halo: 0.01,
    rim: 0.11,
    leak: 26,
  },
  // Decision 145: no glow extended under a blue sky into the gate's sunlit crossbar (never-touch
  // 215 to 9).
  'stupa-gate-blue': {
    iou: 0.97,
    falseReplaced: 0.002,
    leftover: 156,
    foreground: 50,
    neverTouch: 5,
    block: 214,
    halo: 0.01,
    rim: 0.08,
    leak: 2,
  },
  'wall-hills-clouds': {
    iou: 0.98,
    falseReplaced: 0.003,
    leftover: 77,
    foreground: 11,
    neverTouch: 0,
    block: 63,
    halo: 0.01,
    rim: 0.08,
    leak: 26,
  },
  'windmill-thatch': {
    // Decision 139: the sky seen through the sails' lattice is drawn as sky; the old sky the
    // engine keeps in it now counts against the IoU, the leftover and the block.
    iou: 0.95,
    falseReplaced: 0.027,
    leftover: 24,
    foreground: 12,
    neverTouch: 46,
    block: 58,
    halo: 0.05,
    rim: 0.14,
    leak: 262,
  },
  'castle-forest-clouds': {
    iou: 0.98,
    falseReplaced: 0.006,
    leftover: 65,
    foreground: 638,
    neverTouch: 0,
    block: 217,
    halo: 0.01,
    rim: 0.13,
    leak: 59,
  },
  'church-blue-tree': {
    iou: 0.98,
    falseReplaced: 0.003,
    leftover: 89,
    foreground: 79,
    neverTouch: 0,
    block: 131,
    halo: 0.01,
    rim: 0.13,
    leak: 17,
  },
  // Decision 134: the glow over the horizon taken (leftover 22,709 to 3,966), at the cost of the far
  // hazy hills on the right, as pale as the glow (replaced foreground 309 to 2,680). Decision 171:
  // the haze over the hills keyed as the photo fades (leftover 4,004 to 2,734, block 2,168 to 1,675).
  'dusk-lake': {
    iou: 0.97,
    falseReplaced: 0.016,
    leftover: 3010,
    foreground: 3000,
    neverTouch: 0,
    block: 1850,
    halo: 0.01,
    rim: 0.29,
    leak: 2,
  },
  'overcast-brick-street-b': {
    iou: 0.97,
    falseReplaced: 0.006,
    leftover: 22,
    foreground: 37,
    neverTouch: 0,
    block: 31,
    halo: 0.01,
    rim: 0.02,
    leak: 17,
  },
  'pyramid-clouds': {
    iou: 0.98,
    falseReplaced: 0.01,
    leftover: 198,
    foreground: 143,
    neverTouch: 0,
    block: 193,
    halo: 0.02,
    rim: 0.13,
    leak: 67,
  },
  'white-palace-cloudy': {
    iou: 0.98,
    falseReplaced: 0.007,
    leftover: 119,
    foreground: 46,
    neverTouch: 0,
    block: 59,
    halo: 0.01,
    rim: 0.21,
    leak: 58,
  },
  // Held out until decision 135: its scoring at the end of decision 134 found a blue hole in a
  // tower's grey wall, so it moved to tuning; the wall is kept since (never-touch 1,628 to 1,137),
  // and its slate cone too since decision 141 (946 to 304).
  'ramparts-towers-trees': {
    iou: 0.97,
    falseReplaced: 0.003,
    leftover: 38,
    foreground: 25,
    neverTouch: 30,
    block: 53,
    halo: 0.03,
    rim: 0.07,
    leak: 51,
  },
  // The held-out photos of decision 113, scored once, at the end of the session that tuned
  // decision 110 (never looked at before): ceilings at their figures so nothing slides back, not
  // quality accepted.
  'brick-castle-reflection': {
    iou: 0.96,
    falseReplaced: 0.009,
    leftover: 15,
    foreground: 188,
    neverTouch: 112,
    block: 134,
    halo: 0.01,
    rim: 0.1,
    leak: 37,
  },
  'brick-pavilion-trees': {
    iou: 0.98,
    falseReplaced: 0.003,
    leftover: 10,
    foreground: 568,
    neverTouch: 366,
    block: 98,
    halo: 0.01,
    rim: 0.08,
    leak: 114,
  },
  'canyon-river': {
    iou: 0.98,
    falseReplaced: 0.002,
    leftover: 5,
    foreground: 22,
    neverTouch: 0,
    block: 20,
    halo: 0.01,
    rim: 0.07,
    leak: 2,
  },
  'carved-facade-rock': {
    iou: 0.98,
    falseReplaced: 0.002,
    leftover: 7,
    foreground: 9,
    neverTouch: 5,
    block: 8,
    halo: 0.01,
    rim: 0.04,
    leak: 2,
  },
  'carved-rock-blue': {
    iou: 0.99,
    falseReplaced: 0.002,
    leftover: 14,
    foreground: 231,
    neverTouch: 0,
    block: 137,
    halo: 0.01,
    rim: 0.07,
    leak: 2,
  },
  'castle-town-trees': {
    iou: 0.98,
    falseReplaced: 0.009,
    leftover: 7,
    foreground: 31,
    neverTouch: 157,
    block: 27,
    halo: 0.02,
    rim: 0.05,
    leak: 27,
  },
  'chateau-arches-water': {
    iou: 0.98,
    falseReplaced: 0.004,
    leftover: 19,
    foreground: 52,
    neverTouch: 139,
    block: 16,
    halo: 0.01,
    rim: 0.16,
    leak: 2,
  },
  // Decision 143: the deep blue band along the top, darkening to the zenith, is sky (leftover
  // 16,029 to 259, IoU 0.853 to 0.991); what is left is a patch beside the right tower, over the
  // horizon's clouds.
  'dusk-launch-towers': {
    iou: 0.98,
    falseReplaced: 0.027,
    leftover: 300,
    foreground: 230,
    neverTouch: 2,
    block: 179,
    halo: 0.01,
    rim: 0.3,
    leak: 5,
  },
  'hazy-pyramid-desert': {
    iou: 0.98,
    falseReplaced: 0.006,
    leftover: 5,
    foreground: 14,
    neverTouch: 24,
    block: 15,
    halo: 0.01,
    rim: 0.02,
    leak: 8,
  },
  'lighthouse-white-fence': {
    iou: 0.98,
    falseReplaced: 0.006,
    leftover: 16,
    foreground: 29,
    neverTouch: 2,
    block: 19,
    halo: 0.02,
    rim: 0.12,
    leak: 23,
  },
  'minaret-through-arch': {
    iou: 0.95,
    falseReplaced: 0.016,
    leftover: 10,
    foreground: 1048,
    neverTouch: 1914,
    block: 667,
    halo: 0.04,
    rim: 0.07,
    leak: 274,
  },
  'pale-pyramid-haze': {
    iou: 0.98,
    falseReplaced: 0.009,
    leftover: 5,
    foreground: 343,
    neverTouch: 117,
    block: 213,
    halo: 0.01,
    rim: 0.02,
    leak: 12,
  },
  'pink-facade-street': {
    iou: 0.98,
    falseReplaced: 0.003,
    leftover: 9,
    foreground: 187,
    neverTouch: 411,
    block: 38,
    halo: 0.01,
    rim: 0.05,
    leak: 2,
  },
  'pyramids-desert-blue': {
    iou: 0.97,
    falseReplaced: 0.03,
    leftover: 5,
    foreground: 1388,
    neverTouch: 1080,
    block: 744,
    halo: 0.01,
    rim: 0.09,
    leak: 14,
  },
  'statue-pedestal-blue': {
    iou: 0.99,
    falseReplaced: 0.007,
    leftover: 70,
    foreground: 98,
    neverTouch: 94,
    block: 121,
    halo: 0.01,
    rim: 0.17,
    leak: 261,
  },
  'stone-pyramid-blue': {
    iou: 0.99,
    falseReplaced: 0.001,
    leftover: 11,
    foreground: 8,
    neverTouch: 2,
    block: 11,
    halo: 0.01,
    rim: 0.11,
    leak: 43,
  },
  'white-castle-roofs': {
    iou: 0.95,
    falseReplaced: 0.027,
    leftover: 5,
    foreground: 121,
    neverTouch: 698,
    block: 76,
    halo: 0.02,
    rim: 0.06,
    leak: 169,
  },
};

/**
 * Photos with sky the engine refuses (no charge, a French message): a refusal is better than
 * damage, so these are held to being refused rather than to limits. house-palms-wall (a white wall
 * enclosing its windows), fort-ruins-sea (a sea under its horizon) and mountain-ruins-clouds (far
 * hazy mountains under clouds) were painted before decision 129; pub-facade-street is refused since
 * decision 113 scored it.
 */
const REFUSED: Record<string, string[]> = {
  tuning: ['fort-ruins-sea', 'house-palms-wall', 'mountain-ruins-clouds'],
  'held-out': ['pub-facade-street'],
};

describe.each([
  ['tuning', SKY_DIR],
  ['held-out', HELD_OUT_DIR],
])('sky replacement on the %s photos', (part, dir) => {
  let results: SkyPhotoResult[];

  beforeAll(async () => {
    results = await evaluateSkyPhotos('stored', dir);
  }, 300_000);

  it('scores every photo against its limits, or refuses it', () => {
    for (const r of results) expect([...Object.keys(LIMITS), ...REFUSED[part]!]).toContain(r.name);
  });

  it('refuses exactly the photos listed as refused', () => {
    expect(results.filter((r) => r.refused).map((r) => r.name)).toEqual(REFUSED[part]);
  });

  it('keeps each photo it paints within its limits', () => {
    expect(breaches(results, LIMITS)).toEqual([]);
  });
});

/**
 * The same ceilings at the size agents upload (12 MP, upscaled), on photos where that size shows
 * what the stored one cannot: the band's alpha interpolated to full width, the highlights' fade
 * and the measures' radii scaled with it (decisions 154, 155 and 157). Set a little above their
 * figures when decision 157 added them (the pixel counts 5 % above, halo and rim a point); IoU,
 * non-sky replaced, halo and rim set again by decision 159, and leak by decision 169, as above.
 */
const LIMITS_12MP: Record<string, Limits> = {
  'chateau-white-clouds': {
    iou: 0.969,
    falseReplaced: 0.014,
    leftover: 1815,
    foreground: 9045,
    neverTouch: 17633,
    block: 8889,
    halo: 0.01,
    rim: 0.1,
    leak: 2341,
  },
  'gate-dusk': {
    iou: 0.952,
    falseReplaced: 0.0052,
    leftover: 12468,
    foreground: 1762,
    neverTouch: 1635,
    block: 10730,
    halo: 0.02,
    rim: 0.1,
    leak: 2682,
  },
  'pale-stone-palace': {
    iou: 0.987,
    falseReplaced: 0.002,
    leftover: 823,
    foreground: 477,
    neverTouch: 582,
    block: 904,
    halo: 0.01,
    rim: 0.1,
    leak: 342,
  },
  'ramparts-towers-trees': {
    iou: 0.972,
    falseReplaced: 0.004,
    leftover: 750,
    foreground: 418,
    neverTouch: 2520,
    block: 790,
    halo: 0.02,
    rim: 0.06,
    leak: 860,
  },
  // Decision 171: the blurred tree line and the haze over the hills keyed as the photo fades
  // (leftover 5,657 to 2,044 and 48,705 to 32,300).
  'stormy-flat-landscape': {
    iou: 0.977,
    falseReplaced: 0.028,
    leftover: 2150,
    foreground: 78323,
    neverTouch: 0,
    block: 41717,
    halo: 0.01,
    rim: 0.47,
    leak: 2,
  },
  'dusk-lake': {
    iou: 0.978,
    falseReplaced: 0.017,
    leftover: 33915,
    foreground: 52127,
    neverTouch: 0,
    block: 34667,
    halo: 0.01,
    rim: 0.23,
    leak: 2,
  },
};

describe('sky replacement at 12 MP', () => {
  let results: SkyPhotoResult[];

  beforeAll(async () => {
    results = await evaluateSkyPhotos('12mp', SKY_DIR, Object.keys(LIMITS_12MP));
  }, 300_000);

  it('keeps each photo within its limits at 12 MP', () => {
    expect(results.filter((r) => !r.refused).map((r) => r.name)).toEqual(Object.keys(LIMITS_12MP).sort());
    expect(breaches(results, LIMITS_12MP)).toEqual([]);
  });
});

/** Each figure of a painted photo outside its limit, as `name figure value (limit bound)` (refused photos aside). */
function breaches(results: SkyPhotoResult[], limits: Record<string, Limits>): string[] {
  return results.flatMap((r) => {
    if (r.refused) return [];
    const limit = limits[r.name]!;
    const figures: [string, number, number, boolean][] = [
      ['iou', r.iou, limit.iou, r.iou >= limit.iou],
      ['falseReplaced', r.falseReplaced, limit.falseReplaced, r.falseReplaced <= limit.falseReplaced],
      ['leftover', r.leftover, limit.leftover, r.leftover <= limit.leftover],
      ['foreground', r.replacedForeground, limit.foreground, r.replacedForeground <= limit.foreground],
      ['neverTouch', r.neverTouch, limit.neverTouch, r.neverTouch <= limit.neverTouch],
      ['block', r.block, limit.block, r.block <= limit.block],
      ['halo', r.halo.share, limit.halo, r.halo.share <= limit.halo],
      ['rim', r.rim, limit.rim, r.rim <= limit.rim],
      ['leak', r.leak, limit.leak, r.leak <= limit.leak],
    ];
    if (limit.crown !== undefined) figures.push(['crown', r.crown ?? 1, limit.crown, (r.crown ?? 1) <= limit.crown]);
    return figures
      .filter(([, , , ok]) => !ok)
      .map(([name, value, bound]) => `${r.name} ${name} ${value} (limit ${bound})`);
  });
}

/**
 * Photos without sky the engine still paints (each a defect to fix; listed so the test fails both
 * when another one appears and when one of them becomes refused): none since decision 128.
 */
const NOT_REFUSED_YET: Record<string, string[]> = { tuning: [], 'held-out': [] };

it.each([
  ['tuning', NO_SKY_DIR, 12],
  ['held-out', NO_SKY_HELD_OUT_DIR, 8],
])(
  'refuses every %s photo without sky, close-ups before a blurred background among them',
  async (part, dir, count) => {
    const results = await evaluateNoSkyPhotos(dir);
    expect(results.length).toBeGreaterThanOrEqual(count);
    expect(results.filter((r) => !r.refused).map((r) => r.name)).toEqual(NOT_REFUSED_YET[part]);
  },
  120_000,
);
