/**
 * The deep health check (architecture decision 48): one metadata call per dependency (the table,
 * both buckets, the user pool, the transformation state machine, and in AWS each configured
 * generative model's lifecycle state: model-lifecycle.ts), run by the scheduled
 * `health-check` Lambda in AWS and by the local stack's readiness probe, never by the public
 * GET /api/health, which answers from the Lambda alone.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { DescribeStateMachineCommand } from '@aws-sdk/client-sfn';
import { dynamodb, tableName } from '../lib/aws/dynamodb-client';
import { resultsBucket, uploadsBucket } from '../lib/aws/buckets';
import { s3 } from '../lib/aws/s3-client';
import { sfn } from '../lib/aws/sfn';
import { awsServiceCaller } from '../lib/aws/signed-fetch';
import { envGetter } from '../lib/config';
import { ENV } from '../lib/env';
import { serializeError } from '../lib/logger';
import { modelLifecycleChecks } from './model-lifecycle';

const stateMachineArn = envGetter(ENV.stateMachineArn);
const userPoolId = envGetter(ENV.userPoolId);

/**
 * DescribeUserPool as one signed JSON call (decision 32): the Cognito SDK client alone would put
 * this Lambda over its bundle budget, for one metadata call.
 */
const describeUserPool = () =>
  awsServiceCaller({
    service: 'cognito-idp',
    endpointPrefix: 'cognito-idp',
    region: process.env.AWS_REGION,
    endpoint: process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
  })({
    method: 'POST',
    path: '/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.DescribeUserPool',
    },
    body: JSON.stringify({ UserPoolId: userPoolId() }),
  });

export type DependencyName = 'table' | 'uploadsBucket' | 'resultsBucket' | 'userPool' | 'stateMachine';

export const DEPENDENCY_CHECKS: Record<DependencyName, () => Promise<unknown>> = {
  table: () => dynamodb.send(new DescribeTableCommand({ TableName: tableName() })),
  uploadsBucket: () => s3.send(new HeadBucketCommand({ Bucket: uploadsBucket() })),
  resultsBucket: () => s3.send(new HeadBucketCommand({ Bucket: resultsBucket() })),
  userPool: describeUserPool,
  stateMachine: () => sfn.send(new DescribeStateMachineCommand({ stateMachineArn: stateMachineArn() })),
};

export interface DependencyReport {
  ok: boolean;
  /** The dependencies that did not answer, with the error each gave. */
  failed: Partial<Record<string, unknown>>;
}

/** Runs every check at once (the configured models' lifecycle too, decision 60); never throws. */
export async function checkDependencies(
  checks: Record<string, () => Promise<unknown>> = { ...DEPENDENCY_CHECKS, ...modelLifecycleChecks() },
): Promise<DependencyReport> {
  const names = Object.keys(checks);
  const results = await Promise.allSettled(names.map((name) => checks[name]!()));
  const failed = Object.fromEntries(
    names.flatMap((name, index) => {
      const result = results[index];
      return result?.status === 'rejected' ? [[name, serializeError(result.reason)]] : [];
    }),
  );
  return { ok: Object.keys(failed).length === 0, failed };
}
