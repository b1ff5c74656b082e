/** POST /api/image-processing/{type}: starts one transformation of an uploaded file (202). */
import { IDEMPOTENCY_KEY, type TransformationOptions, type TransformationType } from '@vitrine/shared';
import { api } from '../../../lib/api-client';

export interface StartTransformationInput {
  uploadId: string;
  type: TransformationType;
  options: TransformationOptions;
  /**
   * One per file and attempt: a request sent again with it (after a 429 or a lost answer) returns
   * the transformation it started instead of starting and charging another.
   */
  idempotencyKey: string;
}

export const startTransformation = ({ uploadId, type, options, idempotencyKey }: StartTransformationInput) =>
  api<{ transformationId: string }>(`/image-processing/${type}`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_KEY.header]: idempotencyKey },
    body: { uploadId, ...options },
  });
