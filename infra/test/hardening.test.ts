/**
 * Issue 12, parts 3 and 5: what the public can reach costs little and goes through CloudFront,
 * and every function holds only what it uses.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { API_TEXTS } from '@vitrine/shared';
import * as os from 'node:os';
import * as path from 'node:path';
import { OBJECT_PREFIXES } from '../../functions/src/lib/object-keys';
import { ENDPOINT_GROUPS } from '../../functions/src/routes';
import { lambdaBuildOptions } from '../lib/bundling';
import { VitrineFunction } from '../lib/constructs/vitrine-function';
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
      'bedrock:GetFoundationModel',
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

/** Every function of the stack we wrote (not CDK's own), with the handler it runs. */
const ourFunctions = () =>
  stack.node
    .findAll()
    .filter((construct): construct is VitrineFunction => construct instanceof VitrineFunction)
    .map((fn) => ({ fn, id: logicalId(fn), handler: fn.handlerName }));

const TABLE_OPERATIONS = {
  // A transaction's Delete item needs DeleteItem too.
  'dynamodb:DeleteItem': /new (DeleteCommand|DeleteItemCommand)\d*\(|\bDelete: \{/,
  'dynamodb:BatchWriteItem': /new (BatchWriteCommand|BatchWriteItemCommand)\d*\(/,
  'dynamodb:Scan': /new (ScanCommand)\d*\(/,
};

/**
 * Our own code in the handler's bundle (tree-shaken, not minified), without the dependencies': what
 * it can call. Unminified, esbuild heads each module's code with a `// <path>` comment.
 */
async function bundledCode(handler: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    ...lambdaBuildOptions(handler, path.join(os.tmpdir(), `vitrine-${handler}.mjs`)),
    minify: false,
    sourcemap: false,
    metafile: false,
    write: false,
  });
  const text = result.outputFiles.map((file) => file.text).join('\n');
  return text
    .split(/^(?=\/\/ \S+\.[cm]?[jt]sx?$)/m)
    .filter((section) => !/^\/\/ \S*node_modules\//.test(section))
    .join('\n');
}

describe('DynamoDB grants', () => {
  it('give no function Scan, BatchWriteItem, stream or table-wide actions', () => {
    for (const { id } of ourFunctions()) {
      const dynamo = actionsOf(id).filter((action) => action.startsWith('dynamodb:'));
      for (const forbidden of ['dynamodb:Scan', 'dynamodb:BatchWriteItem', 'dynamodb:GetRecords', 'dynamodb:*']) {
        expect([id, dynamo]).not.toEqual([id, expect.arrayContaining([forbidden])]);
      }
    }
  });

  it("match each function's code: DeleteItem only where it deletes, nothing it does not call", async () => {
    const checked = await Promise.all(
      ourFunctions().map(async ({ id, handler }) => {
        const code = await bundledCode(handler);
        const granted = actionsOf(id);
        const mismatches = Object.entries(TABLE_OPERATIONS).flatMap(([action, call]) =>
          call.test(code) === granted.includes(action)
            ? []
            : [`${handler}: ${action} ${call.test(code) ? 'used, not granted' : 'granted, not used'}`],
        );
        return mismatches;
      }),
    );
    expect(checked.flat()).toEqual([]);
    const deleting = ourFunctions()
      .filter(({ id }) => actionsOf(id).includes('dynamodb:DeleteItem'))
      .map(({ handler }) => handler)
      .sort();
    expect(deleting).toEqual(['images', 'organizations', 'projects', 'team', 'webhooks']);
  }, 120_000);
});

describe('S3 grants', () => {
  const bucketIds = [logicalId(stack.storage.uploads), logicalId(stack.storage.results)];
  /** `uploads:normalised/*` for each object ARN a function may touch, by action. */
  function objectGrants(functionId: string): Record<string, string[]> {
    const grants: Record<string, string[]> = {};
    for (const statement of roleStatements(roleOf(functionId))) {
      for (const action of asList(statement.Action).filter((a) => a.startsWith('s3:') && a !== 's3:ListBucket')) {
        for (const resource of asList(statement.Resource)) {
          const text = JSON.stringify(resource);
          const bucket = bucketIds.find((bucketId) => text.includes(bucketId));
          if (!bucket) continue;
          const key = /\/([^"]*)"\]\]\}$/.exec(text)?.[1] ?? text;
          const name = bucket === bucketIds[0] ? 'uploads' : 'results';
          (grants[action] ??= []).push(`${name}:${key}`);
        }
      }
    }
    for (const list of Object.values(grants)) list.sort();
    return grants;
  }

  it('scope every object grant to a key prefix of the layout, never a whole bucket', () => {
    const prefixes = Object.values(OBJECT_PREFIXES).map((prefix) => `${prefix}*`);
    for (const { id, handler } of ourFunctions()) {
      for (const keys of Object.values(objectGrants(id))) {
        for (const key of keys) expect([handler, prefixes.includes(key.split(':')[1]!)]).toEqual([handler, true]);
      }
    }
  });

  it('give each function the prefixes it uses, and only the actions it needs there', () => {
    const grants = (construct: VitrineFunction) => objectGrants(logicalId(construct));
    expect(grants(stack.api.functions.get('uploads')!)).toEqual({
      's3:PutObject': ['uploads:uploads/*'],
      's3:PutObjectTagging': ['uploads:uploads/*'],
    });
    // Never the raw upload (decision 35): the validated original, the result and, for the
    // history (decision 90), their thumbnails.
    expect(grants(stack.api.functions.get('transformations')!)).toEqual({
      's3:GetObject': ['results:results/*', 'results:thumbnails/*', 'uploads:normalised/*'],
    });
    expect(grants(stack.api.functions.get('images')!)).toEqual({
      's3:GetObject': ['results:results/*', 'results:thumbnails/*', 'uploads:normalised/*'],
      's3:PutObjectTagging': ['results:results/*', 'results:thumbnails/*', 'uploads:normalised/*'],
    });
    // And the paid provider answers it keeps before using them (decision 087).
    expect(grants(stack.workflow.imageSteps)).toEqual({
      's3:GetObject': ['uploads:normalised/*', 'uploads:provider-answers/*', 'uploads:uploads/*'],
      's3:PutObject': [
        'results:results/*',
        'results:thumbnails/*',
        'uploads:normalised/*',
        'uploads:provider-answers/*',
      ],
      's3:PutObjectTagging': [
        'results:results/*',
        'results:thumbnails/*',
        'uploads:normalised/*',
        'uploads:provider-answers/*',
      ],
    });
    // Project cards: the thumbnail only.
    expect(grants(stack.api.functions.get('projects')!)).toEqual({ 's3:GetObject': ['results:thumbnails/*'] });
    // No read (StoreResult trusts Transform's state, decision 127); Complete's save of a result into
    // the project its start named (decision 122).
    expect(grants(stack.workflow.recordSteps)).toEqual({
      's3:PutObjectTagging': ['results:results/*', 'results:thumbnails/*', 'uploads:normalised/*'],
    });
    // The first bytes of the raw upload, to refuse a file that is not an image before charging it (decision 094).
    expect(grants(stack.api.functions.get('image-processing')!)).toEqual({ 's3:GetObject': ['uploads:uploads/*'] });
    // Share links: read-only signed URLs of what a page shows (decision 098).
    expect(grants(stack.api.functions.get('shares')!)).toEqual({
      's3:GetObject': ['results:results/*', 'results:thumbnails/*', 'uploads:normalised/*'],
    });
    // Exports (decisions 117, 130): the result and its marked renders (written tagged), the original
    // a QR code opens, kept (re-tagged) when the code is made for a result nobody saved yet.
    expect(grants(stack.api.functions.get('exports')!)).toEqual({
      's3:GetObject': ['results:exports/*', 'results:results/*', 'uploads:normalised/*'],
      's3:PutObject': ['results:exports/*'],
      's3:PutObjectTagging': ['results:exports/*', 'uploads:normalised/*'],
    });
    for (const group of ['health', 'users', 'billing', 'organizations', 'team', 'api-keys', 'api-v1-docs'] as const) {
      expect([group, grants(stack.api.functions.get(group)!)]).toEqual([group, {}]);
    }
    // The public API's groups (issue 25) touch exactly what their app twins touch.
    for (const [group, twin] of [
      ['api-v1-uploads', 'uploads'],
      ['api-v1-library', 'images'],
    ] as const) {
      expect([group, grants(stack.api.functions.get(group)!)]).toEqual([group, grants(stack.api.functions.get(twin)!)]);
    }
    // Starts and reads one transformation: the raw upload's first bytes (as the app's start), the
    // validated original and the result (as the app's read; the history's thumbnails are the app's only).
    expect(grants(stack.api.functions.get('api-v1-transformations')!)).toEqual({
      's3:GetObject': ['results:results/*', 'uploads:normalised/*', 'uploads:uploads/*'],
    });
  });
});

describe('well-architected', () => {
  const prodStack = synthStage('prod');
  const prodResources = prodStack.template.toJSON().Resources as Record<string, { Type: string; Properties: CfnJson }>;
  const prodId = (construct: { node: { defaultChild?: unknown } }) =>
    prodStack.stack.getLogicalId(construct.node.defaultChild as CfnElement);

  it('reserves (and caps) the 2 GB image steps in prod, so a burst cannot starve the API functions', () => {
    const imageSteps = prodResources[prodId(prodStack.stack.workflow.imageSteps)]!.Properties;
    expect(imageSteps.ReservedConcurrentExecutions).toBe(100);
    expect(imageSteps.MemorySize).toBeGreaterThanOrEqual(2048);
    // The API functions share the rest of the account's pool.
    for (const fn of prodStack.stack.api.functions.values()) {
      expect(prodResources[prodId(fn)]!.Properties.ReservedConcurrentExecutions).toBeUndefined();
    }
    // dev may run in a new account (10 executions in all), where no reservation can be made.
    expect(resources[logicalId(stack.workflow.imageSteps)]!.Properties.ReservedConcurrentExecutions).toBeUndefined();
  });

  it('versions the results bucket in prod and expires old versions, not in dev', () => {
    prodStack.template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: { 'Fn::Join': ['', Match.arrayWith(['vitrine-prod-results-'])] },
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Id: 'old-versions',
            NoncurrentVersionExpiration: { NoncurrentDays: 30 },
            ExpiredObjectDeleteMarker: true,
          }),
        ]),
      },
    });
    const devResults = Object.values(dev.findResources('AWS::S3::Bucket')).find((bucket) =>
      JSON.stringify(bucket.Properties?.BucketName ?? '').includes('vitrine-dev-results-'),
    )!;
    expect(devResults.Properties.VersioningConfiguration).toBeUndefined();
  });

  // Decision 101: a saved image's original is the proof link of its disclosure (issue 24), so it
  // lives exactly as long as its result: no rule of either bucket expires an object tagged saved.
  it('never expires a saved original or result: every expiring rule is limited to unsaved or pending objects', () => {
    for (const purpose of ['uploads', 'results']) {
      const bucket = Object.values(dev.findResources('AWS::S3::Bucket')).find((candidate) =>
        JSON.stringify(candidate.Properties?.BucketName ?? '').includes(`vitrine-dev-${purpose}-`),
      )!;
      const rules = bucket.Properties.LifecycleConfiguration.Rules as {
        Id: string;
        ExpirationInDays?: number;
        TagFilters?: { Key: string; Value: string }[];
      }[];
      const expiring = rules.filter((rule) => rule.ExpirationInDays !== undefined);
      expect(expiring.length).toBeGreaterThan(0);
      for (const rule of expiring) {
        expect([purpose, rule.Id, rule.TagFilters?.length]).toEqual([purpose, rule.Id, 1]);
        expect(rule.TagFilters![0]).not.toEqual({ Key: 'retention', Value: 'saved' });
      }
    }
  });

  it('expires originals and results no saved image refers to, in both buckets', () => {
    for (const purpose of ['uploads', 'results']) {
      dev.hasResourceProperties('AWS::S3::Bucket', {
        BucketName: { 'Fn::Join': ['', Match.arrayWith([`vitrine-dev-${purpose}-`])] },
        LifecycleConfiguration: {
          Rules: Match.arrayWith([
            Match.objectLike({
              Id: 'unsaved-transformations',
              TagFilters: [{ Key: 'retention', Value: 'unsaved' }],
              // A day beyond the 30 days the history lists them (decision 90).
              ExpirationInDays: 31,
              Status: 'Enabled',
            }),
          ]),
        },
      });
    }
  });
});
