/**
 * Virtual staging of whole photos through the local stack (issue 20, section 7; decisions 61, 087):
 * a 12-megapixel 4:3 photo and a portrait photo stored sideways with an EXIF orientation, uploaded
 * through a presigned POST, validated, staged by the simulated provider, composited and served.
 * The result has the photo's upright size and ratio, and every pixel outside the edit region is the
 * original's, bit for bit, against the upload decoded with its EXIF orientation.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Transformation, TransformationOptions } from '@vitrine/shared';
import sharp from 'sharp';
import { encodeJpeg } from '../../functions/src/engines/fixtures/synthetic-photos';
import { renderRoom, roomGeometry, type RoomGeometry } from '../../functions/src/engines/fixtures/synthetic-room';
import { decodeOriented } from '../../functions/src/engines/generative/compositing';
import { editRegion } from '../../functions/src/engines/generative/edit-region';
import { analyseRoom, ANALYSIS_SIDE } from '../../functions/src/engines/generative/room-analysis';
import { RESULT_JPEG } from '../../functions/src/workflow/result-encoding';
import { shrinkRaster, type Raster } from '../../functions/src/engines/local/raster';
import { startTestStack, type TestStack } from './helpers/stack';
import { orgUser, settled, start, tableClient, upload } from './transformations-fixtures';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

/** An empty room of 4,000 x 3,000 pixels, as a phone's 12 MP photo in landscape. */
async function twelveMegapixels() {
  const geometry = roomGeometry(4000, 3000);
  const pixels = renderRoom(geometry);
  return { geometry, pixels, bytes: await encodeJpeg(pixels, 4000, 3000), contentType: 'image/jpeg' };
}

/**
 * A portrait room (1,200 x 1,600 upright) as a phone stores it: the sensor's landscape pixels and
 * EXIF orientation 6 (rotate 90° clockwise to view). PNG, so the validated original keeps every bit.
 */
async function portraitStoredSideways() {
  const geometry = roomGeometry(1200, 1600);
  const pixels = renderRoom(geometry);
  const bytes = await sharp(pixels, { raw: { width: 1200, height: 1600, channels: 3 } })
    .rotate(270)
    .withMetadata({ orientation: 6 })
    .png()
    .toBuffer();
  return { geometry, pixels, bytes, contentType: 'image/png' };
}

