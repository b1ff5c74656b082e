/**
 * A local Step Functions endpoint: answers the API calls our functions make (StartExecution,
 * DescribeExecution, StopExecution, DescribeStateMachine, in the SDK's JSON 1.0 protocol) and runs the registered ASL
 * definitions with aws-local-stepfunctions, each Task state served by a local handler.
 * Executions live in memory: a restart forgets them (like a fresh account, not like AWS).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';

export const LOCAL_ACCOUNT_ID = '000000000000';

type JsonValue = Parameters<StateMachine['run']>[0];
export type TaskHandler = (input: JsonValue) => Promise<JsonValue> | JsonValue;

interface Registration {
  definition: StateMachineDefinition;
  machine: StateMachine;
  taskHandlers: Record<string, TaskHandler>;
  retryIntervalOverrides?: Record<string, number | number[]>;
}

type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: ExecutionStatus;
  startDate: Date;
  stopDate?: Date;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  abort: () => void;
  done: Promise<void>;
}

const registry = new Map<string, Registration>();
const executions = new Map<string, Execution>();

export function stateMachineArn(name: string, region: string): string {
  return `arn:aws:states:${region}:${LOCAL_ACCOUNT_ID}:stateMachine:${name}`;
}

function nameFromArn(arn: string): string | undefined {
  return /^arn:aws:states:[^:]*:\d+:stateMachine:([^:]+)$/.exec(arn)?.[1];
}

/**
 * Makes a definition startable by name (its ARN ends with `:stateMachine:<name>`). Task states
 * without a handler would call real AWS, so every Task of the definition must have one.
 */
export function registerStateMachine(
  name: string,
  definition: StateMachineDefinition,
  taskHandlers: Record<string, TaskHandler>,
  options: { retryIntervalOverrides?: Record<string, number | number[]> } = {},
): void {
  const machine = new StateMachine(definition, { validationOptions: { checkArn: false } });
  registry.set(name, { definition, machine, taskHandlers, retryIntervalOverrides: options.retryIntervalOverrides });
}

/** Resolves when the execution has finished (for tests and clean shutdown). */
export function executionDone(executionArn: string): Promise<void> | undefined {
  return executions.get(executionArn)?.done;
}

class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

function startExecution(request: { stateMachineArn?: string; name?: string; input?: string }) {
  const machineName = nameFromArn(request.stateMachineArn ?? '');
  const registration = machineName ? registry.get(machineName) : undefined;
  if (!machineName || !registration) {
    throw new SfnError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${request.stateMachineArn}'`);
  }
  const name = request.name ?? randomUUID();
  const executionArn = request.stateMachineArn!.replace(':stateMachine:', ':execution:') + `:${name}`;
  if (executions.has(executionArn)) {
    throw new SfnError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
  }
  let input: JsonValue;
  try {
    input = JSON.parse(request.input ?? '{}') as JsonValue;
  } catch {
    throw new SfnError('InvalidExecutionInput', 'Invalid execution input');
  }
  const run = registration.machine.run(input, {
    overrides: {
      taskResourceLocalHandlers: registration.taskHandlers,
      retryIntervalOverrides: registration.retryIntervalOverrides,
    },
    noThrowOnAbort: true,
  });
  const execution: Execution = {
    executionArn,
    stateMachineArn: request.stateMachineArn!,
    name,
    status: 'RUNNING',
    startDate: new Date(),
    input: request.input ?? '{}',
    abort: run.abort,
    done: Promise.resolve(),
  };
  execution.done = run.result.then(
    (output) => {
      if (execution.status !== 'RUNNING') return;
      execution.status = 'SUCCEEDED';
      execution.output = JSON.stringify(output);
      execution.stopDate = new Date();
    },
    (error: unknown) => {
      if (execution.status !== 'RUNNING') return;
      execution.stopDate = new Date();
      // The definition's top-level TimeoutSeconds elapsed: Step Functions reports TIMED_OUT.
      if (error instanceof Error && error.name === 'ExecutionTimeoutError') {
        execution.status = 'TIMED_OUT';
        execution.error = 'States.Timeout';
        return;
      }
      // ExecutionError wraps the runtime error: its name is the ASL error, its message the cause.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      execution.status = 'FAILED';
      execution.error = cause instanceof Error ? cause.name : 'States.Runtime';
      execution.cause = cause instanceof Error ? cause.message : String(cause);
      execution.stopDate = new Date();
    },
  );
  executions.set(executionArn, execution);
  return { executionArn, startDate: execution.startDate };
}

function findExecution(executionArn: string | undefined): Execution {
  const execution = executions.get(executionArn ?? '');
  if (!execution) throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${executionArn}'`);
  return execution;
}

function describeExecution(request: { executionArn?: string }) {
  const { abort: _abort, done: _done, ...execution } = findExecution(request.executionArn);
  return execution;
}

function stopExecution(request: { executionArn?: string; error?: string; cause?: string }) {
  const execution = findExecution(request.executionArn);
  if (execution.status === 'RUNNING') {
    execution.status = 'ABORTED';
    execution.error = request.error;
    execution.cause = request.cause;
    execution.stopDate = new Date();
    execution.abort();
  }
  return { stopDate: execution.stopDate };
}

/** The deep health check's call (functions/src/health/dependency-checks.ts). */
function describeStateMachine(request: { stateMachineArn?: string }) {
  const name = nameFromArn(request.stateMachineArn ?? '');
  const registration = name ? registry.get(name) : undefined;
  if (!name || !registration) {
    throw new SfnError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${request.stateMachineArn}'`);
  }
  return {
    stateMachineArn: request.stateMachineArn,
    name,
    status: 'ACTIVE',
    type: 'STANDARD',
    definition: JSON.stringify(registration.definition),
  };
}

const operations: Record<string, (request: never) => unknown> = {
  StartExecution: startExecution,
  DescribeStateMachine: describeStateMachine,
  DescribeExecution: describeExecution,
  StopExecution: stopExecution,
};

/** The JSON protocol sends timestamps as epoch seconds. */
function toWire(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, raw: unknown) {
    const original = this[key];
    return original instanceof Date ? original.getTime() / 1000 : raw;
  });
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export interface StepFunctionsEndpoint {
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

export async function startStepFunctionsEndpoint(options: {
  host: string;
  port: number;
}): Promise<StepFunctionsEndpoint> {
  const server = http.createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(toWire(body));
    };
    const target = String(request.headers['x-amz-target'] ?? '');
    const operation = operations[target.replace(/^AWSStepFunctions\./, '')];
    if (request.method !== 'POST' || !operation) {
      send(400, { __type: 'UnknownOperationException', message: `Unsupported operation: ${target}` });
      return;
    }
    try {
      const body = (await readBody(request)) || '{}';
      send(200, operation(JSON.parse(body) as never));
    } catch (error) {
      if (error instanceof SfnError) send(400, { __type: error.type, message: error.message });
      else send(500, { __type: 'InternalFailure', message: error instanceof Error ? error.message : String(error) });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://${options.host}:${port}`,
    port,
    close: async () => {
      for (const execution of executions.values()) if (execution.status === 'RUNNING') execution.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
