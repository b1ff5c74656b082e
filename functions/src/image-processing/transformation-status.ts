/** GET /api/transformations/{id}: the API view of a transformation, with short-lived signed URLs. */
import type { Transformation } from '@vitrine/shared';
import type { SignGetUrl } from '../lib/aws/presign-get';

/** Minutes: long enough to display and download, short enough not to be shared around. */
export const RESULT_URL_EXPIRY_SECONDS = 10 * 60;

/**
 * What the status view reads from a transformation record of the caller's organization: the API
 * view's own fields (one definition, in @vitrine/shared) and where its objects are stored.
 */
export interface TransformationState extends Pick<
  Transformation,
  | 'id'
  | 'type'
  | 'options'
  | 'status'
  | 'message'
  | 'code'
  | 'simulated'
  | 'groupId'
  | 'variant'
  | 'variantCount'
  | 'seed'
  | 'provider'
  | 'model'
> {
  originalBucket: string;
  /** The validated original; absent until validation succeeded (architecture decision 35). */
  originalKey?: string;
  resultBucket?: string;
  resultKey?: string;
}

export async function transformationView(
  state: TransformationState,
  creditBalance: number,
  sign: SignGetUrl,
): Promise<Transformation> {
  const succeeded = state.status === 'succeeded' && state.resultBucket && state.resultKey;
  const expiry = { expiresIn: RESULT_URL_EXPIRY_SECONDS };
  const [originalUrl, resultUrl] = await Promise.all([
    state.originalKey ? sign(state.originalBucket, state.originalKey, expiry) : undefined,
    succeeded ? sign(state.resultBucket!, state.resultKey!, expiry) : undefined,
  ]);
  return {
    id: state.id,
    type: state.type,
    options: state.options,
    status: state.status,
    ...(originalUrl ? { originalUrl } : {}),
    ...(resultUrl ? { resultUrl } : {}),
    ...(state.status === 'failed' && state.message ? { message: state.message } : {}),
    ...(state.status === 'failed' && state.code ? { code: state.code } : {}),
    simulated: state.simulated ?? false,
    ...(state.groupId ? { groupId: state.groupId, variant: state.variant, variantCount: state.variantCount } : {}),
    ...(state.seed !== undefined ? { seed: state.seed } : {}),
    ...(succeeded && state.provider ? { provider: state.provider } : {}),
    ...(succeeded && state.model ? { model: state.model } : {}),
    creditBalance,
  };
}
