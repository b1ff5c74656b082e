/** POST /api/image-processing/{type}: starts one transformation of an uploaded file (202). */
import type { TransformationOptions, TransformationType } from '@vitrine/shared';
import { api } from '../../../lib/api-client';

export interface StartTransformationInput {
  uploadId: string;
  type: TransformationType;
  options: TransformationOptions;
}

export const startTransformation = ({ uploadId, type, options }: StartTransformationInput) =>
  api<{ transformationId: string }>(`/image-processing/${type}`, {
    method: 'POST',
    body: { uploadId, ...options },
  });
