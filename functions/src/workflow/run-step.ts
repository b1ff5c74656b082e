/**
 * Every step with one set of dependencies, for tests that run the whole definition in-process.
 * The deployed Lambdas each dispatch to their own steps only (handlers/workflow-*-steps.ts).
 */
import { runImageStep } from './image-steps';
import { IMAGE_STEP_NAMES, type StepPayload } from './step-payload';
import { runRecordStep, type WorkflowDeps } from './steps';

const IMAGE_STEPS: readonly string[] = IMAGE_STEP_NAMES;

export function runStep(deps: WorkflowDeps, payload: StepPayload): Promise<unknown> {
  return IMAGE_STEPS.includes(payload.step) ? runImageStep(deps, payload) : runRecordStep(deps, payload);
}
