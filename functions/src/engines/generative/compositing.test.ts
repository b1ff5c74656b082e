/**
 * Compositing (decision 61): outside the edit region the result is the original, bit for bit; the
 * original's size and ratio are kept whatever the provider's canvas; EXIF orientation is honoured.
 */
import sharp from 'sharp';
import type { TransformationType } from '@vitrine/shared';
import { STABILITY_LIMITS } from '../bedrock/stability-request';
import { renderRoom, roomGeometry } from '../fixtures/synthetic-room';
import { OPENAI_LIMITS } from '../image-edit/openai-request';
import { composite, decodeOriented, featheredAlpha, framedInput, unframed } from './compositing';
import { editRegion } from './edit-region';
import { GenerativeEngine, type EditProvider, type ProviderEditRequest } from './generative-engine';
import { frameFor, type FrameSpec } from './provider-frame';
import { analyseRoom } from './room-analysis';

jest.setTimeout(60_000);

/**
 * A provider that paints one colour where its mask allows (a faithful inpainting model), or over
 * its whole canvas (a model that redrew the room).
 */
function paintingProvider(frameSpec: FrameSpec, everywhere = false): EditProvider & { calls: ProviderEditRequest[] } {
  const calls: ProviderEditRequest[] = [];
  return {
    provider: 'test',
    calls,
    model: () => 'painter-1',
    frameSpec: () => frameSpec,
    async edit(request) {
      calls.push(request);
      const { width, height } = request;
      const paint = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 200, b: 40 } } })
        .png()
        .toBuffer();
      if (everywhere) return { image: paint, seed: request.seed, simulated: false };
      const alpha = await sharp(request.mask).extractChannel(0).raw().toBuffer();
      const overlay = await sharp(paint)
        .joinChannel(alpha, { raw: { width, height, channels: 1 } })
        .png()
        .toBuffer();
      const image = await sharp(request.image)
        .composite([{ input: overlay }])
        .png()
        .toBuffer();
      return { image, seed: request.seed, simulated: false };
    },
  };
}