/** The region the engine may repaint, at the photo's size: nearest-neighbour, as compositing cuts it. */
async function editRegionAt(original: Raster, options: TransformationOptions): Promise<Buffer> {
  const small = await shrinkRaster(original, ANALYSIS_SIDE);
  const region = editRegion(analyseRoom(small), 'virtual-staging', options);
  const grey = Buffer.from(region.map((inside) => (inside ? 255 : 0)));
  return sharp(grey, { raw: { width: small.width, height: small.height, channels: 1 } })
    .resize(original.width, original.height, { fit: 'fill', kernel: 'nearest' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * Whether a pixel's 16-pixel JPEG block (4:2:0), or one next to it (chroma upsampling reads
 * across), holds a pixel of the region: there the encoder saw edited pixels.
 */
function blocksNearRegion(region: Buffer, width: number, height: number): (pixel: number) => boolean {
  const BLOCK = 16;
  const columns = Math.ceil(width / BLOCK);
  const rows = Math.ceil(height / BLOCK);
  const touched = new Uint8Array(columns * rows);
  for (let p = 0; p < region.length; p++) {
    if (region[p] !== 0) touched[Math.floor(p / width / BLOCK) * columns + Math.floor((p % width) / BLOCK)] = 1;
  }
  return (pixel) => {
    const column = Math.floor((pixel % width) / BLOCK);
    const row = Math.floor(pixel / width / BLOCK);
    for (let r = Math.max(0, row - 1); r <= Math.min(rows - 1, row + 1); r++) {
      for (let c = Math.max(0, column - 1); c <= Math.min(columns - 1, column + 1); c++) {
        if (touched[r * columns + c]) return true;
      }
    }
    return false;
  };
}

/** Whether a pixel lies in a window, the door or the ceiling, at least `margin` pixels inside it. */
function deepInStructure(geometry: RoomGeometry, x: number, y: number, margin: number): boolean {
  return [geometry.window, geometry.door, geometry.ceiling].some(
    (part) => part(x, y) && part(x - margin, y) && part(x + margin, y) && part(x, y - margin) && part(x, y + margin),
  );
}

async function stage(bytes: Buffer, contentType: string): Promise<Transformation> {
  const user = await orgUser(stack, ddb, 1);
  const uploadId = await upload(stack, user.token, bytes, contentType, `salon.${contentType.split('/')[1]}`);
  const started = await start(stack, user.token, 'virtual-staging', {
    uploadId,
    style: 'Scandinavian',
    roomType: 'Living Room',
  });
  expect(started.status).toBe(202);
  return settled(stack, user.token, started.body.transformationId!, 300_000);
}

describe('virtual staging of whole photos', () => {
  it.each([
    { label: 'a 12 MP 4:3 photo', photo: twelveMegapixels, upright: { width: 4000, height: 3000 } },
    {
      label: 'a portrait photo stored sideways',
      photo: portraitStoredSideways,
      upright: { width: 1200, height: 1600 },
    },
  ])(
    'returns $label at its size and ratio, every pixel outside the edit region unchanged',
    async ({ photo, upright }) => {
      const { geometry, pixels, bytes, contentType } = await photo();
      const original = await decodeOriented(bytes);
      // The EXIF orientation turns the stored pixels upright: the room the test drew (exactly, in PNG).
      expect({ width: original.width, height: original.height }).toEqual(upright);
      expect(original.data.equals(pixels)).toBe(contentType === 'image/png');

      const transformation = await stage(bytes, contentType);

      expect(transformation).toMatchObject({ status: 'succeeded', simulated: true, provider: 'bedrock' });
      const response = await fetch(transformation.resultUrl!);
      expect(response.status).toBe(200);
      const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect({ width: info.width, height: info.height }).toEqual(upright);

      const region = await editRegionAt(original, transformation.options);
      // Results are JPEG (decision 091): outside the region the delivered file must be the original
      // encoded with the same settings, bit for bit, away from the JPEG blocks the region touches.
      const reference = await sharp(original.data, {
        raw: { width: original.width, height: original.height, channels: 3 },
      })
        .jpeg(RESULT_JPEG)
        .toBuffer()
        .then((jpeg) => sharp(jpeg).raw().toBuffer());
      const nearRegion = blocksNearRegion(region, original.width, original.height);
      let outside = 0;
      let outsideChanged = 0;
      let inside = 0;
      let insideChanged = 0;
      let structure = 0;
      let structureChanged = 0;
      // A margin of 1 % of the width: the analysis runs on a 384-pixel copy.
      const margin = Math.ceil(original.width / 100);
      for (let p = 0, i = 0; p < region.length; p++, i += 3) {
        const same = data[i] === reference[i] && data[i + 1] === reference[i + 1] && data[i + 2] === reference[i + 2];
        if (region[p] === 0 && !nearRegion(p)) {
          outside++;
          if (!same) outsideChanged++;
        } else if (region[p] !== 0) {
          inside++;
          if (!same) insideChanged++;
        }
        // The drawn structure, on a grid of one pixel in 7 x 7 (its predicates are slow at 12 MP).
        const x = p % original.width;
        const y = (p - x) / original.width;
        if (x % 7 === 0 && y % 7 === 0 && deepInStructure(geometry, x, y, margin) && !nearRegion(p)) {
          structure++;
          if (!same) structureChanged++;
        }
      }
      // Outside the region: the original's pixels as the same JPEG encoding gives them, bit for bit
      // (windows, door and ceiling among them).
      expect(outsideChanged).toBe(0);
      expect(structureChanged).toBe(0);
      expect(structure).toBeGreaterThan((region.length / 49) * 0.15);
      expect(outside).toBeGreaterThan(region.length * 0.3);
      // Inside, the staging was painted: most of the region differs from the empty room.
      expect(insideChanged).toBeGreaterThan(inside * 0.5);
    },
    400_000,
  );
});
