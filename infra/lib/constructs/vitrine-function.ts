/**
 * The house Lambda: a NodejsFunction with Vitrine's defaults (Node.js 22 on ARM64, esbuild options
 * from bundling.ts, an explicit log group, JSON log format, X-Ray) and `bind*` helpers that set a function's
 * environment variable and grant the least privilege it needs in one call.
 */
import { type CfnElement, Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import * as path from 'node:path';
import { ENV } from '../../../functions/src/lib/env';
import type { MailConfig } from '../../config/stages';
import { ESBUILD_OPTIONS, externalsOf, handlerEntry, lambdaAssetsOf, REPO_ROOT } from '../bundling';

export interface VitrineFunctionProps {
  /** Handler file name under functions/src/handlers, without `.ts` (an endpoint group or a trigger). */
  handlerName: string;
  /**
   * @default Architecture.ARM_64 (cheaper per GB-second; pure-JS bundles run the same). Another
   * architecture only for native modules (e.g. sharp) whose binaries exist for it.
   */
  architecture?: lambda.Architecture;
  /** @default RetentionDays.TWO_WEEKS */
  logRetention?: logs.RetentionDays;
  /** @default 512 (MB): enough CPU for JSON and SDK work with a fast cold start */
  memorySize?: number;
  /** @default 10 seconds (API Gateway gives up after 30) */
  timeout?: Duration;
  environment?: Record<string, string>;
  /** @default RemovalPolicy.RETAIN (the LogGroup default) */
  logRemovalPolicy?: RemovalPolicy;
  /** Concurrency reserved for (and capping) this function. @default none: the account's shared pool */
  reservedConcurrentExecutions?: number;
}

/**
 * 'describe' is metadata only (health check). Item access, on the table and its indexes (decision
 * 41): 'read' (GetItem, BatchGetItem, Query, ConditionCheckItem), 'readWrite' (+ PutItem,
 * UpdateItem), 'readWriteDelete' (+ DeleteItem). No function gets Scan, BatchWriteItem or the
 * stream actions; infra/test/hardening.test.ts checks each function's code against its grant.
 */
export type TableAccess = 'describe' | 'read' | 'readWrite' | 'readWriteDelete';

export const TABLE_ACTIONS: Record<Exclude<TableAccess, 'describe'>, readonly string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
  ],
  readWriteDelete: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
  ],
};

/**
 * 'head': the bucket exists (HeadBucket, on the bucket itself). Object access, on the key
 * prefixes given (functions/src/lib/object-keys.ts): 'read' (GetObject, and presigned GET URLs),
 * 'put' (PutObject with its tags: presigned POST uploads, writes tagged on creation), 'write' and
 * 'readPut' (object writes without tags or delete rights), 'tag' (PutObjectTagging only: saving
 * re-tags objects), 'readWrite'.
 */
export type BucketAccess = 'head' | 'read' | 'put' | 'write' | 'readPut' | 'tag' | 'readWrite';

/** Object access on some key prefixes of a bucket (decision 50), e.g. `{ access: 'read', prefixes: ['results/'] }`. */
export interface ScopedBucketAccess {
  access: Exclude<BucketAccess, 'head'>;
  prefixes: readonly string[];
}
/** 'describe': DescribeUserPool (health); 'id': the pool id only (calls made with the user's own token). */
export type UserPoolAccess = 'id' | 'describe';

export class VitrineFunction extends NodejsFunction {
  /** The handler file under functions/src/handlers (which code this function runs). */
  readonly handlerName: string;

