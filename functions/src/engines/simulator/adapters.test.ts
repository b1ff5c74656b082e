/**
 * The Bedrock and image-editing adapters through their real clients (a SigV4-signed fetch, fetch)
 * against the local simulator, which checks request shapes as the providers document them.
 */
import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { BedrockEngine } from '../bedrock/bedrock-engine';
import { bedrockInvokeModel, type InvokeModel } from '../bedrock/invoke-model';
import { NOVA_CANVAS_MODEL_ID } from '../bedrock/nova-canvas-request';
import { encodeJpeg, renderInterior } from '../fixtures/synthetic-photos';
import { ImageEditApiEngine } from '../image-edit/image-edit-engine';
import { EngineRejection, TransientEngineError } from '../types';
import { SIMULATOR_API_KEY, startImageSimulator, type ImageSimulator } from './image-simulator';

let simulator: ImageSimulator;
let invokeModel: InvokeModel;
let photo: Buffer;

beforeAll(async () => {
  simulator = await startImageSimulator({ port: 0 });
  invokeModel = bedrockInvokeModel({
    region: 'us-east-1',
    endpoint: simulator.url,
    credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
  });
  photo = await encodeJpeg(renderInterior(800, 600), 800, 600);
});
afterAll(async () => {
  await simulator.close();
});

const bedrockEngine = () => new BedrockEngine({ invokeModel, modelId: NOVA_CANVAS_MODEL_ID });
const editEngine = (apiKey = SIMULATOR_API_KEY) =>
  new ImageEditApiEngine({ baseUrl: simulator.url, apiKey: async () => apiKey });

/** Mean absolute difference per channel between two same-size images. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const { width, height } = await sharp(a).metadata();
  const [x, y] = await Promise.all([
    sharp(a).removeAlpha().raw().toBuffer(),
    sharp(b).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
  ]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

describe('Bedrock adapter (Nova Canvas) against the simulator', () => {
  it.each(['virtual-staging', 'declutter', 'room-refresh'] as const)(
    'transforms for %s through InvokeModel and flags the result as simulated',
    async (type) => {
      const result = await bedrockEngine().transform(photo, type, { style: 'Modern', roomType: 'Office' }, { seed: 7 });
      expect(result.simulated).toBe(true);
      expect((await sharp(result.image).metadata()).format).toBe('png');
      // Nova works on a supported size of the same aspect ratio.
      expect(result.width / result.height).toBeCloseTo(800 / 600, 1);
      expect(await difference(result.image, photo)).toBeGreaterThan(3);
    },
  );

  it('sends the seed it is given: two seeds give two renders, one seed the same (decision 065)', async () => {
    const render = async (seed: number) =>
      (await bedrockEngine().transform(photo, 'virtual-staging', {}, { seed })).image;
    const [first, second, again] = await Promise.all([render(4_000_000_001), render(12), render(12)]);
    expect(first.equals(second)).toBe(false);
    expect(second.equals(again)).toBe(true);
  });

  it('retries nothing itself but reports throttling as transient', async () => {
    simulator.failNext('throttled');
    await expect(bedrockEngine().transform(photo, 'declutter', {}, { seed: 7 })).rejects.toBeInstanceOf(
      TransientEngineError,
    );
    simulator.failNext('unavailable');
    await expect(bedrockEngine().transform(photo, 'declutter', {}, { seed: 7 })).rejects.toBeInstanceOf(
      TransientEngineError,
    );
  });

  it('reports a content-filter refusal to the user in French, not retried', async () => {
    simulator.failNext('refused');
    const attempt = bedrockEngine().transform(photo, 'virtual-staging', {}, { seed: 7 });
    await expect(attempt).rejects.toBeInstanceOf(EngineRejection);
    await expect(attempt).rejects.toThrow(TRANSFORMATION_MESSAGES.engineRefused);
  });

  it('is refused by the simulator when the body is malformed, in Bedrock error shape', async () => {
    const send = (body: object, modelId = NOVA_CANVAS_MODEL_ID) => invokeModel(modelId, JSON.stringify(body));
    await expect(
      send({ taskType: 'INPAINTING', inPaintingParams: { image: 'AA==', maskPrompt: 'sky', maskImage: 'AA==' } }),
    ).rejects.toMatchObject({
      name: 'ValidationException',
      message: expect.stringContaining('exactly one of maskPrompt or maskImage'),
    });
    await expect(send({ taskType: 'IMAGE_VARIATION', imageVariationParams: { images: [] } })).rejects.toMatchObject({
      name: 'ValidationException',
    });
    await expect(send({ taskType: 'TEXT_IMAGE' }, 'amazon.titan-image-generator-v9')).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'The provided model identifier is invalid.',
    });
  });
});

describe('image-editing API adapter (OpenAI Images edits) against the simulator', () => {
  it.each(['virtual-staging', 'declutter', 'room-refresh', 'sky-replacement', 'enhance'] as const)(
    'transforms for %s through fetch and flags the result as simulated',
    async (type) => {
      const result = await editEngine().transform(photo, type, { style: 'Bohemian', sky_type: 'dramatic' });
      expect(result).toMatchObject({ simulated: true, width: 1536, height: 1024 });
      expect(await difference(result.image, photo)).toBeGreaterThan(3);
    },
  );

  it('maps a wrong key to a plain failure, throttling to transient, moderation to a French refusal', async () => {
    await expect(editEngine('sk-wrong').transform(photo, 'declutter', {})).rejects.toThrow(/401.*invalid_api_key/);
    simulator.failNext('throttled');
    await expect(editEngine().transform(photo, 'declutter', {})).rejects.toBeInstanceOf(TransientEngineError);
    simulator.failNext('refused');
    await expect(editEngine().transform(photo, 'declutter', {})).rejects.toThrow(TRANSFORMATION_MESSAGES.engineRefused);
  });

  it('is refused by the simulator for unknown parameters or values, in OpenAI error shape', async () => {
    const post = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const response = await fetch(`${simulator.url}/v1/images/edits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SIMULATOR_API_KEY}` },
        body: form,
      });
      return {
        status: response.status,
        body: (await response.json()) as { error?: { param?: string; code?: string } },
      };
    };
    expect(await post({ prompt: 'x', strength: '0.5' })).toEqual({
      status: 400,
      body: { error: expect.objectContaining({ param: 'strength', code: 'unknown_parameter' }) },
    });
    expect(await post({ prompt: 'x', size: '4000x3000' })).toMatchObject({
      status: 400,
      body: { error: { param: 'size' } },
    });
    expect(await post({ model: 'gpt-image-1' })).toMatchObject({ status: 400, body: { error: { param: 'prompt' } } });
    expect((await post({ prompt: 'Virtually stage this room', model: 'gpt-image-1' })).status).toBe(200);
  });
});
