import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { badImages } from './testing/bad-images';
import type { ImageEngine } from '../engines/types';
import { decodeRgb, type Raster } from '../engines/local/raster';
import { normalisedKeyOf, transform, validate } from './image-steps';
import type { ImageStepDeps } from './steps';
import { UNSAVED_TAGGING } from '../lib/object-keys';

/** Objects in memory that count the reads of each key. */
function memoryDeps(output: (image: Buffer) => Promise<Raster> = decodeRgb) {
  const stored = new Map<string, Buffer>();
  const tags = new Map<string, string | undefined>();
  const reads: string[] = [];
  const engine: ImageEngine = {
    name: 'identity',
    transform: async (image) => {
      return { pixels: await output(image), simulated: false, provider: 'local', model: 'identity', seed: 1 };
    },
  };
  const deps: ImageStepDeps = {
    objects: {
      get: async (bucket, key) => {
        reads.push(key);
        const body = stored.get(`${bucket}/${key}`);
        return body ? { body, metadata: {} } : undefined;
      },
      exists: async (bucket, key) => stored.has(`${bucket}/${key}`),
      head: async () => undefined,
      put: async (bucket, key, body, { tagging }) => {
        stored.set(`${bucket}/${key}`, Buffer.from(body));
        tags.set(`${bucket}/${key}`, tagging);
      },
      list: async () => [],
    },
    uploadsBucket: 'uploads',
    resultsBucket: 'results',
    engineFor: () => engine,
  };
  return { deps, stored, tags, reads };
}

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg()
    .toBuffer();
const job = (image: Awaited<ReturnType<typeof validate>>) => ({
  image,
  type: 'enhance' as const,
  options: {},
  seed: 1,
});

describe('the normalised image between Validate and Transform (decision 127)', () => {
  it('is not read back from S3 when this container validated it', async () => {
    const { deps, stored, reads } = memoryDeps();
    const ref = { orgId: 'org-1', transformationId: 'tr-1' };
    stored.set('uploads/uploads/org-1/a.jpg', await photo());
    const image = await validate(deps, ref, 'uploads/org-1/a.jpg');
    await transform(deps, ref, job(image));
    expect(reads).toEqual(['uploads/org-1/a.jpg']);
  });

  it('is read from S3 by another execution’s Transform, and by a retry', async () => {
    const { deps, stored, reads } = memoryDeps();
    const first = { orgId: 'org-1', transformationId: 'tr-2' };
    const second = { orgId: 'org-1', transformationId: 'tr-3' };
    stored.set('uploads/uploads/org-1/b.jpg', await photo());
    const firstImage = await validate(deps, first, 'uploads/org-1/b.jpg');
    const secondImage = await validate(deps, second, 'uploads/org-1/b.jpg');
    await transform(deps, first, job(firstImage));
    await transform(deps, second, job(secondImage));
    await transform(deps, second, job(secondImage));
    expect(reads.filter((key) => key !== 'uploads/org-1/b.jpg')).toEqual([
      firstImage.normalisedKey,
      secondImage.normalisedKey,
    ]);
  });
});

describe('the result and its thumbnail (decision 138)', () => {
  it("are both encoded from the engine's pixels, brought to the original's size", async () => {
    // An engine answering at half the original's size, in red: both stored pictures show it.
    const red = async () => ({ data: Buffer.alloc(32 * 24 * 3, Buffer.from([220, 20, 30])), width: 32, height: 24 });
    const { deps, stored } = memoryDeps(red);
    const ref = { orgId: 'org-1', transformationId: 'tr-4' };
    stored.set('uploads/uploads/org-1/c.jpg', await photo());
    const result = await transform(deps, ref, job(await validate(deps, ref, 'uploads/org-1/c.jpg')));
    const pictures = await Promise.all(
      [result.resultKey, result.thumbnailKey].map(async (key) => {
        const { data, info } = await sharp(stored.get(`results/${key}`)!)
          .raw()
          .toBuffer({ resolveWithObject: true });
        return {
          format: (await sharp(stored.get(`results/${key}`)!).metadata()).format,
          size: [info.width, info.height],
          red: data[0]! > 200 && data[1]! < 50,
        };
      }),
    );
    expect(pictures).toEqual([
      { format: 'jpeg', size: [64, 48], red: true },
      { format: 'webp', size: [64, 48], red: true },
    ]);
  });
});

describe('an upload kept as it is (decision 132)', () => {
  it('is on its way to S3 while its decode proves it whole: refused, its copy stays unreferenced and unsaved', async () => {
    const { deps, stored, tags } = memoryDeps();
    const ref = { orgId: 'org-1', transformationId: 'tr-5' };
    const damaged = badImages.find((bad) => bad.label.includes('pixel data is damaged'))!;
    stored.set('uploads/uploads/org-1/d.png', await damaged.make());
    await expect(validate(deps, ref, 'uploads/org-1/d.png')).rejects.toThrow(TRANSFORMATION_MESSAGES.corruptImage);
    const copy = `uploads/${normalisedKeyOf(ref, 'png')}`;
    expect(stored.get(copy)?.equals(stored.get('uploads/uploads/org-1/d.png')!)).toBe(true);
    expect(tags.get(copy)).toBe(UNSAVED_TAGGING);
  });
});
