/**
 * Task handlers for aws-local-stepfunctions (`overrides.taskResourceLocalHandlers`), so the local
 * stack and the tests run transformation.asl.json as AWS does: each Task state receives
 * `{FunctionName, Payload}`, the step runs, and the output has Lambda invoke's shape `{Payload}`.
 * Results and errors cross a JSON boundary exactly as with Lambda: the error name is the error
 * type Retry/Catch match, and the cause is Lambda's JSON `{errorType, errorMessage}`.
 */
import { taskStateNames } from './definition';
import type { StepPayload } from './step-payload';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type LocalTaskHandler = (input: Json) => Promise<Json>;

/** What Lambda would run: a step Lambda's handler (handlers/workflow-*-steps.ts), or runStep bound to test deps. */
export type StepInvoker = (payload: StepPayload) => Promise<unknown>;

/**
 * `invoke` is one invoker for every Task, or the Lambdas by the FunctionName the definition gives
 * them (its substituted ARNs), so that each Task runs the function AWS would invoke.
 */
export function createLocalTaskHandlers(
  definition: Record<string, unknown>,
  invoke: StepInvoker | Record<string, StepInvoker>,
): Record<string, LocalTaskHandler> {
  const handler: LocalTaskHandler = async (input) => {
    const { FunctionName, Payload } = input as unknown as { FunctionName: string; Payload: StepPayload };
    const target = typeof invoke === 'function' ? invoke : invoke[FunctionName];
    if (!target) throw new Error(`No local Lambda for FunctionName ${FunctionName}`);
    try {
      const output = await target(Payload);
      return { Payload: JSON.parse(JSON.stringify(output ?? null)) as Json };
    } catch (error) {
      throw asLambdaError(error);
    }
  };
  return Object.fromEntries(taskStateNames(definition).map((name) => [name, handler]));
}

function asLambdaError(error: unknown): Error {
  const original = error instanceof Error ? error : new Error(String(error));
  const failure = new Error(JSON.stringify({ errorType: original.name, errorMessage: original.message }));
  failure.name = original.name;
  return failure;
}
