/**
 * The last writes of a transformation's life, shared by the workflow's record steps and the
 * reconciler (architecture decision 40): its credit settled (success) or refunded (failure), then
 * the record taken out of the open list. Closing comes last, so whatever stops in between leaves
 * the record open and the reconciler finishes it.
 */
import { refundCredit, settleCredit } from '../credits/credits';
import { logger } from '../lib/logger';
import { closeTransformation, type TransformationDeps } from '../transformations/transformation-store';

export interface TransformationRef {
  orgId: string;
  transformationId: string;
}

/**
 * A succeeded transformation: the charge stands and the reservation id goes. A settling error is
 * only logged (the success is recorded; a refund would make the result free), and the record stays
 * open for the reconciler to settle later.
 */
export async function closeSucceeded(deps: TransformationDeps, ref: TransformationRef): Promise<'closed' | 'open'> {
  try {
    await settleCredit(deps, ref.orgId, ref.transformationId);
  } catch (error) {
    logger.warn('Reservation not settled', { orgId: ref.orgId, transformationId: ref.transformationId, error });
    return 'open';
  }
  await closeTransformation(deps, ref.orgId, ref.transformationId);
  return 'closed';
}

/**
 * A failed transformation (terminal: it can never succeed any more): whatever it still holds
 * reserved goes back (a no-op when the refund happened already), then it is closed.
 */
export async function closeFailed(deps: TransformationDeps, ref: TransformationRef): Promise<{ refunded: boolean }> {
  const { refunded } = await refundCredit(deps, ref.orgId, ref.transformationId);
  await closeTransformation(deps, ref.orgId, ref.transformationId);
  return { refunded };
}
