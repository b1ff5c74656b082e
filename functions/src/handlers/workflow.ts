/**
 * The Lambda that transformation.asl.json invokes, deployed twice from this one file: as the
 * image-steps function (Validate, Transform: sharp, large memory) and the record-steps function
 * (credits and record updates: small, quick). It dispatches on the payload's `step`.
 *
 * `workflowTaskHandlers` gives the local stack the same code as aws-local-stepfunctions
 * task handlers, one per Task state of the definition.
 */
import { createEngine, type EngineSelector } from '../engines/factory';
import { ddb, tableName } from '../lib/aws/dynamodb';
import { resultsBucket, s3, uploadsBucket } from '../lib/aws/s3';
import { loadTransformationDefinition, type TransformationSubstitutions } from '../workflow/definition';
import { createLocalTaskHandlers, type LocalTaskHandler } from '../workflow/local-task-handlers';
import { runStep, type StepPayload } from '../workflow/step-payload';
import type { WorkflowDeps } from '../workflow/steps';

let engines: EngineSelector | undefined;
let deps: WorkflowDeps | undefined;

/** Built on the first invocation, so configuration set after import (local stack, tests) applies. */
function workflowDeps(): WorkflowDeps {
  engines ??= createEngine(process.env);
  deps ??= {
    ddb,
    tableName: tableName(),
    s3,
    uploadsBucket: uploadsBucket(),
    resultsBucket: resultsBucket(),
    engineFor: engines,
  };
  return deps;
}

export const handler = (payload: StepPayload): Promise<unknown> => runStep(workflowDeps(), payload);

/** For the local stack: Task state name -> handler, for aws-local-stepfunctions. */
export function workflowTaskHandlers(
  substitutions: TransformationSubstitutions = {
    ImageStepsFunctionArn: 'vitrine-image-steps',
    RecordStepsFunctionArn: 'vitrine-record-steps',
  },
): Record<string, LocalTaskHandler> {
  return createLocalTaskHandlers(loadTransformationDefinition(substitutions), handler);
}
