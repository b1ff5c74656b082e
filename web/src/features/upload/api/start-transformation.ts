/** POST /api/image-processing/{type}: starts one to four variants of an uploaded photo (202). */
import {
  IDEMPOTENCY_KEY,
  type StartedTransformations,
  type TransformationOptions,
  type TransformationType,
} from '@vitrine/shared';
import { api } from '../../../lib/api-client';

export interface StartTransformationInput {
  /** The photo: its upload, or (a rerun, a regeneration) an earlier transformation whose stored original is reused. */
  uploadId?: string;
  sourceTransformationId?: string;
  type: TransformationType;
  options: TransformationOptions;
  /** 2 to 4 for variants (decision 065); absent for one. */
  variants?: number;
  /**
   * One per file and attempt: a request sent again with it (after a 429 or a lost answer) returns
   * the transformations it started instead of starting and charging others.
   */
  idempotencyKey: string;
}

export const startTransformation = ({
  uploadId,
  sourceTransformationId,
  type,
  options,
  variants,
  idempotencyKey,
}: StartTransformationInput) =>
  api<StartedTransformations>(`/image-processing/${type}`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_KEY.header]: idempotencyKey },
    body: {
      ...(sourceTransformationId ? { sourceTransformationId } : { uploadId }),
      ...options,
      ...(variants && variants > 1 ? { variants } : {}),
    },
  });
