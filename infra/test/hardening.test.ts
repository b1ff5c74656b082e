/**
 * Issue 12, parts 3 and 5: what the public can reach costs little and goes through CloudFront,
 * and every function holds only what it uses.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { synthStage } from './synth';

const { template: dev, stack } = synthStage('dev');
type CfnJson = ReturnType<typeof dev.toJSON>;
const resources = dev.toJSON().Resources as Record<string, { Type: string; Properties: CfnJson }>;

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);

function roleStatements(roleId: string): Statement[] {
  return Object.values(resources)
    .filter(
      (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
    )
    .flatMap((r) => r.Properties.PolicyDocument.Statement as Statement[]);
}
const roleOf = (functionId: string) => resources[functionId]!.Properties.Role['Fn::GetAtt'][0] as string;
/** The actions a function's role may take, beyond its logs and X-Ray. */
const actionsOf = (functionId: string) =>
  roleStatements(roleOf(functionId))
    .flatMap((statement) => asList(statement.Action))
    .filter((action) => !/^(xray|logs):/.test(action));

describe('health checks', () => {
  it('lets the public GET /api/health touch nothing: no grant, no backend variable', () => {
    const health = logicalId(stack.api.functions.get('health')!);
    expect(actionsOf(health)).toEqual([]);
    const variables = Object.keys(resources[health]!.Properties.Environment.Variables as object);
    expect(variables.filter((name) => /TABLE|BUCKET|POOL|STATE_MACHINE/.test(name))).toEqual([]);
    expect(variables).toContain('APP_VERSION');
  });

  it('runs the deep check on a schedule, with metadata calls only', () => {
    const check = logicalId(stack.healthCheck.fn);
    expect([...new Set(actionsOf(check))].sort()).toEqual([
      'cognito-idp:DescribeUserPool',
      'dynamodb:DescribeTable',
      's3:ListBucket',
      'states:DescribeStateMachine',
    ]);
    dev.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(15 minutes)',
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [check, 'Arn'] },
        RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 0 }),
      }),
    });
    // A failing dependency fails the invocation: its errors alarm notifies.
    dev.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: Match.stringLikeRegexp('health-check-errors'),
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: check } }],
    });
  });
});
