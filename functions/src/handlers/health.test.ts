/**
 * The public health check calls no backend (architecture decision 48): importing it must not even
 * load an AWS client module, and it answers 200 with no table, bucket, pool or state machine configured.
 */
import type { Context } from 'aws-lambda';
import type { HttpEvent } from '../lib/http-types';

// Loading any of these from the health handler fails the test.
jest.mock('../lib/aws/dynamodb-client', () => {
  throw new Error('GET /api/health loaded the DynamoDB client');
});
jest.mock('../lib/aws/s3-client', () => {
  throw new Error('GET /api/health loaded the S3 client');
});
jest.mock('../lib/aws/cognito', () => {
  throw new Error('GET /api/health loaded the Cognito client');
});
jest.mock('../lib/aws/sfn', () => {
  throw new Error('GET /api/health loaded the Step Functions client');
});

const event = (): HttpEvent =>
  ({
    version: '2.0',
    routeKey: 'GET /api/health',
    rawPath: '/api/health',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: 'req-health-1', http: { method: 'GET', path: '/api/health' } },
  }) as unknown as HttpEvent;

const context = { awsRequestId: 'aws-req-1' } as Context;

it('answers from the Lambda itself, with the stage and the version, without any AWS call', async () => {
  const saved = { ...process.env };
  for (const name of ['TABLE_NAME', 'UPLOADS_BUCKET', 'RESULTS_BUCKET', 'USER_POOL_ID', 'STATE_MACHINE_ARN']) {
    delete process.env[name];
  }
  Object.assign(process.env, { STAGE: 'prod', APP_VERSION: 'abc123def456' });
  try {
    const { handler } = await import('./health');
    const response = await handler(event(), context);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body!)).toEqual({ status: 'ok', stage: 'prod', version: 'abc123def456' });
  } finally {
    process.env = saved;
  }
});
