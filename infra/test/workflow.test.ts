import * as fs from 'node:fs';
import * as path from 'node:path';
import { TRANSFORMATION_ASL_PATH } from '../../functions/src/workflow/definition';
import { EXECUTION_TIMEOUT_SECONDS } from '../../functions/src/workflow/execution-timeout';
import { RECONCILE_EVERY_SECONDS } from '../../functions/src/workflow/reconciler';
import { execSync } from 'node:child_process';
import * as os from 'node:os';
import { REPO_ROOT } from '../lib/bundling';
import { nodejsBundlingOptions } from '../lib/constructs/vitrine-function';
import { synthStage } from './synth';

const { template, stack } = synthStage('dev');
/** CloudFormation JSON, typed as loosely as the assertions library types it. */
type CfnJson = ReturnType<typeof template.toJSON>;
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: CfnJson }>;

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Logical id of a construct's CloudFormation resource. */
const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as Parameters<typeof stack.getLogicalId>[0]);

/** Statements of the policies attached to a role. */
function roleStatements(roleId: string): Statement[] {
  return Object.values(resources)
    .filter(
      (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
    )
    .flatMap((r) => r.Properties.PolicyDocument.Statement as Statement[]);
}

function roleOf(functionId: string): string {
  return resources[functionId]!.Properties.Role['Fn::GetAtt'][0] as string;
}

describe('transformation workflow', () => {
  const machines = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::StepFunctions::StateMachine');
  const [machineId, machine] = machines[0]!;
  const imageSteps = logicalId(stack.workflow.imageSteps);
  const recordSteps = logicalId(stack.workflow.recordSteps);

  it('deploys one standard state machine from the ASL file, with both step Lambdas substituted', () => {
    expect(machines).toHaveLength(1);
    expect(machine.Properties).toMatchObject({
      StateMachineType: 'STANDARD',
      DefinitionS3Location: expect.any(Object),
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: false },
    });
    expect(machine.Properties.DefinitionSubstitutions).toEqual({
      ImageStepsFunctionArn: { 'Fn::GetAtt': [imageSteps, 'Arn'] },
      RecordStepsFunctionArn: { 'Fn::GetAtt': [recordSteps, 'Arn'] },
    });
  });

  it('gives every Task a timeout, and the Lambdas a timeout within it', () => {
    const definition = JSON.parse(fs.readFileSync(TRANSFORMATION_ASL_PATH, 'utf8')) as {
      States: Record<string, { Type: string; TimeoutSeconds?: number; Parameters?: { FunctionName?: string } }>;
    };
    const tasks = Object.entries(definition.States).filter(([, state]) => state.Type === 'Task');
    expect(tasks.length).toBeGreaterThanOrEqual(5);
    for (const [name, task] of tasks) {
      expect([name, typeof task.TimeoutSeconds]).toEqual([name, 'number']);
      const fn = task.Parameters?.FunctionName === '${ImageStepsFunctionArn}' ? imageSteps : recordSteps;
      expect(resources[fn]!.Properties.Timeout).toBeLessThanOrEqual(
        Math.max(
          ...tasks
            .filter(([, t]) => t.Parameters?.FunctionName === task.Parameters?.FunctionName)
            .map(([, t]) => t.TimeoutSeconds!),
        ),
      );
    }
  });

  it('sets the execution timeout in the definition, above the worst case of every Task with its retries', () => {
    interface Retrier {
      MaxAttempts: number;
      IntervalSeconds: number;
      BackoffRate: number;
      MaxDelaySeconds?: number;
    }
    const definition = JSON.parse(fs.readFileSync(TRANSFORMATION_ASL_PATH, 'utf8')) as {
      TimeoutSeconds: number;
      States: Record<string, { Type: string; TimeoutSeconds?: number; Retry?: Retrier[] }>;
    };
    // CDK's `timeout` prop never reaches a definition from a file: the ASL's own field is the one.
    expect(definition.TimeoutSeconds).toBe(EXECUTION_TIMEOUT_SECONDS);
    expect(machine.Properties.DefinitionString).toBeUndefined();
    // Every Task visited once, each attempt to its timeout, every retrier's retries spent (each
    // counts its own) after its longest waits: whatever fails, the Catch chain (refund, mark
    // failed) runs before the execution times out.
    const worstCase = Object.values(definition.States)
      .filter((state) => state.Type === 'Task')
      .reduce((sum, task) => {
        const retriers = task.Retry ?? [];
        const attempts = 1 + retriers.reduce((count, retry) => count + retry.MaxAttempts, 0);
        const waits = retriers.flatMap((retry) =>
          Array.from({ length: retry.MaxAttempts }, (_, i) =>
            Math.min(retry.IntervalSeconds * retry.BackoffRate ** i, retry.MaxDelaySeconds ?? Infinity),
          ),
        );
        return sum + attempts * task.TimeoutSeconds! + waits.reduce((a, b) => a + b, 0);
      }, 0);
    expect(worstCase).toBeLessThanOrEqual(EXECUTION_TIMEOUT_SECONDS);
    // The docs state the same figure.
    const docs = fs.readFileSync(path.join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
    expect(docs).toContain(`${EXECUTION_TIMEOUT_SECONDS / 60}-minute execution timeout`);
  });

  it('catches every Task, MarkFailed included, so every failure ends in the Fail state', () => {
    const definition = JSON.parse(fs.readFileSync(TRANSFORMATION_ASL_PATH, 'utf8')) as {
      States: Record<string, { Type: string; Catch?: { ErrorEquals: string[]; Next: string }[] }>;
    };
    const catchAll = (name: string) =>
      definition.States[name]!.Catch?.find((c) => c.ErrorEquals.includes('States.ALL'))?.Next;
    for (const [name, state] of Object.entries(definition.States)) {
      if (state.Type === 'Task') expect([name, catchAll(name)]).toEqual([name, expect.any(String)]);
    }
    expect(catchAll('Complete')).toBe('RefundCredit');
    expect(catchAll('RefundCredit')).toBe('MarkFailed');
    expect(catchAll('MarkFailed')).toBe('TransformationFailed');
    expect(definition.States.TransformationFailed!.Type).toBe('Fail');
  });

  it('lets the state machine invoke only its two step Lambdas', () => {
    const statements = roleStatements(machine.Properties.RoleArn['Fn::GetAtt'][0] as string);
    const invoke = statements.filter((s) => asList(s.Action).includes('lambda:InvokeFunction'));
    const targets = JSON.stringify(invoke.map((s) => s.Resource));
    expect(targets).toContain(imageSteps);
    expect(targets).toContain(recordSteps);
    expect(invoke.flatMap((s) => asList(s.Resource)).every((r) => r !== '*')).toBe(true);
  });

  it('ships sharp to the image steps as a layer of their architecture', () => {
    const fn = resources[imageSteps]!.Properties;
    expect(fn.Layers).toHaveLength(1);
    const layer = resources[fn.Layers[0].Ref as string]!.Properties;
    expect(layer.CompatibleArchitectures).toEqual(fn.Architectures);
    expect(layer.Description).toMatch(/^sharp /);
    expect(fn.MemorySize).toBeGreaterThanOrEqual(1769);
    expect(fn.TracingConfig).toEqual({ Mode: 'Active' });
  });

  it('copies the rendered skies beside the image steps bundle, and nothing beside the others', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-assets-'));
    try {
      for (const command of nodejsBundlingOptions('workflow-image-steps').commandHooks.afterBundling(REPO_ROOT, out)) {
        execSync(command);
      }
      const copied = fs.readdirSync(path.join(out, 'skies')).sort();
      expect(copied).toEqual([
        'PROVENANCE.md',
        ...['blue', 'cloudy', 'dramatic', 'night', 'sunset'].flatMap((type) => [`${type}-1.jpg`, `${type}-2.jpg`]),
      ]);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
    expect(nodejsBundlingOptions('workflow-record-steps').commandHooks.afterBundling(REPO_ROOT, '/out')).toEqual([]);
  });

  it('builds each step Lambda from its own entry, the record steps on ARM64 without the sharp layer', () => {
    const image = resources[imageSteps]!.Properties;
    const record = resources[recordSteps]!.Properties;
    expect(record.Code.S3Key).not.toEqual(image.Code.S3Key);
    expect(record.Architectures).toEqual(['arm64']);
    expect(record.Layers).toBeUndefined();
    expect(record.TracingConfig).toEqual({ Mode: 'Active' });
  });

  it('gives only the image steps the engines: Bedrock and the image-editing secret', () => {
    const actions = (fn: string) => roleStatements(roleOf(fn)).flatMap((s) => asList(s.Action));
    expect(actions(imageSteps)).toEqual(
      expect.arrayContaining(['bedrock:InvokeModel', 'secretsmanager:GetSecretValue']),
    );
    expect(actions(recordSteps).filter((a) => /^(bedrock|secretsmanager):/.test(a))).toEqual([]);
  });

  it('lets the image steps list the stored provider answers, and nothing else of the uploads bucket (decision 087)', () => {
    const listings = roleStatements(roleOf(imageSteps)).filter((s) => asList(s.Action).includes('s3:ListBucket'));
    expect(listings).toEqual([
      expect.objectContaining({
        Action: 's3:ListBucket',
        Resource: { 'Fn::GetAtt': [logicalId(stack.storage.uploads), 'Arn'] },
        Condition: { StringLike: { 's3:prefix': ['provider-answers/*'] } },
      }),
    ]);
  });

  it('gives the table to the record steps only: the image steps get what they need in the state', () => {
    const table = logicalId(stack.data.table);
    const tableAccess = (fn: string) =>
      roleStatements(roleOf(fn))
        .filter((s) => JSON.stringify(s.Resource).includes(table))
        .flatMap((s) => asList(s.Action));
    expect(tableAccess(imageSteps)).toEqual([]);
    expect(Object.keys(resources[imageSteps]!.Properties.Environment.Variables as object)).not.toContain('TABLE_NAME');
    expect(tableAccess(recordSteps)).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem']));
  });

  it('scopes the step Lambdas to the table and the two data buckets', () => {
    const allowed = [
      logicalId(stack.data.table),
      logicalId(stack.storage.uploads),
      logicalId(stack.storage.results),
      // The record steps queue webhook deliveries (decision 114).
      logicalId(stack.webhooks.queue),
      'secret:vitrine/dev/image-editing-api-key',
      'foundation-model/',
      // Cross-Region inference profiles of the generative models (config/engines.ts).
      'inference-profile/',
    ];
    const functions = [stack.workflow.imageSteps, stack.workflow.recordSteps];
    for (const construct of functions) {
      const fn = logicalId(construct);
      // Its own log group, and nothing else of CloudWatch Logs.
      const ownLogs = logicalId(construct.logGroup as unknown as { node: { defaultChild?: unknown } });
      for (const statement of roleStatements(roleOf(fn))) {
        const actions = asList(statement.Action);
        if (actions.every((action) => action.startsWith('xray:'))) continue;
        for (const resource of asList(statement.Resource)) {
          const text = JSON.stringify(resource);
          expect([actions, [...allowed, ownLogs].some((id) => text.includes(id))]).toEqual([actions, true]);
        }
      }
    }
  });

  it('keeps the record steps away from the uploads, but for re-tagging a saved validated original (decision 122)', () => {
    const uploads = logicalId(stack.storage.uploads);
    const touching = roleStatements(roleOf(recordSteps)).filter((s) => JSON.stringify(s.Resource).includes(uploads));
    expect(touching.map((s) => [asList(s.Action), JSON.stringify(s.Resource)])).toEqual([
      [['s3:PutObjectTagging'], expect.stringContaining('/normalised/*')],
    ]);
  });

  it('runs the reconciler every few minutes, on ARM64 from its own bundle, with only what it needs', () => {
    const reconciler = logicalId(stack.workflow.reconciler);
    const fn = resources[reconciler]!.Properties;
    expect(fn.Architectures).toEqual(['arm64']);
    expect(fn.Layers).toBeUndefined();
    expect(fn.Code.S3Key).not.toEqual(resources[recordSteps]!.Properties.Code.S3Key);
    expect(fn.Environment.Variables).toMatchObject({
      STATE_MACHINE_ARN: { Ref: machineId },
      TABLE_NAME: expect.anything(),
    });

    const table = logicalId(stack.data.table);
    const statements = roleStatements(roleOf(reconciler)).filter(
      (s) => !asList(s.Action).every((action) => action.startsWith('xray:') || action.startsWith('logs:')),
    );
    const grants = statements.map((s) => [asList(s.Action).sort(), JSON.stringify(s.Resource)] as const);
    expect(grants).toHaveLength(5);
    const [query, items, describe, tags, send] = grants;
    expect(query![0]).toEqual(['dynamodb:Query']);
    expect(query![1]).toContain(`${table}`);
    expect(query![1]).toContain('/index/gsi1');
    expect(items![0]).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(items![1]).toBe(JSON.stringify({ 'Fn::GetAtt': [table, 'Arn'] }));
    expect(describe![0]).toEqual(['states:DescribeExecution']);
    expect(describe![1]).toContain(':execution:');
    expect(describe![1]).toContain(machineId);
    // The save of a success into the project its start named (decision 122): re-tagging only.
    expect(tags![0]).toEqual(['s3:PutObjectTagging']);
    const tagged = JSON.parse(tags![1]) as unknown[];
    expect(tagged.map((resource) => JSON.stringify(resource).match(/"(\/[a-z-]+\/\*)"/)?.[1])).toEqual([
      '/results/*',
      '/thumbnails/*',
      '/normalised/*',
    ]);
    expect(JSON.stringify(tagged[2])).toContain(logicalId(stack.storage.uploads));
    // The ends it writes are told to the webhooks, as the workflow's are (decision 114).
    expect(send![0]).toEqual(['sqs:SendMessage']);
    expect(send![1]).toContain(logicalId(stack.webhooks.queue));

    // The reconciler's schedule (the deep health check has its own).
    const schedules = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Scheduler::Schedule' && r.Properties.Target.Arn['Fn::GetAtt']?.[0] === reconciler,
    );
    expect(schedules).toHaveLength(1);
    expect(schedules[0]!.Properties).toMatchObject({
      ScheduleExpression: `rate(${RECONCILE_EVERY_SECONDS / 60} minutes)`,
      State: 'ENABLED',
      Target: { Arn: { 'Fn::GetAtt': [reconciler, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } },
    });
    const schedulerRole = schedules[0]!.Properties.Target.RoleArn['Fn::GetAtt'][0] as string;
    const invoked = roleStatements(schedulerRole).flatMap((s) => asList(s.Resource));
    expect(JSON.stringify(invoked)).toContain(reconciler);
    expect(roleStatements(schedulerRole).flatMap((s) => asList(s.Action))).toEqual(['lambda:InvokeFunction']);
  });

  it('lets the image-processing API start executions of this state machine only', () => {
    const api = logicalId(stack.api.functions.get('image-processing')!);
    expect(resources[api]!.Properties.Environment.Variables.STATE_MACHINE_ARN).toEqual({ Ref: machineId });
    const start = roleStatements(roleOf(api)).filter((s) => asList(s.Action).includes('states:StartExecution'));
    expect(start.map((s) => s.Resource)).toEqual([{ Ref: machineId }]);
    for (const group of ['uploads', 'transformations', 'projects', 'images'] as const) {
      const other = logicalId(stack.api.functions.get(group)!);
      const actions = roleStatements(roleOf(other)).flatMap((s) => asList(s.Action));
      expect(actions.some((action) => action.startsWith('states:'))).toBe(false);
    }
  });
});
