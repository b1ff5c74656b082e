import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { ENDPOINT_GROUPS } from '../../functions/src/routes';
import { Match } from 'aws-cdk-lib/assertions';
import { synthStage } from './synth';

const { template: dev, stack } = synthStage('dev');
const prod = synthStage('prod').template;

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

function statements(template: Template): Statement[] {
  return Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (policy) => policy.Properties.PolicyDocument.Statement as Statement[],
  );
}

/** Actions without resource-level permissions: AWS requires Resource "*" for them. */
const ACTIONS_WITHOUT_RESOURCE_SCOPE = [
  // X-Ray tracing of Lambda and Step Functions
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
  'xray:GetSamplingRules',
  'xray:GetSamplingTargets',
  // Step Functions logging to CloudWatch Logs (vended log delivery)
  'logs:CreateLogDelivery',
  'logs:DeleteLogDelivery',
  'logs:DescribeLogGroups',
  'logs:DescribeResourcePolicies',
  'logs:GetLogDelivery',
  'logs:ListLogDeliveries',
  'logs:PutResourcePolicy',
  'logs:UpdateLogDelivery',
  // BucketDeployment's invalidation of the distribution
  'cloudfront:CreateInvalidation',
  'cloudfront:GetInvalidation',
];

const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

describe('buckets', () => {
  const buckets = Object.entries(dev.findResources('AWS::S3::Bucket'));

  it('block public access and encrypt every bucket', () => {
    expect(buckets.length).toBeGreaterThanOrEqual(4);
    for (const [, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0]).toMatchObject({
        ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' },
      });
    }
  });

  it('deny every request without TLS on every bucket', () => {
    const policies = Object.values(dev.findResources('AWS::S3::BucketPolicy'));
    for (const [id] of buckets) {
      const policy = policies.find((p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: id }));
      expect(policy).toBeDefined();
      expect(policy!.Properties.PolicyDocument.Statement).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Deny',
            Action: 's3:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      );
    }
  });

  it('allow the app origin only, and POST only on the uploads bucket', () => {
    dev.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: { 'Fn::Join': ['', Match.arrayWith(['vitrine-dev-uploads-'])] },
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: ['POST', 'GET', 'HEAD'],
            AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] }]] }],
          }),
        ],
      },
    });
    dev.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: { 'Fn::Join': ['', Match.arrayWith(['vitrine-dev-results-'])] },
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['GET', 'HEAD'] })] },
    });
  });

  it('expire abandoned uploads and incomplete multipart uploads', () => {
    dev.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: { 'Fn::Join': ['', Match.arrayWith(['vitrine-dev-uploads-'])] },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ TagFilters: [{ Key: 'upload-state', Value: 'pending' }], ExpirationInDays: 1 }),
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
        ]),
      },
    });
  });

  it('expire only raw uploads still pending, and results or originals no saved image refers to after 30 days', () => {
    const dataBuckets = Object.values(dev.findResources('AWS::S3::Bucket')).filter((bucket) =>
      /vitrine-dev-(results|uploads)-/.test(JSON.stringify(bucket.Properties?.BucketName ?? '')),
    );
    expect(dataBuckets).toHaveLength(2);
    for (const bucket of dataBuckets) {
      const rules = (bucket.Properties?.LifecycleConfiguration?.Rules ?? []) as Record<string, unknown>[];
      const expiring = rules.filter((candidate) => 'ExpirationInDays' in candidate || 'ExpirationDate' in candidate);
      // Saved objects are tagged retention=saved and never expire; an unsaved result stays
      // retrievable as long as the wizard offers to restore it (30 days).
      for (const rule of expiring) {
        expect([[{ Key: 'upload-state', Value: 'pending' }], [{ Key: 'retention', Value: 'unsaved' }]]).toContainEqual(
          rule.TagFilters,
        );
        if (JSON.stringify(rule.TagFilters).includes('unsaved')) expect(rule.ExpirationInDays).toBe(30);
      }
      expect(expiring.some((rule) => JSON.stringify(rule.TagFilters).includes('unsaved'))).toBe(true);
    }
  });

  it('are kept with the stack in prod and emptied with it in dev', () => {
    for (const bucket of Object.values(prod.findResources('AWS::S3::Bucket'))) {
      expect(bucket.DeletionPolicy).toBe('Retain');
    }
    expect(prod.findResources('Custom::S3AutoDeleteObjects')).toEqual({});
    expect(Object.keys(dev.findResources('Custom::S3AutoDeleteObjects')).length).toBeGreaterThan(0);
  });
});

describe('table', () => {
  it('has PITR, encryption and the documented keys', () => {
    dev.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true },
      GlobalSecondaryIndexes: [
        Match.objectLike({
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
        }),
      ],
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  it('is protected from deletion in prod only', () => {
    prod.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] }),
    });
    dev.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
  });
});

describe('user pool', () => {
  it('signs in by e-mail with an 8-character minimum and both triggers', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
      LambdaConfig: { PreSignUp: Match.anyValue(), CustomMessage: Match.anyValue() },
    });
    const [client] = Object.values(dev.findResources('AWS::Cognito::UserPoolClient'));
    expect(client!.Properties).toMatchObject({
      GenerateSecret: false,
      ExplicitAuthFlows: expect.arrayContaining([
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
    });
    expect(client!.Properties.AllowedOAuthFlows).toBeUndefined();
  });

  it('is retained and deletion-protected in prod', () => {
    prod.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });
});

describe('functions', () => {
  it('run Node.js 22 with X-Ray and an explicit log group', () => {
    const ours = Object.values(dev.findResources('AWS::Lambda::Function')).filter(
      (fn) => fn.Properties.Environment?.Variables?.NODE_OPTIONS === '--enable-source-maps',
    );
    expect(ours.length).toBeGreaterThanOrEqual(ENDPOINT_GROUPS.length + 1);
    for (const fn of ours) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
      });
    }
  });

  it('run the API and Cognito functions on ARM64', () => {
    const functions = [...stack.api.functions.values(), stack.auth.triggers];
    for (const fn of functions) {
      const id = stack.getLogicalId(fn.node.defaultChild as CfnElement);
      expect([id, dev.toJSON().Resources[id].Properties.Architectures]).toEqual([id, ['arm64']]);
    }
  });

  it('scope every IAM statement to named resources, except actions AWS only grants on "*"', () => {
    for (const statement of statements(dev)) {
      const resources = asList(statement.Resource);
      if (resources.includes('*')) {
        const actions = asList(statement.Action);
        const onStarOnly = actions.every((action) => ACTIONS_WITHOUT_RESOURCE_SCOPE.includes(action));
        expect({ actions, onStarOnly }).toEqual({ actions, onStarOnly: true });
      }
    }
  });

  it('grant no action wildcard to our functions', () => {
    const ourPolicies = Object.entries(dev.findResources('AWS::IAM::Policy')).filter(
      ([id]) => !id.startsWith('CustomCDKBucketDeployment'),
    );
    for (const [, policy] of ourPolicies) {
      for (const statement of policy.Properties.PolicyDocument.Statement as Statement[]) {
        for (const action of asList(statement.Action)) expect(action).not.toMatch(/\*/);
      }
    }
  });

  it('do not attach AWS managed policies to our roles', () => {
    const roles = Object.entries(dev.findResources('AWS::IAM::Role')).filter(
      ([id]) => !id.startsWith('CustomCDKBucketDeployment') && !id.startsWith('CustomS3AutoDeleteObjects'),
    );
    for (const [, role] of roles) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
  });
});
