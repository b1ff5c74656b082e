/**
 * The generative engines' stage configuration (decision 60): which provider serves each generative
 * type, the models and the Region, and the price table the bench reads (decision 64). Changing a
 * provider or a model is a change here and a deploy, never code.
 */
import type { TransformationType } from '@vitrine/shared';

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
}

export const DEFAULT_ENGINES: EngineConfig = {
  providers: { 'virtual-staging': 'bedrock', declutter: 'bedrock', 'room-refresh': 'bedrock' },
  bedrock: {
    region: 'us-west-2',
    profileRegions: ['us-east-1', 'us-east-2', 'us-west-2'],
    inpaintModelId: 'us.stability.stable-image-inpaint-v1:0',
    eraseModelId: 'us.stability.stable-image-erase-object-v1:0',
  },
  openai: { model: 'gpt-image-2.6-sunburst' },
};

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
