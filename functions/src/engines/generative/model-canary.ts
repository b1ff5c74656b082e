/**
 * The daily model canary (decision 088): each configured generative model once, with the smallest
 * edit its provider accepts (a 64 x 64 canvas for Stability AI, OpenAI's smallest size), through
 * the same adapters as the transformations, so a retired model, a lost access or an exhausted
 * quota alarms before an agent meets it. Off by default (stage configuration `engines.canary`).
 */
import sharp from 'sharp';
import { GENERATIVE_TYPES, engineKindFor, type EngineEnv } from '../engine-kinds';
import { bedrockProvider, openAiProvider } from '../factory';
import { emitMetrics } from '../../lib/metrics';
import { logger } from '../../lib/logger';
import type { TransformationType } from '@vitrine/shared';
import type { EditProvider, ProviderEditRequest } from './generative-engine';
import { frameFor } from './provider-frame';

export { MODEL_CANARY_SOURCE } from './model-canary-event';

/** Stability AI's smallest canvas: sides of 64 px, 4,096 pixels (stable-image-services.html). */
const CANARY_SIDE = 64;
const CANARY_SEED = 1;

export interface CanaryTarget {
  provider: EditProvider;
  /** A type the model serves (its request shape: inpaint or erase). */
  type: TransformationType;
}

export interface CanaryOutcome {
  provider: string;
  model: string;
  ok: boolean;
  ms: number;
  /** The error's name (decision 63's kinds) and message when it failed. */
  error?: string;
}

/** Each configured model once, with the first generative type it serves. */
export function canaryTargets(
  env: EngineEnv,
  providers: Record<'bedrock' | 'openai', (env: EngineEnv) => EditProvider> = {
    bedrock: bedrockProvider,
    openai: openAiProvider,
  },
): CanaryTarget[] {
  const built = new Map<string, EditProvider>();
  const targets = new Map<string, CanaryTarget>();
  for (const type of GENERATIVE_TYPES) {
    const kind = engineKindFor(type, env);
    if (kind === 'local') continue;
    let provider = built.get(kind);
    if (!provider) built.set(kind, (provider = providers[kind](env)));
    const key = `${provider.provider}/${provider.model(type)}`;
    if (!targets.has(key)) targets.set(key, { provider, type });
  }
  return [...targets.values()];
}

/** A plain wall colour, and a mask over its middle: nothing of anyone's photo is sent. */
async function tinyEdit({ provider, type }: CanaryTarget): Promise<ProviderEditRequest> {
  const { width, height } = frameFor(CANARY_SIDE, CANARY_SIDE, provider.frameSpec(type));
  const image = await sharp({ create: { width, height, channels: 3, background: { r: 214, g: 200, b: 172 } } })
    .png()
    .toBuffer();
  const grey = Buffer.alloc(width * height);
  for (let y = height >> 2; y < height - (height >> 2); y++)
    grey.fill(255, y * width + (width >> 2), (y + 1) * width - (width >> 2));
  const mask = await sharp(grey, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return { type, options: {}, image, mask, width, height, seed: CANARY_SEED };
}

/** Calls every target at once; reports each (a metric per provider, a log line per model). */
export async function runModelCanary(targets: readonly CanaryTarget[]): Promise<CanaryOutcome[]> {
  return Promise.all(
    targets.map(async (target) => {
      const { provider, type } = target;
      const model = provider.model(type);
      const started = performance.now();
      let outcome: CanaryOutcome;
      try {
        const answer = await provider.edit(await tinyEdit(target));
        if (answer.image.length === 0) throw new Error('The provider answered an empty image');
        outcome = { provider: provider.provider, model, ok: true, ms: Math.round(performance.now() - started) };
      } catch (error) {
        const { name, message } = error instanceof Error ? error : new Error(String(error));
        outcome = {
          provider: provider.provider,
          model,
          ok: false,
          ms: Math.round(performance.now() - started),
          error: `${name}: ${message}`,
        };
      }
      emitMetrics({ modelCanaryFailures: outcome.ok ? 0 : 1 }, { engine: outcome.provider }, { model });
      if (outcome.ok) logger.info('Model canary answered', { ...outcome });
      else logger.error('Model canary failed', { ...outcome });
      return outcome;
    }),
  );
}
