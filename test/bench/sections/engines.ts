/**
 * Local engine figures for a generated 12-megapixel JPEG (1024 px in the quick mode): sky
 * replacement and HDR enhancement up to the stored result (the engine's pixels encoded as the
 * pipeline encodes them, decision 138), each beside sharp's bare decode to pixels and the same
 * encode from them, and beside issue 19's baseline (decode + PNG encode in one pipeline), with
 * the ratios. Median of several runs after a warm-up. Wall time is the figure; the process CPU
 * time is printed beside it because this machine's two cores are shared.
 */
import sharp from 'sharp';
import { encodeJpeg, houseScene, renderHouseScene } from '../../../functions/src/engines/fixtures/synthetic-photos';
import { enhance } from '../../../functions/src/engines/local/enhance';
import { decodeRgb, PNG_OUTPUT, type Raster } from '../../../functions/src/engines/local/raster';
import { replaceSky } from '../../../functions/src/engines/local/replace-sky';
import { encodeResult } from '../../../functions/src/workflow/result-encoding';
import {
  STABILITY_LIMITS,
  STABILITY_MODEL_IDS,
  stabilityServiceFor,
} from '../../../functions/src/engines/bedrock/stability-request';
import { renderRoom, roomGeometry } from '../../../functions/src/engines/fixtures/synthetic-room';
import { GENERATIVE_TYPES } from '../../../functions/src/engines/engine-kinds';
import { GenerativeEngine, type EditProvider } from '../../../functions/src/engines/generative/generative-engine';
import type { FrameSpec } from '../../../functions/src/engines/generative/provider-frame';
import { DEFAULT_OPENAI_IMAGE_MODEL } from '../../../functions/src/engines/image-edit/openai-config';
import { OPENAI_LIMITS } from '../../../functions/src/engines/image-edit/openai-request';
import { IMAGE_PRICES } from '../../../infra/config/engines';
import type { BenchSection } from '../run';
import { percentile } from '../report';

const TARGETS = { skyMs: 1500, enhanceMs: 800, compositingMs: 3000 };
const FULL = { width: 4000, height: 3000, runs: 5 };
/** The test suite's quick run: a small photo, one timed run. */
const QUICK = { width: 1024, height: 768, runs: 1 };

interface Timing {
  wall: number;
  cpu: number;
}

async function median(task: () => Promise<unknown>, runs: number): Promise<Timing> {
  await task();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpuBefore = process.cpuUsage();
    const begin = performance.now();
    await task();
    walls.push(performance.now() - begin);
    const cpu = process.cpuUsage(cpuBefore);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  const mid = (values: number[]) =>
    percentile(
      values.sort((a, b) => a - b),
      50,
    );
  return { wall: mid(walls), cpu: mid(cpus) };
}

export const engines: BenchSection = {
  name: 'engines',
  async run(report, { quick }) {
    const { width, height, runs } = quick ? QUICK : FULL;
    const jpeg = await encodeJpeg(renderHouseScene(houseScene(width, height)), width, height);
    /** The engine's pixels as the pipeline stores them. */
    const stored = async (pixels: Promise<Raster>) => encodeResult(await pixels, width, height, 'jpeg');
    report.line(
      `${width}x${height} JPEG, ${(jpeg.length / 1e6).toFixed(1)} MB; sharp concurrency ${sharp.concurrency()}; median of ${runs}`,
    );
    // The least any engine working on pixels does: decode them, then encode the result from them
    // (one sharp pipeline from JPEG to JPEG streams both and costs less: no engine can).
    const bare = await median(async () => stored(decodeRgb(jpeg)), runs);
    // Issue 19's baseline, from before decision 138: decode and PNG encode in one sharp pipeline.
    const barePng = await median(() => sharp(jpeg).png(PNG_OUTPUT).toBuffer(), runs);
    report.figure({
      name: 'sharp bare decode + result encode',
      value: bare.wall,
      unit: 'ms',
      note: `to pixels and back; cpu ${bare.cpu.toFixed(0)} ms`,
    });
    report.figure({
      name: '  issue 19 baseline: decode + PNG encode',
      value: barePng.wall,
      unit: 'ms',
      note: `one sharp pipeline; cpu ${barePng.cpu.toFixed(0)} ms`,
    });
    const ratios = (timing: Timing) =>
      `${(timing.wall / bare.wall).toFixed(2)}x bare, ${(timing.wall / barePng.wall).toFixed(2)}x issue 19 baseline; ` +
      `cpu ${timing.cpu.toFixed(0)} ms, ${(timing.cpu / bare.cpu).toFixed(2)}x bare`;
    const sky = await median(() => stored(replaceSky(jpeg, 'sunset')), runs);
    report.figure({
      name: 'local sky replacement (sunset)',
      value: sky.wall,
      unit: 'ms',
      target: TARGETS.skyMs,
      note: ratios(sky),
    });
    const enhanced = await median(() => stored(enhance(jpeg)), runs);
    report.figure({
      name: 'local HDR enhancement',
      value: enhanced.wall,
      unit: 'ms',
      target: TARGETS.enhanceMs,
      note: ratios(enhanced),
    });
    await generativeFigures(report, quick ? QUICK : FULL);
  },
};

/**
 * A provider without the network: it answers with the framed photo itself, so the figure is our
 * own work around a call (decision 64): decode, analysis, edit region, framing, structure check,
 * unframing and compositing into the 12 MP original, and the result's encode (decision 138).
 */
function echoProvider(provider: string, frameSpec: FrameSpec, model: (type: string) => string): EditProvider {
  return {
    provider,
    model,
    frameSpec: () => frameSpec,
    edit: async (request) => ({ image: request.image, seed: request.seed, simulated: true }),
  };
}

const PROVIDERS = [
  echoProvider('bedrock', STABILITY_LIMITS.frame, (type) => STABILITY_MODEL_IDS[stabilityServiceFor(type as never)]),
  echoProvider('openai', OPENAI_LIMITS.frame, () => DEFAULT_OPENAI_IMAGE_MODEL),
];

/** Per generative type and provider: compositing time at 12 MP and the provider cost per delivered image. */
async function generativeFigures(
  report: Parameters<BenchSection['run']>[0],
  { width, height, runs }: typeof FULL,
): Promise<void> {
  {
    const geometry = roomGeometry(width, height, true);
    const jpeg = await encodeJpeg(renderRoom(geometry), width, height);
    report.line(`generative engine around one provider call, ${width}x${height} JPEG of a room; median of ${runs}`);
    for (const provider of PROVIDERS) {
      const engine = new GenerativeEngine(provider);
      for (const type of GENERATIVE_TYPES) {
        const timing = await median(async () => {
          const { pixels } = await engine.transform(jpeg, type, {}, { seed: 1 });
          await encodeResult(pixels, width, height, 'jpeg');
        }, runs);
        const model = provider.model(type);
        const price = IMAGE_PRICES.find((entry) => entry.model === model);
        report.figure({
          name: `${type} on ${provider.provider}: compositing at ${((width * height) / 1e6).toFixed(0)} MP`,
          value: timing.wall,
          unit: 'ms',
          target: TARGETS.compositingMs,
          note: `cpu ${timing.cpu.toFixed(0)} ms`,
        });
        report.line(
          price
            ? `  ${type} on ${provider.provider} (${model}): $${price.usdPerImage.toFixed(3)} per delivered image ` +
                `($${(price.usdPerImage * 2).toFixed(3)} when the structure retry runs); ${price.basis}; source ${price.source}`
            : `  ${type} on ${provider.provider} (${model}): no price in infra/config/engines.ts`,
        );
      }
    }
  }
}