  constructor(scope: Construct, id: string, props: VitrineFunctionProps) {
    // The role and log group are created beside the function (the subclass cannot create children
    // before super()): an own role, because the default one attaches the AWS managed
    // AWSLambdaBasicExecutionRole, which may write to every log group of the account.
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs the ${props.handlerName} Lambda`,
    });
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? logs.RetentionDays.TWO_WEEKS,
      removalPolicy: props.logRemovalPolicy,
    });
    logGroup.grantWrite(role);

    super(scope, id, {
      entry: handlerEntry(props.handlerName),
      handler: 'handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: props.architecture ?? lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      // JSON lines from functions/src/lib/logger.ts pass through as they are; Lambda's own lines
      // (START, REPORT) become JSON too. Application logs at INFO, never above: EMF metric lines have
      // no level, Lambda files them as INFO, and a WARN threshold would drop every metric.
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      systemLogLevelV2: lambda.SystemLogLevel.INFO,
      role,
      logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      bundling: nodejsBundlingOptions(props.handlerName),
    });
    this.handlerName = props.handlerName;

    // X-Ray's PutTraceSegments/PutTelemetryRecords do not support resource-level permissions.
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray trace upload actions only accept Resource "*" (no resource-level permissions).',
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 (LTS) is the runtime the code is built and tested on (engines, .nvmrc, CI, esbuild target node22); a move to a newer runtime goes through all of them at once.',
    });
  }

  /**
   * Sets TABLE_NAME and grants the given access to the table (and its indexes for item access):
   * the actions listed in TABLE_ACTIONS, never Scan, BatchWriteItem nor DeleteItem unless asked.
   */
  bindTable(table: ITable, access: TableAccess, envName: string = ENV.table): this {
    this.addEnvironment(envName, table.tableName);
    if (access === 'describe') {
      this.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['dynamodb:DescribeTable'], resources: [table.tableArn] }),
      );
      return this;
    }
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...TABLE_ACTIONS[access]],
        resources: [table.tableArn, `${table.tableArn}/index/*`],
      }),
    );
    this.suppressIndexWildcard(table);
    return this;
  }

  /**
   * Sets the bucket name variable (e.g. UPLOADS_BUCKET) and grants the given access to that bucket
   * only: object access on the given key prefixes (e.g. `['results/']`), each its own `<prefix>*`.
   */
  bindBucket(bucket: IBucket, envName: string, access: BucketAccess, prefixes?: readonly string[]): this {
    this.addEnvironment(envName, bucket.bucketName);
    const objectActions: Record<Exclude<BucketAccess, 'head'>, string[]> = {
      read: ['s3:GetObject'],
      put: ['s3:PutObject', 's3:PutObjectTagging'],
      write: ['s3:PutObject'],
      readPut: ['s3:GetObject', 's3:PutObject'],
      tag: ['s3:PutObjectTagging'],
      readWrite: ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObjectTagging', 's3:DeleteObject'],
    };
    if (access === 'head') {
      // HeadBucket is authorized by s3:ListBucket on the bucket itself.
      this.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
      return this;
    }
    const patterns = (prefixes ?? ['']).map((prefix) => `${prefix}*`);
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: objectActions[access],
        resources: patterns.map((pattern) => bucket.arnForObjects(pattern)),
      }),
    );
    for (const pattern of patterns) {
      Validations.of(this.role!).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${arnRef(bucket)}/${pattern}]`,
        reason:
          'Object keys are generated per organization at run time; access stays within this key prefix of this one bucket.',
      });
    }
    return this;
  }

  /** Sets USER_POOL_ID; 'describe' also grants DescribeUserPool on that pool. */
  bindUserPool(userPool: IUserPool, access: UserPoolAccess, envName: string = ENV.userPoolId): this {
    this.addEnvironment(envName, userPool.userPoolId);
    if (access === 'describe') {
      this.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['cognito-idp:DescribeUserPool'], resources: [userPool.userPoolArn] }),
      );
    }
    return this;
  }

  /** Sets `envName` to the secret's name and grants GetSecretValue on that secret only. */
  bindSecret(secretName: string, envName: string): this {
    const secret = secretsmanager.Secret.fromSecretNameV2(this, `Secret${envName}`, secretName);
    this.addEnvironment(envName, secretName);
    // Secrets Manager appends 6 random characters to the ARN: `-??????` matches exactly those.
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [`${secret.secretArn}-??????`],
      }),
    );
    return this;
  }

  /**
   * Sets MAIL_FROM (`Name <address>`) and grants SES v2 SendEmail on the stage's verified identity,
   * with that From address only.
   */
  bindMailSender(mail: MailConfig): this {
    this.addEnvironment(ENV.mailFrom, `${mail.fromName} <${mail.fromAddress}>`);
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: mail.identity })],
        conditions: { StringEquals: { 'ses:FromAddress': mail.fromAddress } },
      }),
    );
    return this;
  }

  private suppressIndexWildcard(table: ITable): void {
    Validations.of(this.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${arnRef(table)}/index/*]`,
      reason: 'Queries on the table GSIs: index/* covers the indexes of this one table only.',
    });
  }
}

/**
 * ESBUILD_OPTIONS (the one source of bundling settings) in NodejsFunction's vocabulary, with the
 * Lambda's run-time assets (LAMBDA_ASSETS) copied beside the bundle after it is built.
 */
export function nodejsBundlingOptions(handlerName: string) {
  const assets = lambdaAssetsOf(handlerName);
  return {
    commandHooks: {
      beforeBundling: (): string[] => [],
      beforeInstall: (): string[] => [],
      afterBundling: (inputDir: string, outputDir: string): string[] =>
        assets.map((asset) => `cp -R "${path.join(inputDir, asset.from)}" "${path.join(outputDir, asset.to)}"`),
    },
    format: ESBUILD_OPTIONS.format === 'esm' ? OutputFormat.ESM : OutputFormat.CJS,
    target: ESBUILD_OPTIONS.target,
    minify: ESBUILD_OPTIONS.minify,
    sourceMap: ESBUILD_OPTIONS.sourcemap,
    sourceMapMode: SourceMapMode.DEFAULT,
    mainFields: [...ESBUILD_OPTIONS.mainFields],
    banner: ESBUILD_OPTIONS.banner.js,
    externalModules: externalsOf(handlerName),
    esbuildArgs: Object.fromEntries(Object.entries(ESBUILD_OPTIONS.alias).map(([from, to]) => [`--alias:${from}`, to])),
    // The local esbuild binary bundles: synth works offline and without Docker.
    forceDockerBundling: false,
  };
}

/** How cdk-nag spells the ARN attribute of a resource of this stack in `appliesTo`, e.g. `<Table1234.Arn>`. */
function arnRef(resource: ITable | IBucket): string {
  const cfn = resource.node.defaultChild as CfnElement | undefined;
  if (!cfn) throw new Error(`${resource.node.path} is not defined in this app: grant it explicitly`);
  return `<${Stack.of(resource).getLogicalId(cfn)}.Arn>`;
}
