/**
 * The transformation workflow on the local stack: the same ASL file as in AWS, run by the local
 * Step Functions endpoint, each Task served in-process by the step Lambda's handler; and the image
 * simulator standing in for the hosted generative models (its results are labelled simulated).
 */
import {
  SIMULATOR_API_KEY,
  startImageSimulator,
  type ImageSimulator,
} from '../../functions/src/engines/simulator/image-simulator';
import {
  loadTransformationDefinition,
  type TransformationSubstitutions,
} from '../../functions/src/workflow/definition';
import { ENV } from '../../functions/src/lib/env';
import {
  createLocalTaskHandlers,
  type LocalTaskHandler,
  type StepInvoker,
} from '../../functions/src/workflow/local-task-handlers';
import { WORKFLOW_ENTRIES } from '../lib/bundling';
import type { LambdaRuntime } from './lambda-handlers';
import { LOCAL_ACCOUNT_ID, registerStateMachine, stateMachineArn } from './step-functions';

export const TRANSFORMATION_STATE_MACHINE = 'vitrine-local-transformations';

/** One step Lambda's invocation by the local Step Functions, timed around the Lambda call. */
export interface StepTiming {
  transformationId: string;
  step: string;
  /** performance.now() at the Task's call and at its answer. */
  startedAt: number;
  endedAt: number;
  /** The error the step threw (`name: message`), for a step the state machine may retry or catch. */
  error?: string;
}

export interface LocalTransformationWorkflow {
  /** Variables the API and step handlers read (also set on process.env). */
  env: Record<string, string>;
  simulator: ImageSimulator;
  /** Calls `listener` after each step Lambda answers (the bench's breakdown); returns the unsubscribe. */
  onStep(listener: (timing: StepTiming) => void): () => void;
  close(): Promise<void>;
}

let running: LocalTransformationWorkflow | undefined;

/**
 * The workflow of the stack running in this process (one at a time, like the stack): lets
 * integration tests make the simulated providers fail (`simulator.failNext`).
 */
export function runningTransformationWorkflow(): LocalTransformationWorkflow | undefined {
  return running;
}

/** Lambda ARNs as CDK would substitute them; locally they only label the Task states' targets. */
function localFunctions(region: string): TransformationSubstitutions {
  const arn = (name: string) => `arn:aws:lambda:${region}:${LOCAL_ACCOUNT_ID}:function:${name}`;
  return {
    ImageStepsFunctionArn: arn('vitrine-local-image-steps'),
    RecordStepsFunctionArn: arn('vitrine-local-record-steps'),
  };
}

/**
 * Task state name -> handler for aws-local-stepfunctions: each Task runs the step Lambda its
 * FunctionName names (image steps or record steps), from its sources or its bundle.
 */
export function workflowTaskHandlers(
  functions: TransformationSubstitutions,
  lambdas: LambdaRuntime,
  onStep: (timing: StepTiming) => void = () => undefined,
): Record<string, LocalTaskHandler> {
  const [imageSteps, recordSteps] = WORKFLOW_ENTRIES;
  const lambda =
    (name: string): StepInvoker =>
    async (payload) => {
      const startedAt = performance.now();
      const timing = (error?: unknown) =>
        onStep({
          transformationId: payload.transformationId,
          step: payload.step,
          startedAt,
          endedAt: performance.now(),
          ...(error === undefined
            ? {}
            : { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
        });
      try {
        const result = await (await lambdas.load<StepInvoker>(name))(payload);
        timing();
        return result;
      } catch (error) {
        timing(error);
        throw error;
      }
    };
  return createLocalTaskHandlers(loadTransformationDefinition(functions), {
    [functions.ImageStepsFunctionArn]: lambda(imageSteps),
    [functions.RecordStepsFunctionArn]: lambda(recordSteps),
  });
}

export async function startTransformationWorkflow(
  region: string,
  lambdas: LambdaRuntime,
  options: { retryIntervalOverrides?: Record<string, number | number[]> } = {},
): Promise<LocalTransformationWorkflow> {
  const simulator = await startImageSimulator({ host: '127.0.0.1', port: 0 });
  const env = {
    [ENV.stateMachineArn]: stateMachineArn(TRANSFORMATION_STATE_MACHINE, region),
    // Both generative providers answer from the simulator; the step code is unchanged.
    [ENV.bedrockEndpointUrl]: simulator.url,
    [ENV.imageEditApiUrl]: simulator.url,
    [ENV.imageEditApiKey]: SIMULATOR_API_KEY,
  };
  Object.assign(process.env, env);
  const functions = localFunctions(region);
  const listeners = new Set<(timing: StepTiming) => void>();
  registerStateMachine(
    TRANSFORMATION_STATE_MACHINE,
    loadTransformationDefinition(functions) as unknown as Parameters<typeof registerStateMachine>[1],
    workflowTaskHandlers(functions, lambdas, (timing) => listeners.forEach((listener) => listener(timing))),
    options,
  );
  const workflow: LocalTransformationWorkflow = {
    env,
    simulator,
    onStep(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      if (running === workflow) running = undefined;
      await simulator.close();
    },
  };
  running = workflow;
  return workflow;
}
