/**
 * The instruction-based image-editing API adapter (OpenAI Images API, GPT Image models), over
 * the platform's fetch. The key comes from Secrets Manager (api-key.ts); the base URL from
 * configuration (the local simulator in `npm start`).
 */
import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES, type TransformationOptions, type TransformationType } from '@vitrine/shared';
import { EngineRejection, TransientEngineError, type EngineResult, type ImageEngine } from '../types';
import { asPng } from '../generative/as-png';
import { PNG_OUTPUT } from '../local/raster';
import type { ApiKeySource } from '../../lib/api-key';
import { buildImageEditFields, DEFAULT_IMAGE_EDIT_MODEL, toFormData } from './image-edit-request';

export const DEFAULT_IMAGE_EDIT_BASE_URL = 'https://api.openai.com';
/** The largest input side sent: the model works at about 1.5k, more only costs upload time. */
const MAX_INPUT_SIDE = 2048;

export interface ImageEditEngineConfig {
  baseUrl?: string;
  apiKey: ApiKeySource;
  model?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class ImageEditApiEngine implements ImageEngine {
  readonly name = 'image-edit-api';

  constructor(private readonly config: ImageEditEngineConfig) {}

  async transform(image: Buffer, type: TransformationType, options: TransformationOptions): Promise<EngineResult> {
    const input = await sharp(image)
      .resize(MAX_INPUT_SIDE, MAX_INPUT_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png(PNG_OUTPUT)
      .toBuffer({ resolveWithObject: true });
    const fields = buildImageEditFields(type, options, input.info, this.config.model ?? DEFAULT_IMAGE_EDIT_MODEL);
    const url = new URL('/v1/images/edits', this.config.baseUrl ?? DEFAULT_IMAGE_EDIT_BASE_URL);

    let response: Response;
    try {
      response = await (this.config.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.config.apiKey()}` },
        body: toFormData(fields, input.data),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 180_000),
      });
    } catch (error) {
      throw new TransientEngineError(`Image edit API unreachable: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as {
      data?: { b64_json?: string }[];
      error?: { message?: string; type?: string; code?: string };
      vitrine_simulated?: boolean;
    };
    if (!response.ok) throw mapHttpError(response.status, body.error);
    const encoded = body.data?.[0]?.b64_json;
    if (!encoded) throw new TransientEngineError('Image edit API answered without an image');
    return { ...(await asPng(Buffer.from(encoded, 'base64'))), simulated: body.vitrine_simulated === true };
  }
}

function mapHttpError(status: number, error: { message?: string; code?: string } | undefined): Error {
  const detail = `Image edit API ${status}: ${error?.code ?? ''} ${error?.message ?? ''}`.trim();
  if (status === 429 || status >= 500) return new TransientEngineError(detail);
  // 400 with a moderation or image problem: the user is told the service refused the photo.
  if (status === 400) return new EngineRejection(TRANSFORMATION_MESSAGES.engineRefused);
  // 401/403/404: configuration (key, model access), a generic failure for the user.
  return new Error(detail);
}
