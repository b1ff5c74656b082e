/**
 * The generative engines' stage configuration (decision 60): which provider serves each generative
 * type, the models and the Region, and the price table the bench reads (decision 64). Changing a
 * provider or a model is a change here and a deploy, never code.
 */
import type { TransformationType } from '@vitrine/shared';
import { STABILITY_MODEL_IDS } from '../../functions/src/engines/bedrock/stability-request';
import { DEFAULT_OPENAI_IMAGE_MODEL } from '../../functions/src/engines/image-edit/openai-config';
import { ENV, engineEnvName } from '../../functions/src/lib/env';

export type GenerativeType = Extract<TransformationType, 'virtual-staging' | 'declutter' | 'room-refresh'>;
export type GenerativeProvider = 'bedrock' | 'openai';

export interface EngineConfig {
  /** The provider of each generative type (ENGINE_<TYPE>). */
  providers: Record<GenerativeType, GenerativeProvider>;
  bedrock: {
    /**
     * Where the Stability AI Image Services run: US Regions only, through the `us.` cross-Region
     * inference profiles (the photo leaves the EU: the privacy texts say so).
     */
    region: string;
    /** The Regions the `us.` inference profile may route a call to (the IAM grant names each). */
    profileRegions: readonly string[];
    /** Inpaint: staging and refresh. */
    inpaintModelId: string;
    /** Erase Object: declutter. */
    eraseModelId: string;
  };
  openai: {
    /** An Active GPT Image model (https://developers.openai.com/api/docs/deprecations). */
    model: string;
  };
  /**
   * The daily model canary (decision 088): one tiny edit per configured model, a metric and an
   * alarm when one fails. Off by default: each run is paid (one image per model).
   */
  canary: boolean;
}

export const DEFAULT_ENGINES: EngineConfig = {
  providers: { 'virtual-staging': 'bedrock', declutter: 'bedrock', 'room-refresh': 'bedrock' },
  bedrock: {
    region: 'us-west-2',
    profileRegions: ['us-east-1', 'us-east-2', 'us-west-2'],
    // The engines' documented defaults, so the ids are written once; a stage sets its own here.
    inpaintModelId: STABILITY_MODEL_IDS.inpaint,
    eraseModelId: STABILITY_MODEL_IDS['erase-object'],
  },
  openai: { model: DEFAULT_OPENAI_IMAGE_MODEL },
  canary: false,
};

/** The variables that tell a function which provider serves each type and with which models. */
export function engineEnvironment(engines: EngineConfig): Record<string, string> {
  return {
    ...Object.fromEntries(
      Object.entries(engines.providers).map(([type, provider]) => [engineEnvName(type as GenerativeType), provider]),
    ),
    [ENV.bedrockRegion]: engines.bedrock.region,
    [ENV.bedrockImageModelId]: engines.bedrock.inpaintModelId,
    [ENV.bedrockEraseModelId]: engines.bedrock.eraseModelId,
    [ENV.imageEditModel]: engines.openai.model,
  };
}

/** One provider's price of one delivered image, with where it was read. */
export interface ImagePrice {
  provider: GenerativeProvider;
  model: string;
  usdPerImage: number;
  /** How the figure was obtained. */
  basis: string;
  source: string;
}

/**
 * What one call costs (a structure retry costs a second call). Read on 2026-11-26; check both pages
 * before changing a provider, and after each price announcement.
 */
export const IMAGE_PRICES: readonly ImagePrice[] = [
  {
    provider: 'bedrock',
    model: 'us.stability.stable-image-inpaint-v1:0',
    usdPerImage: 0.07,
    basis: 'flat price per image of the Stability AI Image Services (edit); not shown on the pages read, to confirm',
    source: 'https://aws.amazon.com/bedrock/pricing/',
  },
  {
    provider: 'bedrock',
    model: 'us.stability.stable-image-erase-object-v1:0',
    usdPerImage: 0.07,
    basis: 'flat price per image of the Stability AI Image Services (edit); not shown on the pages read, to confirm',
    source: 'https://aws.amazon.com/bedrock/pricing/',
  },
  {
    provider: 'openai',
    model: 'gpt-image-2.6-sunburst',
    usdPerImage: 0.21,
    basis:
      'tokens: ~6,240 image output tokens at 1536x1024 high quality x $30/M, ~2,000 image input tokens (photo and mask) x $8/M, ~400 text tokens x $5/M',
    source: 'https://developers.openai.com/api/docs/models/gpt-image-2.6-sunburst',
  },
];
