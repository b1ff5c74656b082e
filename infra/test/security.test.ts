import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { ENDPOINT_GROUPS } from '../../functions/src/routes';
import { Match } from 'aws-cdk-lib/assertions';
import { GROUP_NEEDS } from '../lib/endpoint-groups';
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

  it('expire only raw uploads still pending, and results or originals no saved image refers to after 31 days', () => {
    const dataBuckets = Object.values(dev.findResources('AWS::S3::Bucket')).filter((bucket) =>
      /vitrine-dev-(results|uploads)-/.test(JSON.stringify(bucket.Properties?.BucketName ?? '')),
    );
    expect(dataBuckets).toHaveLength(2);
    for (const bucket of dataBuckets) {
      const rules = (bucket.Properties?.LifecycleConfiguration?.Rules ?? []) as Record<string, unknown>[];
      const expiring = rules.filter((candidate) => 'ExpirationInDays' in candidate || 'ExpirationDate' in candidate);
      // Saved objects are tagged retention=saved and never expire; an unsaved result stays
      // retrievable a day beyond the 30 days the history lists it (decision 90).
      for (const rule of expiring) {
        expect([[{ Key: 'upload-state', Value: 'pending' }], [{ Key: 'retention', Value: 'unsaved' }]]).toContainEqual(
          rule.TagFilters,
        );
        if (JSON.stringify(rule.TagFilters).includes('unsaved')) expect(rule.ExpirationInDays).toBe(31);
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
  it('signs in by e-mail with an 8-character minimum, both triggers and optional TOTP MFA', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
      LambdaConfig: { PreSignUp: Match.anyValue(), CustomMessage: Match.anyValue() },
      // E-mail verification codes (GetUserAttributeVerificationCode), the original kept until a new one is verified.
      AutoVerifiedAttributes: ['email'],
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('sends its e-mails through SES from the stage’s sender, not Cognito’s capped default', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        From: 'Vitrine <no-reply+dev@vitrine-immo.fr>',
        SourceArn: Match.anyValue(),
      }),
    });
    prod.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ From: 'Vitrine <no-reply@vitrine-immo.fr>' }),
    });
  });

  it('lets the user write their name, phone and e-mail, never email_verified', () => {
    const [client] = Object.values(dev.findResources('AWS::Cognito::UserPoolClient'));
    expect([...client!.Properties.WriteAttributes].sort()).toEqual(
      ['email', 'family_name', 'given_name', 'phone_number'].sort(),
    );
  });

  it('lets the web client sign in with SRP only: the password never leaves the browser', () => {
    const [client] = Object.values(dev.findResources('AWS::Cognito::UserPoolClient'));
    expect(client!.Properties).toMatchObject({ GenerateSecret: false });
    expect([...client!.Properties.ExplicitAuthFlows].sort()).toEqual([
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    expect(client!.Properties.AllowedOAuthFlows).toBeUndefined();
  });

  it('gives the Pre sign-up trigger a Query on gsi1 only (invitations by token hash)', () => {
    const pool = Object.values(dev.findResources('AWS::Cognito::UserPool'))[0]!;
    const triggerArn = pool.Properties.LambdaConfig.PreSignUp['Fn::GetAtt'][0] as string;
    const trigger = dev.findResources('AWS::Lambda::Function')[triggerArn]!;
    expect(Object.keys(trigger.Properties.Environment.Variables).sort()).toEqual(
      ['APP_URL', 'NODE_OPTIONS', 'STAGE', 'TABLE_NAME'].sort(),
    );
    const roleId = trigger.Properties.Role['Fn::GetAtt'][0] as string;
    const statements = Object.values(dev.findResources('AWS::IAM::Policy'))
      .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
      .flatMap(
        (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
      );
    const dynamo = statements.filter((statement) => JSON.stringify(statement.Action).includes('dynamodb:'));
    expect(dynamo).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:Query',
        Resource: { 'Fn::Join': ['', [expect.objectContaining({ 'Fn::GetAtt': expect.any(Array) }), '/index/gsi1']] },
      }),
    ]);
  });

  it('lets the team function send e-mail through SES from the stage sender only', () => {
    const team = Object.entries(dev.findResources('AWS::Lambda::Function')).find(([id]) =>
      id.includes('TeamFunction'),
    )!;
    expect(team[1].Properties.Environment.Variables.MAIL_FROM).toBe('Vitrine <no-reply+dev@vitrine-immo.fr>');
    const roleId = team[1].Properties.Role['Fn::GetAtt'][0] as string;
    const statements = Object.values(dev.findResources('AWS::IAM::Policy'))
      .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Record<string, unknown>[]);
    const ses = statements.filter((statement) => JSON.stringify(statement.Action).includes('ses:'));
    expect(ses).toEqual([
      expect.objectContaining({
        Action: 'ses:SendEmail',
        Condition: { StringEquals: { 'ses:FromAddress': 'no-reply+dev@vitrine-immo.fr' } },
        Resource: {
          'Fn::Join': ['', ['arn:aws:ses:eu-west-3:', { Ref: 'AWS::AccountId' }, ':identity/vitrine-immo.fr']],
        },
      }),
    ]);
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

  it("run the API and Cognito functions on ARM64, but a group with sharp on its binaries' x86_64, with the layer", () => {
    const functions = [...stack.api.functions.entries()].map(([group, fn]) => [fn, GROUP_NEEDS[group].sharp] as const);
    for (const [fn, sharp] of [...functions, [stack.auth.triggers, false] as const]) {
      const id = stack.getLogicalId(fn.node.defaultChild as CfnElement);
      const properties = dev.toJSON().Resources[id].Properties;
      expect([id, properties.Architectures]).toEqual([id, [sharp ? 'x86_64' : 'arm64']]);
      expect([id, (properties.Layers ?? []).length]).toEqual([id, sharp ? 1 : 0]);
    }
    expect(GROUP_NEEDS.exports.sharp).toBe(true);
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
