/** Runs transformation.asl.json in-process with aws-local-stepfunctions, for the workflow tests. */
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { loadTransformationDefinition } from '../definition';
import { createLocalTaskHandlers, type StepInvoker } from '../local-task-handlers';

export const TEST_SUBSTITUTIONS = {
  ImageStepsFunctionArn: 'arn:aws:lambda:eu-west-3:000000000000:function:vitrine-image-steps',
  RecordStepsFunctionArn: 'arn:aws:lambda:eu-west-3:000000000000:function:vitrine-record-steps',
};

export interface ExecutionReport {
  status: 'SUCCEEDED' | 'FAILED';
  error?: string;
  /** Names of the states entered, in order (a retried state appears once). */
  states: string[];
  /** Number of retries per state. */
  retries: Record<string, number>;
}

export async function runTransformationWorkflow(
  input: { orgId: string; transformationId: string; correlationId: string },
  invoke: StepInvoker,
): Promise<ExecutionReport> {
  const definition = loadTransformationDefinition(TEST_SUBSTITUTIONS);
  const machine = new StateMachine(definition as unknown as StateMachineDefinition, {
    validationOptions: { checkArn: false },
  });
  const taskHandlers = createLocalTaskHandlers(definition, invoke);
  const execution = machine.run(input, {
    overrides: {
      taskResourceLocalHandlers: taskHandlers as never,
      // No real backoff in tests: every retry waits 10 ms.
      retryIntervalOverrides: Object.fromEntries(Object.keys(taskHandlers).map((name) => [name, 10])),
    },
  });
  const states: string[] = [];
  const retries: Record<string, number> = {};
  const collecting = (async () => {
    for await (const event of execution.eventLogs) {
      const { type, state } = event as { type: string; state?: { name: string } };
      if (type === 'StateEntered' && state) states.push(state.name);
      if (type === 'StateRetried' && state) retries[state.name] = (retries[state.name] ?? 0) + 1;
    }
  })();
  try {
    await execution.result;
    await collecting;
    return { status: 'SUCCEEDED', states, retries };
  } catch (error) {
    await collecting;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return { status: 'FAILED', error: cause instanceof Error ? cause.name : String(cause), states, retries };
  }
}
