/**
 * Issue 12, parts 3 and 5: what the public can reach costs little and goes through CloudFront,
 * and every function holds only what it uses.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { API_TEXTS } from '@vitrine/shared';
import { ENDPOINT_GROUPS } from '../../functions/src/routes';
import { synthStage } from './synth';

const { template: dev, stack } = synthStage('dev');
const edge = Template.fromStack(stack.edge);
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
  it('lets the public GET /api/health touch nothing: no grant but the origin secret, no backend variable', () => {
    const health = logicalId(stack.api.functions.get('health')!);
    expect(actionsOf(health)).toEqual(['secretsmanager:GetSecretValue']);
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

describe('CloudFront is the only way in', () => {
  it('puts a web ACL of the us-east-1 edge stack on the distribution', () => {
    expect(stack.edge.region).toBe('us-east-1');
    expect(stack.dependencies).toContain(stack.edge);
    const [distribution] = Object.values(dev.findResources('AWS::CloudFront::Distribution'));
    expect(JSON.stringify(distribution!.Properties.DistributionConfig.WebACLId)).toContain('Vitrine-dev-edge');
  });

  it('limits requests per IP (anonymous API calls tighter) and answers 429 in French with the error contract', () => {
    const [acl] = Object.values(edge.findResources('AWS::WAFv2::WebACL'));
    const props = acl!.Properties;
    expect(props.Scope).toBe('CLOUDFRONT');
    expect(props.DefaultAction).toEqual({ Allow: {} });
    type CfnValue = ReturnType<typeof edge.toJSON>;
    const rules = props.Rules as { Name: string; Statement: CfnValue; Action?: CfnValue; Priority: number }[];
    const rate = (name: string) => rules.find((rule) => rule.Name === name)!;
    expect(rate('anonymous-api-rate-per-ip').Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: 'IP',
      Limit: 300,
      EvaluationWindowSec: 300,
    });
    expect(JSON.stringify(rate('anonymous-api-rate-per-ip').Statement)).toContain('authorization');
    expect(rate('rate-per-ip').Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: 3000 });
    for (const name of ['anonymous-api-rate-per-ip', 'rate-per-ip']) {
      expect(rate(name).Action!.Block.CustomResponse).toMatchObject({
        ResponseCode: 429,
        CustomResponseBodyKey: 'rate-limited',
        ResponseHeaders: [{ Name: 'retry-after', Value: '300' }],
      });
    }
    expect(JSON.parse(props.CustomResponseBodies['rate-limited'].Content)).toEqual({
      code: 'RATE_LIMITED',
      message: API_TEXTS.tooManyRequests,
    });
    const managed = rules.flatMap((rule) => rule.Statement.ManagedRuleGroupStatement ?? []);
    expect(managed.map((group: { Name: string }) => group.Name)).toEqual([
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    // The Stripe webhook's signed body is not inspected; 16 KB JSON bodies are not blocked by size.
    for (const group of managed) expect(JSON.stringify(group.ScopeDownStatement)).toContain('/api/billing/webhook');
    expect(managed[0].RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
  });

  it('logs blocked requests only', () => {
    edge.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      LoggingFilter: Match.objectLike({ DefaultBehavior: 'DROP' }),
    });
    edge.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: 'aws-waf-logs-vitrine-dev' });
  });

  it('sends the origin secret to the API, from Secrets Manager, never written in the template', () => {
    const [distribution] = Object.values(dev.findResources('AWS::CloudFront::Distribution'));
    const origins = distribution!.Properties.DistributionConfig.Origins as { OriginCustomHeaders?: unknown[] }[];
    const headers = origins.flatMap((origin) => origin.OriginCustomHeaders ?? []) as {
      HeaderName: string;
      HeaderValue: unknown;
    }[];
    expect(headers.map((header) => header.HeaderName)).toEqual(['x-origin-verify']);
    expect(JSON.stringify(headers[0]!.HeaderValue)).toMatch(/\{\{resolve:secretsmanager:/);
    dev.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'vitrine/dev/origin-verify',
      GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
    });
  });

  it('makes every API function check it: the secret name, and GetSecretValue on that secret only', () => {
    for (const group of ENDPOINT_GROUPS) {
      const fn = logicalId(stack.api.functions.get(group)!);
      expect([group, resources[fn]!.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET_NAME]).toEqual([
        group,
        'vitrine/dev/origin-verify',
      ]);
      const reads = roleStatements(roleOf(fn)).filter((statement) =>
        asList(statement.Action).includes('secretsmanager:GetSecretValue'),
      );
      expect(JSON.stringify(reads.map((statement) => statement.Resource))).toContain(
        'secret:vitrine/dev/origin-verify-??????',
      );
    }
  });
});
