/**
 * The deep health check (architecture decision 48): one metadata call per dependency (the table,
 * both buckets, the user pool, the transformation state machine, and in AWS each configured
 * generative model's lifecycle state: model-lifecycle.ts), run by the scheduled
 * `health-check` Lambda in AWS and by the local stack's readiness probe, never by the public
 * GET /api/health, which answers from the Lambda alone.
 */
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { DescribeStateMachineCommand } from '@aws-sdk/client-sfn';
import { cognito, userPoolId } from '../lib/aws/cognito';
import { dynamodb, tableName } from '../lib/aws/dynamodb-client';
import { resultsBucket, uploadsBucket } from '../lib/aws/buckets';
import { s3 } from '../lib/aws/s3-client';
import { sfn } from '../lib/aws/sfn';
import { envGetter } from '../lib/config';
import { ENV } from '../lib/env';
import { serializeError } from '../lib/logger';
import { modelLifecycleChecks } from './model-lifecycle';

const stateMachineArn = envGetter(ENV.stateMachineArn);

export type DependencyName = 'table' | 'uploadsBucket' | 'resultsBucket' | 'userPool' | 'stateMachine';

export const DEPENDENCY_CHECKS: Record<DependencyName, () => Promise<unknown>> = {
  table: () => dynamodb.send(new DescribeTableCommand({ TableName: tableName() })),
  uploadsBucket: () => s3.send(new HeadBucketCommand({ Bucket: uploadsBucket() })),
  resultsBucket: () => s3.send(new HeadBucketCommand({ Bucket: resultsBucket() })),
  userPool: () => cognito.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId() })),
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
