import * as fs from 'node:fs';
import { TRANSFORMATION_ASL_PATH } from '../../functions/src/workflow/definition';
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
    expect(Object.keys(resources[recordSteps]!.Properties.Environment.Variables as object)).not.toContain(
      'UPLOADS_BUCKET',
    );
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
      'secret:vitrine/dev/image-editing-api-key',
      'foundation-model/',
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

  it('keeps the record steps away from the uploads bucket', () => {
    const uploads = logicalId(stack.storage.uploads);
    const resources = roleStatements(roleOf(recordSteps)).flatMap((s) => asList(s.Resource));
    expect(JSON.stringify(resources)).not.toContain(uploads);
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
