/**
 * The generative engine over both real providers' adapters (a SigV4-signed fetch to Bedrock, fetch
 * to OpenAI) against the local simulator, which checks the requests as the providers document them:
 * the same masks, seeds, structure check and compositing as in AWS.
 */
import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES, type TransformationType } from '@vitrine/shared';
import { bedrockInvokeModel, type InvokeModel } from '../bedrock/invoke-model';
import { StabilityBedrockProvider } from '../bedrock/stability-provider';
import { STABILITY_MODEL_IDS } from '../bedrock/stability-request';
import { encodeJpeg } from '../fixtures/synthetic-photos';
import { renderRoom, roomGeometry } from '../fixtures/synthetic-room';
import { GenerativeEngine } from '../generative/generative-engine';
import type { Raster } from '../local/raster';
import { OpenAiImagesProvider } from '../image-edit/openai-provider';
import {
  EngineConfigurationError,
  EngineRejection,
  EngineThrottledError,
  StructureChangedError,
  TransientEngineError,
} from '../types';
import { SIMULATOR_API_KEY, startImageSimulator, type ImageSimulator } from './image-simulator';

jest.setTimeout(30_000);

let simulator: ImageSimulator;
let invokeModel: InvokeModel;
let landscape: Buffer;
let portrait: Buffer;

beforeAll(async () => {
  simulator = await startImageSimulator({ port: 0 });
  invokeModel = bedrockInvokeModel({
    region: 'us-west-2',
    endpoint: simulator.url,
    credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
  });
  landscape = await encodeJpeg(renderRoom(roomGeometry(800, 600, true)), 800, 600);
  portrait = await encodeJpeg(renderRoom(roomGeometry(480, 720, true)), 480, 720);
});
afterAll(async () => {
  await simulator.close();
});

const bedrock = (models?: Record<string, string>) =>
  new GenerativeEngine(new StabilityBedrockProvider({ invokeModel, ...(models ? { models } : {}) }));
const openai = (apiKey = SIMULATOR_API_KEY) =>
  new GenerativeEngine(new OpenAiImagesProvider({ baseUrl: simulator.url, apiKey: async () => apiKey }));

async function pixels(image: Buffer) {
  const { data, info } = await sharp(image).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Share of pixels that differ, and whether the window's pixels are all untouched. */
async function changes(original: Buffer, b: Raster, width: number, height: number) {
  const a = await pixels(original);
  expect([b.width, b.height]).toEqual([width, height]);
  const window = roomGeometry(width, height).window;
  let changed = 0;
  let windowChanged = 0;
  for (let p = 0; p < width * height; p++) {
    const i = p * 3;
    const differs = a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2];
    if (!differs) continue;
    changed++;
    if (window(p % width, Math.floor(p / width))) windowChanged++;
  }
  return { changed: changed / (width * height), windowChanged };
}

const TYPES: TransformationType[] = ['virtual-staging', 'declutter', 'room-refresh'];

describe.each([
  ['bedrock', () => bedrock()],
  ['openai', () => openai()],
])('the generative engine on %s, against the simulator', (provider, engine) => {
  it.each(TYPES)(
    '%s keeps the size, the ratio and every pixel of the window, and says it is simulated',
    async (type) => {
      for (const [photo, width, height] of [
        [landscape, 800, 600],
        [portrait, 480, 720],
      ] as const) {
        const result = await engine().transform(photo, type, { style: 'Modern', roomType: 'Bedroom' }, { seed: 7 });
        expect(result).toMatchObject({ simulated: true, pixels: { width, height }, provider, seed: 7 });
        expect(result.model).toBeTruthy();
        const { changed, windowChanged } = await changes(photo, result.pixels, width, height);
        expect(windowChanged).toBe(0);
        expect(changed).toBeGreaterThan(0.01);
      }
    },
  );

  it('gives different images for different seeds', async () => {
    const first = await engine().transform(landscape, 'virtual-staging', {}, { seed: 1 });
    const second = await engine().transform(landscape, 'virtual-staging', {}, { seed: 2 });
    expect(first.pixels.data.equals(second.pixels.data)).toBe(false);
  });

  it('retries once with a new seed when the result moved the room, then refuses in French', async () => {
    const before = simulator.log.length;
    simulator.failNext('moved');
    const retried = await engine().transform(landscape, 'room-refresh', {}, { seed: 11 });
    expect(simulator.log.length - before).toBe(2);
    if (provider === 'bedrock') expect(retried.seed).not.toBe(11);

    simulator.failNext('moved', 2);
    const attempt = engine().transform(landscape, 'room-refresh', {}, { seed: 11 });
    await expect(attempt).rejects.toBeInstanceOf(StructureChangedError);
    await expect(attempt).rejects.toThrow(TRANSFORMATION_MESSAGES.structureChanged);
  });

  it('sorts the errors into the three kinds', async () => {
    simulator.failNext('throttled');
    await expect(engine().transform(landscape, 'declutter', {}, { seed: 1 })).rejects.toBeInstanceOf(
      EngineThrottledError,
    );
    simulator.failNext('unavailable');
    await expect(engine().transform(landscape, 'declutter', {}, { seed: 1 })).rejects.toBeInstanceOf(
      TransientEngineError,
    );
    simulator.failNext('refused');
    const refused = engine().transform(landscape, 'declutter', {}, { seed: 1 });
    await expect(refused).rejects.toBeInstanceOf(EngineRejection);
    await expect(refused).rejects.toThrow(TRANSFORMATION_MESSAGES.engineInputFiltered);
    simulator.failNext('exhausted');
    await expect(engine().transform(landscape, 'declutter', {}, { seed: 1 })).rejects.toBeInstanceOf(
      EngineConfigurationError,
    );
  });
});

describe('configuration errors are ours, never the photo', () => {
  it.each(['amazon.nova-canvas-v1:0', 'stability.no-such-model-v9:0'])('Bedrock model %s', async (model) => {
    const attempt = bedrock({ inpaint: model }).transform(landscape, 'virtual-staging', {}, { seed: 1 });
    await expect(attempt).rejects.toBeInstanceOf(EngineConfigurationError);
  });

  it('a wrong OpenAI key and an unknown OpenAI model', async () => {
    await expect(openai('sk-wrong').transform(landscape, 'declutter', {}, { seed: 1 })).rejects.toBeInstanceOf(
      EngineConfigurationError,
    );
    const unknown = new GenerativeEngine(
      new OpenAiImagesProvider({ baseUrl: simulator.url, apiKey: async () => SIMULATOR_API_KEY, model: 'gpt-image-1' }),
    );
    await expect(unknown.transform(landscape, 'declutter', {}, { seed: 1 })).rejects.toThrow(/404 model_not_found/);
  });

  it('uses Erase Object for declutter and Inpaint for staging', async () => {
    const before = simulator.log.length;
    await bedrock().transform(landscape, 'declutter', {}, { seed: 3 });
    await bedrock().transform(landscape, 'virtual-staging', {}, { seed: 3 });
    expect(simulator.log.slice(before).map((entry) => decodeURIComponent(entry.path))).toEqual([
      `/model/${STABILITY_MODEL_IDS['erase-object']}/invoke`,
      `/model/${STABILITY_MODEL_IDS.inpaint}/invoke`,
    ]);
  });
});
