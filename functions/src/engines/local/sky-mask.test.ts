import sharp from 'sharp';
import { encodeJpeg, houseScene, renderHouseScene, renderInterior } from '../fixtures/synthetic-photos';
import { EngineRejection } from '../types';
import { detectSky, skyAlpha } from './sky-mask';
import { replaceSky } from './replace-sky';
import { skyLight } from './sky-render';

const WIDTH = 960;
const HEIGHT = 720;

describe('automatic sky mask', () => {
  const scene = houseScene(WIDTH, HEIGHT);
  let photo: Buffer;

  beforeAll(async () => {
    photo = await encodeJpeg(renderHouseScene(scene), WIDTH, HEIGHT);
  });

  it('covers the sky and not the house', async () => {
    const sky = await detectSky(photo);
    expect(sky).not.toBeNull();
    let skyPixels = 0;
    let skyMasked = 0;
    let housePixels = 0;
    let houseMasked = 0;
    for (let y = 0; y < HEIGHT; y += 3) {
      for (let x = 0; x < WIDTH; x += 3) {
        const masked = skyAlpha(sky!, WIDTH, HEIGHT, x, y, 4) > 0.5;
        if (scene.isSky(x, y)) {
          skyPixels++;
          if (masked) skyMasked++;
        } else if (scene.isHouse(x, y)) {
          housePixels++;
          if (masked) houseMasked++;
        }
      }
    }
    expect(skyMasked / skyPixels).toBeGreaterThan(0.95);
    expect(houseMasked / housePixels).toBeLessThan(0.01);
  });

  it('reaches the sky under the eaves, which no column sees from the top', async () => {
    const sky = await detectSky(photo);
    // The roof overhangs the walls by 5% of the house width on each side.
    let underEaves = 0;
    let masked = 0;
    for (let y = Math.ceil(HEIGHT * 0.45); y < HEIGHT * 0.6; y++) {
      for (let x = Math.ceil(WIDTH * 0.285); x < WIDTH * 0.295; x++) {
        underEaves++;
        if (skyAlpha(sky!, WIDTH, HEIGHT, x, y, 4) > 0.5) masked++;
      }
    }
    expect(underEaves).toBeGreaterThan(50);
    expect(masked / underEaves).toBeGreaterThan(0.9);
  });

  it('finds no sky in an interior photo', async () => {
    const interior = await encodeJpeg(renderInterior(WIDTH, HEIGHT), WIDTH, HEIGHT);
    expect(await detectSky(interior)).toBeNull();
  });
});

describe('replaceSky', () => {
  const scene = houseScene(WIDTH, HEIGHT);

  it.each(['blue', 'sunset', 'cloudy', 'dramatic', 'night'] as const)(
    'renders a %s sky as a PNG of the same size, leaving the house in place',
    async (skyType) => {
      const original = renderHouseScene(scene);
      const output = await replaceSky(await encodeJpeg(original, WIDTH, HEIGHT), skyType);
      const { data, info } = await sharp(output).raw().toBuffer({ resolveWithObject: true });
      expect((await sharp(output).metadata()).format).toBe('png');
      expect([info.width, info.height]).toEqual([WIDTH, HEIGHT]);

      // The sky changed a lot; the house only took the new sky's light.
      const light = skyLight(skyType);
      let skyChange = 0;
      let skyCount = 0;
      let houseChange = 0;
      let houseCount = 0;
      for (let y = 0; y < HEIGHT; y += 4) {
        for (let x = 0; x < WIDTH; x += 4) {
          const i = (y * WIDTH + x) * 3;
          const j = (y * WIDTH + x) * info.channels;
          const change = (expected: (c: number) => number) =>
            [0, 1, 2].reduce((sum, c) => sum + Math.abs(data[j + c]! - expected(c)), 0);
          if (scene.isSky(x, y) && y < HEIGHT * 0.5) {
            skyChange += change((c) => original[i + c]!);
            skyCount++;
          } else if (scene.isHouse(x, y)) {
            houseChange += change((c) => Math.min(255, original[i + c]! * light[c]!));
            houseCount++;
          }
        }
      }
      expect(skyChange / skyCount).toBeGreaterThan(40);
      // JPEG rounding only.
      expect(houseChange / houseCount).toBeLessThan(12);
    },
  );

  it('refuses a photo without sky with a French message', async () => {
    const interior = await encodeJpeg(renderInterior(WIDTH, HEIGHT), WIDTH, HEIGHT);
    const attempt = replaceSky(interior, 'blue');
    await expect(attempt).rejects.toBeInstanceOf(EngineRejection);
    await expect(attempt).rejects.toThrow(/Aucun ciel/);
  });
});
