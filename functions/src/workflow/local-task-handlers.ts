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

/** What Lambda would run: the handler of handlers/workflow.ts, or runStep bound to test deps. */
export type StepInvoker = (payload: StepPayload) => Promise<unknown>;

export function createLocalTaskHandlers(
  definition: Record<string, unknown>,
  invoke: StepInvoker,
): Record<string, LocalTaskHandler> {
  const handler: LocalTaskHandler = async (input) => {
    const { Payload } = input as unknown as { Payload: StepPayload };
    try {
      const output = await invoke(Payload);
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
