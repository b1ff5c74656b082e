/**
 * The image-steps Lambda of transformation.asl.json (Validate, Transform): sharp and the engines,
 * deployed with the sharp layer and a large memory size. No table: what it needs comes in the
 * payload. It dispatches on the payload's `step`.
 */
import type { Context } from 'aws-lambda';
import { createEngine } from '../engines/factory';
import { canaryTargets, MODEL_CANARY_SOURCE, runModelCanary } from '../engines/generative/model-canary';
import { resultsBucket, uploadsBucket } from '../lib/aws/buckets';
import { containerS3Objects } from '../lib/aws/s3-objects';
import { withLogContext } from '../lib/logger';
import { runImageStep } from '../workflow/image-steps';
import type { StepPayload } from '../workflow/step-payload';
import type { ImageStepDeps } from '../workflow/steps';

let deps: ImageStepDeps | undefined;

/** Built on the first invocation, so configuration set after import (local stack, tests) applies. */
function imageStepDeps(): ImageStepDeps {
  deps ??= {
    objects: containerS3Objects(),
    uploadsBucket: uploadsBucket(),
    resultsBucket: resultsBucket(),
    engineFor: createEngine(process.env),
  };
  return deps;
}

/** A workflow step, or the daily model canary's scheduled event (decision 088). */
export const handler = (
  payload: StepPayload | { source: typeof MODEL_CANARY_SOURCE },
  context?: Pick<Context, 'awsRequestId'>,
): Promise<unknown> =>
  withLogContext({ service: 'image-steps', requestId: context?.awsRequestId }, () =>
    'source' in payload && payload.source === MODEL_CANARY_SOURCE
      ? runModelCanary(canaryTargets(process.env))
      : runImageStep(imageStepDeps(), payload as StepPayload),
  );