async function raw(image: Buffer) {
  const { data, info } = await sharp(image).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('composite', () => {
  it('copies the original byte for byte wherever the feathered region is 0, and the answer where it is 255', async () => {
    const geometry = roomGeometry(1200, 900);
    const original = { data: renderRoom(geometry), width: 1200, height: 900 };
    const small = { data: renderRoom(roomGeometry(384, 288)), width: 384, height: 288 };
    const region = editRegion(analyseRoom(small), 'virtual-staging', {});
    const alpha = await featheredAlpha(region, small, original);
    const edited = { data: Buffer.alloc(original.data.length, 77), width: 1200, height: 900 };
    const out = composite(original, edited, alpha);
    let outside = 0;
    let outsideChanged = 0;
    let inside = 0;
    let insideNotEdited = 0;
    for (let p = 0; p < alpha.length; p++) {
      const i = p * 3;
      if (alpha[p] === 0) {
        outside++;
        if (out[i] !== original.data[i] || out[i + 1] !== original.data[i + 1] || out[i + 2] !== original.data[i + 2]) {
          outsideChanged++;
        }
      } else if (alpha[p] === 255) {
        inside++;
        if (out[i] !== 77 || out[i + 1] !== 77 || out[i + 2] !== 77) insideNotEdited++;
      }
    }
    expect([outsideChanged, insideNotEdited]).toEqual([0, 0]);
    expect(outside).toBeGreaterThan(alpha.length * 0.3);
    expect(inside).toBeGreaterThan(alpha.length * 0.2);
    // The window and the ceiling are outside.
    for (const [x, y] of [
      [700, 300],
      [600, 50],
    ] as const) {
      expect(alpha[y * 1200 + x]).toBe(0);
    }
  });
});

describe('framedInput and unframed', () => {
  it.each([
    ['4:1 on Stability', 1600, 400, STABILITY_LIMITS.frame],
    ['portrait on OpenAI', 600, 900, OPENAI_LIMITS.frame],
  ] as const)(
    '%s: the answer comes back at the original size, the padding cropped',
    async (_name, width, height, spec) => {
      const original = { data: renderRoom(roomGeometry(width, height)), width, height };
      const frame = frameFor(width, height, spec);
      const region = new Uint8Array(40 * 30).fill(1);
      const input = await framedInput(original, region, { width: 40, height: 30 }, frame);
      expect(await sharp(input.image).metadata()).toMatchObject({ width: frame.width, height: frame.height });
      expect(await sharp(input.mask).metadata()).toMatchObject({ width: frame.width, height: frame.height });
      // The padding is never to be painted: black in the mask.
      const mask = await sharp(input.mask).extractChannel(0).raw().toBuffer();
      if (frame.content.left > 0) expect(mask[Math.floor(frame.height / 2) * frame.width]).toBe(0);
      if (frame.content.top > 0) expect(mask[Math.floor(frame.width / 2)]).toBe(0);
      // The provider's own canvas, back at the original's size: the content, not the padding.
      const back = await unframed(input.image, frame, { width, height });
      expect([back.width, back.height]).toEqual([width, height]);
      let difference = 0;
      for (let i = 0; i < back.data.length; i++) difference += Math.abs(back.data[i]! - original.data[i]!);
      expect(difference / back.data.length).toBeLessThan(6);
    },
  );
});

describe('GenerativeEngine', () => {
  it.each(['virtual-staging', 'declutter', 'room-refresh'] as TransformationType[])(
    '%s: a 12 MP 4:3 photo comes back at 12 MP, the window and ceiling untouched',
    async (type) => {
      const geometry = roomGeometry(4000, 3000, true);
      const jpeg = await sharp(renderRoom(geometry), { raw: { width: 4000, height: 3000, channels: 3 } })
        .jpeg({ quality: 92 })
        .toBuffer();
      const provider = paintingProvider(STABILITY_LIMITS.frame);
      const result = await new GenerativeEngine(provider).transform(jpeg, type, {}, { seed: 5 });
      expect(result).toMatchObject({
        pixels: { width: 4000, height: 3000 },
        provider: 'test',
        model: 'painter-1',
        seed: 5,
      });
      const [a, b] = [await raw(jpeg), result.pixels];
      for (const [x, y] of [
        [2800, 1100],
        [2000, 150],
      ] as const) {
        const i = (y * 4000 + x) * 3;
        expect(b.data.subarray(i, i + 3).equals(a.data.subarray(i, i + 3))).toBe(true);
      }
    },
  );

  it('honours EXIF orientation: a rotated phone photo is analysed, sent and returned upright', async () => {
    const upright = renderRoom(roomGeometry(600, 800));
    // Stored sideways (800x600) with orientation 6: viewers rotate it 90 degrees clockwise to 600x800.
    const sideways = await sharp(upright, { raw: { width: 600, height: 800, channels: 3 } })
      .rotate(-90)
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(sideways).metadata()).toMatchObject({ width: 800, height: 600, orientation: 6 });
    const provider = paintingProvider(OPENAI_LIMITS.frame);
    const result = await new GenerativeEngine(provider).transform(sideways, 'virtual-staging', {}, { seed: 1 });
    expect([result.pixels.width, result.pixels.height]).toEqual([600, 800]);
    // Sent in portrait, the photo's own orientation.
    expect([provider.calls[0]!.width, provider.calls[0]!.height]).toEqual([1024, 1536]);
    const oriented = await decodeOriented(sideways);
    const out = result.pixels;
    const ceiling = (40 * 600 + 300) * 3;
    expect(out.data.subarray(ceiling, ceiling + 3).equals(oriented.data.subarray(ceiling, ceiling + 3))).toBe(true);
  });

  it('retries a provider that redrew the room once, then refuses it in French', async () => {
    const jpeg = await sharp(renderRoom(roomGeometry(800, 600)), { raw: { width: 800, height: 600, channels: 3 } })
      .jpeg()
      .toBuffer();
    const provider = paintingProvider(STABILITY_LIMITS.frame, true);
    await expect(
      new GenerativeEngine(provider).transform(jpeg, 'virtual-staging', {}, { seed: 9 }),
    ).rejects.toMatchObject({
      name: 'StructureChangedError',
    });
    expect(provider.calls.map((call) => call.seed)).toEqual([9, expect.any(Number)]);
    expect(provider.calls[1]!.seed).not.toBe(9);
  });

  it('refuses, in French, a photo with nothing to transform', async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const provider = paintingProvider(STABILITY_LIMITS.frame);
    await expect(new GenerativeEngine(provider).transform(blank, 'declutter', {}, { seed: 1 })).rejects.toMatchObject({
      name: 'EngineRejection',
      message: expect.stringMatching(/Aucune zone à transformer/),
    });
    expect(provider.calls).toHaveLength(0);
  });
});
