/**
 * Where a transformation's images are stored, from its record: the validated original (oriented,
 * metadata stripped) in the uploads bucket, and the result PNG in the results bucket. Never the
 * raw upload: until Validate has written the normalised original (and forever when validation
 * failed) there is no original to show, since the raw bytes may hold GPS tags or HTML.
 */
import type { TransformationRecord } from '../lib/records';
import type { TransformationState } from './transformation-status';

export interface Buckets {
  uploads: string;
  results: string;
}

export function transformationState(record: TransformationRecord, buckets: Buckets): TransformationState {
  return {
    id: record.id,
    type: record.type,
    options: record.options,
    status: record.status,
    originalBucket: buckets.uploads,
    ...(record.normalisedKey ? { originalKey: record.normalisedKey } : {}),
    ...(record.resultKey ? { resultBucket: buckets.results, resultKey: record.resultKey } : {}),
    ...(record.message ? { message: record.message } : {}),
    ...(record.code ? { code: record.code } : {}),
    simulated: record.simulated ?? false,
    ...(record.groupId ? { groupId: record.groupId, variant: record.variant, variantCount: record.variantCount } : {}),
    ...(record.seed !== undefined ? { seed: record.seed } : {}),
    ...(record.provider ? { provider: record.provider } : {}),
    ...(record.model ? { model: record.model } : {}),
  };
}
