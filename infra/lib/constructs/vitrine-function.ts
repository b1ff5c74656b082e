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
import { ESBUILD_OPTIONS, handlerEntry, REPO_ROOT } from '../bundling';

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
}

/** 'describe' is metadata only (health check); 'read' and 'readWrite' cover items and indexes. */
export type TableAccess = 'describe' | 'read' | 'readWrite';
/**
 * 'head': the bucket exists (HeadBucket). Object access within the bucket: 'read' (GetObject, and
 * presigned GET URLs), 'put' (PutObject with tagging, and presigned POST uploads), 'readWrite'.
 */
/**
 * 'put' is for presigned POSTs (the tag is part of the form); 'write' and 'readPut' are object
 * writes without tagging or delete rights, for code that only creates objects.
 */
export type BucketAccess = 'head' | 'read' | 'put' | 'write' | 'readPut' | 'readWrite';
/** 'describe': DescribeUserPool (health); 'id': the pool id only (calls made with the user's own token). */
export type UserPoolAccess = 'id' | 'describe';

export class VitrineFunction extends NodejsFunction {
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
      bundling: nodejsBundlingOptions(),
    });

    // X-Ray's PutTraceSegments/PutTelemetryRecords do not support resource-level permissions.
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray trace upload actions only accept Resource "*" (no resource-level permissions).',
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the runtime the code is built and tested for (engines, .nvmrc, esbuild target node22).',
    });
  }

  /** Sets TABLE_NAME and grants the given access to the table (and its indexes for item access). */
  bindTable(table: ITable, access: TableAccess, envName: string = ENV.table): this {
    this.addEnvironment(envName, table.tableName);
    if (access === 'describe') {
      this.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['dynamodb:DescribeTable'], resources: [table.tableArn] }),
      );
      return this;
    }
    if (access === 'read') table.grantReadData(this);
    else table.grantReadWriteData(this);
    this.suppressIndexWildcard(table);
    return this;
  }

  /** Sets the bucket name variable (e.g. UPLOADS_BUCKET) and grants the given access to that bucket only. */
  bindBucket(bucket: IBucket, envName: string, access: BucketAccess): this {
    this.addEnvironment(envName, bucket.bucketName);
    const objectActions: Record<Exclude<BucketAccess, 'head'>, string[]> = {
      read: ['s3:GetObject'],
      put: ['s3:PutObject', 's3:PutObjectTagging'],
      write: ['s3:PutObject'],
      readPut: ['s3:GetObject', 's3:PutObject'],
      readWrite: ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObjectTagging', 's3:DeleteObject'],
    };
    if (access === 'head') {
      // HeadBucket is authorized by s3:ListBucket on the bucket itself.
      this.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
      return this;
    }
    this.addToRolePolicy(
      new iam.PolicyStatement({ actions: objectActions[access], resources: [bucket.arnForObjects('*')] }),
    );
    Validations.of(this.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${arnRef(bucket)}/*]`,
      reason: 'Object keys are generated per organization at run time; access stays within this one bucket.',
    });
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

/** ESBUILD_OPTIONS (the one source of bundling settings) in NodejsFunction's vocabulary. */
export function nodejsBundlingOptions() {
  return {
    format: ESBUILD_OPTIONS.format === 'esm' ? OutputFormat.ESM : OutputFormat.CJS,
    target: ESBUILD_OPTIONS.target,
    minify: ESBUILD_OPTIONS.minify,
    sourceMap: ESBUILD_OPTIONS.sourcemap,
    sourceMapMode: SourceMapMode.DEFAULT,
    mainFields: [...ESBUILD_OPTIONS.mainFields],
    banner: ESBUILD_OPTIONS.banner.js,
    externalModules: [...ESBUILD_OPTIONS.external],
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
