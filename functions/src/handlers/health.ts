/** GET /api/health: 200 only when the table, both buckets and the user pool answer (no token needed). */
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { cognito, userPoolId } from '../lib/aws/cognito';
import { dynamodb, tableName } from '../lib/aws/dynamodb-client';
import { resultsBucket, s3, uploadsBucket } from '../lib/aws/s3';
import { ServiceUnavailable } from '../lib/errors';
import { createHttpHandler, json } from '../lib/http';

const checks: Record<string, () => Promise<unknown>> = {
  table: () => dynamodb.send(new DescribeTableCommand({ TableName: tableName() })),
  uploadsBucket: () => s3.send(new HeadBucketCommand({ Bucket: uploadsBucket() })),
  resultsBucket: () => s3.send(new HeadBucketCommand({ Bucket: resultsBucket() })),
  userPool: () => cognito.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId() })),
};

export const handler = createHttpHandler({
  'GET /api/health': async () => {
    const names = Object.keys(checks);
    const results = await Promise.allSettled(names.map((name) => checks[name]!()));
    const failed = names.filter((_, index) => results[index]?.status === 'rejected');
    if (failed.length > 0) {
      console.error(JSON.stringify({ level: 'error', message: 'Health check failed', failed }));
      return json(503, new ServiceUnavailable().toBody());
    }
    return json(200, { status: 'ok' });
  },
});
