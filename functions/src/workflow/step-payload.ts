/**
 * The payload every Task of transformation.asl.json sends to the Lambda, and the dispatch on its
 * `step`. Errors keep their names (Retry/Catch match them); SDK and network failures become
 * TransientError so the state machine retries them, and only them.
 */
import { TransientEngineError, EngineRejection } from '../engines/types';
import { isTransient, TransientError } from './errors';
import type { CaughtError } from './failure-message';
import * as steps from './steps';

export const STEP_NAMES = [
  'validate',
  'reserveCredit',
  'transform',
  'storeResult',
  'complete',
  'refundCredit',
  'markFailed',
] as const;
export type StepName = (typeof STEP_NAMES)[number];

export interface StepPayload extends steps.TransformationRef {
  step: StepName;
  /** storeResult: the Transform state's output. */
  result?: steps.TransformResult;
  /** markFailed: what the Catch caught. */
  error?: CaughtError;
}

export async function runStep(deps: steps.WorkflowDeps, payload: StepPayload): Promise<unknown> {
  const ref = { orgId: payload.orgId, transformationId: payload.transformationId };
  try {
    switch (payload.step) {
      case 'validate':
        return await steps.validate(deps, ref);
      case 'reserveCredit':
        return await steps.reserve(deps, ref);
      case 'transform':
        return await steps.transform(deps, ref);
      case 'storeResult':
        if (!payload.result) throw new Error('storeResult needs the Transform result');
        await steps.storeResult(deps, ref, payload.result);
        return {};
      case 'complete':
        await steps.complete(deps, ref);
        return {};
      case 'refundCredit':
        return await steps.refund(deps, ref);
      case 'markFailed':
        return await steps.fail(deps, ref, payload.error);
      default:
        throw new Error(`Unknown workflow step ${String((payload as { step?: unknown }).step)}`);
    }
  } catch (error) {
    throw classify(error);
  }
}

function classify(error: unknown): unknown {
  if (error instanceof EngineRejection || error instanceof TransientEngineError || error instanceof TransientError) {
    return error;
  }
  if (isTransient(error)) return new TransientError((error as Error).message, { cause: error });
  return error;
}
