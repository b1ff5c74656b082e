/**
 * Framing at the providers' documented bounds. The limits come from the simulators' tables (copied
 * from the documentation, source per row), never from the adapters' constants, so a wrong adapter
 * limit fails here; the simulator then accepts exactly its bounds and refuses beyond them.
 */
import sharp from 'sharp';
import { bedrockInvokeModel } from '../bedrock/invoke-model';
import { STABILITY_LIMITS, STABILITY_MODEL_IDS } from '../bedrock/stability-request';
import { OPENAI_LIMITS } from '../image-edit/openai-request';
import { startImageSimulator, type ImageSimulator } from '../simulator/image-simulator';
import { OPENAI_DOCUMENTED_LIMITS } from '../simulator/openai-images-fake';
import { STABILITY_DOCUMENTED_LIMITS as DOC } from '../simulator/stability-fake';
import { frameFor, type Frame } from './provider-frame';

jest.setTimeout(60_000);

const PHOTOS: [string, number, number][] = [
  ['12 MP 4:3', 4000, 3000],
  ['12 MP portrait 3:4', 3000, 4000],
  ['4:1 panorama', 8000, 2000],
  ['5:1 panorama', 10000, 2000],
  ['1:4 tall', 1000, 4000],
  ['2048 square', 2048, 2048],
  ['4096 square', 4096, 4096],
  ['exactly the maximum pixels', 3072, 3072],
  ['one row over the maximum', 3072, 3073],
  ['tiny', 100, 80],
];

/** The photo on the canvas keeps its ratio (within a pixel of rounding) and is centred. */
function expectNoStretch(frame: Frame, width: number, height: number) {
  const { content } = frame;
  expect(Math.abs(content.width / content.height - width / height)).toBeLessThanOrEqual(
    (width / height) * (1 / Math.min(content.width, content.height)) + 1e-9,
  );
  expect(Math.abs(content.left * 2 - (frame.width - content.width))).toBeLessThanOrEqual(1);
  expect(Math.abs(content.top * 2 - (frame.height - content.height))).toBeLessThanOrEqual(1);
}

describe.each(PHOTOS)('a %s photo (%ix%i)', (_name, width, height) => {
  it('fits Stability AI Image Services as documented, never stretched', () => {
    const frame = frameFor(width, height, STABILITY_LIMITS.frame);
    expect(Math.min(frame.width, frame.height)).toBeGreaterThanOrEqual(DOC.minSide.value);
    expect(frame.width * frame.height).toBeGreaterThanOrEqual(DOC.minPixels.value);
    expect(frame.width * frame.height).toBeLessThanOrEqual(DOC.maxPixels.value);
    expect(frame.width / frame.height).toBeGreaterThanOrEqual(DOC.minRatio.value - 1e-9);
    expect(frame.width / frame.height).toBeLessThanOrEqual(DOC.maxRatio.value + 1e-9);
    expectNoStretch(frame, width, height);
  });

  it('fits one of the OpenAI edit sizes, never stretched', () => {
    const frame = frameFor(width, height, OPENAI_LIMITS.frame);
    expect(OPENAI_DOCUMENTED_LIMITS.sizes.value).toContain(`${frame.width}x${frame.height}`);
    expectNoStretch(frame, width, height);
  });
});

describe('the Bedrock simulator at the documented bounds', () => {
  let simulator: ImageSimulator;
  beforeAll(async () => {
    simulator = await startImageSimulator({ port: 0 });
  });
  afterAll(async () => {
    await simulator.close();
  });

  const send = async (width: number, height: number) => {
    const invokeModel = bedrockInvokeModel({
      region: 'us-west-2',
      endpoint: simulator.url,
      credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
    });
    const image = await sharp({ create: { width, height, channels: 3, background: '#c8b89a' } })
      .png()
      .toBuffer();
    const body = { image: image.toString('base64'), seed: DOC.maxSeed.value, output_format: 'png', grow_mask: 0 };
    return invokeModel(STABILITY_MODEL_IDS['erase-object'], JSON.stringify(body)).then(
      () => 'accepted',
      (error: Error) => error.message,
    );
  };

  it.each([
    [3072, 3072, 'accepted'],
    [3072, 3073, 'must have 4096 to 9437184 pixels'],
    [640, 256, 'accepted'],
    [660, 256, 'aspect ratio'],
    [256, 640, 'accepted'],
    [256, 680, 'aspect ratio'],
    [64, 64, 'accepted'],
    [63, 80, 'at least 64 pixels'],
  ])('%ix%i: %s', async (width, height, outcome) => {
    expect(await send(width, height)).toContain(outcome);
  });
});
