/**
 * The local Step Functions endpoint through the real SFN client: a two-state definition whose
 * Task is retried on a transient error and whose Catch routes a permanent one to a Fail state.
 */
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import {
  executionDone,
  registerStateMachine,
  startStepFunctionsEndpoint,
  stateMachineArn,
  type StepFunctionsEndpoint,
} from './step-functions';

const REGION = 'eu-west-3';

const definition = {
  StartAt: 'Work',
  States: {
    Work: {
      Type: 'Task',
      Resource: 'arn:aws:states:::lambda:invoke',
      Retry: [{ ErrorEquals: ['TransientError'], IntervalSeconds: 1, MaxAttempts: 2 }],
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'Failed' }],
      End: true,
    },
    Failed: { Type: 'Fail', Error: 'WorkFailed', Cause: 'Le travail a échoué.' },
  },
} as unknown as StateMachineDefinition;

class TransientError extends Error {
  override name = 'TransientError';
}
class PermanentError extends Error {
  override name = 'PermanentError';
}

let endpoint: StepFunctionsEndpoint;
let client: SFNClient;
const attempts = new Map<string, number>();

beforeAll(async () => {
  registerStateMachine(
    'two-states',
    definition,
    {
      Work: async (input) => {
        const { id, failures, permanent, slow } = input as {
          id: string;
          failures: number;
          permanent?: boolean;
          slow?: boolean;
        };
        const attempt = (attempts.get(id) ?? 0) + 1;
        attempts.set(id, attempt);
        // Never settles: the execution stays RUNNING until stopped.
        if (slow) await new Promise(() => undefined);
        if (permanent) throw new PermanentError('boom');
        if (attempt <= failures) throw new TransientError(`attempt ${attempt}`);
        return { Payload: { id, attempts: attempt } };
      },
    },
    { retryIntervalOverrides: { Work: 0 } },
  );
  endpoint = await startStepFunctionsEndpoint({ host: '127.0.0.1', port: 0 });
  client = new SFNClient({
    endpoint: endpoint.endpoint,
    region: REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterAll(async () => {
  client.destroy();
  await endpoint.close();
});

async function run(input: object, machine = 'two-states') {
  const { executionArn } = await client.send(
    new StartExecutionCommand({ stateMachineArn: stateMachineArn(machine, REGION), input: JSON.stringify(input) }),
  );
  await executionDone(executionArn!);
  return client.send(new DescribeExecutionCommand({ executionArn }));
}

it('succeeds after retrying a transient error', async () => {
  const execution = await run({ id: 'retry', failures: 2 });
  expect(execution.status).toBe('SUCCEEDED');
  expect(JSON.parse(execution.output!)).toEqual({ Payload: { id: 'retry', attempts: 3 } });
  expect(execution.startDate).toBeInstanceOf(Date);
});

it('routes an exhausted retry to the Catch and its Fail state', async () => {
  const execution = await run({ id: 'exhausted', failures: 5 });
  expect(attempts.get('exhausted')).toBe(3);
  expect(execution).toMatchObject({ status: 'FAILED', error: 'WorkFailed', cause: 'Le travail a échoué.' });
});

it('catches a permanent error without retrying it', async () => {
  const execution = await run({ id: 'permanent', failures: 0, permanent: true });
  expect(attempts.get('permanent')).toBe(1);
  expect(execution.status).toBe('FAILED');
});

it('stops a running execution', async () => {
  const { executionArn } = await client.send(
    new StartExecutionCommand({
      stateMachineArn: stateMachineArn('two-states', REGION),
      input: JSON.stringify({ id: 'slow', failures: 0, slow: true }),
    }),
  );
  await client.send(new StopExecutionCommand({ executionArn }));
  const execution = await client.send(new DescribeExecutionCommand({ executionArn }));
  expect(execution.status).toBe('ABORTED');
});

it("times an execution out after its definition's TimeoutSeconds, as TIMED_OUT", async () => {
  registerStateMachine('timed', { ...definition, TimeoutSeconds: 1 } as StateMachineDefinition, {
    Work: () => new Promise(() => undefined),
  });
  const execution = await run({ id: 'timed' }, 'timed');
  expect(execution).toMatchObject({ status: 'TIMED_OUT', error: 'States.Timeout' });
  expect(execution.stopDate).toBeInstanceOf(Date);
});

it('answers the SDK errors for unknown machines and executions', async () => {
  await expect(
    client.send(new StartExecutionCommand({ stateMachineArn: stateMachineArn('missing', REGION), input: '{}' })),
  ).rejects.toMatchObject({ name: 'StateMachineDoesNotExist' });
  await expect(
    client.send(new DescribeExecutionCommand({ executionArn: 'arn:aws:states:eu-west-3:000000000000:execution:x:y' })),
  ).rejects.toMatchObject({ name: 'ExecutionDoesNotExist' });
});
