/**
 * The payload every Task of transformation.asl.json sends to a step Lambda, and the dispatch on
 * its `step`. Errors keep their names (Retry/Catch match them); SDK and network failures become
 * TransientError so the state machine retries them, and only them.
 * Imports no step: each step Lambda bundles only its own steps (image-steps.ts, steps.ts).
 */
import { TransientEngineError, EngineRejection } from '../engines/types';
import { withLogContext } from '../lib/logger';
import { isTransient, TransientError } from './errors';
import type { CaughtError } from './failure-message';
import type { TransformationOptions, TransformationType } from '@vitrine/shared';
import type { TransformationRef, TransformResult, ValidatedImage } from './steps';

/** Steps of the image-steps Lambda (sharp, engines). */
export const IMAGE_STEP_NAMES = ['validate', 'transform'] as const;
/** Steps of the record-steps Lambda (credits and records only). */
export const RECORD_STEP_NAMES = [
  'startProcessing',
  'reserveCredit',
  'storeResult',
  'complete',
  'refundCredit',
  'markFailed',
] as const;
export const STEP_NAMES = [...IMAGE_STEP_NAMES, ...RECORD_STEP_NAMES] as const;
export type StepName = (typeof STEP_NAMES)[number];

/**
 * Only the record steps read or write the table: what an image step needs travels in the state
 * (ids, keys, sizes and the few options; never image bytes).
 */
export interface StepPayload extends TransformationRef {
  step: StepName;
  /** The API request's correlation id, from the execution input (every Task forwards it). */
  correlationId?: string;
  /** validate: the upload to read (StartProcessing's output). */
  uploadKey?: string;
  /** transform: the transformation's type and options (StartProcessing's output). */
  type?: TransformationType;
  options?: TransformationOptions;
  /** transform: the engine's seed (StartProcessing's output, decision 065). */
  seed?: number;
  /** reserveCredit (records it) and transform (reads it): Validate's output. */
  image?: ValidatedImage;
  /** storeResult: the Transform state's output. */
  result?: TransformResult;
  /** markFailed: what the Catch caught. */
  error?: CaughtError;
}

/** A field the state must carry to this step; missing means the definition is wrong. */
export function required<Field extends keyof StepPayload>(
  payload: StepPayload,
  field: Field,
): NonNullable<StepPayload[Field]> {
  const value = payload[field];
  if (value === undefined || value === null) throw new Error(`Step ${payload.step} needs ${field} in its payload`);
  return value as NonNullable<StepPayload[Field]>;
}

export type StepFunction<Deps> = (deps: Deps, payload: StepPayload) => Promise<unknown>;

export const refOf = (payload: StepPayload): TransformationRef => ({
  orgId: payload.orgId,
  transformationId: payload.transformationId,
});

/** One Lambda's dispatch: its steps by name; any other step is an error (a wrong FunctionName). */
export function stepDispatcher<Deps>(steps: { [Name in StepName]?: StepFunction<Deps> }): StepFunction<Deps> {
  return async (deps, payload) => {
    const run = steps[payload.step];
    if (!run) throw new Error(`Unknown workflow step ${String((payload as { step?: unknown }).step)}`);
    // Every log line and metric of the step names the request, the transformation and the step.
    const context = {
      correlationId: payload.correlationId,
      transformationId: payload.transformationId,
      step: payload.step,
    };
    return withLogContext(context, async () => {
      try {
        return await run(deps, payload);
      } catch (error) {
        throw classify(error);
      }
    });
  };
}

function classify(error: unknown): unknown {
  if (error instanceof EngineRejection || error instanceof TransientEngineError || error instanceof TransientError) {
    return error;
  }
  if (isTransient(error)) return new TransientError((error as Error).message, { cause: error });
  return error;
}
