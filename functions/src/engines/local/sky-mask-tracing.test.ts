/**
 * The drawn sky references' tracing (decision 113): rings give their raster back exactly, the fill
 * stops where the colour changes, and every reference drawn from a recipe replays to the stored
 * sky, so none was edited by hand afterwards without saying so. Runs no sky engine (held-out safe).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { HELD_OUT_DIR, jpegsIn, SKY_DIR } from './photo-evaluation';
import { rasterizePolygons, type DrawnSkyMask } from './sky-evaluation';
import { drawSky, traceRings, type SkylineBand, type SkyTraceRecipe } from './sky-mask-tracing';

describe('traceRings', () => {
  it('gives the raster back under the even-odd rule: holes, diagonal contacts and borders', () => {
    const rows = ['1111111', '1000011', '1011001', '1010101', '1000011', '0110110'];
    const width = rows[0]!.length;
    const height = rows.length;
    const raster = Uint8Array.from(rows.join(''), (c) => Number(c));
    const rings = traceRings(raster, width, height);
    expect(Array.from(rasterizePolygons(rings, width, height))).toEqual(Array.from(raster));
    expect(rings.length).toBeGreaterThan(1);
  });
});

describe('drawSky', () => {
  // 20 x 10: blue sky over a grey building (x 12-19, y 4-9) and green ground (y 8-9); a dark bird
  // of 2 pixels at (5, 2)-(6, 2); a paler blue sky near the horizon.
  const width = 20;
  const height = 10;
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let c = y < 6 ? [60 + y * 4, 120 + y * 4, 230] : [60, 140, 60];
      if (x >= 12 && y >= 4) c = [128, 128, 128];
      if (y === 2 && (x === 5 || x === 6)) c = [20, 20, 20];
      rgb.set(c, (y * width + x) * 3);
    }
  const at = (sky: Uint8Array, x: number, y: number) => sky[y * width + x];

  it('grows from the seeds over the gradient and stops at the building, the ground and the bird', () => {
    const sky = drawSky(rgb, width, height, { seeds: [[1, 1]], step: 12, tol: 60 });
    expect(at(sky, 0, 5)).toBe(1);
    expect(at(sky, 11, 4)).toBe(1);
    expect(at(sky, 12, 4)).toBe(0);
    expect(at(sky, 3, 6)).toBe(0);
    expect(at(sky, 5, 2)).toBe(0);
  });

  it('closes small islands when asked, keeps `within` and applies `set` last', () => {
    const recipe: SkyTraceRecipe = {
      seeds: [[1, 1]],
      step: 12,
      tol: 60,
      fillHoles: 2,
      within: [
        [
          [0, 0],
          [16, 0],
          [16, 10],
          [0, 10],
        ],
      ],
      set: [
        {
          poly: [
            [0, 0],
            [2, 0],
            [2, 1],
            [0, 1],
          ],
          sky: 0,
          why: 'test',
        },
      ],
    };
    const sky = drawSky(rgb, width, height, recipe);
    expect(at(sky, 5, 2)).toBe(1);
    expect(at(sky, 17, 1)).toBe(0);
    expect(at(sky, 0, 0)).toBe(0);
    expect(at(sky, 2, 0)).toBe(1);
  });

  it('re-draws a `classify` polygon by colour: the sky seen through a lattice, a mixed pixel left to the lattice', () => {
    // 9 x 3: a white lattice (x 0, 2, 4, 6, 8) with blue sky between its bars, not joined to the
    // seeded sky; x 7 mixes bar and sky half and half.
    const w = 9;
    const lattice = Buffer.alloc(w * 3 * 3);
    for (let y = 0; y < 3; y++)
      for (let x = 0; x < w; x++) {
        const c = x % 2 === 0 ? [240, 240, 240] : x === 7 ? [165, 185, 235] : [90, 130, 230];
        lattice.set(c, (y * w + x) * 3);
      }
    const recipe: SkyTraceRecipe = {
      seeds: [[1, 1]],
      step: 0,
      tol: 0,
      classify: [
        {
          poly: [
            [2, 0],
            [9, 0],
            [9, 3],
            [2, 3],
          ],
          sky: [[1, 1]],
          ground: [[0, 1]],
          bias: 1.5,
          why: 'test',
        },
      ],
    };
    const sky = drawSky(lattice, w, 3, recipe);
    expect(Array.from(sky.subarray(w, 2 * w))).toEqual([0, 1, 0, 1, 0, 1, 0, 0, 0]);
  });

  it('adds a `skylineBands` entry: the pale line sharpening left over a roof, joined to the sky and within reach', () => {
    // One column of 10 rows: blue sky (rows 0-4), a white line the fill stops at (5, 6), the dark
    // roof (7-9); beside it, a column where the white line floats two rows under the roof's top.
    const [blue, white, pale, roofColour] = [
      [90, 130, 230],
      [235, 240, 250],
      [215, 225, 245],
      [40, 40, 45],
    ];
    const column = [blue, blue, blue, blue, blue, white, pale, roofColour, roofColour, roofColour];
    const floating = [blue, blue, blue, blue, blue, roofColour, roofColour, white, roofColour, roofColour];
    const roof = Buffer.alloc(2 * 10 * 3);
    for (let y = 0; y < 10; y++) {
      roof.set(column[y]!, y * 2 * 3);
      roof.set(floating[y]!, (y * 2 + 1) * 3);
    }
    const band: Omit<SkylineBand, 'reach'> = {
      sky: [
        [0, 0],
        [0, 5],
      ],
      ground: [[0, 8]],
      bias: 1.2,
      why: 'test',
    };
    const recipe = (reach: number): SkyTraceRecipe => ({
      seeds: [[0, 0]],
      step: 12,
      tol: 40,
      skylineBands: [{ reach, ...band }],
    });
    const drawn = (reach: number) => Array.from(drawSky(roof, 2, 10, recipe(reach)));
    // Without the band the fill stops at row 5 in both columns.
    expect(Array.from(drawSky(roof, 2, 10, { seeds: [[0, 0]], step: 12, tol: 40 }))).toEqual([
      1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    // Reach 3: the white line joins the sky; the roof, and the white pixel the roof cuts off, stay.
    expect(drawn(3)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    // Reach 1: only the line's first row.
    expect(drawn(1)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

it('replays every reference drawn from a recipe to the sky it stores', async () => {
  let replayed = 0;
  for (const dir of [SKY_DIR, HELD_OUT_DIR]) {
    for (const file of await jpegsIn(dir)) {
      const drawn = JSON.parse(
        await readFile(join(dir, file.replace(/\.jpg$/, '.mask.json')), 'utf8'),
      ) as DrawnSkyMask & {
        trace?: SkyTraceRecipe;
      };
      if (!drawn.trace) continue;
      const { data, info } = await sharp(join(dir, file)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const sky = drawSky(data, info.width, info.height, drawn.trace);
      const stored = rasterizePolygons(drawn.sky, drawn.width, drawn.height);
      expect([file, stored.every((v, p) => v === sky[p])]).toEqual([file, true]);
      expect([file, drawn.ignore ?? [], drawn.neverTouch ?? []]).toEqual([
        file,
        drawn.trace.ignore ?? [],
        drawn.trace.neverTouch ?? [],
      ]);
      replayed++;
    }
  }
  expect(replayed).toBeGreaterThanOrEqual(30);
}, 120_000);
